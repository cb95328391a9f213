/** The admin's catalogues and how it picks its language. */
import { describe, expect, it } from "vitest";
import { adminCatalogues, adminLanguage, fromAcceptLanguage, translator } from "#app/i18n";
import { en } from "#app/i18n/en";

describe("admin catalogues", () => {
  it("have the same keys and placeholders in every language", () => {
    const keys = Object.keys(en).sort();
    for (const [lang, c] of Object.entries(adminCatalogues())) {
      expect(Object.keys(c).sort(), lang).toEqual(keys);
      for (const k of keys)
        expect((c[k as keyof typeof en].match(/\{\w+\}/g) ?? []).sort(), `${lang} ${k}`).toEqual(
          (en[k as keyof typeof en].match(/\{\w+\}/g) ?? []).sort(),
        );
    }
  });

  it("translate, falling back to English for a key a catalogue lacks", () => {
    expect(translator("sv")("nav.settings")).toBe("Inställningar");
    expect(translator("en")("nav.settings")).toBe("Settings");
    const missing = "nav.nothing" as Parameters<ReturnType<typeof translator>>[0];
    expect(translator("sv")(missing)).toBe("nav.nothing");
  });
});

describe("the admin language", () => {
  const req = (headers: Record<string, string>) => new Request("http://x.test/owner", { headers });
  it("is the owner's cookie first, then Accept-Language by quality, then English", () => {
    expect(adminLanguage(req({ Cookie: "a=1; beckon_lang=sv", "Accept-Language": "en" }))).toBe("sv");
    expect(adminLanguage(req({ "Accept-Language": "de-DE, sv-SE;q=0.8, en;q=0.5" }))).toBe("sv");
    expect(adminLanguage(req({ "Accept-Language": "sv;q=0.4, en-GB;q=0.9" }))).toBe("en");
    expect(adminLanguage(req({ Cookie: "beckon_lang=xx", "Accept-Language": "fi" }))).toBe("en");
    expect(fromAcceptLanguage("sv;q=0")).toBeNull();
  });
});
