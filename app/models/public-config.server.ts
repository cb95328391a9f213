/**
 * The widget's view of a website (PublicWebsiteConfig): settings without
 * secrets, published CTAs, active broadcasts and site-wide conditions.
 */
import { createHash } from "node:crypto";
import type { Db } from "../db.server";
import type { PublicCtaSummary, PublicWebsiteConfig } from "../../contract/schema/public-config";
import { listPublishedCtaSummaries, loadCtaDocument } from "./cta.server";
import { startsAtPageStart } from "../../contract/placement";
import { listPublicBroadcasts, listSiteConditions } from "./broadcast.server";
import { dataSettingsOf } from "./website.server";
import { PROVIDER_TYPES } from "../integrations/mailing/registry.server";
import { recaptchaCredentialsSchema } from "../../contract/schema/integrations";
import { isLanguage, widgetCatalogue, type Language, type WidgetTexts } from "../../contract/i18n";

/** Integrations that hold mailing lists and tags, which targeting sync reads. */
const MAILING_INTEGRATION_TYPES = ["builtin", ...PROVIDER_TYPES] as const;

/**
 * The largest definition (JSON characters) the config carries for a CTA that
 * shows at page start; a bigger one (a long quiz) is fetched as usual, so the
 * script every page loads stays small.
 */
export const INLINE_DEFINITION_MAX = 16_000;

/** The catalogues a config carries: the website's language and every language a published CTA overrides it with. */
export function catalogues(language: string, ctas: Pick<PublicCtaSummary, "options">[]): Record<string, WidgetTexts> {
  const site: Language = isLanguage(language) ? language : "en";
  const wanted = new Set<Language>([site]);
  for (const s of ctas) if (isLanguage(s.options?.language)) wanted.add(s.options.language);
  return Object.fromEntries([...wanted].map((l) => [l, widgetCatalogue(l)]));
}

/** Builds the config for a website, or null when it does not exist. */
export async function buildPublicConfig(
  db: Db,
  websiteId: number,
  origin: string,
): Promise<PublicWebsiteConfig | null> {
  const w = await db.website.findUnique({ where: { id: websiteId } });
  if (!w) return null;
  const [ctas, broadcasts, conditions, listIntegrations] = await Promise.all([
    listPublishedCtaSummaries(db, websiteId),
    listPublicBroadcasts(db, websiteId),
    listSiteConditions(db, websiteId),
    db.integration.findMany({
      where: { websiteId, integrationType: { in: [...MAILING_INTEGRATION_TYPES, "recaptcha"] } },
      select: { id: true, integrationType: true, credentials: true },
      orderBy: { id: "asc" },
    }),
  ]);
  // CTAs that show at page start carry their definitions: the widget shows them without another round trip.
  await Promise.all(
    ctas.filter(startsAtPageStart).map(async (s) => {
      const cta = await loadCtaDocument(db, websiteId, s.id);
      if (cta && JSON.stringify(cta).length <= INLINE_DEFINITION_MAX) s.cta = cta;
    }),
  );
  const mailing = listIntegrations.filter((i) => i.integrationType !== "recaptcha");
  const recaptcha = listIntegrations.find((i) => i.integrationType === "recaptcha");
  // Only the public site key leaves the server; the secret never does.
  const siteKey = recaptchaCredentialsSchema.safeParse(recaptcha?.credentials);
  const config: Omit<PublicWebsiteConfig, "version"> = {
    website_id: w.id,
    api_origin: origin,
    asset_base: `${origin}/widget/`,
    currency: w.currency,
    currency_character: w.currencyCharacter,
    default_country: w.defaultCountry,
    language: isLanguage(w.language) ? w.language : "en",
    texts: catalogues(w.language, ctas),
    business_type: w.businessType,
    privacy_message: w.privacyMessage,
    privacy_link: w.privacyLink,
    privacy_link_text: w.privacyLinkText,
    terms_link: w.termsLink,
    terms_link_text: w.termsLinkText,
    marketing_consent: w.marketingConsent,
    sms_consent: w.smsConsent,
    brand: w.brand,
    brand_style: (w.brandStyle as Record<string, string | number> | null) ?? null,
    brand_colors: (w.brandColors as Record<string, string> | null) ?? null,
    powered_by: w.poweredBy,
    url_identification: w.urlIdentification,
    form_tracking: w.formTracking,
    data_settings: dataSettingsOf(w),
    integrations: {
      segment_write_key: w.segmentWriteKey,
      gtm_id: w.gtmId,
      targeting: mailing.map((i) => ({ id: i.id, type: i.integrationType })),
    },
    recaptcha_site_key: siteKey.success ? siteKey.data.site_key : null,
    broadcasts,
    conditions,
    ctas,
  };
  const version = createHash("sha256").update(JSON.stringify(config)).digest("base64url").slice(0, 16);
  return { ...config, version };
}
