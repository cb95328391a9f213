/**
 * The loader build shortens property names ending in an underscore
 * (LOADER_MANGLED_PROPS in scripts/build-widget.ts), a convention for
 * objects that never leave the loader. These tests build the real loader in
 * memory and fail if a name that leaves it got shortened: window.beckon's
 * methods, the event and contact payloads, client event details, and what
 * the renderer, panel and extras chunks (built apart) read.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildLoader, LOADER_MANGLED_PROPS } from "#scripts/build-widget";
import { METHODS } from "#widget/core/public-api";

/** Names that must reach the minified loader as written, each used as a property (key, member or shorthand method). */
const KEPT = [
  // window.beckon and what startWidget returns
  ...METHODS,
  "installed",
  "visitor",
  "ready",
  "state",
  "stop",
  // tracked events and contacts (the server reads them)
  "event_type",
  "visitor_token",
  "cta_id",
  "variant_id",
  "step_id",
  "broadcast_id",
  "contactable_type",
  "contactable_id",
  "revenue",
  // client events (cfReady, cfView, ...)
  "cta_name",
  "steps",
  // the renderer's mount options and runtime
  "mountCta",
  "host",
  "variant",
  "runtime",
  "broadcastId",
  "onClose",
  "onView",
  "teaser",
  "submitContact",
  "showCta",
  "savePerson",
  "conditionsPass",
  "watchInlineTargets",
  // the test panel's data
  "openPanel",
  "timings",
  "ctx",
  "fired",
  // the extras chunk
  "drainCalls",
  "trackForms",
  "armCart",
  "linkCustomer",
  "enrich",
  "keepPerson",
];

const build = () => buildLoader({ renderer: "0".repeat(10), panel: "0".repeat(10), extras: "0".repeat(10) }, []);

describe("the loader's property mangling", () => {
  it("shortens every name ending in an underscore", async () => {
    const code = new TextDecoder().decode(await build());
    expect(code).not.toMatch(/[.{,]\s*[A-Za-z$][\w$]*_\s*[:(,}=]/);
    expect(code).not.toMatch(/\.[A-Za-z$][\w$]*_\b/);
  });

  it("keeps the public, wire and cross-chunk names", async () => {
    const code = new TextDecoder().decode(await build());
    for (const name of KEPT)
      expect(new RegExp(`[.{,]${name}\\s*[:(,}=?]|"${name}"`).test(code), `${name} kept in the loader`).toBe(true);
  });

  it("no contract with another chunk or the server uses the convention", () => {
    for (const file of [
      "widget/render/types.ts",
      "widget/core/panel/types.ts",
      "widget/core/extras/calls.ts",
      "widget/core/api.ts",
      "widget/core/public-api.ts",
      "contract/schema/public-config.ts",
    ]) {
      const names = [...readFileSync(file, "utf8").matchAll(/\b([A-Za-z$][\w$]*)\??\s*[:(]/g)].map((m) => m[1]);
      expect(
        names.filter((name) => LOADER_MANGLED_PROPS.test(name)),
        file,
      ).toEqual([]);
    }
  });
});
