/**
 * The template gallery's data: every template in every language is a valid
 * CTA document (shared schema and the model's own checks, by saving it to a
 * real database), the gallery covers every kind and every goal with at least
 * 30 templates, and the copy really is in the language asked for.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ctaDocumentSchema } from "#contract/schema/cta";
import { templateNeeds } from "#app/view/delivery-promises";
import { loadCtaDocument, saveCtaDocument } from "#app/models/cta.server";
import { createWebsite } from "#app/models/website.server";
import {
  CTA_TEMPLATES,
  TEMPLATE_GOALS,
  TEMPLATE_KINDS,
  TEMPLATE_LANGUAGES,
  findTemplate,
  templateCards,
  templateDocument,
} from "#app/templates";
import { sayIn } from "#app/templates/kit";
import { websiteSettingsMock } from "#test/support/factories";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";

let t: TestDatabase;
let site: number;

beforeAll(async () => {
  t = await createTestDatabase();
  site = (await createWebsite(t.db, websiteSettingsMock({ name: "Template site" }))).id;
});
afterAll(async () => {
  await t.drop();
});

/** Every text a document shows: html, labels, placeholders, button texts, confirmations. */
function texts(doc: unknown): string[] {
  const out: string[] = [];
  const keys = new Set([
    "html",
    "label",
    "placeholder",
    "button-text",
    "confirmation",
    "question",
    "progress-text",
    "progress-complete-text",
    "products-button-text",
    "name",
  ]);
  JSON.stringify(doc, (key, value: unknown) => {
    if (keys.has(key) && typeof value === "string") out.push(value);
    return value;
  });
  return out;
}

describe("the CTA templates", () => {
  it("are at least 30, with unique ids, covering every kind and every goal", () => {
    expect(CTA_TEMPLATES.length).toBeGreaterThanOrEqual(30);
    expect(new Set(CTA_TEMPLATES.map((x) => x.id)).size).toBe(CTA_TEMPLATES.length);
    expect(new Set(CTA_TEMPLATES.map((x) => x.kind))).toEqual(new Set(TEMPLATE_KINDS));
    expect(new Set(CTA_TEMPLATES.map((x) => x.goal))).toEqual(new Set(TEMPLATE_GOALS));
  });

  it.each(TEMPLATE_LANGUAGES)("validate with the shared schema in %s, as drafts without a campaign", (lang) => {
    for (const template of CTA_TEMPLATES) {
      const result = ctaDocumentSchema.safeParse(template.build(sayIn(lang)));
      expect(result.success ? [] : result.error.issues, `${template.id} (${lang})`).toEqual([]);
      expect(result.data).toMatchObject({ status: "draft", broadcast_id: null });
    }
  });

  it.each(TEMPLATE_LANGUAGES)("are accepted by the CTA model and stored unchanged in %s", async (lang) => {
    for (const template of CTA_TEMPLATES) {
      const doc = templateDocument(template, lang);
      const saved = await saveCtaDocument(t.db, site, doc);
      const loaded = await loadCtaDocument(t.db, site, saved.id!);
      expect(loaded?.name, template.id).toBe(doc.name);
      expect(loaded?.variants[0].steps.length, template.id).toBe(doc.variants[0].steps.length);
    }
  });

  it("have their own copy in English and Swedish for every text", () => {
    for (const template of CTA_TEMPLATES) {
      const en = texts(template.build(sayIn("en")));
      const sv = texts(template.build(sayIn("sv")));
      expect(en.length, template.id).toBe(sv.length);
      expect(en.length, template.id).toBeGreaterThan(1);
      // The same text in both languages is a missed translation (numbers and ranges aside).
      const same = en.filter((text, i) => text === sv[i] && /[a-z]{3}/i.test(text) && !/^Quiz$/.test(text));
      expect(same, template.id).toEqual([]);
      expect(texts(template.build(sayIn("en"))).join(" "), template.id).not.toMatch(/lorem|ipsum|TODO/i);
      expect(template.summary(sayIn("en"))).not.toBe(template.summary(sayIn("sv")));
    }
  });

  it("are built in the website's language, English for any other", () => {
    const exit = findTemplate("exit-popup")!;
    expect(templateDocument(exit, "sv").name).toBe("Exitpopup: gratis guide");
    expect(templateDocument(exit, "en").name).toBe("Exit popup: free guide");
    expect(templateDocument(exit, "de").name).toBe("Exit popup: free guide");
    expect(templateDocument(exit, "sv").options).toMatchObject({ trigger: "exit" });
    const cards = templateCards("sv");
    expect(cards.length).toBe(CTA_TEMPLATES.length);
    expect(cards.find((c) => c.id === "exit-popup")).toMatchObject({
      name: "Exitpopup: gratis guide",
      kind: "popup",
      goal: "grow",
    });
  });
});

describe("what templates need", () => {
  it("says a template promising an e-mail, a code or recommendations needs them set up, in both languages", () => {
    for (const language of ["en", "sv"]) {
      const cards = templateCards(language);
      expect(cards.find((c) => c.id === "inline-ebook")?.needs).toContain("delivery");
      // Every promise of a template's messages is listed, and a card without one lists nothing.
      for (const card of cards) expect(card.needs).toEqual(templateNeeds(card.cta));
      expect(cards.some((c) => c.needs.length === 0)).toBe(true);
    }
  });
});
