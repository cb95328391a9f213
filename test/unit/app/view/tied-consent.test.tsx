/**
 * Consent tied to a gift: a required marketing or SMS consent checkbox on a
 * CTA that gives a magnet, a code or a prize is flagged, a plain newsletter
 * form's is not, and the banner's fix makes every such box optional without
 * touching anything else. The seeded demo CTAs are checked in the seed test.
 */
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import { ctaDocumentSchema, type CtaDocument } from "#contract/schema/cta";
import { freeConsents, tiedConsents } from "#app/view/tied-consent";
import { ConsentBanner } from "#app/components/editor/ConsentBanner";
import { I18nProvider } from "#app/i18n/useT";
import {
  consentFieldMock,
  ctaWithElements,
  emailFieldMock,
  formElementMock,
  textElementMock,
  type ElementInput,
} from "#test/support/factories";

const magnet = { "lead-magnet": { kind: "link", url: "https://example.se/bok.pdf" } };
const parse = (elements: ElementInput[], extra: Record<string, unknown> = {}): CtaDocument =>
  ctaDocumentSchema.parse({ ...ctaWithElements(elements), ...extra });

describe("tiedConsents", () => {
  it("lets a plain newsletter form require its consent box", () => {
    expect(tiedConsents(parse([formElementMock()]))).toEqual([]);
  });

  it("flags a required consent on a form with a lead magnet, and not an optional one", () => {
    expect(tiedConsents(parse([formElementMock({ options: magnet })]))).toEqual([
      { slug: "marketing_consent", step: 1 },
    ]);
    const optional = formElementMock({ options: magnet });
    optional.fields = [emailFieldMock(), consentFieldMock({ required: false })];
    expect(tiedConsents(parse([optional]))).toEqual([]);
  });

  it("flags SMS consent too, and a consent beside a discount code, an apply-discount action or a prize game", () => {
    const sms = formElementMock({ options: magnet });
    sms.fields = [emailFieldMock(), consentFieldMock({ slug: "sms_consent" })];
    expect(tiedConsents(parse([sms]))).toEqual([{ slug: "sms_consent", step: 1 }]);

    const code = textElementMock({ element_type: "products", options: { "discount-code": "WELCOME10" } });
    expect(tiedConsents(parse([formElementMock(), code]))).toHaveLength(1);
    const blank = textElementMock({ element_type: "products", options: { "discount-code": "  " } });
    expect(tiedConsents(parse([formElementMock(), blank]))).toEqual([]);

    const discount = formElementMock({
      actions: [{ action_type: "apply_discount", data: { "discount-code": "TACK" } }],
    });
    expect(tiedConsents(parse([discount]))).toHaveLength(1);

    const prizes = [{ id: "a", label: "10 %", kind: "no_luck", weight: 1 }];
    const wheel = textElementMock({ element_type: "prize_wheel", options: { prizes } });
    expect(tiedConsents(parse([formElementMock(), wheel]))).toHaveLength(1);
  });

  it("ignores a required checkbox that is no consent", () => {
    const terms = formElementMock({ options: magnet });
    terms.fields = [emailFieldMock(), consentFieldMock({ slug: "accept_terms" })];
    expect(tiedConsents(parse([terms]))).toEqual([]);
  });
});

describe("freeConsents", () => {
  it("makes only the consent boxes optional and leaves the given document as it was", () => {
    const doc = parse([formElementMock({ options: magnet })]);
    const before = structuredClone(doc);
    const freed = freeConsents(doc);
    expect(doc).toEqual(before);
    expect(tiedConsents(freed)).toEqual([]);
    const fields = freed.variants[0].steps[0].sections[0].columns[0].elements[0].fields;
    expect(fields.map((f) => [f.slug, f.required])).toEqual(
      before.variants[0].steps[0].sections[0].columns[0].elements[0].fields.map((f) => [
        f.slug,
        f.slug === "marketing_consent" ? false : f.required,
      ]),
    );
  });
});

describe("the editor's consent banner", () => {
  const html = (doc: CtaDocument, lang: "en" | "sv") =>
    renderToStaticMarkup(
      <I18nProvider lang={lang}>
        <AppProvider i18n={en}>
          <ConsentBanner doc={doc} onChange={() => undefined} />
        </AppProvider>
      </I18nProvider>,
    );

  it("names the box and its step and offers the fix, in English and Swedish", () => {
    const doc = parse([formElementMock({ options: magnet })]);
    const english = html(doc, "en");
    expect(english).toContain("A required checkbox makes marketing consent a condition of the form");
    expect(english).toContain("The newsletter and offers checkbox on step 1");
    expect(english).toContain("Make it optional");
    const swedish = html(doc, "sv");
    expect(swedish).toContain("Kryssrutan för nyhetsbrev och erbjudanden i steg 1");
    expect(swedish).toContain("Gör den frivillig");
  });

  it("draws nothing for a plain newsletter form", () => {
    expect(html(parse([formElementMock()]), "en")).not.toContain("marketing consent");
  });
});
