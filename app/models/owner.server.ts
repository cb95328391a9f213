/**
 * Site owners: standalone accounts (e-mail + password), their sign-in
 * sessions, which websites they may manage, and the profile behind a Shopify
 * shop. Every website lookup goes through a membership, so one owner can never
 * reach another owner's website.
 */
import type { Db } from "#app/db.server";
import { demoCredentialsAllowed, isPublishedDemoPassword } from "./demo-guard.server";
import { hashPassword, verifyPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "#app/server/password.server";
import { isUniqueViolation } from "#app/db/db-errors.server";
import { InputError } from "#app/server/input-error";
import { createWebsite, websitesOfProfile, type ProfileWebsite } from "./website.server";
import { type DbClient } from "./model-kit.server";
import { logger } from "#app/server/logger.server";

/** A standalone owner as the rest of the app sees it. */
export interface OwnerIdentity {
  accountId: number;
  profileId: number;
  email: string;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_EMAIL_LENGTH = 254;

/** Lower-cases and trims an e-mail address (addresses are stored that way). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Creates a standalone owner: a profile and its login. Throws InputError
 * (field email, 409) when the e-mail is taken, 422 on a bad e-mail, password
 * or name.
 */
export async function createOwnerAccount(
  db: Db,
  input: { email: string; password: string; name: string },
): Promise<OwnerIdentity> {
  const email = normalizeEmail(input.email);
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL_PATTERN.test(email))
    throw new InputError("Enter a valid e-mail address", "email");
  if (input.password.length < MIN_PASSWORD_LENGTH || input.password.length > MAX_PASSWORD_LENGTH) {
    throw new InputError(`Passwords are ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`, "password");
  }
  if (!demoCredentialsAllowed() && isPublishedDemoPassword(input.password))
    throw new InputError("This password is published with Beckon's demo: choose another", "password");
  const name = input.name.trim();
  if (name === "" || name.length > 200) throw new InputError("Give the owner a name (at most 200 characters)", "name");
  const passwordHash = await hashPassword(input.password);
  try {
    const account = await db.ownerAccount.create({
      data: { email, passwordHash, profile: { create: { name } } },
      select: { id: true, profileId: true, email: true },
    });
    return { accountId: account.id, profileId: account.profileId, email: account.email };
  } catch (e) {
    if (isUniqueViolation(e)) throw new InputError("An owner with this e-mail already exists", "email", 409);
    throw e;
  }
}

// A real hash to verify against when the e-mail is unknown, so a wrong e-mail
// takes as long as a wrong password and does not reveal which accounts exist.
let decoyHash: Promise<string> | undefined;

/** verifyPassword, but a stored hash it cannot use is a failed sign-in, not a crash. */
async function safeVerify(password: string, stored: string): Promise<boolean> {
  try {
    return await verifyPassword(password, stored);
  } catch (e) {
    logger("owner").error({ err: e }, "an owner's stored password hash is unusable");
    return false;
  }
}

/** The owner for this e-mail and password, or null (never says which one was wrong). */
export async function authenticateOwner(db: Db, email: string, password: string): Promise<OwnerIdentity | null> {
  const normalized = normalizeEmail(email);
  if (
    normalized === "" ||
    normalized.length > MAX_EMAIL_LENGTH ||
    password === "" ||
    password.length > MAX_PASSWORD_LENGTH
  ) {
    return null;
  }
  // The demo's password is public: outside the demo it opens no account, whichever has it.
  if (!demoCredentialsAllowed() && isPublishedDemoPassword(password)) {
    logger("owner").warn("a sign-in with the demo's published password was refused outside the demo");
    return null;
  }
  const account = await db.ownerAccount.findUnique({
    where: { email: normalized },
    select: { id: true, profileId: true, email: true, passwordHash: true },
  });
  if (!account) {
    decoyHash ??= hashPassword("decoy-password-never-matches");
    await safeVerify(password, await decoyHash);
    return null;
  }
  if (!(await safeVerify(password, account.passwordHash))) return null;
  await db.ownerAccount.update({ where: { id: account.id }, data: { lastLoginAt: new Date() } });
  return { accountId: account.id, profileId: account.profileId, email: account.email };
}

/** Whether the profile is a member of the website. */
export async function ownerHasWebsite(db: Db, profileId: number, websiteId: number): Promise<boolean> {
  if (!Number.isSafeInteger(profileId) || !Number.isSafeInteger(websiteId)) return false;
  const membership = await db.websiteMembership.findUnique({
    where: { profileId_websiteId: { profileId, websiteId } },
    select: { websiteId: true },
  });
  return membership !== null;
}

/** The website, when the profile is a member of it; null otherwise (unknown and foreign look the same). */
export async function ownerWebsite(db: Db, profileId: number, websiteId: number): Promise<ProfileWebsite | null> {
  if (!Number.isSafeInteger(profileId) || !Number.isSafeInteger(websiteId)) return null;
  const membership = await db.websiteMembership.findUnique({
    where: { profileId_websiteId: { profileId, websiteId } },
    include: { website: { select: { id: true, name: true, domain: true, shopDomain: true } } },
  });
  return membership ? { ...membership.website, role: membership.role } : null;
}

/** The websites an owner manages, oldest first. */
export function ownerWebsites(db: Db, profileId: number): Promise<ProfileWebsite[]> {
  return websitesOfProfile(db, profileId);
}

// ---------------------------------------------------------------- sessions

/** A stored sign-in session with its owner. */
export interface OwnerSessionRecord extends OwnerIdentity {
  /** SHA-256 of the cookie token (the row id). */
  sessionId: string;
  csrfToken: string;
  expiresAt: Date;
}

/** Stores a sign-in session; `id` is the SHA-256 of the cookie token, never the token. */
export async function createOwnerSessionRecord(
  db: Db,
  input: { id: string; accountId: number; csrfToken: string; expiresAt: Date },
): Promise<void> {
  await db.ownerSession.create({ data: input });
}

/** The live session with this id, or null; an expired one is deleted on sight. */
export async function findOwnerSessionRecord(db: Db, id: string, now = new Date()): Promise<OwnerSessionRecord | null> {
  const row = await db.ownerSession.findUnique({
    where: { id },
    include: { account: { select: { id: true, profileId: true, email: true } } },
  });
  if (!row) return null;
  if (row.expiresAt.getTime() <= now.getTime()) {
    await db.ownerSession.deleteMany({ where: { id } });
    return null;
  }
  return {
    sessionId: row.id,
    accountId: row.account.id,
    profileId: row.account.profileId,
    email: row.account.email,
    csrfToken: row.csrfToken,
    expiresAt: row.expiresAt,
  };
}

/** Deletes a session (no error when it is already gone). */
export async function deleteOwnerSessionRecord(db: Db, id: string): Promise<void> {
  await db.ownerSession.deleteMany({ where: { id } });
}

/** Deletes every expired session; returns how many. */
export async function deleteExpiredOwnerSessions(db: Db, now = new Date()): Promise<number> {
  const { count } = await db.ownerSession.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}

// ---------------------------------------------------------------- Shopify shops

/** What Shopify tells us about a shop when it installs the app (all optional). */
export interface ShopDetails {
  name?: string | null;
  currency?: string | null;
  country?: string | null;
  url?: string | null;
}

function currencyCharacter(currency: string): string {
  try {
    const part = new Intl.NumberFormat("en", { style: "currency", currency, currencyDisplay: "narrowSymbol" })
      .formatToParts(0)
      .find((p) => p.type === "currency");
    return part?.value.slice(0, 8) || currency;
  } catch {
    return currency;
  }
}

async function websiteIdForShopDomain(db: Db, shopDomain: string): Promise<number | null> {
  const row = await db.website.findUnique({ where: { shopDomain }, select: { id: true } });
  return row?.id ?? null;
}

/**
 * Makes sure a Shopify shop has its Website row and an owner profile that is a
 * member of it. Safe to run on every install and concurrently: an existing
 * website (a reinstall) keeps its data and owners.
 */
export async function linkShopOwner(
  db: Db,
  shopDomain: string,
  details: ShopDetails = {},
): Promise<{ websiteId: number; profileId: number }> {
  const shop = shopDomain.trim().toLowerCase();
  let websiteId = await websiteIdForShopDomain(db, shop);
  if (websiteId === null) {
    const currency = details.currency && /^[A-Z]{3}$/.test(details.currency) ? details.currency : "USD";
    const country = details.country && /^[A-Z]{2}$/.test(details.country) ? details.country : "US";
    const domain =
      details.url && /^https?:\/\/[^\s]+$/i.test(details.url) ? details.url.replace(/\/+$/, "") : `https://${shop}`;
    try {
      const website = await createWebsite(
        db,
        {
          name: (details.name?.trim() || shop).slice(0, 200),
          domain,
          currency,
          currency_character: currencyCharacter(currency),
          default_country: country,
          business_type: "ecommerce",
          powered_by: true,
          url_identification: false,
          form_tracking: false,
          data_settings: {},
        },
        { shopDomain: shop },
      );
      websiteId = website.id;
    } catch (error) {
      // Two installs at once: the other one created it.
      if (!isUniqueViolation(error)) throw error;
      websiteId = await websiteIdForShopDomain(db, shop);
      if (websiteId === null) throw error;
    }
  }
  const existing = await db.websiteMembership.findFirst({
    where: { websiteId, role: "owner" },
    orderBy: { createdAt: "asc" },
    select: { profileId: true },
  });
  if (existing) return { websiteId, profileId: existing.profileId };
  const profile = await db.ownerProfile.create({ data: { name: (details.name?.trim() || shop).slice(0, 200) } });
  await db.websiteMembership.upsert({
    where: { profileId_websiteId: { profileId: profile.id, websiteId } },
    update: {},
    create: { profileId: profile.id, websiteId, role: "owner" },
  });
  return { websiteId, profileId: profile.id };
}

/** The website of a Shopify shop, or null before the app was installed there. */
export function websiteIdForShop(db: Db, shopDomain: string): Promise<number | null> {
  return websiteIdForShopDomain(db, shopDomain.trim().toLowerCase());
}

/**
 * Stores the scopes a shop granted (app/scopes_update) on its offline
 * sessions, the ones Admin API calls use; returns how many. Online sessions
 * keep theirs: a user's scopes are also limited by their own permissions.
 * Safe to run twice.
 */
export async function updateShopScopes(db: Db, shopDomain: string, scopes: readonly string[]): Promise<number> {
  const { count } = await db.session.updateMany({
    where: { shop: shopDomain, isOnline: false },
    data: { scope: scopes.join(",") },
  });
  return count;
}

/** Deletes a shop's Shopify sessions (app uninstalled), inside the caller's transaction when given one; returns how many. */
export async function deleteShopSessions(db: DbClient, shopDomain: string): Promise<number> {
  const { count } = await db.session.deleteMany({ where: { shop: shopDomain } });
  return count;
}
