/**
 * The results page: views, conversions, conversion rate, revenue and cart
 * value per CTA, variant and day, A/B verdicts, and marking a winner.
 */
import { prisma } from "~/db.server";
import { clearWinner, ctaChoices, loadResults, markWinner, parsePeriod } from "~/models/results.server";
import { badForm, failureFrom, linksOf, parseId, readAdminForm, type ActionResult, type AdminContext } from "./admin-context.server";

/** Loader of the results page: ?days=7|30|90 or ?from=&to= (UTC days), and ?cta=<id>. */
export async function loadResultsPage(ctx: AdminContext, request: Request) {
  const params = new URL(request.url).searchParams;
  const period = parsePeriod(params);
  const ctas = await ctaChoices(prisma, ctx.websiteId);
  const wanted = parseId(params.get("cta"));
  // A CTA of another website (or none) is simply not chosen.
  const ctaId = wanted !== null && ctas.some((c) => c.id === wanted) ? wanted : null;
  const report = await loadResults(prisma, ctx.websiteId, { period, ctaId });
  const preset = !params.get("from") && !params.get("to") ? String(period.days) : "custom";
  return { links: linksOf(ctx), report, ctas, preset };
}

/** Actions: intent=winner (ctaId, variantId) and intent=clear-winner (ctaId). */
export async function actionResultsPage(ctx: AdminContext, request: Request) {
  const form = await readAdminForm(ctx, request);
  const intent = String(form.get("intent") ?? "");
  const ctaId = parseId(String(form.get("ctaId") ?? ""));
  if (ctaId === null) return badForm("Choose a CTA.");
  try {
    if (intent === "winner") {
      const variantId = parseId(String(form.get("variantId") ?? ""));
      if (variantId === null) return badForm("Choose the winning variant.");
      await markWinner(prisma, ctx.websiteId, ctaId, variantId);
      const letter = String(form.get("letter") ?? "").slice(0, 2);
      return { ok: true, message: `Variant ${letter || variantId} is the winner: it now gets all the traffic.` } satisfies ActionResult;
    }
    if (intent === "clear-winner") {
      await clearWinner(prisma, ctx.websiteId, ctaId);
      return { ok: true, message: "The test runs again: traffic is split evenly between the variants." } satisfies ActionResult;
    }
  } catch (e) {
    return failureFrom(e);
  }
  return badForm("Unknown action.");
}
