/**
 * Website settings (SPEC section 3 Website config): loads them with the
 * install instructions (the embed snippet for other sites; for Shopify the
 * theme-editor link and whether the app embed is on), and saves the form.
 */
import { data } from "@remix-run/node";
import type { ZodIssue } from "zod";
import { prisma } from "#app/db.server";
import { installSnippet } from "#app/server/install-snippet.server";
import { publicOrigin } from "#app/server/origin.server";
import {
  checkThemeEmbed,
  themeEditorEmbedUrl,
  type EmbedStatus,
} from "#app/integrations/shopify-admin/theme-embed.server";
import {
  getWebsite,
  updateWebsiteSettings,
  websiteSettingsOf,
  WebsiteValidationError,
} from "#app/models/website.server";
import { issueAt } from "#app/models/model-kit.server";
import type { WebsiteSettings } from "#contract/schema/website";
import { dataRequestDownload, listDataRequests } from "#app/models/privacy.server";
import {
  failureFrom,
  linksOf,
  notFound,
  readAdminForm,
  type ActionResult,
  type AdminContext,
} from "./admin-context.server";
import { parseId } from "#app/server/id";
import { adminLanguage, translator } from "#app/i18n";
import { serverEnv } from "#app/server/env.server";
import { setWebsiteEmailFrom } from "#app/models/email/sender-settings.server";
import { sendingConfigured } from "#app/integrations/email/smtp-transport.server";

/** How the widget gets onto the website. */
export type InstallInfo =
  /** snippet: null while the widget has not been built (the build writes the snippet's template). */
  | { kind: "snippet"; snippet: string | null }
  | { kind: "shopify"; themeEditorUrl: string | null; embed: EmbedStatus; shop: string };

/** Loader of the settings page. */
export async function loadSettings(ctx: AdminContext, request: Request) {
  const row = await getWebsite(prisma, ctx.websiteId);
  if (!row) throw notFound();
  let install: InstallInfo;
  if (ctx.surface === "shopify" && ctx.shop && ctx.graphql) {
    const apiKey = serverEnv().shopifyApiKey ?? "";
    install = {
      kind: "shopify",
      shop: ctx.shop,
      themeEditorUrl: apiKey ? themeEditorEmbedUrl(ctx.shop, apiKey) : null,
      embed: await checkThemeEmbed(ctx.graphql),
    };
  } else {
    install = { kind: "snippet", snippet: installSnippet({ origin: publicOrigin(request), websiteId: row.id }) };
  }
  // Shopify sends customers/data_request to the app: the merchant downloads the stored reports here.
  const dataRequests = row.shopDomain !== null ? await listDataRequests(prisma, row.id) : null;
  return {
    links: linksOf(ctx),
    settings: websiteSettingsOf(row),
    isStore: row.shopDomain !== null,
    install,
    dataRequests,
    mail: { from: row.emailFrom, smtp: sendingConfigured() },
  };
}

/** GET {base}/data-requests/{id}: a stored customers/data_request report of this website, as a JSON download. */
export async function loadDataRequestDownload(ctx: AdminContext, rawId: string | undefined): Promise<Response> {
  const id = parseId(rawId);
  if (id === null) throw notFound();
  const file = await dataRequestDownload(prisma, ctx.websiteId, id);
  if (!file) throw notFound();
  return new Response(file.json, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

const TEXT_FIELDS = [
  "name",
  "language",
  "domain",
  "currency_character",
  "business_type",
  "privacy_link",
  "privacy_link_text",
  "terms_link",
  "terms_link_text",
  "brand",
  "segment_write_key",
] as const;
const UPPERCASE_FIELDS = ["currency", "default_country", "gtm_id"] as const;
const BOOLEAN_FIELDS = ["powered_by", "url_identification", "form_tracking"] as const;
/** Settings that must never be empty; the rest are stored as null when left blank. */
const REQUIRED = new Set<string>(["name", "currency", "currency_character", "default_country", "language"]);

/** Rows of a key/value list posted as `<name>.key` and `<name>.value` pairs (blank keys skipped). */
export function keyValueRows(form: FormData, name: string): [string, string][] {
  const keys = form.getAll(`${name}.key`).map(String);
  const values = form.getAll(`${name}.value`).map(String);
  return keys.flatMap((k, i): [string, string][] => (k.trim() === "" ? [] : [[k.trim(), (values[i] ?? "").trim()]]));
}

const asNumberIfNumeric = (v: string): string | number => (/^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v);

function scalarOf(v: string): string | number | boolean {
  if (v === "true" || v === "false") return v === "true";
  return asNumberIfNumeric(v);
}

/**
 * The settings form as the input of updateWebsiteSettings: blank optional
 * texts become null, codes are upper-cased, and data_settings is rebuilt
 * whole from its fields. Fields the form does not carry are left out (kept).
 * Throws WebsiteValidationError for values that are not even the right kind.
 */
export function settingsFromForm(form: FormData): Partial<WebsiteSettings> & Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const issues: ZodIssue[] = [];
  for (const key of [...TEXT_FIELDS, ...UPPERCASE_FIELDS]) {
    const raw = form.get(key);
    if (raw === null) continue;
    let text = String(raw).trim();
    if ((UPPERCASE_FIELDS as readonly string[]).includes(key)) text = text.toUpperCase();
    out[key] = text === "" && !REQUIRED.has(key) ? null : text;
  }
  // Texts visitors read are kept verbatim: their spacing is the owner's choice.
  for (const key of ["privacy_message", "marketing_consent", "sms_consent"] as const) {
    const raw = form.get(key);
    if (raw !== null) out[key] = String(raw).trim() === "" ? null : String(raw);
  }
  for (const key of BOOLEAN_FIELDS) {
    const raw = form.get(key);
    if (raw !== null) out[key] = raw === "true" || raw === "on";
  }
  if (form.has("brand_colors.key")) out.brand_colors = Object.fromEntries(keyValueRows(form, "brand_colors"));
  if (form.has("brand_style.key")) {
    out.brand_style = Object.fromEntries(keyValueRows(form, "brand_style").map(([k, v]) => [k, asNumberIfNumeric(v)]));
  }
  if (form.has("data_settings.cart-value-threshold")) {
    const ds: Record<string, unknown> = {};
    const processing = form.get("data_settings.contact-processing");
    ds["contact-processing"] = processing === null ? true : processing === "true" || processing === "on";
    const threshold = String(form.get("data_settings.cart-value-threshold") ?? "")
      .trim()
      .replace(",", ".");
    if (threshold !== "") {
      const limit = Number(threshold);
      if (!Number.isFinite(limit))
        issues.push(issueAt(["data_settings", "cart-value-threshold"], "Enter a number, e.g. 500"));
      else ds["cart-value-threshold"] = limit;
    }
    const currency = String(form.get("data_settings.currency") ?? "")
      .trim()
      .toUpperCase();
    if (currency !== "") ds.currency = currency;
    for (const [key, value] of keyValueRows(form, "data_settings.extra")) ds[key] = scalarOf(value);
    out.data_settings = ds;
  }
  if (issues.length) throw new WebsiteValidationError(issues);
  return out;
}

/** Action of the settings page: saves the whole form. */
export async function actionSettings(ctx: AdminContext, request: Request) {
  const translate = translator(adminLanguage(request));
  const form = await readAdminForm(ctx, request);
  try {
    if (form.get("intent") === "email-from") {
      await setWebsiteEmailFrom(prisma, ctx.websiteId, String(form.get("email_from") ?? "").slice(0, 1000));
      return data<ActionResult>({ ok: true, message: translate("actionMessage.settingsSaved") });
    }
    await updateWebsiteSettings(prisma, ctx.websiteId, settingsFromForm(form));
  } catch (e) {
    return failureFrom(e, translate);
  }
  return data<ActionResult>({ ok: true, message: translate("actionMessage.settingsSaved") });
}
