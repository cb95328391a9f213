/**
 * Paths of the contacts, results and integrations pages in both admins: the
 * contacts list, a contact's page and the exports live under .../contacts in
 * both (/app/contacts in the Shopify admin, whose home is the setup guide).
 */
import { adminPaths, type AdminLinks } from "#app/view/admin-links";

/** Where the lead pages of a website are. */
export function leadPaths(links: Pick<AdminLinks, "surface" | "basePath">) {
  const { contacts, results, integrations } = adminPaths(links);
  return {
    contacts,
    contact: (id: number | string) => `${contacts}/${id}`,
    contactsExport: `${contacts}/export`,
    contactExport: (id: number | string) => `${contacts}/${id}/export`,
    results,
    integrations,
  };
}
