import { describe, expect, it } from "vitest";
import { ctaDocumentSchema, type CtaDocumentInput } from "~/lib/schema/cta";
import { isSafeImageUrl, optionIssues, styleValueProblem, suggestKey, CTA_OPTION_KEYS } from "~/lib/schema/option-keys";
import { saljakademinCtas, type SaljakademinBroadcast } from "../../../prisma/seed-data/saljakademin";
import { demoStoreCtas } from "../../../prisma/seed-data/demo-store";

const barCta = (over: { cta?: Record<string, unknown>; section?: Record<string, unknown>; element?: Record<string, unknown> } = {}): CtaDocumentInput => ({
  name: "Bar",
  cta_type: "bar",
  bar_position: "top",
  options: over.cta ?? {},
  variants: [
    {
      variation: "A",
      percentage: 100,
      steps: [
        {
          position: 0,
          sections: [
            {
              position: 0,
              options: over.section ?? {},
              columns: [{ position: 0, elements: [{ position: 0, element_type: "button", options: over.element ?? { "button-text": "Go" } }] }],
            },
          ],
        },
      ],
    },
  ],
});

const issuesOf = (doc: CtaDocumentInput) => {
  const r = ctaDocumentSchema.safeParse(doc);
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
};

describe("option keys", () => {
  it("refuses a misspelled key by path, naming it and the likely key", () => {
    expect(issuesOf(barCta({ cta: { "text-colr": "#000000" } }))).toEqual([
      { path: "options.text-colr", message: 'Unknown option "text-colr" (did you mean "text-color"?)' },
    ]);
    const issues = issuesOf(barCta({ section: { paddin: 12 }, element: { "button-txt": "Go" } }));
    expect(issues).toContainEqual({ path: "variants.0.steps.0.sections.0.options.paddin", message: 'Unknown option "paddin" (did you mean "padding"?)' });
    expect(issues).toContainEqual({
      path: "variants.0.steps.0.sections.0.columns.0.elements.0.options.button-txt",
      message: 'Unknown option "button-txt" (did you mean "button-text"?)',
    });
  });

  it("refuses keys of another element type and keys unlike any known one, without a suggestion", () => {
    expect(issuesOf(barCta({ element: { "products-limit": 3 } }))[0].message).toMatch(/^Unknown option "products-limit"/);
    expect(optionIssues("cta", { zzzzzzzzzz: 1 })).toEqual([{ key: "zzzzzzzzzz", message: 'Unknown option "zzzzzzzzzz"' }]);
    expect(suggestKey("delya", CTA_OPTION_KEYS)).toBe("delay");
  });

  it("accepts the keys the renderer reads", () => {
    expect(
      issuesOf(
        barCta({
          cta: { "background-color": "#112233", "text-color": "#fff", "button-color": "#ffcc00", "button-text-color": "#000", font: "Open Sans", css: ".x{}", trigger: "delayed", delay: 3 },
          section: { "background-color": "#ffffff", padding: 24, "text-align": "center", anchor: "top" },
        }),
      ),
    ).toEqual([]);
  });

  it("refuses CSS injection in colours and fonts, and script addresses", () => {
    for (const bad of ["red;}body{display:none", "#fff;}body{display:none", "red", "#12345", "x".repeat(100_000), 12]) {
      expect(styleValueProblem("background-color", bad), String(bad).slice(0, 20)).toMatch(/must be a colour/);
    }
    expect(issuesOf(barCta({ cta: { "button-color": "red;}body{display:none" } }))).toEqual([
      { path: "options.button-color", message: '"button-color" must be a colour like #1f4fd6' },
    ]);
    expect(styleValueProblem("font", 'Arial";}body{display:none')).toMatch(/font family/);
    expect(styleValueProblem("background-image", "javascript:alert(1)")).toMatch(/https/);
    expect(isSafeImageUrl("https://cdn.example.com/a.jpg")).toBe(true);
    expect(isSafeImageUrl("/images/a.jpg")).toBe(true);
    for (const bad of ["javascript:alert(1)", "//evil.example/a.jpg", "https://x/a.jpg) ;}body{", "data:image/svg+xml,<svg>", "https://x/" + "a".repeat(3000)]) {
      expect(isSafeImageUrl(bad), bad.slice(0, 30)).toBe(false);
    }
    expect(issuesOf(barCta({ element: { "button-text": "Go", url: "java\tscript:alert(1)" } }))[0].message).toMatch(/script address/);
    expect(styleValueProblem("padding", 1e9)).toMatch(/0 to 200/);
  });

  it("truncates a huge unknown key in the message", () => {
    const [issue] = optionIssues("box", { ["k".repeat(100)]: 1 });
    expect(issue.message.length).toBeLessThan(100);
  });

  it("keeps every seeded CTA valid", () => {
    const broadcasts = new Proxy({}, { get: () => 1 }) as Record<SaljakademinBroadcast, number>;
    const docs = [
      ...saljakademinCtas({ integrationId: 1, broadcasts, now: new Date("2026-11-25T12:00:00Z") }),
      ...demoStoreCtas({ integrationId: 1, broadcasts } as unknown as Parameters<typeof demoStoreCtas>[0]),
    ];
    expect(docs.length).toBeGreaterThan(10);
    for (const doc of docs) expect(issuesOf(doc), doc.name).toEqual([]);
  });
});
