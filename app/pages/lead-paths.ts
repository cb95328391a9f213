/**
 * Paths of the contacts, results and integrations pages in both admins. The
 * Shopify admin's home (/app) is its contacts list; a contact's page and the
 * exports live under /app/contacts there, as under .../contacts for owners.
 */
import type { AdminLinks } from "#app/view/admin-links";

/** Where the lead pages of a website are. */
export function leadPaths(links: Pick<AdminLinks, "surface" | "basePath">) {
  const base = links.basePath;
  const under = `${base}/contacts`;
  return {
    contacts: links.surface === "owner" ? under : base,
    contact: (id: number | string) => `${under}/${id}`,
    contactsExport: `${under}/export`,
    contactExport: (id: number | string) => `${under}/${id}/export`,
    results: `${base}/results`,
    integrations: `${base}/integrations`,
  };
}
