/**
 * Owners' identity links (POST /api/websites/{id}/identity_links), against
 * two built servers started from one folder, each on its own database, and
 * sharing the session secret the folder keeps (.beckon/session-secret):
 * - an owner's cookie makes a link only from this site's own pages (Origin,
 *   or Sec-Fetch-Site same-origin) or with the session's CSRF token: another
 *   site's page, or a request that says nothing of where it comes from, is
 *   refused and gets no token;
 * - a token made against one database proves nothing on the other, though
 *   both have the same website id and the same secret.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { startTestServer, type TestServer } from "#test/support/server";
import { FakeKlaviyo } from "#test/support/fake-providers/klaviyo";
import { cookiePair, csrfOf, postPublic, signInByForm } from "#test/support/http";
import { integrationMock, token, websiteMock } from "#test/support/row-factories";
import { createOwnerAccount } from "#app/models/owner.server";

const OWNER = { email: "owner@identity-links.test", password: "identity-links-2026", name: "Owner" };
const PERSON = "anna@acme-sales.se";
const klaviyo = new FakeKlaviyo("pk_test_identity_links", ["7"]);

interface Deployment {
  tdb: TestDatabase;
  server: TestServer;
  websiteId: number;
  integrationId: number;
}

/** A database with one website (its owner, a Klaviyo integration) and a server on it, run from this folder. */
async function deployment(): Promise<Deployment> {
  const tdb = await createTestDatabase();
  const website = await websiteMock(tdb.db);
  const owner = await createOwnerAccount(tdb.db, OWNER);
  await tdb.db.websiteMembership.create({ data: { profileId: owner.profileId, websiteId: website.id } });
  const integration = await integrationMock(tdb.db, website.id, "klaviyo", { api_key: klaviyo.apiKey });
  const server = await startTestServer({
    databaseUrl: tdb.url,
    // The demo's generated secret: both servers read the same .beckon/session-secret.
    env: { SESSION_SECRET: "", BECKON_KLAVIYO_API_URL: klaviyo.url, BECKON_PROVIDER_TIMEOUT_MS: "5000" },
  });
  return { tdb, server, websiteId: website.id, integrationId: integration.id };
}

let first: Deployment;
let second: Deployment;
let ownerCookie: string;
let csrf: string;

beforeAll(async () => {
  await klaviyo.start();
  first = await deployment();
  second = await deployment();
  // Fresh databases number their first website alike: the same id on both, as in two copies of one setup.
  expect(second.websiteId).toBe(first.websiteId);
  const signedIn = await signInByForm(first.server.origin, OWNER.email, OWNER.password);
  expect(signedIn.status).toBe(302);
  ownerCookie = cookiePair(signedIn, "beckon_owner");
  const home = await fetch(`${first.server.origin}/owner`, { headers: { Cookie: ownerCookie } });
  csrf = csrfOf(await home.text());
});

afterAll(async () => {
  for (const d of [first, second]) {
    await d?.server.stop();
    await d?.tdb.drop();
  }
  await klaviyo.server.stop();
});

/** An identity-link request with the owner's cookie and the given headers. */
const makeLink = (headers: Record<string, string>) =>
  postPublic(
    first.server.origin,
    `/api/websites/${first.websiteId}/identity_links`,
    { email: PERSON },
    { Cookie: ownerCookie, ...headers },
  );

describe("identity links with an owner's cookie", () => {
  it("refuses another site's page, with or without the browser's Sec-Fetch-Site, and makes no token", async () => {
    const foreignPages: Record<string, string>[] = [
      { Origin: "https://attacker.example" },
      { Origin: "https://attacker.example", "Sec-Fetch-Site": "cross-site" },
      { Origin: "null" },
    ];
    for (const headers of foreignPages) {
      const refused = await makeLink(headers);
      expect(refused.status, JSON.stringify(headers)).toBe(403);
      expect(refused.json.error.message).toMatch(/another site/);
      expect(refused.json).not.toHaveProperty("token");
    }
  });

  it("refuses a request that says nothing of where it comes from and carries no CSRF token", async () => {
    const refused = await makeLink({});
    expect(refused.status).toBe(403);
    expect(refused.json.error.field).toBe("X-CSRF-Token");
    expect(refused.json).not.toHaveProperty("token");
    expect((await makeLink({ "Sec-Fetch-Site": "same-site", "X-CSRF-Token": "not the token" })).status).toBe(403);
  });

  it("makes a link from this site's own page, or with the session's CSRF token", async () => {
    const ownPages: Record<string, string>[] = [
      { Origin: first.server.origin },
      { "Sec-Fetch-Site": "same-origin" },
      { "X-CSRF-Token": csrf },
    ];
    for (const headers of ownPages) {
      const made = await makeLink(headers);
      expect(made.status, JSON.stringify(headers)).toBe(200);
      expect(made.json.token).toMatch(new RegExp(`^v\\d+\\.${first.websiteId}\\.`));
    }
  });
});

describe("an identity token across databases", () => {
  /** A new visitor of the deployment's website, then a targeting sync presenting the token. */
  async function presentToken(d: Deployment, identityToken: string) {
    const visitor = token();
    const created = await postPublic(d.server.origin, `/api/websites/${d.websiteId}/visitors`, {
      visitor: { visitor_token: visitor },
    });
    expect(created.status).toBe(201);
    return postPublic(d.server.origin, `/api/websites/${d.websiteId}/targeting_sync`, {
      integration_id: d.integrationId,
      integration_type: "klaviyo",
      visitor_token: visitor,
      identity_token: identityToken,
    });
  }

  it("proves the address on the database it was made for, and nothing on another with the same secret", async () => {
    const made = await makeLink({ Origin: first.server.origin });
    expect(made.status).toBe(200);
    const proven = await presentToken(first, made.json.token);
    expect(proven.status).toBe(200);
    expect(proven.json.verified).toBe(true);

    const elsewhere = await presentToken(second, made.json.token);
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.json.error.field).toBe("identity_token");
    expect(await second.tdb.db.person.count({ where: { verifiedEmail: PERSON } })).toBe(0);
  });
});
