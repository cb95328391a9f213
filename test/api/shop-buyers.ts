/**
 * What the API tests about a shop's buyers share: a visitor made as the
 * widget makes one, its conversion on a CTA variant (the widget's Submission
 * event), and the owner's results page data as the page gets it.
 */
import { decode } from "turbo-stream";
import { expect } from "vitest";
import { postPublic } from "#test/support/http";
import { clientId, token } from "#test/support/row-factories";
import type { ResultsReport } from "#app/models/results/results.server";

/** A visitor of the website, as the widget creates one (its token is what the widget's cookie holds). */
export async function newVisitor(origin: string, websiteId: number): Promise<string> {
  const visitorToken = token();
  const res = await postPublic(origin, `/api/websites/${websiteId}/visitors`, {
    visitor: { visitor_token: visitorToken, landing_page: "https://shop.example/", platform: "Web", data: {} },
    new: true,
  });
  expect(res.status).toBeLessThan(300);
  return visitorToken;
}

/** The visitor converts on a CTA variant: the Submission event the widget sends. */
export async function convertOn(
  origin: string,
  websiteId: number,
  visitorToken: string,
  cta: { ctaId: number; variantId: number },
) {
  const res = await postPublic(origin, `/api/websites/${websiteId}/events/create`, {
    event: {
      id: clientId(),
      event_type: "Submission",
      visitor_token: visitorToken,
      cta_id: cta.ctaId,
      variant_id: cta.variantId,
      contactable_type: "Cta",
      contactable_id: cta.ctaId,
    },
  });
  expect(res.status).toBe(200);
  expect(res.json.stored).toBe(1);
}

/** The results page's data for a signed-in owner (the loader's answer, as the page gets it). */
export async function ownerResults(origin: string, websiteId: number, cookie: string): Promise<ResultsReport> {
  const res = await fetch(`${origin}/owner/websites/${websiteId}/results.data?days=7`, { headers: { Cookie: cookie } });
  expect(res.status).toBe(200);
  const decoded = await decode(res.body!);
  await decoded.done;
  const routes = decoded.value as Record<string, { data?: { report: ResultsReport } }>;
  const route = Object.values(routes).find((r) => r?.data?.report);
  if (!route) throw new Error(`no results report in ${JSON.stringify(Object.keys(routes))}`);
  return route.data!.report;
}

/** The revenue and order count of one CTA variant in a results report. */
export function variantFiguresOf(report: ResultsReport, cta: { ctaId: number; variantId: number }) {
  const m = report.ctas.find((c) => c.id === cta.ctaId)!.variants.find((v) => v.id === cta.variantId)!.metrics;
  return { revenue: m.revenue, orders: m.orders };
}
