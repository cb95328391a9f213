/** The widget's catalogues (DESIGN "Words are data"): complete, with the same placeholders, and chosen per website and CTA. */
import { describe, expect, it } from "vitest";
import { catalogues } from "#app/models/public-config.server";
import { isLanguage, LANGUAGES, placeholdersOf, widgetCatalogue } from "#contract/i18n";
import { en } from "#contract/i18n/en";
import { sv } from "#contract/i18n/sv";
import { fill, labelsFor } from "#widget/render/i18n";

const keys = (o: object) => Object.keys(o).sort();

describe("widget catalogues", () => {
  it("have the same keys in every language, none empty", () => {
    for (const lang of LANGUAGES) {
      const c = widgetCatalogue(lang);
      expect(keys(c)).toEqual(keys(en));
      for (const [k, v] of Object.entries(c)) expect(v.trim(), `${lang}.${k}`).not.toBe("");
    }
    expect(keys(sv)).toEqual(keys(en));
  });

  it("keep every placeholder of the English text", () => {
    for (const k of Object.keys(en) as (keyof typeof en)[])
      expect(placeholdersOf(sv[k]), k).toEqual(placeholdersOf(en[k]));
    expect(placeholdersOf(en.rangelength)).toEqual(["{0}", "{1}"]);
    expect(placeholdersOf(en.slideOf)).toEqual(["{n}", "{total}"]);
  });

  it("say SPEC's words in English (sections 4, 5, 8 and 9)", () => {
    expect(en).toMatchObject({
      required: "This field is required.",
      fix: "Please fix this field.",
      email: "Please enter a valid email address.",
      business: "Please enter a business email.",
      phone: "Please enter a valid phone number.",
      maxlength: "Please enter no more than {0} characters.",
      range: "Please enter a value between {0} and {1}.",
      thanks: "Thanks!",
      soldOut: "Sold Out",
      soldOutBadge: "SOLD OUT",
      customBadge: "10% Off",
      discountBadge: "10% OFF",
      addToCart: "Add to Cart",
      goToProduct: "Go To Product",
      oneTime: "One-time purchase",
      reviews: "Reviews",
    });
  });

  it("translate into Swedish rather than copy the English (but for words both languages share)", () => {
    const shared = Object.keys(en).filter((k) => en[k as keyof typeof en] === sv[k as keyof typeof sv]);
    expect(shared.sort()).toEqual(["variant", "video"]);
    expect(sv).toMatchObject({
      close: "Stäng",
      poweredBy: "Drivs av Beckon",
      email: "Ange en giltig e-postadress.",
      required: "Det här fältet är obligatoriskt.",
      addToCart: "Lägg i varukorgen",
    });
  });

  it("fall back to English for an unknown language, and key by key", () => {
    expect(isLanguage("sv")).toBe(true);
    expect(isLanguage("de")).toBe(false);
    expect(widgetCatalogue("de")).toBe(en);
    expect(widgetCatalogue(undefined)).toBe(en);
    expect(widgetCatalogue("sv").close).toBe("Stäng");
  });

  it("fill placeholders, leaving unknown ones", () => {
    expect(fill(sv.slideOf, { n: 2, total: 5 })).toBe("Bild 2 av 5");
    expect(fill(en.range, { 0: 1, 1: 9 })).toBe("Please enter a value between 1 and 9.");
    expect(fill("{x}", {})).toBe("{x}");
  });
});

describe("choosing a catalogue", () => {
  it("ships the website's language and the languages CTAs override it with, no others", () => {
    expect(keys(catalogues("sv", [{ options: {} }]))).toEqual(["sv"]);
    expect(keys(catalogues("sv", [{ options: { language: "en" } }, { options: { language: "xx" } }]))).toEqual([
      "en",
      "sv",
    ]);
    expect(keys(catalogues("xx", []))).toEqual(["en"]);
    expect(catalogues("sv", []).sv.close).toBe("Stäng");
  });

  it("gives a CTA its override when shipped, else the website's language", () => {
    const config = { language: "sv", texts: { sv, en } };
    expect(labelsFor(config).close).toBe("Stäng");
    expect(labelsFor(config).lang).toBe("sv");
    expect(labelsFor(config, { options: { language: "en" } })).toMatchObject({ lang: "en", close: "Close" });
    expect(labelsFor({ language: "sv", texts: { sv } }, { options: { language: "en" } })).toMatchObject({
      lang: "sv",
      close: "Stäng",
    });
    expect(labelsFor({ language: "de", texts: { en } }).close).toBe("Close");
  });
});
