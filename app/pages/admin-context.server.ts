/**
 * "Same pages, different authentication": each admin page is written once
 * (app/pages/*) against an AdminContext, and its two routes only resolve
 * that context: owner routes from the owner session and the :websiteId
 * param (404 unless the owner is a member of that website), Shopify routes
 * from authenticate.admin and the shop's website.
 */
import { data } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { prisma } from "#app/db.server";
import { requireCsrfToken, requireSameOrigin } from "#app/server/csrf.server";
import { requireOwner } from "#app/models/owner-session.server";
import type { AdminGraphql } from "#app/integrations/shopify-admin/theme-embed.server";
import { ModelValidationError } from "#app/models/model-kit.server";
import { InputError } from "#app/server/input-error";
import { linkShopOwner, ownerWebsite } from "#app/models/owner.server";
import { authenticate } from "#app/shopify.server";
import { adminBasePath, type AdminLinks } from "#app/view/admin-links";
import type { Translate } from "#app/i18n";
import { localizeFieldErrors, localizeMessage } from "#app/i18n/validation-messages";
import { parseId } from "#app/server/id";

/** Everything a page's loader and action know about who is asking and for which website. */
export interface AdminContext extends AdminLinks {
  profileId: number;
  /** The myshopify domain (Shopify admin only). */
  shop: string | null;
  /** The Admin GraphQL client (Shopify admin only). */
  graphql: AdminGraphql | null;
  /**
   * Asks the merchant for optional scopes (Shopify admin only): resolves when
   * they are granted, else throws the library's redirect to Shopify's grant
   * screen (App Bridge follows it).
   */
  requestScopes: ((scopes: string[]) => Promise<void>) | null;
}

/** A plain 404 that never says whether the thing exists for someone else. */
export function notFound(): Response {
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** The owner admin's context: signed in (else redirect to login) and a member of :websiteId (else 404). */
export async function ownerAdminContext(request: Request, params: Params): Promise<AdminContext> {
  const owner = await requireOwner(request);
  const websiteId = parseId(params.websiteId);
  if (websiteId === null) throw notFound();
  const website = await ownerWebsite(prisma, owner.profileId, websiteId);
  if (!website) throw notFound();
  return {
    surface: "owner",
    websiteId: website.id,
    profileId: owner.profileId,
    basePath: adminBasePath("owner", website.id),
    csrfToken: owner.csrfToken,
    shop: null,
    graphql: null,
    requestScopes: null,
  };
}

/** The Shopify admin's context: an authenticated shop and its website (linked on first sight). */
export async function shopifyAdminContext(request: Request): Promise<AdminContext> {
  const { session, admin, scopes } = await authenticate.admin(request);
  const { websiteId, profileId } = await linkShopOwner(prisma, session.shop);
  return {
    surface: "shopify",
    websiteId,
    profileId,
    basePath: adminBasePath("shopify", websiteId),
    csrfToken: null,
    shop: session.shop,
    graphql: (query, options) => admin.graphql(query, options),
    requestScopes: (wanted) => scopes.request(wanted),
  };
}

/** What a page component receives about where it is (no server-only parts). */
export function linksOf(ctx: AdminContext): AdminLinks {
  return { surface: ctx.surface, websiteId: ctx.websiteId, basePath: ctx.basePath, csrfToken: ctx.csrfToken };
}

/**
 * Reads a posted admin form. Owner forms must come from our own pages and
 * carry the session's CSRF token (403 otherwise); Shopify requests were
 * already authenticated by their session token, which another site cannot send.
 */
export async function readAdminForm(ctx: AdminContext, request: Request): Promise<FormData> {
  if (request.method !== "POST") throw new Response("Use POST", { status: 405, headers: { Allow: "POST" } });
  if (ctx.surface === "owner") requireSameOrigin(request);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new Response("Send the form as a form", { status: 400 });
  }
  if (ctx.surface === "owner") requireCsrfToken(form, ctx.csrfToken ?? "");
  return form;
}

/** What an admin action answers when the input was refused. */
export interface ActionFailure {
  ok: false;
  /** What went wrong, in words. */
  message: string;
  /** The first message per field path ("variants.0.percentage"); "" is the whole document. */
  fieldErrors: Record<string, string>;
}

/** What an admin action answers when it worked (when it does not redirect). */
export interface ActionSuccess {
  ok: true;
  message: string;
}

export type ActionResult = ActionFailure | ActionSuccess;

/**
 * Turns a model's input error into a 4xx answer with per-field messages in
 * the owner's language (`t`); rethrows anything else.
 */
export function failureFrom(error: unknown, translate: Translate) {
  if (error instanceof ModelValidationError) {
    const fieldErrors = localizeFieldErrors(translate, error.fieldErrors());
    const count = Object.keys(fieldErrors).length;
    const message =
      count > 1 ? translate("validation.fixProblems", { count }) : localizeMessage(translate, error.message);
    return data<ActionFailure>({ ok: false, message, fieldErrors }, { status: 422 });
  }
  if (error instanceof InputError) {
    if (error.status === 404) throw notFound();
    const message = localizeMessage(translate, error.message);
    return data<ActionFailure>(
      { ok: false, message, fieldErrors: error.field ? { [error.field]: message } : {} },
      { status: error.status },
    );
  }
  throw error;
}

/** A 400 answer for a form that is not what the page sends. */
export function badForm(message: string) {
  return data<ActionFailure>({ ok: false, message, fieldErrors: {} }, { status: 400 });
}
