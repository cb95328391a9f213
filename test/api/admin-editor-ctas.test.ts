/**
 * The admin's CTA and campaign pages over HTTP against the built server and
 * a seeded database: the CTA list, drafts of every type and from templates,
 * status changes, the editor with its validation errors, variants and the
 * preview; then campaigns (which attach the drafts made above) and the
 * site-wide conditions.
 */
import { describe, expect, it } from "vitest";
import { loadCtaDocument } from "#app/models/cta.server";
import { getBroadcast, listSiteConditions } from "#app/models/broadcast.server";
import { A, B, ctaOfA, ctaOfB, get, submit, SV, t, text, withEditorServer } from "./admin-editor-harness";

withEditorServer();

describe("CTAs", () => {
  it("lists the website's CTAs with their status and actions", async () => {
    const res = await get(`/owner/websites/${SV}/ctas`, A);
    expect(res.status).toBe(200);
    const html = await text(res);
    expect(html).toContain("Exitpopup – E-bok Säljteknik");
    expect(html).toContain(`href="/owner/websites/${SV}/ctas/${ctaOfA}"`);
    expect(html).not.toContain((await t.db.cta.findUniqueOrThrow({ where: { id: ctaOfB } })).name);
    // The list comes first: the gallery is one link away, not on this page.
    expect(html).toContain(`href="/owner/websites/${SV}/ctas/new"`);
    expect(html).not.toContain("data-template-thumbnail");
  });

  it("serves the gallery and the from-scratch form at /ctas/new, to the website's owner only", async () => {
    const res = await get(`/owner/websites/${SV}/ctas/new`, A);
    expect(res.status).toBe(200);
    const html = await text(res);
    expect(html).toContain("Use template: Exitpopup: gratis guide");
    expect(html).toContain("Build one from scratch");
    expect((await get(`/owner/websites/${SV}/ctas/new`, B)).status).toBe(404);
    expect((await get(`/owner/websites/${SV}/ctas/new`)).status).toBe(302);
  });

  it("creates from /ctas/new, from a template and from scratch, and refuses anything else", async () => {
    const path = `/owner/websites/${SV}/ctas/new`;
    const fromTemplate = await submit(path, A, { intent: "create", name: "Ny mall", template: "exit-popup" });
    expect(fromTemplate.status).toBe(302);
    const templateId = Number(/\/ctas\/(\d+)$/.exec(fromTemplate.headers.get("location")!)![1]);
    expect(await loadCtaDocument(t.db, SV, templateId)).toMatchObject({ name: "Ny mall", status: "draft" });
    const scratch = await submit(path, A, { intent: "create", name: "Från grunden", cta_type: "bar", subtype: "top" });
    expect(scratch.status).toBe(302);
    const before = await t.db.cta.count({ where: { websiteId: SV } });
    // Only creating: list actions, hostile and oversized values are refused and store nothing.
    for (const fields of [
      { intent: "archive", id: String(ctaOfA) },
      { intent: "create", name: "x", template: "../../etc/passwd" },
      { intent: "create", name: "x", template: "exit-popup\u0000", cta_type: "<script>" },
      { intent: "create".repeat(10_000) },
    ] as Record<string, string>[]) {
      const res = await submit(path, A, fields);
      expect(res.status, JSON.stringify(fields).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect(await t.db.cta.count({ where: { websiteId: SV } })).toBe(before);
    expect((await t.db.cta.findUniqueOrThrow({ where: { id: ctaOfA } })).status).not.toBe("archived");
    // Another website's owner cannot create here.
    expect((await submit(path, B, { intent: "create", name: "x", template: "exit-popup" })).status).toBe(404);
    expect(await t.db.cta.count({ where: { websiteId: SV } })).toBe(before);
  });

  it("creates a draft of every type and subtype", async () => {
    for (const [cta_type, subtype] of [
      ["overlay", "splash"],
      ["bar", "bottom"],
      ["inline", "sidebar"],
      ["page", ""],
      ["hook", "vertical"],
      ["two-tap", ""],
    ]) {
      const res = await submit(`/owner/websites/${SV}/ctas`, A, {
        intent: "create",
        name: `New ${cta_type}`,
        cta_type,
        subtype,
        template: "form",
      });
      expect(res.status, cta_type).toBe(302);
      const id = Number(/\/ctas\/(\d+)$/.exec(res.headers.get("location")!)![1]);
      const doc = (await loadCtaDocument(t.db, SV, id))!;
      expect(doc).toMatchObject({ name: `New ${cta_type}`, cta_type, status: "draft", published_at: null });
      if (subtype) expect(Object.values(doc)).toContain(subtype);
      // The Swedish site's CTA starts in Swedish, whatever the admin's language.
      expect(JSON.stringify(doc.variants)).toContain("Prenumerera på vårt nyhetsbrev");
      expect(JSON.stringify(doc.variants)).not.toContain("Join our newsletter");
      const editor = await get(res.headers.get("location")!, A);
      expect(editor.status).toBe(200);
    }
  });

  it("creates a draft from a gallery template in the website's language, named as the owner asks", async () => {
    const create = async (name: string) => {
      const res = await submit(`/owner/websites/${SV}/ctas`, A, {
        intent: "create",
        name,
        template: "exit-popup",
        from_gallery: "1",
      });
      expect(res.status).toBe(302);
      return (await loadCtaDocument(t.db, SV, Number(/\/ctas\/(\d+)$/.exec(res.headers.get("location")!)![1])))!;
    };
    const swedish = await create("");
    expect(swedish).toMatchObject({
      name: "Exitpopup: gratis guide",
      cta_type: "overlay",
      overlay_type: "boxed",
      status: "draft",
      broadcast_id: null,
      options: { trigger: "exit" },
    });
    expect(JSON.stringify(swedish.variants)).toContain("Vänta! Ta med dig vår gratis guide");
    const { language } = await t.db.website.findUniqueOrThrow({ where: { id: SV } });
    await t.db.website.update({ where: { id: SV }, data: { language: "en" } });
    try {
      const english = await create("My exit popup");
      expect(english.name).toBe("My exit popup");
      expect(JSON.stringify(english.variants)).toContain("Wait! Take our free guide with you");
    } finally {
      await t.db.website.update({ where: { id: SV }, data: { language } });
    }
  });

  it("says what is missing when a CTA cannot be created", async () => {
    const res = await submit(`/owner/websites/${SV}/ctas`, A, {
      intent: "create",
      name: "",
      cta_type: "overlay",
      subtype: "boxed",
    });
    expect(res.status).toBe(422);
    expect(await text(res)).toContain("Give the CTA a name");
    const bad = await submit(`/owner/websites/${SV}/ctas`, A, { intent: "create", name: "x", cta_type: "modal" });
    expect(bad.status).toBe(422);
    expect(await text(bad)).toContain("Choose a CTA type");
  });

  it("duplicates, publishes, unpublishes and archives", async () => {
    const dup = await submit(`/owner/websites/${SV}/ctas`, A, { intent: "duplicate", id: String(ctaOfA) });
    expect(dup.status).toBe(302);
    const copyId = Number(/\/ctas\/(\d+)$/.exec(dup.headers.get("location")!)![1]);
    const copy = (await loadCtaDocument(t.db, SV, copyId))!;
    expect(copy.name).toBe("Exitpopup – E-bok Säljteknik (copy)");
    expect(copy.status).toBe("draft");

    const pub = await submit(`/owner/websites/${SV}/ctas`, A, { intent: "publish", id: String(copyId) });
    expect(pub.status).toBe(200);
    expect(await text(pub)).toContain("is published");
    const published = await t.db.cta.findUniqueOrThrow({ where: { id: copyId } });
    expect(published.status).toBe("published");
    expect(published.publishedAt).not.toBeNull();

    expect((await submit(`/owner/websites/${SV}/ctas`, A, { intent: "draft", id: String(copyId) })).status).toBe(200);
    expect((await t.db.cta.findUniqueOrThrow({ where: { id: copyId } })).status).toBe("draft");
    expect((await submit(`/owner/websites/${SV}/ctas`, A, { intent: "archive", id: String(copyId) })).status).toBe(200);
    expect((await t.db.cta.findUniqueOrThrow({ where: { id: copyId } })).status).toBe("archived");
  });

  it("the editor shows the whole document, the preview and the pickers", async () => {
    const res = await get(`/owner/websites/${SV}/ctas/${ctaOfA}`, A);
    expect(res.status).toBe(200);
    const html = await text(res);
    expect(html).toContain("Exitpopup – E-bok Säljteknik");
    expect(html).toContain("Variant A share of visitors");
    expect(html).toContain('sandbox="allow-scripts allow-forms allow-popups"');
    expect(html).toContain("Exit popup – alla sidor utom kassan");
  });

  it("an inline CTA's editor shows the key the theme's inline block takes, with a copy button", async () => {
    const inline = await t.db.cta.findFirstOrThrow({ where: { websiteId: SV, ctaType: "inline" } });
    const html = await text(await get(`/owner/websites/${SV}/ctas/${inline.id}`, A));
    expect(html).toContain("Theme block key");
    expect(html).toMatch(new RegExp(`value="${inline.id}-[a-z0-9-]+"`));
    expect(html).toContain("Copy key");
    // A popup goes in no theme block: no key.
    expect(await text(await get(`/owner/websites/${SV}/ctas/${ctaOfA}`, A))).not.toContain("Theme block key");
  });

  it("shows the server's validation errors by path and stores nothing", async () => {
    const doc = (await loadCtaDocument(t.db, SV, ctaOfA))!;
    const bad = structuredClone(doc);
    bad.variants.push({
      ...structuredClone(doc.variants[0]),
      id: undefined,
      variation: "B",
      percentage: 30,
      steps: [],
    });
    bad.variants[0].percentage = 60;
    bad.variants[0].steps[0].sections[0].columns[0].elements[2].fields[0].slug = "bad slug!";
    const res = await submit(`/owner/websites/${SV}/ctas/${ctaOfA}`, A, {
      intent: "save",
      document: JSON.stringify(bad),
    });
    expect(res.status).toBe(422);
    const html = await text(res);
    expect(html).toContain("Variant percentages must add up to 100 (now 90)");
    expect(html).toContain("Use letters, digits, _ - or . (at most 100)");
    expect(JSON.stringify(await loadCtaDocument(t.db, SV, ctaOfA))).toBe(JSON.stringify(doc));

    const notJson = await submit(`/owner/websites/${SV}/ctas/${ctaOfA}`, A, { intent: "save", document: "{nope" });
    expect(notJson.status).toBe(400);
    expect(await text(notJson)).toContain("The CTA document is not valid JSON");
  });

  it("saves an edited document of a published CTA as a draft; publishing it refreshes published_at", async () => {
    const doc = (await loadCtaDocument(t.db, SV, ctaOfA))!;
    const before = doc.published_at!;
    const edited = structuredClone(doc);
    edited.name = "Exitpopup – ny rubrik";
    edited.options = { ...edited.options, trigger: "delayed", delay: 5 };
    edited.variants[0].steps[0].sections[0].columns[0].elements.push({
      position: 3,
      element_type: "button",
      options: { text: "Läs mer", url: "/bocker" },
      fields: [],
      action_groups: [],
      actions: [],
    } as never);
    await new Promise((r) => setTimeout(r, 5));
    const res = await submit(`/owner/websites/${SV}/ctas/${ctaOfA}`, A, {
      intent: "save",
      document: JSON.stringify({ ...edited, id: 999999 }),
    });
    expect(res.status).toBe(200);
    // Saving a published CTA keeps the edit as a draft: the rows visitors are served stay as they were.
    expect(await text(res)).toContain("visitors still see the published version");
    expect(JSON.stringify(await loadCtaDocument(t.db, SV, ctaOfA))).toBe(JSON.stringify(doc));
    const published = await submit(`/owner/websites/${SV}/ctas/${ctaOfA}`, A, {
      intent: "publish",
      document: JSON.stringify({ ...edited, id: 999999 }),
    });
    expect(published.status).toBe(200);
    const stored = (await loadCtaDocument(t.db, SV, ctaOfA))!;
    expect(stored.name).toBe("Exitpopup – ny rubrik");
    expect(stored.options).toMatchObject({ trigger: "delayed", delay: 5 });
    expect(stored.variants[0].steps[0].sections[0].columns[0].elements.map((e) => e.element_type)).toContain("button");
    expect(Date.parse(stored.published_at!)).toBeGreaterThan(Date.parse(before));
  });

  it("adds a variant B with a 50/50 split and publishes with the save", async () => {
    const res0 = await submit(`/owner/websites/${SV}/ctas`, A, {
      intent: "create",
      name: "Split test",
      cta_type: "overlay",
      subtype: "boxed",
    });
    const id = Number(/\/ctas\/(\d+)$/.exec(res0.headers.get("location")!)![1]);
    const doc = (await loadCtaDocument(t.db, SV, id))!;
    const b = JSON.parse(JSON.stringify(doc.variants[0]), (k, v) => (k === "id" ? undefined : v));
    const split = {
      ...doc,
      test_type: "split",
      variants: [
        { ...doc.variants[0], percentage: 50 },
        { ...b, variation: "B", percentage: 50 },
      ],
    };
    const res = await submit(`/owner/websites/${SV}/ctas/${id}`, A, {
      intent: "publish",
      document: JSON.stringify(split),
    });
    expect(res.status).toBe(200);
    const stored = (await loadCtaDocument(t.db, SV, id))!;
    expect(stored.status).toBe("published");
    expect(stored.published_at).not.toBeNull();
    expect(stored.variants.map((v) => [v.variation, v.percentage])).toEqual([
      ["A", 50],
      ["B", 50],
    ]);
  });

  it("serves the preview page of a draft to its owner only, sandboxed", async () => {
    const draft = await t.db.cta.findFirstOrThrow({ where: { websiteId: SV, status: "draft" } });
    const variant = await t.db.ctaVariant.findFirstOrThrow({ where: { ctaId: draft.id } });
    const res = await get(`/owner/websites/${SV}/ctas/${draft.id}/preview?iframe=true&variant=${variant.id}`, A);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("content-security-policy")).toContain("sandbox allow-scripts");
    expect(res.headers.get("cache-control")).toContain("no-store");
    const html = await res.text();
    expect(html).toContain("/widget/beckon-renderer.js?v=");
    expect(html).toContain(`"variant":"${variant.id}"`);
    expect(html).toContain(JSON.stringify(draft.name).slice(1, -1));
    expect((await get(`/owner/websites/${SV}/ctas/${draft.id}/preview`)).status).toBe(302);
    expect((await get(`/owner/websites/${SV}/ctas/${draft.id}/preview`, B)).status).toBe(404);
  });
});

describe("campaigns", () => {
  it("lists campaigns with their plain-language summary and the site-wide conditions", async () => {
    const res = await get(`/owner/websites/${SV}/broadcasts`, A);
    expect(res.status).toBe(200);
    const html = await text(res);
    expect(html).toContain("Shown to visitors whose page is in category blogg or whose page URL contains /blogg");
    expect(html).toContain("Site-wide conditions");
    expect(html).toContain("/wp-admin");
  });

  it("shows validation errors of a campaign", async () => {
    const res = await submit(`/owner/websites/${SV}/broadcasts/new`, A, {
      intent: "save",
      broadcast: JSON.stringify({
        name: "",
        timeframe: true,
        timezone: "Mars/Olympus",
        conditions: [{ condition_type: "url", url: "", operator: "and", data: {} }],
        cta_ids: [],
      }),
    });
    expect(res.status).toBe(422);
    const html = await text(res);
    expect(html).toContain("Give the broadcast a name");
    expect(html).toContain("Unknown time zone; use a name like Europe/Stockholm");
    const res2 = await submit(`/owner/websites/${SV}/broadcasts/new`, A, {
      intent: "save",
      broadcast: JSON.stringify({
        name: "Timed",
        timeframe: true,
        timezone: "Europe/Stockholm",
        conditions: [],
        cta_ids: [],
      }),
    });
    expect(res2.status).toBe(422);
    expect(await text(res2)).toContain("A timed broadcast needs a start and an end");
    const res3 = await submit(`/owner/websites/${SV}/broadcasts/new`, A, {
      intent: "save",
      broadcast: JSON.stringify({
        name: "No url",
        conditions: [{ condition_type: "url", operator: "and", data: { match: "contains" } }],
        cta_ids: [],
      }),
    });
    expect(res3.status).toBe(422);
    expect(await text(res3)).toContain("A url condition needs url");
    expect(await t.db.broadcast.count({ where: { name: { in: ["", "Timed", "No url"] } } })).toBe(0);
  });

  it("creates a timed campaign with and/or conditions and attaches CTAs", async () => {
    const draft = await t.db.cta.findFirstOrThrow({ where: { websiteId: SV, name: "New hook" } });
    const res = await submit(`/owner/websites/${SV}/broadcasts/new`, A, {
      intent: "save",
      broadcast: JSON.stringify({
        name: "Julkampanj",
        status: true,
        quick: false,
        timezone: "Europe/Stockholm",
        timeframe: true,
        range_start: "2026-11-30T23:00:00.000Z",
        range_end: "2026-12-31T22:59:00.000Z",
        conditions: [
          { condition_type: "url", url: "/blogg", operator: "and", data: { match: "contains" } },
          { condition_type: "category", tag_id: "blogg", operator: "or", data: {} },
          { condition_type: "visits", count: 2, operator: "and", data: { scope: "session", comparison: "greater" } },
        ],
        cta_ids: [draft.id],
      }),
    });
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    const id = Number(/\/broadcasts\/(\d+)\?saved=1$/.exec(location)![1]);
    const b = (await getBroadcast(t.db, SV, id))!;
    expect(b).toMatchObject({ name: "Julkampanj", timezone: "Europe/Stockholm", timeframe: true, cta_ids: [draft.id] });
    expect(b.conditions.map((c) => [c.condition_type, c.operator])).toEqual([
      ["url", "and"],
      ["category", "or"],
      ["visits", "and"],
    ]);
    const page = await get(location, A);
    expect(page.status).toBe(200);
    const html = await text(page);
    expect(html).toContain("Campaign created.");
    expect(html).toContain(
      "Shown to visitors whose page URL contains /blogg, or whose page is in category blogg and with more than 2 pages viewed this session, between 1 Dec 2026 and 31 Dec 2026 (Europe/Stockholm).",
    );

    // Moving the CTA out again and pausing the campaign.
    const update = await submit(`/owner/websites/${SV}/broadcasts/${id}`, A, {
      intent: "save",
      broadcast: JSON.stringify({ ...b, name: "Julkampanj 2", status: false, cta_ids: [] }),
    });
    expect(update.status).toBe(200);
    expect(await text(update)).toContain("Campaign saved.");
    expect(await getBroadcast(t.db, SV, id)).toMatchObject({ name: "Julkampanj 2", status: false, cta_ids: [] });
    expect((await t.db.cta.findUniqueOrThrow({ where: { id: draft.id } })).broadcastId).toBeNull();

    const resume = await submit(`/owner/websites/${SV}/broadcasts`, A, { intent: "resume", id: String(id) });
    expect(resume.status).toBe(200);
    expect((await getBroadcast(t.db, SV, id))!.status).toBe(true);

    const del = await submit(`/owner/websites/${SV}/broadcasts/${id}`, A, { intent: "delete" });
    expect(del.status).toBe(302);
    expect(del.headers.get("location")).toBe(`/owner/websites/${SV}/broadcasts`);
    expect(await getBroadcast(t.db, SV, id)).toBeNull();
  });

  it("saves site-wide conditions and refuses bad ones", async () => {
    const bad = await submit(`/owner/websites/${SV}/broadcasts`, A, {
      intent: "site-conditions",
      conditions: JSON.stringify([
        { condition_type: "cta", cta_id: ctaOfB, condition_cta: "viewed", operator: "and", data: {} },
      ]),
    });
    expect(bad.status).toBe(422);
    expect(await text(bad)).toContain(`No CTA ${ctaOfB} on this website`);
    const ok = await submit(`/owner/websites/${SV}/broadcasts`, A, {
      intent: "site-conditions",
      conditions: JSON.stringify([
        { condition_type: "url", url: "/wp-admin", operator: "and", data: { match: "not_contains" } },
        { condition_type: "country", country: "SE", operator: "and", data: {} },
      ]),
    });
    expect(ok.status).toBe(200);
    expect((await listSiteConditions(t.db, SV)).map((c) => c.condition_type)).toEqual(["url", "country"]);
  });

  it("opens the deep links of the widget's test panel", async () => {
    const b = await t.db.broadcast.findFirstOrThrow({ where: { websiteId: SV } });
    expect((await get(`/owner/websites/${SV}/broadcasts/${b.id}`, A)).status).toBe(200);
    expect((await get(`/owner/websites/${SV}/ctas/${ctaOfA}`, A)).status).toBe(200);
  });
});
