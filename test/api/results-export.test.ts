/**
 * The results CSV against the built server: GET
 * /owner/websites/{id}/results?days=30&export=csv answers the signed-in
 * owner with the rollups' figures, streamed; anyone else gets no data; a bad
 * export value is a 400 naming the field; hostile period and CTA params are
 * clamped or ignored, never an error page.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { cta, server, t, websiteId, withOwnedWebsiteServer } from "./owned-website-harness";
import { postPublic } from "#test/support/http";
import { ownerCookie } from "#test/support/owner-session";
import { clientId, token, websiteMock } from "#test/support/row-factories";
import { parseCsv } from "#app/view/csv";
import { RESULTS_CSV_COLUMNS } from "#app/models/results/results-csv.server";

let otherWebsiteId: number;
let session: string;
const OWNER = { email: "export-owner@beckon.test", password: "the export owner's password" };

withOwnedWebsiteServer({ ...OWNER, name: "Export owner" });

beforeAll(async () => {
  otherWebsiteId = (await websiteMock(t.db)).id;
  session = await ownerCookie(server.origin, OWNER.email, OWNER.password);

  const visitors = [token(), token(), token()];
  for (const v of visitors) await t.db.person.create({ data: { websiteId, visitorToken: v, extra: {}, data: {} } });
  const ids = { cta_id: cta.ctaId, variant_id: cta.variantId };
  const events = visitors.flatMap((v) =>
    [1, 2, 3].map(() => ({ id: clientId(), event_type: "View", visitor_token: v, ...ids })),
  );
  const res = await postPublic(server.origin, `/api/websites/${websiteId}/events/create`, { events });
  expect(res.status).toBeLessThan(300);
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.origin}${path}`, { headers, redirect: "manual" });

describe("results CSV export", () => {
  it("answers the owner with one row per day, CTA and variant", async () => {
    const res = await get(`/owner/websites/${websiteId}/results?days=30&export=csv`, { Cookie: session });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="results-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const rows = parseCsv(Buffer.from(await res.arrayBuffer()).toString("utf8"));
    expect(rows[0]).toEqual([...RESULTS_CSV_COLUMNS]);
    expect(rows).toHaveLength(2);
    const row = Object.fromEntries(RESULTS_CSV_COLUMNS.map((c, i) => [c, rows[1][i]]));
    expect(row).toMatchObject({
      cta_id: String(cta.ctaId),
      goal: "leads",
      views: "9",
      unique_viewers: "3",
      leads: "0",
      conversions: "0",
    });
  });

  it("answers the same at the export route itself, and a page URL never renders as a page when it asks for an export", async () => {
    const direct = await get(`/owner/websites/${websiteId}/results/export?days=30`, { Cookie: session });
    expect(direct.status).toBe(200);
    // Answered in place (no redirect: a benchmark or script need not follow one).
    const viaPage = await get(`/owner/websites/${websiteId}/results/?days=30&export=csv`, { Cookie: session });
    expect(viaPage.status).toBe(200);
    expect(Buffer.from(await viaPage.arrayBuffer()).toString("utf8")).toBe(
      Buffer.from(await direct.arrayBuffer()).toString("utf8"),
    );
  });

  it("gives no data to anyone but the website's owner", async () => {
    const anonymous = await get(`/owner/websites/${websiteId}/results?days=30&export=csv`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("content-type") ?? "").not.toContain("text/csv");
    const foreign = await get(`/owner/websites/${otherWebsiteId}/results?days=30&export=csv`, { Cookie: session });
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).not.toContain("unique_viewers");
  });

  it.each([
    ["xml", ""],
    ["", ""],
    ["CSV", ""],
    ["csv,json", ""],
    ["<script>", ""],
    ["csv".repeat(2000), "(6,000 characters)"],
  ])("refuses export=%j %s with a 400 naming the field", async (value) => {
    const res = await get(`/owner/websites/${websiteId}/results?export=${encodeURIComponent(value)}`, {
      Cookie: session,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { field: "export", message: "export must be csv" } });
  });

  it.each([
    "days=-5",
    "days=99999999999999999999",
    "from=2026-02-30&to=yesterday",
    "from=1900-01-01&to=2999-12-31",
    `cta=${"9".repeat(40)}`,
    "cta=-1",
    "cta=1%27%20OR%201%3D1",
  ])("clamps or ignores hostile period and CTA params (%s)", async (query) => {
    const res = await get(`/owner/websites/${websiteId}/results?${query}&export=csv`, { Cookie: session });
    expect(res.status).toBe(200);
    const rows = parseCsv(Buffer.from(await res.arrayBuffer()).toString("utf8"));
    expect(rows[0]).toEqual([...RESULTS_CSV_COLUMNS]);
  });
});
