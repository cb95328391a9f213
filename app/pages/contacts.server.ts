/**
 * The contacts list (search, filters by CTA, list, date and consent, pages)
 * and its CSV export, for both admins.
 */
import { prisma } from "#app/db.server";
import { contactFilterOptions, listContacts, parseContactQuery } from "#app/models/contact-list.server";
import { contactsCsv, contactsCsvName } from "#app/models/contacts-csv.server";
import { getWebsite } from "#app/models/website.server";
import { linksOf, notFound, type AdminContext } from "./admin-context.server";

/** Loader of the contacts page. */
export async function loadContacts(ctx: AdminContext, request: Request) {
  const url = new URL(request.url);
  const state = parseContactQuery(url.searchParams);
  const [website, list, options] = await Promise.all([
    getWebsite(prisma, ctx.websiteId),
    listContacts(prisma, ctx.websiteId, { page: state.page, query: state.query, filters: state.filters }),
    contactFilterOptions(prisma, ctx.websiteId),
  ]);
  if (!website) throw notFound();
  return {
    links: linksOf(ctx),
    websiteName: website.name,
    query: state.query,
    filters: state.filters,
    options,
    /** Set after a contact was deleted (the detail page redirects here). */
    deleted: url.searchParams.get("deleted") === "1",
    ...list,
  };
}

/** The CSV download of every contact matching the page's search and filters. */
export async function loadContactsExport(ctx: AdminContext, request: Request): Promise<Response> {
  const state = parseContactQuery(new URL(request.url).searchParams);
  const website = await getWebsite(prisma, ctx.websiteId);
  if (!website) throw notFound();
  const { csv, count } = await contactsCsv(prisma, ctx.websiteId, { query: state.query, filters: state.filters });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${contactsCsvName(website.name)}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Beckon-Rows": String(count),
    },
  });
}
