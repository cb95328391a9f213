/**
 * Forged revenue against the built server: an order's revenue is bounded at
 * the API, an order id counts once however often it is sent, and an order
 * far above the website's usual ones is flagged on the results page and
 * left out of the revenue total.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { cta, server, t, websiteId, withOwnedWebsiteServer } from "./owned-website-harness";
import { postPublic } from "#test/support/http";
import { ownerCookie } from "#test/support/owner-session";
import { clientId, token } from "#test/support/row-factories";
import { formatMoney } from "#app/components/results/format";
import { MAX_EVENT_REVENUE } from "#contract/revenue";

let visitor: string;
const OWNER = { email: "results-owner@beckon.test", password: "the results owner's password" };

withOwnedWebsiteServer({ ...OWNER, name: "Results owner" });

beforeAll(async () => {
  visitor = token();
  await t.db.person.create({ data: { websiteId, visitorToken: visitor, extra: {}, data: {} } });
});

/** An Order event as trackPurchase sends it, credited to the test CTA. */
function order(orderId: string, revenue: number) {
  return {
    id: clientId(),
    event_type: "Order",
    visitor_token: visitor,
    cta_id: cta.ctaId,
    variant_id: cta.variantId,
    revenue,
    data: { order_id: orderId },
  };
}

const sendEvents = (body: unknown) => postPublic(server.origin, `/api/websites/${websiteId}/events/create`, body);

/** The results page's HTML for the signed-in owner. */
async function resultsPage(): Promise<string> {
  const session = await ownerCookie(server.origin, OWNER.email, OWNER.password);
  const page = await fetch(`${server.origin}/owner/websites/${websiteId}/results?days=7`, {
    headers: { Cookie: session },
  });
  expect(page.status).toBe(200);
  return page.text();
}

function revenueStat(html: string): string {
  const m = />Revenue<\/h3>\s*<p[^>]*>([^<]+)<\/p>/.exec(html);
  if (!m) throw new Error("no Revenue figure on the results page");
  return m[1];
}

describe("order revenue", () => {
  it("refuses a forged 1,000,000,000,000.00 order with 422 naming revenue, storing nothing", async () => {
    const single = await sendEvents({ event: order("forged-1", 1e12) });
    expect(single.status).toBe(422);
    expect(single.json.error.field).toBe("event.revenue");
    expect(single.json.error.message).toContain(String(MAX_EVENT_REVENUE));

    const batch = await sendEvents({ events: [order("fine-1", 10), order("forged-2", 1e12)] });
    expect(batch.status).toBe(422);
    expect(batch.json.error.field).toBe("events.1.revenue");

    for (const bad of [-5, MAX_EVENT_REVENUE + 1]) {
      const res = await sendEvents({ event: order(`bad-${bad}`, bad) });
      expect(res.status, String(bad)).toBe(422);
      expect(res.json.error.field, String(bad)).toBe("event.revenue");
    }
    expect(await t.db.trackedEvent.count({ where: { websiteId } })).toBe(0);
  });

  it("counts an order once when sent twice, and flags an outlier out of the revenue total", async () => {
    const normal = [
      ["o-1", 100],
      ["o-2", 120],
      ["o-3", 80],
      ["o-4", 110],
      ["o-5", 90],
    ] as const;
    for (const [id, revenue] of normal) expect((await sendEvents({ event: order(id, revenue) })).status).toBe(200);
    // The same order again, as a second event (another client id): stored, but not counted again.
    expect((await sendEvents({ event: order("o-1", 100) })).status).toBe(200);
    // Within the bound, but far out of line with this website's orders.
    expect((await sendEvents({ event: order("o-huge", 900_000) })).status).toBe(200);

    const html = await resultsPage();
    const currency = (await t.db.website.findUniqueOrThrow({ where: { id: websiteId } })).currency;
    expect(revenueStat(html)).toBe(formatMoney(500, currency));
    expect(html).toContain(">Orders: 5. Orders credited to a CTA");
    const flagged = /data-testid="flagged-orders"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1].replace(/<!--.*?-->/g, "");
    expect(flagged).toBeDefined();
    expect(flagged).toContain(`1 order (${formatMoney(900_000, currency)})`);
    expect(flagged).toContain("not counted in revenue");
  });
});
