/**
 * POST /api/websites/{id}/identity_links (owner only): a signed identity
 * token for an address, and the link that carries it (cf_email + cf_token),
 * for the owner's mailings to that person. A visitor arriving through the
 * link proves the address, so targeting may use what the owner's mailing
 * tool holds about it (see app/server/identity-token.server.ts). An owner's
 * cookie counts only on a call from this site's own pages or one that
 * carries the session's CSRF token (X-CSRF-Token).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { prisma } from "#app/db.server";
import { apiError, apiJson, parseIdParam, publicApi, readJson, postOnlyLoader } from "#app/server/http.server";
import { findOwnerSession } from "#app/models/owner-session.server";
import {
  IDENTITY_TOKEN_DEFAULT_TTL_SECONDS,
  IDENTITY_TOKEN_MAX_TTL_SECONDS,
  signIdentityToken,
} from "#app/server/identity-token.server";
import { ownerHasWebsite } from "#app/models/owner.server";
import { identityTokenSecret } from "#app/models/deployment.server";
import { isOwnPageCall, tokensMatch } from "#app/server/csrf.server";

/** Header that carries the owner session's CSRF token (the admin forms' hidden "csrf" field) on calls from elsewhere. */
const CSRF_HEADER = "X-CSRF-Token";

const bodySchema = z.object({
  email: z.string().trim().max(254).email(),
  /** Lifetime in days (default 30, at most 90). */
  expires_in_days: z
    .number()
    .int()
    .min(1)
    .max(IDENTITY_TOKEN_MAX_TTL_SECONDS / 86400)
    .optional(),
  /** The page the link opens; the token and address are added to it. */
  url: z
    .string()
    .url()
    .max(2000)
    .refine((u) => /^https?:/i.test(u), "Use an http(s) address")
    .optional(),
});

export const action = ({ request, params }: ActionFunctionArgs) =>
  publicApi(request, async () => {
    const websiteId = parseIdParam(params.websiteId, "website_id");
    const owner = await findOwnerSession(request);
    if (!owner || !(await ownerHasWebsite(prisma, owner.profileId, websiteId)))
      return apiError(401, "Sign in as an owner of this website", null);
    // The cookie travels with any site's request: another site's page must not make links in the owner's name.
    if (!isOwnPageCall(request) && !tokensMatch(request.headers.get(CSRF_HEADER), owner.csrfToken)) {
      return request.headers.has("origin")
        ? apiError(
            403,
            `Refused: this request came from another site; send the session's CSRF token in ${CSRF_HEADER}`,
            "Origin",
          )
        : apiError(
            403,
            `Refused: send the session's CSRF token in ${CSRF_HEADER}, or call from this site's own pages`,
            CSRF_HEADER,
          );
    }
    const input = await readJson(request, bodySchema, 8 * 1024);
    const ttl = input.expires_in_days ? input.expires_in_days * 86400 : IDENTITY_TOKEN_DEFAULT_TTL_SECONDS;
    const expiresAt = Math.floor(Date.now() / 1000) + ttl;
    const token = signIdentityToken({ websiteId, email: input.email, expiresAt }, await identityTokenSecret(prisma));
    let url: string | null = null;
    if (input.url) {
      const parsedUrl = new URL(input.url);
      parsedUrl.searchParams.set("cf_email", input.email.toLowerCase());
      parsedUrl.searchParams.set("cf_token", token);
      url = parsedUrl.toString();
    }
    return apiJson({ token, expires_at: new Date(expiresAt * 1000).toISOString(), url });
  });

export const loader = postOnlyLoader;
