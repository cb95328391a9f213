/**
 * Validation messages in the owner's language: the English messages the
 * schemas and models really produce are matched to the catalogue's
 * `validation.*` templates and shown in Swedish with the same values; an
 * unknown, oversized or hostile message is shown as it came.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { translator } from "#app/i18n";
import { en } from "#app/i18n/en";
import { sv } from "#app/i18n/sv";
import { localizeFieldErrors, localizeMessage } from "#app/i18n/validation-messages";
import { ctaDocumentSchema } from "#contract/schema/cta";
import { findTemplate, templateDocument } from "#app/templates";

const toSv = translator("sv");
const toEn = translator("en");
const templateKeys = (Object.keys(en) as (keyof typeof en)[]).filter((k) => k.startsWith("validation."));

/** The messages of a CTA document that the shared schema refuses. */
function issuesOf(doc: unknown): string[] {
  const parsed = ctaDocumentSchema.safeParse(doc);
  expect(parsed.success).toBe(false);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
}

describe("validation messages in the owner's language", () => {
  it("shows every template in Swedish with its values, and in English unchanged", () => {
    for (const key of templateKeys) {
      const names = [...en[key].matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const values = Object.fromEntries(names.map((n, i) => [n, `v${i}x`]));
      const english = toEn(key, values);
      expect(localizeMessage(toEn, english), key).toBe(english);
      expect(localizeMessage(toSv, english), key).toBe(toSv(key, values));
      expect(sv[key], key).not.toBe(en[key]);
    }
  });

  it("translates what the CTA schema really says about a broken document", () => {
    const doc = templateDocument(findTemplate("bar-announcement")!, "sv") as unknown as Record<string, unknown>;
    const variants = doc.variants as Record<string, unknown>[];
    const broken = {
      ...doc,
      name: "",
      variants: [
        {
          ...variants[0],
          percentage: 40,
          options: { ...(variants[0].options as object), "text-colr": "#fff", "button-color": "blue" },
        },
      ],
    };
    const messages = issuesOf(broken);
    expect(messages.length).toBeGreaterThanOrEqual(3);
    for (const message of messages) expect(localizeMessage(toSv, message), message).not.toBe(message);
    const shown = messages.map((m) => localizeMessage(toSv, m));
    expect(shown).toContain("Ge CTA:n ett namn");
    expect(shown).toContain("Varianternas procent måste bli 100 tillsammans (nu 40)");
    expect(shown.some((m) => m.startsWith('Okänt alternativ "text-colr"'))).toBe(true);
  });

  it("translates the style checks of the builder's box keys", () => {
    const doc = templateDocument(findTemplate("bar-announcement")!, "sv") as unknown as Record<string, unknown>;
    const variants = doc.variants as Record<string, unknown>[];
    const options = {
      ...(variants[0].options as object),
      "border-width": 500,
      shadow: "huge",
      "background-image": "http://example.com/a.png",
      "font-size": -1,
    };
    const messages = issuesOf({ ...doc, variants: [{ ...variants[0], options }] });
    expect(messages.length).toBeGreaterThanOrEqual(4);
    for (const message of messages) expect(localizeMessage(toSv, message), message).not.toBe(message);
  });

  it("translates zod's own messages with their limits", () => {
    const schema = z.object({ a: z.string().max(3), b: z.number().int().min(1), c: z.enum(["x", "y"]), d: z.string() });
    const parsed = schema.safeParse({ a: "abcd", b: 0.5, c: "z" });
    expect(parsed.success).toBe(false);
    const shown = parsed.success ? [] : parsed.error.issues.map((i) => localizeMessage(toSv, i.message));
    expect(shown).toEqual([
      "Högst 3 tecken",
      "Måste vara ett heltal",
      "Måste vara minst 1",
      "Ogiltigt val. Välj 'x' | 'y' (fick 'z')",
      "Måste fyllas i",
    ]);
  });

  it("keeps the fields of a field-error map and translates each message", () => {
    expect(localizeFieldErrors(toSv, { name: "Give the CTA a name", "variants.0.options.x": "Something new" })).toEqual(
      {
        name: "Ge CTA:n ett namn",
        "variants.0.options.x": "Something new",
      },
    );
  });

  it("shows an unknown, oversized or hostile message as it came", () => {
    for (const message of [
      "",
      "Something no template says",
      "x".repeat(100_000),
      "$1 $& \\ (.*) {max}",
      "<img src=x onerror=alert(1)>",
    ]) {
      expect(localizeMessage(toSv, message)).toBe(message);
    }
    // A value with regex or placeholder characters is carried over as text.
    expect(localizeMessage(toSv, "Variant $& {total} appears twice")).toBe("Variant $& {total} finns två gånger");
    const long = `Unknown option "${"k".repeat(1_990)}"`;
    expect(localizeMessage(toSv, long)).toBe(long);
  });
});
