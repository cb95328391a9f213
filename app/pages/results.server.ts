/**
 * The results page: views, unique viewers, clicks, leads, completions,
 * conversions, revenue and cart value per CTA, variant and day, A/B
 * verdicts, marking a winner, and the same figures as CSV (?export=csv).
 */
import { redirect } from "@remix-run/node";
import { prisma } from "#app/db.server";
import { resultsExportUrl } from "#app/models/results/results-export-url";
import { parsePeriod } from "#app/models/results/results-period";
import { clearWinner, markWinner } from "#app/models/ab-winner.server";
import { resultsCsv } from "#app/models/results/results-csv.server";
import { ctaChoices, loadResults } from "#app/models/results/results.server";
import { hasFigures } from "#app/models/results/conversions";
import { codeResults } from "#app/models/discount-codes/redeem.server";
import type { CodeResultLine } from "#app/components/results/CodeResultsCard";
import type { PrizeResultLine } from "#app/components/results/PrizeResultsCard";
import { prizeWins } from "#app/models/prize-draw.server";
import { quizOutcomeCounts } from "#app/models/results/quiz-outcomes.server";
import type { QuizOutcomeResultLine } from "#app/components/results/QuizOutcomeResultsCard";
import {
  badForm,
  failureFrom,
  linksOf,
  readAdminForm,
  type ActionResult,
  type AdminContext,
} from "./admin-context.server";
import { parseId } from "#app/server/id";
import { adminLanguage, translator } from "#app/i18n";

/** Loader of the results page: ?days=7|30|90 or ?from=&to= (UTC days), ?cta=<id>, and ?archived=1 to count archived CTAs. */
export async function loadResultsPage(ctx: AdminContext, request: Request) {
  const url = new URL(request.url);
  const exportUrl = resultsExportUrl(url.pathname + url.search);
  if (exportUrl) throw redirect(exportUrl);
  const params = url.searchParams;
  const period = parsePeriod(params);
  const includeArchived = params.get("archived") === "1";
  const all = await ctaChoices(prisma, ctx.websiteId);
  const wanted = parseId(params.get("cta"));
  // A CTA of another website (or none) is simply not chosen; an archived one still can be, by a link to it.
  const ctaId = wanted !== null && all.some((c) => c.id === wanted) ? wanted : null;
  const report = await loadResults(prisma, ctx.websiteId, { period, ctaId, includeArchived });
  // One row per CTA that is live or has figures: drafts never shown and archived copies would only repeat names.
  const rows = report.ctas.filter((c) => c.status === "published" || c.id === ctaId || hasFigures(c.metrics));
  const ctas = all
    .filter((c) => includeArchived || c.status !== "archived" || c.id === ctaId)
    .map(({ id, name }) => ({ id, name }));
  const preset = !params.get("from") && !params.get("to") ? String(period.days) : "custom";
  return {
    links: linksOf(ctx),
    report: { ...report, ctas: rows },
    ctas,
    preset,
    includeArchived,
    codes: await codeResultLines(ctx.websiteId, ctaId),
    prizes: await prizeResultLines(ctx.websiteId, ctaId),
    outcomes: await outcomeResultLines(ctx.websiteId, ctaId),
  };
}

/** The CTA and variant names of result lines, as the page names them (a variant by its letter). */
async function namesOf(websiteId: number, rows: { ctaId: number; variantId: number | null }[]) {
  const [ctaRows, variants] = await Promise.all([
    prisma.cta.findMany({
      where: { websiteId, id: { in: rows.map((r) => r.ctaId) } },
      select: { id: true, name: true },
    }),
    prisma.ctaVariant.findMany({
      where: { id: { in: rows.flatMap((r) => (r.variantId ? [r.variantId] : [])) } },
      select: { id: true, variation: true },
    }),
  ]);
  return (r: { ctaId: number; variantId: number | null }) => ({
    cta: ctaRows.find((c) => c.id === r.ctaId)?.name ?? String(r.ctaId),
    variant: variants.find((v) => v.id === r.variantId)?.variation ?? "–",
  });
}

/** Prize wins per CTA, variant and prize (all time, as the prizes' limits count them). */
async function prizeResultLines(websiteId: number, ctaId: number | null): Promise<PrizeResultLine[]> {
  const rows = await prizeWins(prisma, websiteId, ctaId === null ? undefined : [ctaId]);
  if (!rows.length) return [];
  const named = await namesOf(websiteId, rows);
  return rows.map((r) => ({ ...named(r), prize: r.label, wins: r.wins, limit: r.limit }));
}

/** Quiz completions per CTA, variant and outcome (all time, as the leads carry them). */
async function outcomeResultLines(websiteId: number, ctaId: number | null): Promise<QuizOutcomeResultLine[]> {
  const rows = await quizOutcomeCounts(prisma, websiteId, ctaId);
  if (!rows.length) return [];
  const named = await namesOf(websiteId, rows);
  return rows.map((r) => ({ ...named(r), outcome: r.outcome, leads: r.leads }));
}

/** The unique codes per CTA and variant, named as the page names them (all time: a code is redeemed long after it is handed out). */
async function codeResultLines(websiteId: number, ctaId: number | null): Promise<CodeResultLine[]> {
  const rows = (await codeResults(prisma, websiteId)).filter((r) => ctaId === null || r.ctaId === ctaId);
  if (!rows.length) return [];
  const named = await namesOf(websiteId, rows);
  return rows.map((r) => ({ ...named(r), issued: r.issued, redeemed: r.redeemed }));
}

/**
 * The CSV download of the results (the page's period and CTA params). An
 * export value other than csv is a 400 naming the field. The caller has
 * authenticated the admin already.
 */
export async function exportResultsPage(ctx: AdminContext, request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const format = params.get("export") ?? "csv";
  if (format !== "csv") {
    return Response.json({ error: { field: "export", message: "export must be csv" } }, { status: 400 });
  }
  const period = parsePeriod(params);
  const wanted = parseId(params.get("cta"));
  const ctas = wanted !== null ? await ctaChoices(prisma, ctx.websiteId) : [];
  const ctaId = wanted !== null && ctas.some((c) => c.id === wanted) ? wanted : null;
  const includeArchived = params.get("archived") === "1";
  return new Response(resultsCsv(prisma, ctx.websiteId, { period, ctaId, includeArchived }), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="results-${period.from}-${period.to}${ctaId ? `-cta-${ctaId}` : ""}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** Actions: intent=winner (ctaId, variantId) and intent=clear-winner (ctaId). */
export async function actionResultsPage(ctx: AdminContext, request: Request) {
  const translate = translator(adminLanguage(request));
  const form = await readAdminForm(ctx, request);
  const intent = String(form.get("intent") ?? "");
  const ctaId = parseId(String(form.get("ctaId") ?? ""));
  if (ctaId === null) return badForm(translate("validation.chooseCta"));
  try {
    if (intent === "winner") {
      const variantId = parseId(String(form.get("variantId") ?? ""));
      if (variantId === null) return badForm(translate("validation.chooseWinner"));
      await markWinner(prisma, ctx.websiteId, ctaId, variantId);
      const letter = String(form.get("letter") ?? "").slice(0, 2);
      return {
        ok: true,
        message: translate("actionMessage.winner", { variant: letter || variantId }),
      } satisfies ActionResult;
    }
    if (intent === "clear-winner") {
      await clearWinner(prisma, ctx.websiteId, ctaId);
      return { ok: true, message: translate("actionMessage.testAgain") } satisfies ActionResult;
    }
  } catch (e) {
    return failureFrom(e, translate);
  }
  return badForm(translate("validation.unknownAction"));
}
