/**
 * Company data for a lead (SPEC 1: enriches visitors with company data).
 * The built-in enricher derives a name and website from a business e-mail
 * domain (anna@acme-sales.se → "Acme Sales", https://acme-sales.se); a
 * commercial provider can implement CompanyEnricher to answer more.
 */
import { emailDomain, isBusinessDomain } from "./email-domains.server";
import { logger } from "#app/server/logger.server";

export interface CompanyData {
  name: string;
  /** https:// URL of the company's site. */
  website: string;
  domain: string;
  /** Which enricher answered ("email-domain", or a provider's name). */
  source: string;
  /** Whatever else a provider knows (industry, size ...). */
  extra?: Record<string, string | number | boolean>;
}

/** Anything that can tell a company from its domain. */
export interface CompanyEnricher {
  readonly name: string;
  lookup(domain: string): Promise<CompanyData | null>;
}

/** Second-level suffixes under which the registrable name is one label further left. */
const SECOND_LEVEL = new Set([
  "co.uk",
  "org.uk",
  "ac.uk",
  "com.au",
  "net.au",
  "org.au",
  "co.nz",
  "co.jp",
  "com.br",
  "com.mx",
  "co.za",
  "com.tr",
  "com.cn",
  "co.in",
  "com.sg",
  "com.hk",
]);

/** The registrable domain: mail.acme.se → acme.se, sales.acme.co.uk → acme.co.uk. */
export function registrableDomain(domain: string): string {
  const parts = domain.toLowerCase().replace(/\.$/, "").split(".");
  if (parts.length <= 2) return parts.join(".");
  const lastTwo = parts.slice(-2).join(".");
  return parts.slice(SECOND_LEVEL.has(lastTwo) ? -3 : -2).join(".");
}

/** A display name from a domain label: acme-sales → Acme Sales. */
export function companyNameFromDomain(domain: string): string {
  const label = registrableDomain(domain).split(".")[0];
  return label
    .split(/[-_]+/)
    .filter(Boolean)
    .map((w) => (w.length <= 3 && !/[aeiouyåäö]/.test(w) ? w.toUpperCase() : w[0].toUpperCase() + w.slice(1)))
    .join(" ");
}

/** The built-in enricher: no network, business domains only. */
export const emailDomainEnricher: CompanyEnricher = {
  name: "email-domain",
  async lookup(domain) {
    if (!domain.includes(".") || !isBusinessDomain(domain)) return null;
    const registrable = registrableDomain(domain);
    return {
      name: companyNameFromDomain(registrable),
      website: `https://${registrable}`,
      domain: registrable,
      source: "email-domain",
    };
  },
};

/**
 * Company data for an e-mail address: null for free and disposable
 * mailboxes. A provider that fails or finds nothing falls back to the
 * built-in derivation, so enrichment never blocks a lead.
 */
export async function companyForEmail(
  email: string | null | undefined,
  enricher: CompanyEnricher = emailDomainEnricher,
): Promise<CompanyData | null> {
  const domain = email ? emailDomain(email.trim().toLowerCase()) : null;
  if (!domain || !isBusinessDomain(domain)) return null;
  if (enricher !== emailDomainEnricher) {
    try {
      const found = await enricher.lookup(registrableDomain(domain));
      if (found) return found;
    } catch (e) {
      logger("company").error({ err: e }, `company enrichment by ${enricher.name} failed`);
    }
  }
  return emailDomainEnricher.lookup(domain);
}
