/**
 * Paths of the contacts, results and integrations pages in both admins: the
 * contacts list, a contact's page and the exports live under .../contacts in
 * both (/app/contacts in the Shopify admin, whose home is the setup guide).
 */
import type { AdminLinks } from "#app/view/admin-links";

/** Where the lead pages of a website are. */
export function leadPaths(links: Pick<AdminLinks, "surface" | "basePath">) {
  const base = links.basePath;
  const under = `${base}/contacts`;
  return {
    contacts: under,
    contact: (id: number | string) => `${under}/${id}`,
    contactsExport: `${under}/export`,
    contactExport: (id: number | string) => `${under}/${id}/export`,
    results: `${base}/results`,
    integrations: `${base}/integrations`,
  };
}
