import { describe, expect, it } from "vitest";
import { ctaDocumentSchema, type CtaDocumentInput } from "#contract/schema/cta";
import {
  allowedKeys,
  isSafeImageUrl,
  optionIssues,
  styleValueProblem,
  suggestKey,
  BOX_STYLE_KEYS,
  CTA_OPTION_KEYS,
} from "#contract/schema/option-keys";
import { ELEMENT_TYPES } from "#contract/schema/cta";
import type { SaljakademinBroadcast } from "#prisma/seed-data/saljakademin";
import { saljakademinCtas } from "#prisma/seed-data/saljakademin-ctas";
import { demoStoreCtas } from "#prisma/seed-data/demo-store";

const barCta = (
  over: { cta?: Record<string, unknown>; section?: Record<string, unknown>; element?: Record<string, unknown> } = {},
): CtaDocumentInput => ({
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
              columns: [
                {
                  position: 0,
                  elements: [{ position: 0, element_type: "button", options: over.element ?? { "button-text": "Go" } }],
                },
              ],
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
    expect(issues).toContainEqual({
      path: "variants.0.steps.0.sections.0.options.paddin",
      message: 'Unknown option "paddin" (did you mean "padding"?)',
    });
    expect(issues).toContainEqual({
      path: "variants.0.steps.0.sections.0.columns.0.elements.0.options.button-txt",
      message: 'Unknown option "button-txt" (did you mean "button-text"?)',
    });
  });

  it("refuses keys of another element type and keys unlike any known one, without a suggestion", () => {
    expect(issuesOf(barCta({ element: { "products-limit": 3 } }))[0].message).toMatch(
      /^Unknown option "products-limit"/,
    );
    expect(optionIssues("cta", { zzzzzzzzzz: 1 })).toEqual([
      { key: "zzzzzzzzzz", message: 'Unknown option "zzzzzzzzzz"' },
    ]);
    expect(suggestKey("delya", CTA_OPTION_KEYS)).toBe("delay");
  });

  it("accepts the keys the renderer reads", () => {
    expect(
      issuesOf(
        barCta({
          cta: {
            "background-color": "#112233",
            "text-color": "#fff",
            "button-color": "#ffcc00",
            "button-text-color": "#000",
            font: "Open Sans",
            css: ".x{}",
            trigger: "delayed",
            delay: 3,
          },
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
    // https only: plain http is blocked on https pages, and a relative path means something else on each visitor page.
    for (const bad of [
      "javascript:alert(1)",
      "//evil.example/a.jpg",
      "/images/a.jpg",
      "http://cdn.example.com/a.jpg",
      "https:///a.jpg",
      "https://x/a.jpg) ;}body{",
      'https://x/a.jpg");x:url("',
      "https://x/a\\.jpg",
      "data:image/svg+xml,<svg>",
      "https://x/" + "a".repeat(3000),
    ]) {
      expect(isSafeImageUrl(bad), bad.slice(0, 30)).toBe(false);
    }
    expect(issuesOf(barCta({ element: { "button-text": "Go", url: "java\tscript:alert(1)" } }))[0].message).toMatch(
      /script address/,
    );
    expect(styleValueProblem("padding", 1e9)).toMatch(/0 to 200/);
  });

  it("accepts the box look (border, radius, shadow, text size, background image) on the CTA, sections, columns and every element", () => {
    const look = {
      "font-size": 18,
      "border-width": 2,
      "border-style": "dashed",
      "border-color": "#112233",
      "border-radius": 12,
      shadow: "medium",
      "background-image": "https://cdn.example.com/bg.jpg",
    };
    expect(
      issuesOf(
        barCta({
          cta: look,
          section: look,
          element: { "button-text": "Go", ...look, "background-color": "#ffcc00", "text-color": "#000000", padding: 8 },
        }),
      ),
    ).toEqual([]);
    for (const type of ELEMENT_TYPES)
      for (const key of BOX_STYLE_KEYS) expect(allowedKeys(type), `${type} ${key}`).toContain(key);
    expect(allowedKeys("box")).toEqual(expect.arrayContaining([...BOX_STYLE_KEYS]));
  });

  it("refuses a misspelled look key by name and bad look values with the allowed ones", () => {
    expect(issuesOf(barCta({ element: { "button-text": "Go", "border-widht": 2 } }))).toEqual([
      {
        path: "variants.0.steps.0.sections.0.columns.0.elements.0.options.border-widht",
        message: 'Unknown option "border-widht" (did you mean "border-width"?)',
      },
    ]);
    expect(optionIssues("box", { shadw: "small" })[0].message).toBe('Unknown option "shadw" (did you mean "shadow"?)');
    expect(optionIssues("text", { shadow: "huge" })).toEqual([
      { key: "shadow", message: '"shadow" must be one of small, medium, large' },
    ]);
    expect(optionIssues("text", { "border-style": "groove", "border-width": 1 })).toEqual([
      { key: "border-style", message: '"border-style" must be one of solid, dashed, dotted, double' },
    ]);
    expect(optionIssues("cta", { "border-color": "red;}body{display:none" })).toEqual([
      { key: "border-color", message: '"border-color" must be a colour like #1f4fd6' },
    ]);
    for (const [key, bad] of [
      ["font-size", 4],
      ["font-size", 1e9],
      ["font-size", "18px"],
      ["border-width", 21],
      ["border-width", -1],
      ["border-radius", Infinity],
      ["border-radius", NaN],
      ["padding", "8"],
    ] as const) {
      expect(
        optionIssues("text", { [key]: bad, ...(key === "border-width" ? { "border-style": "solid" } : {}) }),
        `${key} ${String(bad)}`,
      ).toEqual([
        { key, message: expect.stringMatching(new RegExp(`^"${key}" must be a number of pixels from \\d+ to \\d+$`)) },
      ]);
    }
    for (const bad of [{ x: 1 }, ["https://x/a.jpg"], 5, "http://x/a.jpg"])
      expect(optionIssues("box", { "background-image": bad })[0]?.key).toBe("background-image");
  });

  it("refuses a border width without a style, which would show nothing", () => {
    expect(optionIssues("box", { "border-width": 2 })).toEqual([
      { key: "border-width", message: '"border-width" needs "border-style" (solid, dashed, dotted, double)' },
    ]);
    expect(optionIssues("box", { "border-width": 0 })).toEqual([]);
    expect(optionIssues("box", { "border-width": 2, "border-style": "solid" })).toEqual([]);
    // A width that is wrong anyway is named once.
    expect(optionIssues("box", { "border-width": 99 })).toHaveLength(1);
  });

  it("refuses a misspelled field option by path, and accepts every key the renderer reads of a field", () => {
    const withField = (options: Record<string, unknown>): CtaDocumentInput => {
      const doc = barCta({ element: { "button-text": "Skicka" } });
      const el = doc.variants[0].steps![0].sections![0].columns![0].elements![0] as Record<string, unknown>;
      el.element_type = "form";
      el.fields = [{ slug: "email", field_type: "text", position: 0, options }];
      return doc;
    };
    expect(issuesOf(withField({ placeholdr: "Din e-post" }))).toEqual([
      {
        path: "variants.0.steps.0.sections.0.columns.0.elements.0.fields.0.options.placeholdr",
        message: 'Unknown option "placeholdr" (did you mean "placeholder"?)',
      },
    ]);
    expect(
      issuesOf(
        withField({
          label: "E-post",
          placeholder: "namn@foretag.se",
          type: "email",
          maxlength: 200,
          "prefill-fields": false,
        }),
      ),
    ).toEqual([]);
    expect(optionIssues("field", { __proto__x: 1, "jump-field-id": 4, "hide-next-button": true })).toEqual([
      { key: "__proto__x", message: 'Unknown option "__proto__x"' },
    ]);
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
