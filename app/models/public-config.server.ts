/**
 * The widget's view of a website (PublicWebsiteConfig): settings without
 * secrets, published CTAs, active broadcasts and site-wide conditions.
 */
import { createHash } from "node:crypto";
import type { Db } from "#app/db.server";
import type { PublicCtaSummary, PublicWebsiteConfig } from "#contract/schema/public-config";
import { listPublishedCtaSummaries, loadCtaDocument } from "./cta.server";
import { withoutPrizeCodes } from "#contract/schema/prize-game";
import { startsAtPageStart } from "#contract/placement";
import { listPublicBroadcasts, listSiteConditions } from "./broadcast.server";
import { dataSettingsOf } from "./website.server";
import { PROVIDER_TYPES } from "#app/integrations/mailing/registry.server";
import { recaptchaCredentialsSchema } from "#contract/schema/integrations";
import { isLanguage, widgetCatalogue, type Language, type WidgetTexts } from "#contract/i18n";

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
  for (const cta of ctas) if (isLanguage(cta.options?.language)) wanted.add(cta.options.language);
  return Object.fromEntries([...wanted].map((l) => [l, widgetCatalogue(l)]));
}

/** Builds the config for a website, or null when it does not exist. */
export async function buildPublicConfig(
  db: Db,
  websiteId: number,
  origin: string,
): Promise<PublicWebsiteConfig | null> {
  const website = await db.website.findUnique({ where: { id: websiteId } });
  if (!website) return null;
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
      if (cta && JSON.stringify(cta).length <= INLINE_DEFINITION_MAX) s.cta = withoutPrizeCodes(cta);
    }),
  );
  const mailing = listIntegrations.filter((i) => i.integrationType !== "recaptcha");
  const recaptcha = listIntegrations.find((i) => i.integrationType === "recaptcha");
  // Only the public site key leaves the server; the secret never does.
  const siteKey = recaptchaCredentialsSchema.safeParse(recaptcha?.credentials);
  const config: Omit<PublicWebsiteConfig, "version"> = {
    website_id: website.id,
    api_origin: origin,
    asset_base: `${origin}/widget/`,
    currency: website.currency,
    currency_character: website.currencyCharacter,
    default_country: website.defaultCountry,
    language: isLanguage(website.language) ? website.language : "en",
    texts: catalogues(website.language, ctas),
    business_type: website.businessType,
    privacy_message: website.privacyMessage,
    privacy_link: website.privacyLink,
    privacy_link_text: website.privacyLinkText,
    terms_link: website.termsLink,
    terms_link_text: website.termsLinkText,
    marketing_consent: website.marketingConsent,
    sms_consent: website.smsConsent,
    brand: website.brand,
    brand_style: (website.brandStyle as Record<string, string | number> | null) ?? null,
    brand_colors: (website.brandColors as Record<string, string> | null) ?? null,
    powered_by: website.poweredBy,
    url_identification: website.urlIdentification,
    form_tracking: website.formTracking,
    data_settings: dataSettingsOf(website),
    integrations: {
      segment_write_key: website.segmentWriteKey,
      gtm_id: website.gtmId,
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
