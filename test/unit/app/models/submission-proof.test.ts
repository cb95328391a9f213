/**
 * Which submissions may overwrite a tool's profile (issue 21): the jobs of a
 * submitter who proved the address (Person.verifiedEmail) carry no
 * keep_existing; everyone else's do, the URL-identified visitor included.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#app/db.server";
import { createContact } from "#app/models/contact.server";
import { provesAddress } from "#app/models/lead-sync.server";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { contactMock, formCtaMock, integrationMock, token, websiteMock } from "#test/support/row-factories";

let tdb: TestDatabase;
let db: Db;
beforeAll(async () => {
  tdb = await createTestDatabase();
  db = tdb.db;
});
afterAll(async () => void (await tdb?.drop()));

describe("submission proof", () => {
  it("provesAddress compares the submitted address with the proven one, case-insensitively", () => {
    expect(provesAddress({ email: "Anna@Acme.se", verifiedEmail: "anna@acme.se" })).toBe(true);
    expect(provesAddress({ email: "victim@acme.se", verifiedEmail: "anna@acme.se" })).toBe(false);
    expect(provesAddress({ email: "anna@acme.se", verifiedEmail: null })).toBe(false);
    expect(provesAddress({ email: null, verifiedEmail: "anna@acme.se" })).toBe(false);
  });

  it("marks the jobs of an unproven submitter keep_existing, and not those of a proven one", async () => {
    const website = await websiteMock(db);
    const klaviyo = await integrationMock(db, website.id, "klaviyo", { api_key: "pk" });
    const form = await formCtaMock(db, website.id, [
      { actionType: "subscribe_list", integrationId: klaviyo.id, data: { list_id: "7" } },
    ]);
    const claimed = contactMock({ element_id: form.elementId, email: "victim@acme-sales.se" });
    const a = await createContact(db, website.id, claimed);
    const proven = token();
    await db.person.create({
      data: { websiteId: website.id, visitorToken: proven, verifiedEmail: "anna@acme-sales.se", extra: {}, data: {} },
    });
    const b = await createContact(
      db,
      website.id,
      contactMock({ element_id: form.elementId, visitor_token: proven, email: "Anna@Acme-Sales.se" }),
    );
    const jobs = async (personId: number) =>
      (await db.syncJob.findMany({ where: { personId } })).map(
        (j) => (j.payload as Record<string, unknown>).keep_existing,
      );
    expect(await jobs(a.personId)).toEqual([true, true]);
    expect(await jobs(b.personId)).toEqual([undefined, undefined]);
  });
});
