/**
 * A product feed's chosen collection in the CTA document: App Bridge's
 * resource picker result (the documented collection payload, recorded) and
 * a collection search hit become a feed entry { source: "collection",
 * handle, summary } the widget reads by handle; other feed entries are
 * kept; the shared schema keeps the summary bounded and refuses hostile
 * values.
 */
import { describe, expect, it } from "vitest";
import picked from "#test/fixtures/shopify-admin/resource-picker-collections.json";
import {
  collectionFeedOf,
  collectionFromResourcePicker,
  feedCollectionFromHit,
  withCollectionFeed,
  tagTermsOf,
  withManualFeed,
  withTagTerms,
} from "#app/view/store-products";
import { elementSchema } from "#contract/schema/cta";
import { feedSources } from "#widget/render/elements/ProductsElement";

const element = (product_recommendations: unknown) => ({
  position: 0,
  element_type: "products",
  product_recommendations,
});

describe("the resource picker's collection", () => {
  it("becomes the feed's collection entry: the handle the widget reads and the summary the editor shows", () => {
    const chosen = collectionFromResourcePicker(picked);
    expect(chosen).toEqual({
      handle: "bryggkaffe",
      id: "841564295",
      title: "Bryggkaffe",
      image: "https://cdn.shopify.com/s/files/1/0005/4838/0009/collections/bryggkaffe.jpg?v=1",
      productsCount: 13,
    });
    const entries = withCollectionFeed(
      withManualFeed([], [{ handle: "mugg", title: "Mugg", image: null, price: null }]),
      chosen,
    );
    expect(entries[1]).toEqual({
      source: "collection",
      handle: "bryggkaffe",
      summary: { id: "841564295", title: "Bryggkaffe", image: chosen!.image, productsCount: 13 },
    });
    expect(entries[0]).toMatchObject({ source: "manual", handles: ["mugg"] });
    expect(collectionFeedOf(entries)).toEqual(chosen);
    expect(elementSchema.safeParse(element(entries)).success).toBe(true);
    expect(feedSources(element(entries) as never, {}, "https://shop.test/")).toContainEqual({
      type: "collection",
      handle: "bryggkaffe",
    });
  });

  it("cancelled or without a handle chooses nothing", () => {
    expect(collectionFromResourcePicker(undefined)).toBeNull();
    expect(collectionFromResourcePicker([])).toBeNull();
    expect(collectionFromResourcePicker([{ id: "gid://shopify/Collection/1", title: "No handle" }])).toBeNull();
  });

  it("a new choice replaces the chosen collection; Remove drops it and keeps the visitor's-collection entry", () => {
    const visitors = { source: "collection" };
    const first = withCollectionFeed([visitors], collectionFromResourcePicker(picked));
    const next = withCollectionFeed(
      first,
      feedCollectionFromHit({
        id: "gid://shopify/Collection/9",
        handle: "te",
        title: "Te",
        image: null,
        imageAlt: null,
        productsCount: 2,
      }),
    );
    expect(next).toEqual([
      visitors,
      { source: "collection", handle: "te", summary: { id: "9", title: "Te", image: null, productsCount: 2 } },
    ]);
    expect(withCollectionFeed(next, null)).toEqual([visitors]);
    expect(collectionFeedOf([visitors])).toBeNull();
  });

  it("bounds what it stores: http images dropped, long titles cut, odd counts dropped", () => {
    const [entry] = withCollectionFeed([], {
      handle: "x",
      id: "gid-not-numeric",
      title: "T".repeat(400),
      image: "http://cdn.test/a.jpg",
      productsCount: -3,
    });
    expect(entry.summary).toEqual({ id: null, title: "T".repeat(255), image: null, productsCount: null });
    expect(elementSchema.safeParse(element([entry])).success).toBe(true);
  });
});

describe("the shared schema", () => {
  const good = { id: "1", title: "Te", image: "https://cdn.test/te.jpg", productsCount: 2 };
  const entry = (summary: unknown, handle: unknown = "te") => ({ source: "collection", handle, summary });

  it.each([
    ["a javascript: image", { ...good, image: "javascript:alert(1)" }],
    ["an http image", { ...good, image: "http://cdn.test/te.jpg" }],
    ["an overlong image", { ...good, image: `https://cdn.test/${"a".repeat(2000)}` }],
    ["an overlong title", { ...good, title: "x".repeat(256) }],
    ["a non-numeric id", { ...good, id: "gid://shopify/Collection/1" }],
    ["a fractional count", { ...good, productsCount: 1.5 }],
    ["a negative count", { ...good, productsCount: -1 }],
    ["an extra key", { ...good, html: "<script>" }],
    ["not an object", "<img onerror=alert(1)>"],
  ])("refuses a summary with %s", (_, summary) => {
    const r = elementSchema.safeParse(element([entry(summary)]));
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].path.slice(0, 3)).toEqual(["product_recommendations", 0, "summary"]);
  });

  it("refuses a handle that is not one", () => {
    for (const handle of ["../admin", "a b", 42, "x".repeat(256)])
      expect(elementSchema.safeParse(element([entry(good, handle)])).success).toBe(false);
  });

  it("accepts a good summary and leaves other sources alone", () => {
    expect(
      elementSchema.safeParse(
        element([entry(good), { source: "collection" }, { source: "manual", handles: ["a"], summary: [] }]),
      ).success,
    ).toBe(true);
  });
});

describe("products by tag", () => {
  it("the owner's comma-separated tags become one filter entry the widget searches by, beside the other entries", () => {
    const manual = { source: "manual", handles: ["mugg"] };
    const entries = withTagTerms([manual], " kaffe, te ,kaffe,, ");
    expect(entries).toEqual([manual, { source: "filter", terms: ["kaffe", "te"] }]);
    expect(tagTermsOf(entries)).toEqual(["kaffe", "te"]);
    expect(elementSchema.safeParse(element(entries)).success).toBe(true);
    expect(feedSources(element(entries) as never, { svar: "annat" }, "https://shop.test/")).toContainEqual({
      type: "filter",
      answers: ["kaffe", "te"],
    });
    // Emptied, the entry goes; the quiz-answers filter entry (no terms) is never touched.
    const answers = { source: "filter" };
    expect(withTagTerms([answers, ...entries], " ")).toEqual([answers, manual]);
    expect(feedSources(element([answers]) as never, { svar: "annat" }, "https://shop.test/")).toEqual([
      { type: "filter", answers: ["annat"] },
    ]);
    // Hostile input: many and odd tags are bounded, and not-a-list terms read as none.
    expect(tagTermsOf(withTagTerms([], Array.from({ length: 50 }, (_, i) => `t${i}`).join(",")))).toHaveLength(20);
    expect(tagTermsOf([{ source: "filter", terms: "kaffe" }])).toEqual([]);
  });
});
