/**
 * Where the admin pages live, for both ways in: the standalone owner admin
 * (/owner/websites/:websiteId/...) and the embedded Shopify admin (/app/...).
 * These paths are stable: the widget's test panel deep-links to a website's
 * broadcast edit page and CTA page with them.
 */

/** Which admin a page is rendered in. */
export type AdminSurface = "owner" | "shopify";

/** What every admin page component needs to know about where it is. */
export interface AdminLinks {
  surface: AdminSurface;
  websiteId: number;
  /** "/owner/websites/1" or "/app". */
  basePath: string;
  /** The owner session's CSRF token (hidden field "csrf"); null in the Shopify admin, which sends a session token instead. */
  csrfToken: string | null;
}

/** The base path of a website's admin pages. */
export function adminBasePath(surface: AdminSurface, websiteId: number): string {
  return surface === "owner" ? `/owner/websites/${websiteId}` : "/app";
}

/** Every admin page of a website, by name. */
export function adminPaths(links: Pick<AdminLinks, "surface" | "basePath">) {
  const base = links.basePath;
  return {
    settings: `${base}/settings`,
    ctas: `${base}/ctas`,
    /** The template gallery and the from-scratch form. */
    ctaNew: `${base}/ctas/new`,
    cta: (id: number | string) => `${base}/ctas/${id}`,
    ctaPreview: (id: number | string) => `${base}/ctas/${id}/preview`,
    broadcasts: `${base}/broadcasts`,
    broadcast: (id: number | string) => `${base}/broadcasts/${id}`,
    contacts: `${base}/contacts`,
    results: `${base}/results`,
    integrations: `${base}/integrations`,
    productSearch: `${base}/products/search`,
    leadMagnetUpload: `${base}/lead-magnets`,
  };
}

/** The deep links the widget's test panel opens (owner admin). */
export const deepLinks = {
  broadcast: (websiteId: number, broadcastId: number) => `/owner/websites/${websiteId}/broadcasts/${broadcastId}`,
  cta: (websiteId: number, ctaId: number) => `/owner/websites/${websiteId}/ctas/${ctaId}`,
};
