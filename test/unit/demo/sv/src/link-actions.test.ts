/** Link actions: a hash carrying an action name and encoded settings (SPEC 2). */
import { describe, expect, it } from "vitest";
import { linkActionHash, parseLinkAction } from "#demo/sv/src/link-actions";

describe("link actions", () => {
  it("round-trips a lightbox with one image, in the percent-encoded form the builder writes", () => {
    const hash = linkActionHash("lightbox", { type: "image", url: "/bilder/schema.png", title: "Kursschema – hösten" });
    expect(hash).toMatch(/^#elementor-action%3Aaction%3Dlightbox%26settings%3D/);
    expect(parseLinkAction(hash)).toEqual({
      action: "lightbox",
      settings: { type: "image", url: "/bilder/schema.png", title: "Kursschema – hösten", slides: [] },
    });
  });

  it("reads the plain form too, with a slideshow", () => {
    const settings = { type: "slideshow", slides: [{ url: "/a.png" }, { url: "/b.jpg", title: "B" }], slide_index: 1 };
    const b64 = Buffer.from(JSON.stringify(settings)).toString("base64");
    expect(parseLinkAction(`#elementor-action:action=lightbox&settings=${b64}`)).toEqual({
      action: "lightbox",
      settings,
    });
  });

  it("survives base64 '+' turned into a space", () => {
    // A title whose base64 contains "+".
    const hash = linkActionHash("lightbox", { type: "image", url: "/x.png", title: "~~~~" });
    const plain = decodeURIComponent(hash);
    expect(plain).toContain("+");
    expect(parseLinkAction(plain)?.settings).toMatchObject({ title: "~~~~" });
  });

  it("is null for ordinary hashes and malformed actions", () => {
    expect(parseLinkAction("#kurser")).toBeNull();
    expect(parseLinkAction("#elementor-action:settings=e30=")).toBeNull();
    expect(parseLinkAction("#elementor-action:action=lightbox&settings=not-base64!")).toBeNull();
    expect(
      parseLinkAction(`#elementor-action:action=lightbox&settings=${Buffer.from("[1]").toString("base64")}`),
    ).toBeNull();
    expect(
      parseLinkAction(
        `#elementor-action:action=lightbox&settings=${Buffer.from('{"type":"image"}').toString("base64")}`,
      ),
    ).toBeNull();
    expect(
      parseLinkAction(
        `#elementor-action:action=lightbox&settings=${Buffer.from('{"type":"slideshow","slides":[]}').toString("base64")}`,
      ),
    ).toBeNull();
    expect(parseLinkAction("#%E0%A4%A")).toBeNull();
  });

  it("passes other actions through for the caller to ignore", () => {
    expect(parseLinkAction(linkActionHash("popup:open", { id: 5 }))).toEqual({
      action: "popup:open",
      settings: { id: 5 },
    });
  });
});
