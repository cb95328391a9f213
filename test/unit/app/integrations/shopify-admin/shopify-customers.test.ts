/**
 * The pure parts of the customer sync's Admin client: the lookup query
 * (escaped, so an address cannot widen the search), tags Shopify accepts
 * (hostile, huge, many, unicode) and the rule that a consent is only ever
 * raised.
 */
import { describe, expect, it } from "vitest";
import {
  MAX_TAGS,
  MAX_TAG_CHARS,
  cleanTags,
  customerLookupQuery,
  quotedSearchValue,
  raisesEmailConsent,
} from "#app/integrations/shopify-admin/shopify-customers.server";

describe("customerLookupQuery", () => {
  it("searches by e-mail, else by phone, with quotes and backslashes escaped", () => {
    expect(customerLookupQuery({ email: "a@b.se", phone: "+46701234567" })).toBe('email:"a@b.se"');
    expect(customerLookupQuery({ email: null, phone: "+46701234567" })).toBe('phone:"+46701234567"');
    expect(customerLookupQuery({ email: null, phone: null })).toBeNull();
    expect(quotedSearchValue('x" OR email:*')).toBe('"x\\" OR email:*"');
    expect(quotedSearchValue("a\\")).toBe('"a\\\\"');
  });
});

describe("cleanTags", () => {
  it("drops commas and control characters, cuts by code point, keeps one of each tag without case", () => {
    expect(cleanTags(["beckon", "Beckon", " a,b ", "x\u0000\u200by", "", "   "])).toEqual(["beckon", "a b", "x y"]);
    const huge = cleanTags(["🌸".repeat(1000)])[0];
    expect([...huge]).toHaveLength(MAX_TAG_CHARS);
    expect(huge.isWellFormed()).toBe(true);
    expect(cleanTags(Array.from({ length: 400 }, (_, i) => `t${i}`))).toHaveLength(MAX_TAGS);
    expect(cleanTags(["Cafe\u0301"])).toEqual(["Café"]);
  });
});

describe("raisesEmailConsent", () => {
  const single = { state: "SUBSCRIBED", optInLevel: "SINGLE_OPT_IN", at: "2026-12-02T00:00:00Z" } as const;
  const confirmed = { ...single, optInLevel: "CONFIRMED_OPT_IN" } as const;
  const pending = { ...single, state: "PENDING", optInLevel: "CONFIRMED_OPT_IN" } as const;
  const current = (marketingState: string, marketingOptInLevel: string | null = null) => ({
    marketingState,
    marketingOptInLevel,
  });

  it("never downgrades a subscription, and raises a single opt-in to a confirmed one", () => {
    expect(raisesEmailConsent(current("SUBSCRIBED", "CONFIRMED_OPT_IN"), single)).toBe(false);
    expect(raisesEmailConsent(current("SUBSCRIBED", "SINGLE_OPT_IN"), single)).toBe(false);
    expect(raisesEmailConsent(current("SUBSCRIBED", "SINGLE_OPT_IN"), pending)).toBe(false);
    expect(raisesEmailConsent(current("SUBSCRIBED", "SINGLE_OPT_IN"), confirmed)).toBe(true);
    expect(raisesEmailConsent(current("PENDING"), pending)).toBe(false);
    expect(raisesEmailConsent(current("PENDING"), confirmed)).toBe(true);
  });

  it("subscribes a customer who is not subscribed, or who consents again after unsubscribing; never an invalid address", () => {
    expect(raisesEmailConsent(null, single)).toBe(true);
    expect(raisesEmailConsent(current("NOT_SUBSCRIBED"), single)).toBe(true);
    expect(raisesEmailConsent(current("UNSUBSCRIBED"), single)).toBe(true);
    expect(raisesEmailConsent(current("INVALID"), single)).toBe(false);
  });
});
