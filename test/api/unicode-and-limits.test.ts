/**
 * Input that once reached the database layer and came back as a 500: lone
 * UTF-16 surrogates (JSON's "\ud83d" escapes), JSON nested 1,000 deep, and
 * ids beyond the database's 32-bit columns. Strings are repaired (a lone
 * surrogate becomes U+FFFD, nothing else of the lead is lost); nesting and
 * ids are refused with a 422 that names the field, and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import type { TestDatabase } from "#test/support/test-database";
import type { TestServer } from "#test/support/server";
import { firstShopWebsiteId, serveNewDatabase, stopServerAndDrop } from "#test/support/served-database";
import { postPublic } from "#test/support/http";
import { leadRowCounts } from "#test/support/lead-counts";

let tdb: TestDatabase;
let server: TestServer;
let site: number;

const token = () => randomBytes(16).toString("hex");
const clientId = () => randomBytes(10).toString("hex");
const post = (path: string, body: unknown) => postPublic(server.origin, path, body);

/** A high surrogate without its low half, and a low one alone: what truncating "😀" at the wrong unit leaves. */
const HIGH = "\ud83d";
const LOW = "\ude00";
const FFFD = "\ufffd";

/** Every string in a stored value, keys included. */
function strings(v: unknown): string[] {
  if (typeof v === "string") return [v];
  if (v === null || typeof v !== "object") return [];
  return Object.entries(v).flatMap(([k, x]) => [...(Array.isArray(v) ? [] : [k]), ...strings(x)]);
}
const isWellFormed = (s: string) => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);

async function createVisitor(): Promise<string> {
  const t = token();
  expect((await post(`/api/websites/${site}/visitors`, { visitor: { visitor_token: t } })).status).toBe(201);
  return t;
}

const counts = () => leadRowCounts(tdb.db);

/** JSON text of objects nested `depth` levels deep, written by hand. */
const nested = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);

beforeAll(async () => {
  ({ tdb, server } = await serveNewDatabase({ seed: true }));
  site = await firstShopWebsiteId(tdb.db);
});

afterAll(() => stopServerAndDrop(server, tdb));

describe("lone surrogates are repaired, never a 500", () => {
  it("in a visitor's landing page, referrer, UTMs and data (keys and values)", async () => {
    const t = token();
    const r = await post(`/api/websites/${site}/visitors`, {
      visitor: {
        visitor_token: t,
        landing_page: `https://example.se/${HIGH}`,
        referral_source: `https://ref.se/${LOW}`,
        data: { [`k${HIGH}`]: `v${LOW}`, list: [HIGH] },
      },
      utms: { utm_source: `news${HIGH}`, utm_campaign: `${LOW}x` },
    });
    expect(r.status, r.text).toBe(201);
    const p = await tdb.db.person.findFirstOrThrow({ where: { websiteId: site, visitorToken: t } });
    expect(p.landingPage).toBe(`https://example.se/${FFFD}`);
    expect(p.referralSource).toBe(`https://ref.se/${FFFD}`);
    expect(p.utmSource).toBe(`news${FFFD}`);
    expect(p.utmCampaign).toBe(`${FFFD}x`);
    expect(p.data).toEqual({ [`k${FFFD}`]: `v${FFFD}`, list: [FFFD] });
  });

  it("in a contact's name and extra (keys and values), keeping a well-formed emoji as it is", async () => {
    const t = await createVisitor();
    const id = clientId();
    const r = await post(`/api/websites/${site}/contacts/create`, {
      contact: {
        id,
        visitor_token: t,
        email: "anna@example.se",
        name: `Anna ${HIGH}`,
        last_name: "Ö😀",
        source_url: `https://example.se/${LOW}`,
        extra: { [`färg${HIGH}`]: `blå${LOW}`, tags: [`a${HIGH}`] },
      },
    });
    expect(r.status, r.text).toBe(201);
    const person = await tdb.db.person.findFirstOrThrow({ where: { websiteId: site, visitorToken: t } });
    expect(person.name).toBe(`Anna ${FFFD}`);
    expect(person.lastName).toBe("Ö😀");
    expect(person.extra).toMatchObject({ [`färg${FFFD}`]: `blå${FFFD}`, tags: [`a${FFFD}`] });
    const sub = await tdb.db.contactSubmission.findFirstOrThrow({ where: { websiteId: site, clientId: id } });
    expect(sub.sourceUrl).toBe(`https://example.se/${FFFD}`);
    expect(strings(sub.payload).every(isWellFormed)).toBe(true);
  });

  it("in an event's url and data, single and batched", async () => {
    const t = await createVisitor();
    const one = clientId();
    const r = await post(`/api/websites/${site}/events/create`, {
      event: {
        id: one,
        event_type: "View",
        visitor_token: t,
        url: `https://example.se/${HIGH}`,
        data: { [`k${LOW}`]: HIGH },
      },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json.stored).toBe(1);
    const two = clientId();
    const b = await post(`/api/websites/${site}/events/create`, {
      events: [{ id: two, event_type: "View", visitor_token: t, url: `${LOW}` }],
    });
    expect(b.status, b.text).toBe(200);
    expect(b.json.stored).toBe(1);
    const events = await tdb.db.trackedEvent.findMany({
      where: { websiteId: site, clientId: { in: [one, two] } },
      orderBy: { id: "asc" },
    });
    expect(events.map((e) => e.url)).toEqual([`https://example.se/${FFFD}`, FFFD]);
    expect(events[0].data).toEqual({ [`k${FFFD}`]: FFFD });
  });
});

describe("JSON nested 1,000 deep is a 422 naming the field", () => {
  it.each([
    [
      "visitor data",
      "/visitors",
      () => `{"visitor":{"visitor_token":"${token()}","data":{"d":${nested(1000)}}}}`,
      "visitor.data.d.a",
    ],
    [
      "event data",
      "/events/create",
      () =>
        `{"event":{"id":"${clientId()}","event_type":"View","visitor_token":"${token()}","data":{"d":${nested(1000)}}}}`,
      "event.data.d.a",
    ],
    [
      "contact extra",
      "/contacts/create",
      () =>
        `{"contact":{"id":"${clientId()}","visitor_token":"${token()}","email":"a@example.se","extra":{"d":${nested(1000)}}}}`,
      "contact.extra.d.a",
    ],
    ["the body itself", "/events/create", () => nested(1000), "a.a.a.a"],
  ])("%s", async (_what, path, body, field) => {
    const before = await counts();
    const r = await post(`/api/websites/${site}${path}`, body());
    expect(r.status, r.text).toBe(422);
    expect(r.json.error.field).toBe(field);
    expect(r.json.error.message).toMatch(/nest/);
    expect(await counts()).toEqual(before);
  });

  it("nesting up to the limit of 32 levels is stored, one more is refused", async () => {
    const t = await createVisitor();
    // The body, event and data are three levels: 29 more make 32.
    const body = (depth: number) =>
      `{"event":{"id":"${clientId()}","event_type":"View","visitor_token":"${t}","data":{"d":${nested(depth)}}}}`;
    const ok = await post(`/api/websites/${site}/events/create`, body(29));
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.stored).toBe(1);
    const over = await post(`/api/websites/${site}/events/create`, body(30));
    expect(over.status, over.text).toBe(422);
  });
});

describe("ids beyond the database's range are a 422 naming the field", () => {
  const HUGE = 2 ** 63 + 2 ** 12;
  it.each(["cta_id", "variant_id", "step_id", "element_id", "broadcast_id", "contactable_id"])(
    "%s in an event and a contact",
    async (key) => {
      const t = await createVisitor();
      const before = await counts();
      const e = await post(`/api/websites/${site}/events/create`, {
        event: { id: clientId(), event_type: "View", visitor_token: t, [key]: HUGE },
      });
      expect(e.status, e.text).toBe(422);
      expect(e.json.error.field).toBe(`event.${key}`);
      const c = await post(`/api/websites/${site}/contacts/create`, {
        contact: { id: clientId(), visitor_token: t, email: "a@example.se", [key]: HUGE },
      });
      expect(c.status, c.text).toBe(422);
      expect(c.json.error.field).toBe(`contact.${key}`);
      expect(await counts()).toEqual(before);
    },
  );

  it("in a visitor's contact_id and a batch's action_groups", async () => {
    const v = await post(`/api/websites/${site}/visitors`, { visitor: { visitor_token: token(), contact_id: HUGE } });
    expect(v.status, v.text).toBe(422);
    expect(v.json.error.field).toBe("visitor.contact_id");
    const t = await createVisitor();
    const a = await post(`/api/websites/${site}/events/create`, {
      events: [{ id: clientId(), event_type: "View", visitor_token: t }],
      action_groups: [HUGE],
    });
    expect(a.status, a.text).toBe(422);
    expect(a.json.error.field).toBe("action_groups.0");
  });

  it("in route parameters: an unknown website or CTA, not a 500", async () => {
    for (const id of ["9223372036854775808", "18446744073709551616", "2147483648"]) {
      const e = await post(`/api/websites/${id}/events/create`, {
        event: { id: clientId(), event_type: "View", visitor_token: token() },
      });
      expect(e.status, e.text).toBe(404);
      expect(e.json.error.field).toBe("website_id");
      for (const p of [
        `/api/websites/${id}.js`,
        `/api/cta/${id}.json`,
        `/api/cta/${id}.js`,
        `/api/visitors/${token()}?website_id=${id}`,
      ]) {
        const g = await fetch(server.origin + p);
        expect(g.status, p).toBeGreaterThanOrEqual(400);
        expect(g.status, p).toBeLessThan(500);
      }
    }
  });
});
