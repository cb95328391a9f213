/**
 * Targeting presets over HTTP against the built server: "New visitors" +
 * "utm_source = newsletter" + "page contains /blogg" saved from the CTA
 * editor store condition rows identical to those the Campaigns page stores
 * for the same choices; saving again updates that campaign rather than
 * adding another; hostile or malformed input is refused with the field
 * named, and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestDatabase } from "#test/support/test-database";
import type { TestServer } from "#test/support/server";
import { serveNewDatabase, stopServerAndDrop } from "#test/support/served-database";
import { seededSvOwnerCookie, submitAsOwner } from "#test/support/owner-session";
import { campaignsPageConditions } from "#test/support/factories";

let t: TestDatabase;
let server: TestServer;
let cookie: string;
let sv: number;
let ctaId: number;

const submit = (path: string, fields: Record<string, string>) => submitAsOwner(server.origin, cookie, path, fields);

beforeAll(async () => {
  ({ tdb: t, server } = await serveNewDatabase({
    seed: true,
    env: { SESSION_SECRET: "x".repeat(32), BECKON_OUTBOX_WORKER: "0" },
  }));
  sv = (await t.db.website.findFirstOrThrow({ where: { currency: "SEK" } })).id;
  ctaId = (await t.db.cta.findFirstOrThrow({ where: { websiteId: sv, ctaType: "overlay" } })).id;
  cookie = await seededSvOwnerCookie(server.origin);
});

afterAll(() => stopServerAndDrop(server, t));

/** A campaign's condition rows without what differs by nature (ids, owner). */
const rowsOf = async (broadcastId: number) =>
  (await t.db.condition.findMany({ where: { broadcastId }, orderBy: { position: "asc" } })).map(
    ({ id: _id, broadcastId: _b, ...rest }) => rest,
  );

describe("targeting presets", () => {
  let presetId: number;

  it("store the same condition rows as the Campaigns page for the same choices", async () => {
    const res = await submit(`/owner/websites/${sv}/ctas/${ctaId}`, {
      intent: "targeting",
      targeting: JSON.stringify({ visitor: "new", utm_source: "newsletter", page_url: "/blogg" }),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("saved with 3 conditions");
    const preset = await t.db.broadcast.findFirstOrThrow({
      where: { websiteId: sv, name: { endsWith: "– targeting" } },
      orderBy: { id: "desc" },
    });
    presetId = preset.id;

    // The Campaigns page, as its builder posts "Number of visits: in total, less than 2", "utm_source is newsletter", "Page URL contains /blogg".
    const conditions = campaignsPageConditions();
    const page = await submit(`/owner/websites/${sv}/broadcasts/new`, {
      intent: "save",
      broadcast: JSON.stringify({ name: "Från kampanjsidan", conditions, cta_ids: [] }),
    });
    expect(page.status).toBe(302);
    const fromPage = await t.db.broadcast.findFirstOrThrow({ where: { websiteId: sv, name: "Från kampanjsidan" } });

    const mine = await rowsOf(presetId);
    expect(mine).toHaveLength(3);
    expect(mine).toEqual(await rowsOf(fromPage.id));
  });

  it("saving again updates the CTA's preset campaign instead of adding one", async () => {
    const before = await t.db.broadcast.count({ where: { websiteId: sv } });
    const res = await submit(`/owner/websites/${sv}/ctas/${ctaId}`, {
      intent: "targeting",
      broadcast_id: String(presetId),
      targeting: JSON.stringify({ visitor: "returning", utm_source: "", page_url: "" }),
    });
    expect(res.status).toBe(200);
    expect(await t.db.broadcast.count({ where: { websiteId: sv } })).toBe(before);
    const rows = await rowsOf(presetId);
    expect(rows.map((r) => [r.conditionType, r.count, r.data])).toEqual([
      ["visits", 1, { scope: "total", comparison: "greater" }],
    ]);
  });

  it("refuses malformed and hostile input with the field named, storing nothing", async () => {
    const before = await t.db.broadcast.count({ where: { websiteId: sv } });
    const cases: [string, number, string][] = [
      [JSON.stringify({ visitor: "everyone" }), 422, "targeting.visitor"],
      [JSON.stringify({ utm_source: "x".repeat(300) }), 422, "targeting.utm_source"],
      [JSON.stringify({ page_url: "/a\u0000" }), 422, "targeting.page_url"],
      ["{nope", 400, "not valid JSON"],
      ["x".repeat(20_000), 400, "targeting"],
    ];
    for (const [targeting, status, says] of cases) {
      const res = await submit(`/owner/websites/${sv}/ctas/${ctaId}`, { intent: "targeting", targeting });
      expect(res.status, says).toBe(status);
      expect(await res.text(), says).toContain(says);
    }
    expect(await t.db.broadcast.count({ where: { websiteId: sv } })).toBe(before);
  });
});
