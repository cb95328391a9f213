/** The test panel's words (SPEC 6): complete in every language, the same placeholders, and the owner's language picked. */
import { describe, expect, it } from "vitest";
import { placeholdersOf } from "#contract/i18n";
import { fillPanelText, panelEn, panelLanguage, panelSv, type PanelKey } from "#contract/i18n/panel";

const keys = Object.keys(panelEn) as PanelKey[];

describe("the test panel's catalogues", () => {
  it("have the same keys in English and Swedish, none empty, each keeping the English placeholders", () => {
    expect(Object.keys(panelSv).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      expect(panelSv[key].trim(), key).not.toBe("");
      expect(placeholdersOf(panelSv[key]), key).toEqual(placeholdersOf(panelEn[key]));
    }
  });

  it("translate into Swedish rather than copy the English, but for words both languages share", () => {
    const shared = keys.filter((key) => panelEn[key] === panelSv[key]).sort();
    expect(shared).toEqual(
      ["cart.range", "cond.cta", "ctaLine", "broadcastLine", "session", "type.overlay", "status"].sort(),
    );
  });

  it("picks the owner's language: the browser's first language Beckon speaks, then the website's, then English", () => {
    expect(panelLanguage(["sv-SE", "en-US"], "en")).toBe("sv");
    expect(panelLanguage(["de-DE", "SV"], "en")).toBe("sv");
    expect(panelLanguage(["en-GB", "sv"], "sv")).toBe("en");
    expect(panelLanguage(["de", "fi"], "sv")).toBe("sv");
    expect(panelLanguage([], "fr")).toBe("en");
    // Hostile or broken values read as no language at all.
    expect(panelLanguage(["", "-", "__proto__", "constructor"], undefined)).toBe("en");
    expect(panelLanguage([String(123), "x".repeat(10_000)], { toString: () => "sv" })).toBe("en");
  });

  it("fills placeholders, leaves one without a value as written, and never reads the prototype", () => {
    expect(fillPanelText("Kampanjer ({n} CTA:er)", { n: 3 })).toBe("Kampanjer (3 CTA:er)");
    expect(fillPanelText("{name} (#{id})", { name: "Bar" })).toBe("Bar (#{id})");
    expect(fillPanelText("{toString} {constructor}", {})).toBe("{toString} {constructor}");
    expect(fillPanelText("{name}", { name: "{id}", id: 5 })).toBe("{id}");
  });
});
