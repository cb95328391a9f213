import { describe, expect, it } from "vitest";
import { InputError } from "#app/server/input-error";
import { MAX_JSON_DEPTH, repairJson, wellFormed } from "#app/server/json-input";

describe("wellFormed", () => {
  it("replaces lone surrogates by U+FFFD and keeps pairs", () => {
    expect(wellFormed("Anna \ud83d")).toBe("Anna \ufffd");
    expect(wellFormed("\ude00a\ud83d\ude00")).toBe("\ufffda\ud83d\ude00");
    expect(wellFormed("plain")).toBe("plain");
  });
});

describe("repairJson", () => {
  it("repairs strings in values and keys at any depth, keeping the key order", () => {
    const v = JSON.parse('{"a\\ud83d":["x\\udc00",{"b":"\\ud83d"}],"z":1}');
    expect(JSON.stringify(repairJson(v))).toBe('{"a\ufffd":["x\ufffd",{"b":"\ufffd"}],"z":1}');
  });

  it("keeps a __proto__ key a plain key when it rebuilds an object", () => {
    const v = repairJson(JSON.parse('{"__proto__":{"polluted":true},"k\\ud83d":1}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.keys(v)).toEqual(["__proto__", "k\ufffd"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("accepts MAX_JSON_DEPTH levels and names the field one level deeper", () => {
    const nest = (n: number) => JSON.parse('{"a":'.repeat(n - 1) + "{}" + "}".repeat(n - 1));
    expect(() => repairJson(nest(MAX_JSON_DEPTH))).not.toThrow();
    let error: unknown;
    try {
      repairJson({ contact: { extra: { list: [nest(MAX_JSON_DEPTH)] } } });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).field).toBe("contact.extra.list.0");
  });
});
