/**
 * The scripts and files the public API serves, over HTTP against the real
 * server: the per-website script with its config and early CTA definitions,
 * the widget bundles (cross-origin, cached, compressed), reCAPTCHA's site
 * key, and published CTA definitions only.
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { demoStoreSettings } from "#prisma/seed-data/demo-store";
import { emailForm, heading, paragraph, singleStepCta } from "#prisma/seed-data/builders";
import { saveCtaDocument } from "#app/models/cta.server";
import { createBroadcast } from "#app/models/broadcast.server";
import { MANIFEST_FILE, RENDERER_FILE } from "#scripts/build-widget";
import { createWebsite } from "#app/models/website.server";
import { INLINE_DEFINITION_MAX } from "#app/models/public-config.server";
import type { PublicWebsiteConfig } from "#contract/schema/public-config";
import { server, store, sv, svCta, tdb, withPublicApiServer } from "./public-api-harness";

withPublicApiServer();

describe("scripts", () => {
  it("serves the per-website script with its config and the loader, revalidated by ETag", async () => {
    const r = await fetch(`${server.origin}/api/websites/${sv}.js`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/javascript/);
    const body = await r.text();
    // V8 compiles the loader while it downloads (contract/compile-hint.ts): the hint must be the first line.
    expect(body.startsWith("//# allFunctionsCalledOnLoad\nwindow.__beckonConfig=")).toBe(true);
    const config = JSON.parse(/^window\.__beckonConfig=(.*);$/m.exec(body)![1]);
    expect(config).toMatchObject({ website_id: sv, currency: "SEK", currency_character: "kr", default_country: "SE" });
    expect(config.data_settings["cart-value-threshold"]).toBe(500);
    expect(config.ctas.length).toBe(17);
    // Targeting sync knows which list integrations to ask (the built-in lists here).
    expect(config.integrations.targeting).toEqual([{ id: expect.any(Number), type: "builtin" }]);
    expect(JSON.stringify(config)).not.toMatch(/credentials|passwordHash/);
    const etag = r.headers.get("etag")!;
    const again = await fetch(`${server.origin}/api/websites/${sv}.js`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });

  it("carries the definitions of small CTAs that show at page start, and only theirs", async () => {
    const site = await createWebsite(tdb.db, {
      ...demoStoreSettings,
      name: "Inline definitions",
      domain: "https://inline.example",
    });
    const popup = (
      name: string,
      options: Record<string, unknown>,
      text = "Ta del av våra erbjudanden.",
      ctaType: "overlay" | "inline" = "overlay",
    ) =>
      saveCtaDocument(
        tdb.db,
        site.id,
        singleStepCta({
          name,
          cta_type: ctaType,
          ...(ctaType === "inline" ? { inline_type: "embed" } : { overlay_type: "boxed" }),
          options,
          elements: [
            heading(name),
            paragraph(text),
            emailForm({ emailPlaceholder: "Din e-post", button: "Skicka", actions: [] }),
          ],
        }),
      );
    const now = await popup("Direkt", { trigger: "immediate" });
    const teaser = await popup("Teaser direkt", { trigger: "delayed", teaser: true });
    await popup("Efter tre sekunder", { trigger: "delayed" });
    await popup("På sidan", { trigger: "immediate" }, undefined, "inline");
    await popup("Stor", { trigger: "immediate" }, "x".repeat(INLINE_DEFINITION_MAX));
    const body = await (await fetch(`${server.origin}/api/websites/${site.id}.js`)).text();
    const config = JSON.parse(/^window\.__beckonConfig=(.*);$/m.exec(body)![1]) as PublicWebsiteConfig;
    const carried = Object.fromEntries(config.ctas.map((c) => [c.name, c.cta?.id ?? null]));
    expect(carried).toEqual({
      Direkt: now.id,
      "Teaser direkt": teaser.id,
      "Efter tre sekunder": null,
      "På sidan": null,
      Stor: null,
    });
    // The same document /api/cta/{id}.json serves.
    const served = await (await fetch(`${server.origin}/api/cta/${now.id}.json`)).json();
    expect(config.ctas.find((c) => c.id === now.id)!.cta).toEqual(served.cta);
    // A heading cannot close the script it travels in.
    await popup("</script><script>alert(1)</script>", { trigger: "immediate" });
    const hostile = await (await fetch(`${server.origin}/api/websites/${site.id}.js`)).text();
    expect(hostile).not.toContain("</script>");
  });

  it("starts importing the built renderer before the loader runs when a popup shows at page start on every page", async () => {
    const siteScript = async (name: string, options: Record<string, unknown>, broadcast = false) => {
      const site = await createWebsite(tdb.db, {
        ...demoStoreSettings,
        name,
        domain: `https://${name.toLowerCase()}.example`,
      });
      const broadcastId = broadcast
        ? (
            await createBroadcast(tdb.db, site.id, {
              name: "Blog",
              conditions: [{ condition_type: "url", url: "/blog", data: { match: "contains" } }],
            })
          ).id
        : null;
      await saveCtaDocument(
        tdb.db,
        site.id,
        singleStepCta({
          name,
          cta_type: "overlay",
          overlay_type: "boxed",
          broadcast_id: broadcastId,
          options,
          elements: [heading(name)],
        }),
      );
      return (await fetch(`${server.origin}/api/websites/${site.id}.js`)).text();
    };
    const body = await siteScript("Direct", { trigger: "immediate" });
    const line = body.split("\n")[2];
    const urls = JSON.parse(/^(\[.*\])\.forEach\(function\(u\)\{import\(u\)/.exec(line)![1]) as string[];
    // The files the build wrote, under the website's asset base: the renderer's chunk, then the versioned renderer.
    expect(urls.map((u) => u.replace(`${server.origin}/widget/`, ""))).toEqual(
      JSON.parse(readFileSync(MANIFEST_FILE, "utf8")).renderer,
    );
    expect(urls.at(-1)).toMatch(/\/widget\/beckon-renderer\.js\?v=\w{10}$/);
    for (const u of urls) expect((await fetch(u)).status, u).toBe(200);
    // A popup that waits, or one a broadcast shows on some pages only: the loader imports the renderer when it shows.
    for (const other of [
      await siteScript("Delayed", { trigger: "delayed", delay: 3 }),
      await siteScript("Targeted", { trigger: "immediate" }, true),
    ]) {
      expect(other).not.toContain("import(u)");
    }
  });

  it("serves the widget bundles cross-origin, content-hashed chunks cached for good and the rest briefly", async () => {
    const entry = await fetch(`${server.origin}/widget/beckon-renderer.js?v=abc`);
    expect(entry.status).toBe(200);
    expect(entry.headers.get("access-control-allow-origin")).toBe("*");
    expect(entry.headers.get("timing-allow-origin")).toBe("*");
    expect(entry.headers.get("cache-control")).toBe("public, max-age=300");
    const chunk = /from\s*"\.\/(beckon-[\w-]+-[A-Z0-9]{8}\.js)"/.exec(await entry.text())![1];
    const hashed = await fetch(`${server.origin}/widget/${chunk}`);
    expect(hashed.status).toBe(200);
    expect(hashed.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await fetch(`${server.origin}/widget/beckon-chunk-NOTTHERE.js`)).status).toBe(404);
    expect((await fetch(`${server.origin}/widget/..%2Fbeckon-manifest.json`)).status).toBe(404);
    expect((await fetch(`${server.origin}/api/websites/${sv}.js`)).headers.get("timing-allow-origin")).toBe("*");
  });

  it("sends the widget files compressed ahead of time, once, and answers 304 to their ETag", async () => {
    const onDisk = readFileSync(RENDERER_FILE, "utf8");
    for (const [accept, encoding] of [
      ["br, gzip", "br"],
      ["gzip", "gzip"],
      ["identity", null],
    ] as const) {
      const r = await fetch(`${server.origin}/widget/beckon-renderer.js?v=abc`, {
        headers: { "Accept-Encoding": accept },
      });
      expect(r.headers.get("content-encoding"), accept).toBe(encoding);
      expect(r.headers.get("vary")).toMatch(/Accept-Encoding/i);
      // fetch decodes one encoding: compressed twice (ahead and again per answer), the text would not be the file's.
      expect(await r.text(), accept).toBe(onDisk);
    }
    const etag = (await fetch(`${server.origin}/widget/beckon-renderer.js`)).headers.get("etag")!;
    const again = await fetch(`${server.origin}/widget/beckon-renderer.js`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("access-control-allow-origin")).toBe("*");
    const head = await fetch(`${server.origin}/widget/beckon-renderer.js`, {
      method: "HEAD",
      headers: { "Accept-Encoding": "br" },
    });
    expect([head.status, head.headers.get("content-encoding"), await head.text()]).toEqual([200, "br", ""]);
    const post = await fetch(`${server.origin}/widget/beckon-renderer.js`, { method: "POST", body: "x" });
    expect([post.status, post.headers.get("allow")]).toEqual([405, "GET, HEAD"]);
  });

  it("hands out reCAPTCHA's site key but never its secret", async () => {
    await tdb.db.integration.create({
      data: {
        websiteId: store,
        integrationType: "recaptcha",
        name: "reCAPTCHA",
        actionTypes: {},
        syncSettings: {},
        credentials: { site_key: "site-key-public-123", secret_key: "secret-key-private-456" },
      },
    });
    const body = await (await fetch(`${server.origin}/api/websites/${store}.js`)).text();
    const config = JSON.parse(/^window\.__beckonConfig=(.*);$/m.exec(body)![1]);
    expect(config.recaptcha_site_key).toBe("site-key-public-123");
    expect(body).not.toContain("secret-key-private-456");
  });

  it("serves published CTA definitions only", async () => {
    const r = await fetch(`${server.origin}/api/cta/${svCta.id}.json`);
    expect(r.status).toBe(200);
    const { cta } = await r.json();
    expect(cta.id).toBe(svCta.id);
    expect(cta.variants[0].steps.length).toBeGreaterThan(0);
    const js = await fetch(`${server.origin}/api/cta/${svCta.id}.js`);
    expect(await js.text()).toMatch(/^window\.beckon&&window\.beckon\.define/);
    await tdb.db.cta.update({ where: { id: svCta.id }, data: { status: "draft" } });
    try {
      expect((await fetch(`${server.origin}/api/cta/${svCta.id}.json`)).status).toBe(404);
    } finally {
      await tdb.db.cta.update({ where: { id: svCta.id }, data: { status: "published" } });
    }
    expect((await fetch(`${server.origin}/api/cta/abc.json`)).status).toBe(404);
  });
});
