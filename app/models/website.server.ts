/**
 * Websites and their settings (SPEC section 3 Website config). What every
 * model shares (transactions, errors, Json columns) is in model-kit.server.ts.
 */
import type { z } from "zod";
import type { Website } from "#app/generated/prisma-sqlite";
import { asRecord } from "#contract/json-record";
import {
  ModelValidationError,
  NotFoundError,
  issueAt,
  nulIssues,
  nullableJson,
  toJson,
  type DbClient,
} from "./model-kit.server";
import {
  dataSettingsSchema,
  websiteSettingsSchema,
  type DataSettings,
  type WebsiteSettings,
} from "#contract/schema/website";
import { isLanguage } from "#contract/i18n";
import { sitesChanged } from "./site-publication.server";

/** Website settings failed validation. */
export class WebsiteValidationError extends ModelValidationError {
  constructor(issues: z.ZodIssue[]) {
    super(issues);
    this.name = "WebsiteValidationError";
  }
}

// ---------------------------------------------------------------- websites

/** What createWebsite accepts besides the owner-editable settings. */
export interface WebsiteExtras {
  /** The myshopify domain, for a Shopify store. */
  shopDomain?: string | null;
}

/** A website a profile can manage, with the profile's role on it. */
export interface ProfileWebsite {
  id: number;
  name: string;
  domain: string | null;
  shopDomain: string | null;
  role: string;
}

function parseSettings(input: unknown): WebsiteSettings {
  const result = websiteSettingsSchema.safeParse(input);
  if (!result.success) throw new WebsiteValidationError(result.error.issues);
  const issues = nulIssues(result.data);
  if (issues.length) throw new WebsiteValidationError(issues);
  return result.data;
}

/** Settings (snake_case document) → the Website row's columns. */
function settingsColumns(db: DbClient, settings: WebsiteSettings) {
  return {
    name: settings.name,
    domain: settings.domain ?? null,
    currency: settings.currency,
    currencyCharacter: settings.currency_character,
    defaultCountry: settings.default_country,
    language: settings.language,
    businessType: settings.business_type ?? null,
    privacyMessage: settings.privacy_message ?? null,
    privacyLink: settings.privacy_link ?? null,
    privacyLinkText: settings.privacy_link_text ?? null,
    termsLink: settings.terms_link ?? null,
    termsLinkText: settings.terms_link_text ?? null,
    marketingConsent: settings.marketing_consent ?? null,
    smsConsent: settings.sms_consent ?? null,
    brand: settings.brand ?? null,
    brandStyle: nullableJson(db, settings.brand_style),
    brandColors: nullableJson(db, settings.brand_colors),
    poweredBy: settings.powered_by,
    urlIdentification: settings.url_identification,
    formTracking: settings.form_tracking,
    segmentWriteKey: settings.segment_write_key ?? null,
    gtmId: settings.gtm_id ?? null,
    dataSettings: toJson(settings.data_settings),
  };
}

/** Creates a website from settings (validated; throws WebsiteValidationError naming the field). */
export async function createWebsite(db: DbClient, settings: unknown, extras: WebsiteExtras = {}): Promise<Website> {
  const parsed = parseSettings(settings);
  const website = await db.website.create({
    data: { ...settingsColumns(db, parsed), shopDomain: extras.shopDomain?.trim().toLowerCase() || null },
  });
  await sitesChanged(db);
  return website;
}

/**
 * Updates a website's settings. Keys the input leaves out keep their stored
 * value, so a form that edits one group of settings need not resend the rest;
 * data_settings, when given, is replaced whole.
 */
export async function updateWebsiteSettings(db: DbClient, websiteId: number, input: unknown): Promise<Website> {
  const row = await db.website.findUnique({ where: { id: websiteId } });
  if (!row) throw new NotFoundError("website", websiteId);
  if (input === null || typeof input !== "object" || Array.isArray(input)) {
    throw new WebsiteValidationError([issueAt([], "Send the settings as an object")]);
  }
  const parsed = parseSettings({ ...websiteSettingsOf(row), ...input });
  const website = await db.website.update({ where: { id: websiteId }, data: settingsColumns(db, parsed) });
  await sitesChanged(db);
  return website;
}

/** A website by id, or null. */
export function getWebsite(db: DbClient, id: number): Promise<Website | null> {
  return db.website.findUnique({ where: { id } });
}

function stringRecord<T extends string | number>(
  value: unknown,
  keep: (v: unknown) => v is T,
): Record<string, T> | null {
  if (value === null || value === undefined) return null;
  const out: Record<string, T> = {};
  for (const [key, item] of Object.entries(asRecord(value))) if (keep(item)) out[key] = item;
  return out;
}

const isString = (v: unknown): v is string => typeof v === "string";
const isStringOrNumber = (v: unknown): v is string | number => typeof v === "string" || typeof v === "number";

/** A Website row as the snake_case settings document owners edit. */
export function websiteSettingsOf(row: Website): WebsiteSettings {
  return {
    name: row.name,
    domain: row.domain,
    currency: row.currency,
    currency_character: row.currencyCharacter,
    default_country: row.defaultCountry,
    language: isLanguage(row.language) ? row.language : "en",
    business_type: (row.businessType as WebsiteSettings["business_type"]) ?? null,
    privacy_message: row.privacyMessage,
    privacy_link: row.privacyLink,
    privacy_link_text: row.privacyLinkText,
    terms_link: row.termsLink,
    terms_link_text: row.termsLinkText,
    marketing_consent: row.marketingConsent,
    sms_consent: row.smsConsent,
    brand: row.brand,
    brand_style: stringRecord(row.brandStyle, isStringOrNumber),
    brand_colors: stringRecord(row.brandColors, isString),
    powered_by: row.poweredBy,
    url_identification: row.urlIdentification,
    form_tracking: row.formTracking,
    segment_write_key: row.segmentWriteKey,
    gtm_id: row.gtmId,
    data_settings: dataSettingsOf(row),
  };
}

/**
 * A website's data settings with defaults filled in (contact-processing true,
 * cart-value-threshold 50). A stored key that no longer validates is dropped
 * rather than failing the whole website: the widget must still load.
 */
export function dataSettingsOf(row: Pick<Website, "dataSettings">): DataSettings {
  const stored = asRecord(row.dataSettings);
  const whole = dataSettingsSchema.safeParse(stored);
  if (whole.success) return whole.data;
  const bad = new Set(whole.error.issues.map((i) => String(i.path[0] ?? "")));
  const kept = Object.fromEntries(Object.entries(stored).filter(([k]) => !bad.has(k)));
  const retry = dataSettingsSchema.safeParse(kept);
  return retry.success ? retry.data : dataSettingsSchema.parse({});
}

/** The websites a profile is a member of, oldest first. */
export async function websitesOfProfile(db: DbClient, profileId: number): Promise<ProfileWebsite[]> {
  const memberships = await db.websiteMembership.findMany({
    where: { profileId },
    include: { website: { select: { id: true, name: true, domain: true, shopDomain: true } } },
    orderBy: { websiteId: "asc" },
  });
  return memberships.map((m) => ({ ...m.website, role: m.role }));
}
