/** An owner's session against a test server: signed in through the form, and forms posted with its CSRF token. */
import { expect } from "vitest";
import { cookiePair, csrfOf, postForm, signInByForm } from "./http";
import type { TestDatabase } from "./test-database";
import { createOwnerAccount } from "#app/models/owner.server";

/** Signs an owner in through the standalone admin's form; the session cookie (name=value) for a Cookie header. */
export async function ownerCookie(origin: string, email: string, password: string): Promise<string> {
  const res = await signInByForm(origin, email, password);
  expect(res.status).toBe(302);
  return cookiePair(res, "beckon_owner");
}

/** Posts an admin form as the signed-in owner, with the CSRF token of the session's own admin page. */
export async function submitAsOwner(
  origin: string,
  cookie: string,
  path: string,
  fields: Record<string, string>,
): Promise<Response> {
  const page = await fetch(`${origin}/owner`, { redirect: "manual", headers: { Cookie: cookie } });
  const csrf = csrfOf(await page.text());
  return postForm(origin, path, { ...fields, csrf }, { Cookie: cookie });
}

/** A new owner account (e-mail and password sign-in) that is a member of the website. */
export async function addWebsiteOwner(
  db: TestDatabase["db"],
  websiteId: number,
  owner: { email: string; password: string; name: string },
) {
  const account = await createOwnerAccount(db, owner);
  await db.websiteMembership.create({ data: { profileId: account.profileId, websiteId } });
  return account;
}

/** Signs in the seed's owner of Säljakademin (the Swedish site) with the demo's password; the session cookie. */
export const seededSvOwnerCookie = (origin: string) => ownerCookie(origin, "agare@saljakademin.se", "beckon-demo-2026");
