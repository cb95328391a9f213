/** The factories' override rules, which every test that builds data with them relies on. */
import { describe, expect, it } from "vitest";
import { configMock, deepMerge, fieldMock, websiteSettingsMock } from "#test/support/factories";

describe("deepMerge", () => {
  it("merges plain objects key by key and replaces arrays and other values", () => {
    const base = { name: "a", nested: { kept: 1, changed: 2 }, list: [1, 2, 3] };
    expect(deepMerge(base, { nested: { changed: 3 }, list: [4] })).toEqual({
      name: "a",
      nested: { kept: 1, changed: 3 },
      list: [4],
    });
    expect(base).toEqual({ name: "a", nested: { kept: 1, changed: 2 }, list: [1, 2, 3] });
  });

  it("keeps an own __proto__ key as an entry, not as the prototype", () => {
    const merged = deepMerge<Record<string, unknown>>({}, JSON.parse('{"__proto__": {"polluted": true}}'));
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(Object.keys(merged)).toEqual(["__proto__"]);
  });
});

describe("factory overrides", () => {
  it("merge nested settings and keep the base's other keys", () => {
    expect(configMock({ integrations: { gtm_id: "GTM-1" } }).integrations).toEqual({
      segment_write_key: null,
      gtm_id: "GTM-1",
    });
    expect(websiteSettingsMock({ brand_colors: { accent: "#fff" } }).brand_colors).toEqual({
      primary: "#123456",
      accent: "#fff",
    });
  });

  it("replace an options bag whole, since its keys depend on the node's type", () => {
    expect(fieldMock({ field_type: "checkbox", options: { label: "Ja" } }).options).toEqual({ label: "Ja" });
  });
});
