/**
 * reCAPTCHA is decided per website, not per request field: once a published
 * form of the website asks for it, a submission without a valid token is
 * refused whatever element it names (or leaves out). Against the built
 * server and a local siteverify.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { startTestServer, type TestServer } from "#test/support/server";
import { FakeRecaptcha } from "#test/support/fake-providers/recaptcha";
import { clientId, contactMock, formCtaMock, integrationMock, websiteMock } from "#test/support/row-factories";
import { postPublic } from "#test/support/http";

let tdb: TestDatabase;
let server: TestServer;
const recaptcha = new FakeRecaptcha();

const post = (p: string, body: unknown) => postPublic(server.origin, p, body);

beforeAll(async () => {
  tdb = await createTestDatabase();
  await recaptcha.start();
  server = await startTestServer({ databaseUrl: tdb.url, env: { RECAPTCHA_VERIFY_URL: recaptcha.verifyUrl } });
});

afterAll(async () => {
  await server?.stop();
  await recaptcha.server.stop();
  await tdb?.drop();
});

/** A website with reCAPTCHA keys, a published protected form and a published unprotected one. */
async function protectedWebsite() {
  const website = await websiteMock(tdb.db);
  await integrationMock(tdb.db, website.id, "recaptcha", { secret_key: recaptcha.secret, site_key: "6LeSiteKey" });
  const guarded = await formCtaMock(tdb.db, website.id, [], { check_recaptcha: true });
  const open = await formCtaMock(tdb.db, website.id, []);
  return { websiteId: website.id, guarded, open };
}

async function stored(websiteId: number, email: string) {
  const [submissions, people] = await Promise.all([
    tdb.db.contactSubmission.count({ where: { websiteId } }),
    tdb.db.person.count({ where: { websiteId, email } }),
  ]);
  return submissions + people;
}

describe("reCAPTCHA on a website with a protected form", () => {
  it("refuses a submission without element_id and without a token, storing nothing", async () => {
    const { websiteId } = await protectedWebsite();
    const contact = contactMock();
    const res = await post(`/api/websites/${websiteId}/contacts/create`, { contact });
    expect(res.status).toBe(422);
    expect(res.json.error).toEqual({ field: "contact.recaptcha_token", message: "Please confirm you are not a robot" });
    expect(await stored(websiteId, contact.email!)).toBe(0);
  });

  it("refuses one that names an unprotected element, an unknown one, or carries a forged token", async () => {
    const { websiteId, open } = await protectedWebsite();
    const url = `/api/websites/${websiteId}/contacts/create`;
    const attempts = [
      contactMock({ element_id: open.elementId }),
      contactMock({ element_id: 99_999_999 }),
      { ...contactMock(), recaptcha_token: "forged" },
    ];
    for (const contact of attempts) {
      const res = await post(url, { contact });
      expect(res.status, JSON.stringify(contact)).toBe(422);
      expect(res.json.error.field).toBe("contact.recaptcha_token");
    }
    expect(await tdb.db.contactSubmission.count({ where: { websiteId } })).toBe(0);
  });

  it("accepts a submission with a token siteverify accepts, with or without element_id", async () => {
    const { websiteId, open } = await protectedWebsite();
    const url = `/api/websites/${websiteId}/contacts/create`;
    expect(
      (await post(url, { contact: { ...contactMock(), recaptcha_token: recaptcha.issue(`tok-${clientId()}`) } }))
        .status,
    ).toBe(201);
    expect(
      (
        await post(url, {
          contact: {
            ...contactMock({ element_id: open.elementId }),
            recaptcha_token: recaptcha.issue(`tok-${clientId()}`),
          },
        })
      ).status,
    ).toBe(201);
  });

  it("a protected form in a draft CTA protects only submissions that name it", async () => {
    const website = await websiteMock(tdb.db);
    await integrationMock(tdb.db, website.id, "recaptcha", { secret_key: recaptcha.secret, site_key: "6LeSiteKey" });
    const draft = await formCtaMock(tdb.db, website.id, [], { check_recaptcha: true });
    await tdb.db.cta.update({ where: { id: draft.ctaId }, data: { status: "draft" } });
    const url = `/api/websites/${website.id}/contacts/create`;
    expect((await post(url, { contact: contactMock() })).status).toBe(201);
    expect((await post(url, { contact: contactMock({ element_id: draft.elementId }) })).status).toBe(422);
  });

  it("without reCAPTCHA keys nothing is checked (the widget leaves the check out)", async () => {
    const website = await websiteMock(tdb.db);
    await formCtaMock(tdb.db, website.id, [], { check_recaptcha: true });
    expect((await post(`/api/websites/${website.id}/contacts/create`, { contact: contactMock() })).status).toBe(201);
  });
});
