import { describe, expect, it } from "vitest";
import { translator } from "#app/i18n";
import { ctaDocumentSchema, CTA_TYPES, ELEMENT_TYPES, CONFIRMATION_TYPES } from "#contract/schema/cta";
import { CONDITION_TYPES, conditionSchema } from "#contract/schema/condition";
import {
  addVariant,
  CONFIRMATION_KEYS,
  elementSummary,
  errorsUnder,
  evenSplit,
  getIn,
  listOf,
  move,
  newCtaDocument,
  newElement,
  typeLabel,
  newField,
  newStep,
  nextVariation,
  parseJsonObject,
  quantitiesOf,
  quantitiesText,
  removeVariant,
  setIn,
  splitProblem,
  SUBTYPES,
  withConfirmationType,
  withType,
} from "#app/components/editor/document";
import { newCondition } from "#app/view/new-condition";
import { copyWithoutIds, linksWithinVariants } from "#contract/schema/cta-copy";
import { keyValueRows, settingsFromForm } from "#app/pages/settings.server";
import { previewHtml, scriptJson } from "#app/view/cta-preview";
import { WebsiteValidationError } from "#app/models/website.server";
import type { PublicWebsiteConfig } from "#contract/schema/public-config";

describe("new CTA documents", () => {
  it("validate for every type and template, with the subtype each type needs", () => {
    for (const cta_type of CTA_TYPES) {
      for (const template of ["form", "blank"] as const) {
        const doc = newCtaDocument({ name: `New ${cta_type}`, cta_type, template });
        const parsed = ctaDocumentSchema.safeParse(doc);
        expect(
          parsed.success,
          `${cta_type} ${template}: ${JSON.stringify(!parsed.success && parsed.error.issues)}`,
        ).toBe(true);
        expect(doc.status).toBe("draft");
        expect(doc.variants[0].percentage).toBe(100);
      }
    }
    expect(newCtaDocument({ name: "x", cta_type: "overlay", subtype: "splash" }).overlay_type).toBe("splash");
    expect(newCtaDocument({ name: "x", cta_type: "bar" }).bar_position).toBe("top");
  });

  it("has a form with a required e-mail field and a thank-you by default", () => {
    const doc = newCtaDocument({ name: "Popup", cta_type: "overlay", subtype: "boxed" });
    const elements = doc.variants[0].steps[0].sections[0].columns[0].elements;
    expect(elements.map((e) => e.element_type)).toEqual(["text", "form"]);
    expect(elements[1].fields[0]).toMatchObject({ slug: "email", required: true, options: { type: "email" } });
    expect(doc.variants[0].steps[0].action_groups[0].data).toEqual({
      "confirmation-type": "message",
      confirmation: "Thanks!",
    });
  });

  it("writes its words in the language it is given: a Swedish site's CTA starts in Swedish", () => {
    const doc = newCtaDocument({ name: "Popup", cta_type: "overlay", translate: translator("sv") });
    const step = doc.variants[0].steps[0];
    const [heading, form] = step.sections[0].columns[0].elements;
    expect(heading.options).toEqual({ html: "<h2>Prenumerera på vårt nyhetsbrev</h2>" });
    expect(form.options).toMatchObject({ "button-text": "Skicka" });
    expect(form.fields[0].options).toMatchObject({ type: "email", label: "E-post", placeholder: "du@exempel.se" });
    expect(step.action_groups[0].data.confirmation).toBe("Tack!");
    expect(step.options).toEqual({ name: "Steg 1" });
    expect(ctaDocumentSchema.safeParse(doc).success).toBe(true);
    const blank = newCtaDocument({ name: "x", cta_type: "bar", template: "blank", translate: translator("sv") });
    expect(blank.variants[0].steps[0].sections[0].columns[0].elements[0].options).toEqual({
      html: "<p>Skriv något här.</p>",
    });
    // No language given: English, as before.
    expect(JSON.stringify(newCtaDocument({ name: "x", cta_type: "overlay" }))).toContain(
      "<h2>Join our newsletter</h2>",
    );
  });

  it("creates elements, steps and conditions that validate", () => {
    for (const type of ELEMENT_TYPES) {
      const doc = newCtaDocument({ name: "x", cta_type: "inline", template: "blank" });
      doc.variants[0].steps[0].sections[0].columns[0].elements = [newElement(type)];
      doc.variants[0].steps.push(newStep(1));
      expect(ctaDocumentSchema.safeParse(doc).success, type).toBe(true);
    }
    for (const type of CONDITION_TYPES) expect(conditionSchema.safeParse(newCondition(type)).success, type).toBe(true);
  });
});

describe("type switching", () => {
  it("keeps one subtype column, the right one", () => {
    const overlay = newCtaDocument({ name: "x", cta_type: "overlay", subtype: "splash" });
    const bar = withType(overlay, "bar");
    expect(bar).toMatchObject({ cta_type: "bar", bar_position: "top", overlay_type: null });
    expect(withType(bar, "bar", "bottom").bar_position).toBe("bottom");
    expect(withType(bar, "inline", "nonsense").inline_type).toBe("embed");
    const page = withType(bar, "page");
    expect(Object.values(SUBTYPES).every((s) => page[s!.key] === null)).toBe(true);
  });

  it("a new hook is the corner card (compact on phones); the full-width sheet is a choice", () => {
    expect(newCtaDocument({ name: "x", cta_type: "hook" }).hook_type).toBe("vertical");
    expect(withType(newCtaDocument({ name: "x", cta_type: "overlay" }), "hook").hook_type).toBe("vertical");
    expect(withType(newCtaDocument({ name: "x", cta_type: "overlay" }), "hook", "full").hook_type).toBe("full");
    expect(SUBTYPES.hook!.values).toEqual(["vertical", "horizontal", "full"]);
  });
});

describe("variants", () => {
  it("splits evenly in whole numbers that add up to 100", () => {
    expect(evenSplit(1)).toEqual([100]);
    expect(evenSplit(3)).toEqual([34, 33, 33]);
    expect(evenSplit(7).reduce((a, b) => a + b)).toBe(100);
  });

  it("adds a copy without ids and keeps the total at 100; removing gives the share back", () => {
    const doc = { ...newCtaDocument({ name: "x", cta_type: "overlay" }), id: 5 };
    doc.variants[0] = { ...doc.variants[0], id: 9, steps: doc.variants[0].steps.map((s) => ({ ...s, id: 11 })) };
    const two = addVariant(doc);
    expect(two.variants.map((v) => [v.variation, v.percentage])).toEqual([
      ["A", 50],
      ["B", 50],
    ]);
    expect(two.variants[1].id).toBeUndefined();
    expect(two.variants[1].steps[0].id).toBeUndefined();
    expect(two.variants[0].steps[0].id).toBe(11);
    expect(splitProblem(two.variants)).toBeNull();
    const one = removeVariant(two, 1);
    expect(one.variants).toHaveLength(1);
    expect(one.variants[0].percentage).toBe(100);
    expect(removeVariant(one, 0)).toBe(one);
  });

  it("says what is wrong with a split", () => {
    expect(splitProblem([{ percentage: 60 }, { percentage: 30 }])).toBe(
      "Variant percentages must add up to 100 (now 90)",
    );
    expect(splitProblem([{ percentage: 50.5 }, { percentage: 49.5 }])).toBe(
      "Each percentage is a whole number from 0 to 100",
    );
    expect(splitProblem([{ percentage: 100 }])).toBeNull();
  });

  it("names variants A, B ... Z, AA", () => {
    expect(nextVariation([{ variation: "A" }, { variation: "C" }])).toBe("B");
    const all = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("").map((variation) => ({ variation }));
    expect(nextVariation(all)).toBe("AA");
  });
});

describe("paths and lists", () => {
  it("updates by path without touching other branches", () => {
    const doc = newCtaDocument({ name: "x", cta_type: "overlay" });
    const path = ["variants", 0, "steps", 0, "options", "name"];
    const next = setIn(doc, path, "Intro");
    expect(getIn(next, path)).toBe("Intro");
    expect(getIn(doc, path)).toBe("Step 1");
    expect(next.variants[0].steps[0].sections).toBe(doc.variants[0].steps[0].sections);
  });

  it("moves and renumbers", () => {
    const items = [
      { position: 0, n: "a" },
      { position: 1, n: "b" },
      { position: 2, n: "c" },
    ];
    expect(move(items, 2, -1).map((i) => [i.n, i.position])).toEqual([
      ["a", 0],
      ["c", 1],
      ["b", 2],
    ]);
    expect(move(items, 0, -1)).toBe(items);
  });

  it("copies a variant without its nodes' ids, keeping the ids in option bags and naming parent questions by slug", () => {
    // An option bag's "id"s are the owner's data (a picked product's Shopify id), not database ids.
    const summary = [
      { id: "4242", productId: "42", productTitle: "Kaffe", variantTitle: null, image: null, price: "99 kr" },
    ];
    const quiz = {
      ...newElement("quiz"),
      id: 7,
      fields: [
        { ...newField([]), id: 11, slug: "size" },
        { ...newField(["size"]), id: 12, slug: "size_detail", field_id: 11 },
      ],
    };
    const variant = {
      ...newCtaDocument({ name: "Copy me", cta_type: "overlay" }).variants[0],
      id: 1,
      options: { "selected-products-summary": summary },
    };
    variant.steps = [{ ...variant.steps[0], id: 2, options: { x: { id: 3 } } }];
    variant.steps[0].sections[0].columns[0].elements = [quiz];
    const copy = copyWithoutIds(variant);
    expect(copy.id).toBeUndefined();
    expect(copy.steps[0].id).toBeUndefined();
    expect(copy.options).toEqual({ "selected-products-summary": summary });
    expect(copy.steps[0].options).toEqual({ x: { id: 3 } });
    const fields = copy.steps[0].sections[0].columns[0].elements[0].fields;
    expect(fields.map((f) => [f.id, f.field_id, f.parent_slug ?? null])).toEqual([
      [undefined, null, null],
      [undefined, null, "size"],
    ]);
    // The original is untouched.
    expect(variant.steps[0].sections[0].columns[0].elements[0].fields[1].field_id).toBe(11);
  });

  it("moves links into another variant to the same place in their own, clears those with nothing there, keeps the rest", () => {
    const quizVariant = (id: number, stepIds: number[], fieldIds: number[]) => {
      const variant = { ...newCtaDocument({ name: "Quiz", cta_type: "overlay" }).variants[0], id };
      variant.steps = stepIds.map((stepId, i) => ({ ...newStep(i), id: stepId }));
      const quiz = {
        ...newElement("quiz"),
        fields: fieldIds.map((fieldId, i) => ({ ...newField([], "radio", `q${i}`), id: fieldId })),
      };
      variant.steps[0].sections[0].columns[0].elements = [quiz];
      return variant;
    };
    const doc = newCtaDocument({ name: "Quiz", cta_type: "overlay" });
    doc.variants = [quizVariant(1, [10, 11], [100, 101]), quizVariant(2, [20], [200, 201])];
    const options = (vi: number) => doc.variants[vi].steps[0].sections[0].columns[0].elements[0].fields[0];
    options(0).field_options = [{ value: "a", step_id: 11, jump_field_id: 101 }];
    // B names A's second step (B has none) and A's second question (B has one at that place), and "complete_quiz".
    options(1).field_options = [
      { value: "a", step_id: 11, jump_field_id: 101 },
      { value: "b", step_id: 20, jump_field_id: "complete_quiz" },
    ];
    const moved = linksWithinVariants(doc)!;
    expect(moved.variants[1].steps[0].sections[0].columns[0].elements[0].fields[0].field_options).toEqual([
      { value: "a", step_id: null, jump_field_id: 201 },
      { value: "b", step_id: 20, jump_field_id: "complete_quiz" },
    ]);
    expect(moved.variants[0]).toEqual(doc.variants[0]);
    expect(linksWithinVariants(moved)).toBeNull();
    expect(doc.variants[1].steps[0].sections[0].columns[0].elements[0].fields[0].field_options[0].step_id).toBe(11);
  });

  it("finds fresh field slugs", () => {
    expect(newField(["field", "field_2"]).slug).toBe("field_3");
  });
});

describe("action groups", () => {
  it("keeps the data keys of the new confirmation type and the shared ones", () => {
    const data = withConfirmationType(
      {
        "confirmation-type": "redirect",
        "redirect-url": "/tack",
        "target-blank": true,
        "confirmation-close": true,
        "custom-key": 1,
      } as never,
      "sms",
    );
    expect(data).toEqual({ "confirmation-type": "sms", "confirmation-close": true, "custom-key": 1 });
    expect(withConfirmationType({}, "message")).toEqual({ "confirmation-type": "message", confirmation: "Thanks!" });
    expect(withConfirmationType({}, "step")).toEqual({ "confirmation-type": "step", "redirect-step": 0 });
    expect(Object.keys(CONFIRMATION_KEYS).sort()).toEqual([...CONFIRMATION_TYPES].sort());
  });

  it("reads id lists and quantities typed as text", () => {
    expect(listOf(" 12, 34 ,,56")).toEqual(["12", "34", "56"]);
    expect(quantitiesOf("12:2, 34:0, x, 56:1")).toEqual({ "12": 2, "56": 1 });
    expect(quantitiesText({ "12": 2, "56": 1 })).toBe("12:2, 56:1");
  });
});

describe("errors and JSON", () => {
  it("finds the errors under a card", () => {
    const errors = {
      "variants.0.steps.1.options.name": "too long",
      "variants.0.steps.10.x": "y",
      name: "Give the CTA a name",
    };
    expect(errorsUnder(errors, ["variants", 0, "steps", 1])).toEqual(["too long"]);
    expect(errorsUnder(errors, [])).toHaveLength(3);
  });

  it("accepts only JSON objects in the options editor", () => {
    expect(parseJsonObject('{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJsonObject("")).toEqual({ ok: true, value: {} });
    expect(parseJsonObject("[1]").ok).toBe(false);
    expect(parseJsonObject("{a:1}").ok).toBe(false);
  });

  it("summarises elements for their cards", () => {
    expect(elementSummary({ ...newElement("text"), options: { html: "<h2>Hej <b>där</b></h2>" } })).toBe(
      "Text · Hej där",
    );
    expect(elementSummary(newElement("form"))).toBe("Form · 1 field");
    expect(elementSummary(newElement("conditional_row"))).toBe("Conditional row");
  });
});

describe("settings form", () => {
  function form(fields: [string, string][]): FormData {
    const f = new FormData();
    for (const [k, v] of fields) f.append(k, v);
    return f;
  }

  it("turns the posted form into settings: blanks to null, codes upper-cased, data settings rebuilt", () => {
    const s = settingsFromForm(
      form([
        ["name", " Säljakademin "],
        ["currency", "sek"],
        ["default_country", "se"],
        ["privacy_link", ""],
        ["marketing_consent", "  Ja tack  "],
        ["gtm_id", "gtm-abc1"],
        ["powered_by", "false"],
        ["form_tracking", "true"],
        ["brand_colors.key", "primary"],
        ["brand_colors.value", "#0b3d91"],
        ["brand_colors.key", ""],
        ["brand_colors.value", "#ignored"],
        ["brand_style.key", "border-radius"],
        ["brand_style.value", "6"],
        ["data_settings.contact-processing", "false"],
        ["data_settings.cart-value-threshold", "500"],
        ["data_settings.currency", "sek"],
        ["data_settings.extra.key", "google-analytics-id"],
        ["data_settings.extra.value", "G-123"],
      ]),
    );
    expect(s).toEqual({
      name: "Säljakademin",
      currency: "SEK",
      default_country: "SE",
      privacy_link: null,
      marketing_consent: "  Ja tack  ",
      gtm_id: "GTM-ABC1",
      powered_by: false,
      form_tracking: true,
      brand_colors: { primary: "#0b3d91" },
      brand_style: { "border-radius": 6 },
      data_settings: {
        "contact-processing": false,
        "cart-value-threshold": 500,
        currency: "SEK",
        "google-analytics-id": "G-123",
      },
    });
  });

  it("leaves out what the form does not carry, and names a threshold that is not a number", () => {
    expect(settingsFromForm(form([["brand", "B"]]))).toEqual({ brand: "B" });
    expect(
      keyValueRows(
        form([
          ["x.key", " a "],
          ["x.value", " 1 "],
        ]),
        "x",
      ),
    ).toEqual([["a", "1"]]);
    try {
      settingsFromForm(form([["data_settings.cart-value-threshold", "lots"]]));
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(WebsiteValidationError);
      expect((e as WebsiteValidationError).fieldErrors()).toEqual({
        "data_settings.cart-value-threshold": "Enter a number, e.g. 500",
      });
    }
  });
});

describe("preview page", () => {
  it("embeds the document so that no text in it can end the script", () => {
    const cta = { ...newCtaDocument({ name: "</script><script>alert(1)</script>", cta_type: "overlay" }), id: 3 };
    const html = previewHtml(
      { cta, config: { website_id: 1 } as PublicWebsiteConfig, variant: "A" },
      "http://x/widget/beckon-renderer.js",
    );
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).toContain("<title>Preview: &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>");
    const json = /<script type="application\/json" id="beckon-preview-data">(.*?)<\/script>/s.exec(html)![1];
    expect(JSON.parse(json).data.cta.name).toBe(cta.name);
    expect(scriptJson("a\u2028b<!--")).toBe('"a\\u2028b\\u003c!--"');
  });

  it("collapses the white space of a label edited in place, not the letter s", () => {
    const cta = { ...newCtaDocument({ name: "Labels", cta_type: "overlay" }), id: 3 };
    const html = previewHtml(
      { cta, config: { website_id: 1 } as PublicWebsiteConfig, variant: "A" },
      "http://x/widget/beckon-renderer.js",
      undefined,
      true,
    );
    // The page's script is written inside a template literal, where a lone backslash escape is dropped.
    expect(html).toContain('textContent.replace(/\\s+/g, " ")');
  });
});

describe("typeLabel", () => {
  it("names the type and its subtype in words, in the admin's language", () => {
    expect(
      typeLabel({ cta_type: "overlay", overlay_type: "boxed", inline_type: null, hook_type: null, bar_position: null }),
    ).toBe("Overlay (popup) · boxed");
    expect(
      typeLabel(
        { cta_type: "bar", bar_position: "top", inline_type: null, hook_type: null, overlay_type: null },
        translator("sv"),
      ),
    ).toBe(`${translator("sv")("ctaType.bar")} · överst`);
    expect(
      typeLabel(
        { cta_type: "page", inline_type: null, overlay_type: null, hook_type: null, bar_position: null },
        translator("sv"),
      ),
    ).toBe("Landningssida");
  });

  it("says what a slide-in looks like instead of its hook type code (full, horizontal, vertical)", () => {
    const hook = (hook_type: "full" | "horizontal" | "vertical") =>
      ({ cta_type: "hook", hook_type, inline_type: null, overlay_type: null, bar_position: null }) as const;
    expect(typeLabel(hook("vertical"))).toBe("Slide-in box · narrow, in a corner");
    expect(typeLabel(hook("horizontal"))).toBe("Slide-in box · wide, in a corner");
    expect(typeLabel(hook("full"))).toBe("Slide-in box · full width, along the bottom");
    expect(typeLabel(hook("vertical"), translator("sv"))).toBe("Inglidande ruta · smal, i ett hörn");
    expect(typeLabel(hook("full"), translator("sv"))).toBe("Inglidande ruta · hela bredden, längs nederkanten");
    expect(translator("en")("ctaType.sub.hook_type")).toBe("Slide-in size");
  });

  it("keeps a code the catalogue does not know as it is", () => {
    expect(
      typeLabel({
        cta_type: "overlay",
        overlay_type: "legacy" as never,
        inline_type: null,
        hook_type: null,
        bar_position: null,
      }),
    ).toBe("Overlay (popup) · legacy");
  });
});
