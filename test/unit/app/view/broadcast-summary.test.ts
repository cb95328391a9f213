import { describe, expect, it } from "vitest";
import {
  SUMMARY_LOCALES,
  describeCondition,
  describeConditions,
  summarizeBroadcast,
} from "#app/view/broadcast-summary";
import { translator } from "#app/i18n";
import { CONDITION_TYPES } from "#contract/schema/condition";
import { newCondition } from "#app/view/new-condition";

describe("describeConditions", () => {
  it("reads the seeded blog campaign the way the widget evaluates it", () => {
    expect(
      describeConditions([
        { condition_type: "url", url: "/blogg", data: { match: "contains" } },
        { condition_type: "category", tag_id: "blogg", operator: "or" },
      ]),
    ).toBe("whose page URL contains /blogg or whose page is in category blogg");
  });

  it("groups and before or, like the evaluator (and binds tighter)", () => {
    const text = describeConditions([
      { condition_type: "url", url: "/a", data: { match: "not_contains" } },
      { condition_type: "country", country: "SE, NO", operator: "and" },
      { condition_type: "tag", tag_id: "customer", operator: "or" },
    ]);
    expect(text).toBe("whose page URL does not contain /a and in SE or NO, or who have the tag customer");
  });

  it("sorts by position and ignores the first condition's operator", () => {
    expect(
      describeConditions([
        { condition_type: "keyword", keyword: "pris", position: 1, operator: "or" },
        { condition_type: "area", area_id: "footer", position: 0, operator: "or" },
      ]),
    ).toBe("on pages with the area footer or whose address, referrer or page mentions pris");
  });

  it("has words for every condition type, negated too", () => {
    for (const type of CONDITION_TYPES) {
      const c = {
        ...newCondition(type),
        url: "/x",
        tag_id: "t",
        keyword: "k",
        data_name: "size",
        area_id: "a",
        cta_id: 3,
        country: "SE",
        count: 2,
      };
      const plain = describeCondition(c, { ctaNames: { 3: "Popup" } });
      expect(plain, type).not.toMatch(/matching a|undefined|null/);
      const negated = describeCondition({ ...c, data: { ...c.data, match: "not" } });
      expect(negated, type).not.toMatch(/undefined|null/);
    }
  });

  it("describes numbers, ranges and CTAs", () => {
    expect(
      describeCondition({ condition_type: "visits", count: 3, data: { scope: "session", comparison: "greater" } }),
    ).toBe("with more than 3 pages viewed this session");
    expect(
      describeCondition({ condition_type: "cart_value", data: { comparison: "range", value: 100, value2: 500 } }),
    ).toBe("whose cart value is between 100 and 500");
    expect(describeCondition({ condition_type: "data_field", data_name: "plan", data: { comparison: "exists" } })).toBe(
      "whose plan is set",
    );
    expect(
      describeCondition(
        { condition_type: "cta", cta_id: 7, condition_cta: "not_converted" },
        { ctaNames: { 7: "E-bok" } },
      ),
    ).toBe('who have not converted on the CTA "E-bok"');
  });

  it("reads the editor's device and referrer presets as where the visitor is and came from, in English and Swedish", () => {
    const sv = translator("sv");
    const device = {
      condition_type: "data_field",
      data_name: "device",
      data: { comparison: "equal", value: "mobile" },
    } as const;
    const referrer = {
      condition_type: "data_field",
      data_name: "referrer",
      data: { comparison: "contains", value: "google." },
    } as const;
    expect(describeCondition(device)).toBe("on a phone");
    expect(describeCondition(device, { t: sv })).toBe("på en mobil");
    expect(describeCondition(referrer)).toBe("who came from an address containing google.");
    expect(describeCondition(referrer, { t: sv })).toBe("som kom från en adress som innehåller google.");
    // Any other value or comparison is read as a field, as before.
    expect(describeCondition({ ...device, data: { comparison: "equal", value: "tv" } })).toBe(
      "whose device is exactly tv",
    );
    expect(describeCondition({ ...device, data: { comparison: "equal", value: "__proto__" } })).toBe(
      "whose device is exactly __proto__",
    );
  });
});

describe("summarizeBroadcast", () => {
  it("says who, when (in the broadcast's zone) and what", () => {
    const text = summarizeBroadcast(
      {
        status: true,
        quick: false,
        timeframe: true,
        timezone: "Europe/Stockholm",
        range_start: "2026-11-30T23:00:00.000Z",
        range_end: "2026-12-31T22:59:00.000Z",
        conditions: [
          { condition_type: "url", url: "/blogg", data: { match: "contains" } },
          { condition_type: "category", tag_id: "blogg", operator: "or" },
        ],
      },
      { ctaNames: { 4: "Webbinariebar" }, ctaIds: [4] },
    );
    expect(text).toBe(
      'Shown to visitors whose page URL contains /blogg or whose page is in category blogg, between 1 Dec 2026 and 31 Dec 2026 (Europe/Stockholm). They see "Webbinariebar".',
    );
  });

  it("covers every visitor, quick campaigns, no CTA and paused campaigns", () => {
    expect(summarizeBroadcast({ conditions: [], quick: true, status: false }, { ctaIds: [] })).toBe(
      "Shown to every visitor, as a quick campaign (checked before timed ones, with no date range). No CTA is attached yet, so nobody sees anything. The campaign is paused: nobody sees it until it is turned on.",
    );
    expect(summarizeBroadcast({ conditions: [] }, { ctaIds: [1, 2, 3], ctaNames: { 1: "A", 2: "B" } })).toBe(
      'Shown to every visitor, at any time. They see "A", "B" and CTA 3.',
    );
  });

  describe("in Swedish", () => {
    const t = translator("sv");

    it("reads the seeded blog campaign in Swedish, with Swedish dates", () => {
      const text = summarizeBroadcast(
        {
          timeframe: true,
          timezone: "Europe/Stockholm",
          range_start: "2026-11-30T23:00:00.000Z",
          range_end: "2026-12-31T22:59:00.000Z",
          conditions: [
            { condition_type: "url", url: "/blogg", data: { match: "not_contains" } },
            { condition_type: "visits", count: 2, data: { scope: "session", comparison: "greater" }, operator: "and" },
            { condition_type: "country", country: "SE, NO", operator: "or" },
          ],
        },
        { ctaNames: { 4: "Webbinariebar" }, ctaIds: [4], t, locale: SUMMARY_LOCALES.sv },
      );
      expect(text).toBe(
        "Visas för besökare vars sidadress inte innehåller /blogg och med mer än 2 sidvisningar under besöket, eller i SE eller NO, mellan 1 dec. 2026 och 31 dec. 2026 (Europe/Stockholm). De ser ”Webbinariebar”.",
      );
    });

    it("has Swedish words for every condition type, negated too, with no English left", () => {
      const englishWords = /\b(whose|who|with|the|page|visits|between|more|not|matching|set)\b/;
      for (const type of CONDITION_TYPES) {
        const c = {
          ...newCondition(type),
          url: "/x",
          tag_id: "t",
          keyword: "k",
          data_name: "storlek",
          area_id: "a",
          cta_id: 3,
          country: "SE",
          count: 2,
        };
        const plain = describeCondition(c, { ctaNames: { 3: "Popup" }, t });
        expect(plain, type).not.toMatch(englishWords);
        expect(plain, type).not.toMatch(/villkor av typen|undefined|null/);
        const negatedText = describeCondition({ ...c, data: { ...c.data, match: "not" } }, { t });
        expect(negatedText, type).not.toMatch(englishWords);
      }
    });

    it("covers every visitor, quick campaigns, no CTA and paused campaigns", () => {
      expect(summarizeBroadcast({ conditions: [], quick: true, status: false }, { ctaIds: [], t })).toBe(
        "Visas för alla besökare, som snabbkampanj (prövas före tidsstyrda kampanjer, utan datumintervall). Ingen CTA är kopplad än, så ingen ser något. Kampanjen är pausad: ingen ser den förrän den slås på.",
      );
      expect(
        describeCondition(
          { condition_type: "cta", cta_id: 3, condition_cta: "not_converted" },
          { ctaNames: { 3: "Popup" }, t },
        ),
      ).toBe("som inte har konverterat på CTA:n ”Popup”");
    });
  });
});
