/**
 * The CTA editor's codes: what is left of a CTA's unique codes (for the
 * warning before they run out), the owner's CSV upload (intent "codes"),
 * checked whole before any code is stored, and for codes made in Shopify
 * the permission they need and the first batch made right after the save.
 */
import { data } from "@remix-run/node";
import { prisma } from "#app/db.server";
import type { Translate } from "#app/i18n";
import { MAX_CSV_BYTES, parseCodesCsv, type CsvProblem } from "#app/models/discount-codes/codes-csv";
import { addCodes, codeCounts, stockIsLow, type CodeCounts } from "#app/models/discount-codes/pool.server";
import { uniqueCodesOf } from "#app/models/discount-codes/lead-code.server";
import {
  discountsPermission,
  requestMissingDiscountScope,
  topUpSoon,
  type DiscountsPermission,
} from "#app/models/discount-codes/shopify-stock.server";
import type { CtaDocument } from "#contract/schema/cta";
import { badForm, type AdminContext } from "./admin-context.server";

/** What the editor shows of a CTA's codes; null when the CTA hands out none. */
export interface CodeStock extends CodeCounts {
  low: boolean;
}

export async function codeStockOf(websiteId: number, ctaId: number): Promise<CodeStock | null> {
  const settings = await uniqueCodesOf(prisma, websiteId, ctaId);
  if (!settings) return null;
  const counts = await codeCounts(prisma, ctaId);
  return { ...counts, low: stockIsLow(counts, settings.warn_threshold) };
}

const problemText = (translate: Translate, problem: CsvProblem) =>
  problem.kind === "badCode"
    ? translate("uniqueCodes.upload.badCode", { line: problem.line, code: problem.code })
    : problem.kind === "noCodes"
      ? translate("uniqueCodes.upload.noCodes")
      : problem.kind === "tooLarge"
        ? translate("uniqueCodes.upload.tooLarge", { max: problem.max })
        : translate("uniqueCodes.upload.tooMany", { max: problem.max });

/** What an upload answers: the counts after it and what it added. */
export interface CodesUploaded {
  ok: true;
  message: string;
  stock: CodeStock;
}

/** Adds the uploaded codes (form field "codes": the file's text) to a pool CTA's stock. */
export async function uploadCodes(ctx: AdminContext, ctaId: number, form: FormData, translate: Translate) {
  const settings = await uniqueCodesOf(prisma, ctx.websiteId, ctaId);
  if (settings?.source !== "pool") return badForm(translate("uniqueCodes.upload.notPool"));
  const raw = form.get("codes");
  if (typeof raw !== "string") return badForm(translate("uniqueCodes.upload.noCodes"));
  const parsed = parseCodesCsv(raw, Buffer.byteLength(raw.slice(0, MAX_CSV_BYTES + 1)));
  if (!parsed.ok) return badForm(problemText(translate, parsed.problem));
  const { added, skipped } = await addCodes(prisma, ctx.websiteId, ctaId, "pool", parsed.codes);
  const stock = (await codeStockOf(ctx.websiteId, ctaId))!;
  const message = translate("uniqueCodes.uploaded", { added, skipped: skipped + parsed.duplicates });
  return data<CodesUploaded>({ ok: true, message, stock });
}

export type { DiscountsPermission };

/** Whether the editor offers codes made in Shopify (store websites only) and whether the shop lets Beckon make them. */
export const shopifyCodesAccess = (websiteId: number): Promise<DiscountsPermission> =>
  discountsPermission(prisma, websiteId);

/**
 * After a save of a CTA that hands out Shopify codes: in the Shopify admin a
 * shop without write_discounts is asked for it (the library throws its
 * redirect to Shopify's grant screen, left to propagate; the CTA is already
 * saved and the top-up job makes the codes once the grant arrives), else the
 * first codes are made now instead of at the job's next pass.
 */
export async function afterCodesSaved(ctx: AdminContext, doc: CtaDocument): Promise<void> {
  if (doc.unique_codes?.source !== "shopify" || !doc.id) return;
  if (ctx.requestScopes) await requestMissingDiscountScope(prisma, ctx.websiteId, ctx.requestScopes);
  topUpSoon(prisma, doc.id);
}
