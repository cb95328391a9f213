/**
 * "Where leads go" over HTTP against the built server and the seeded
 * Swedish site: the editor's page offers the website's lists with each
 * tool's real opt-in rule (never a key); choosing a list as the card does
 * and saving through the editor's own action stores a subscribe action on
 * the CTA's form; a lead then submitted through the public API for that
 * form lands in that list, and after unticking, a new lead does not. A list
 * of another website's tool is refused with the field named.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestDatabase } from "#test/support/test-database";
import { startTestServer, type TestServer } from "#test/support/server";
import { newTestDatabase, stopServerAndDrop } from "#test/support/served-database";
import { postPublic } from "#test/support/http";
import { seededSvOwnerCookie, submitAsOwner } from "#test/support/owner-session";
import { loadCtaDocument } from "#app/models/cta.server";
import { collectingElements, setList } from "#app/components/editor/lead-destinations";

let t: TestDatabase;
let server: TestServer;
let cookie: string;
let sv: number;
let builtin: number;
let ctaId: number;
const SECRET = "mc-secret-key-0123456789-us21";

const get = (path: string) => fetch(`${server.origin}${path}`, { redirect: "manual", headers: { Cookie: cookie } });
const submit = (path: string, fields: Record<string, string>) => submitAsOwner(server.origin, cookie, path, fields);

beforeAll(async () => {
  t = await newTestDatabase({ seed: true });
  sv = (await t.db.website.findFirstOrThrow({ where: { currency: "SEK" } })).id;
  builtin = (await t.db.integration.findFirstOrThrow({ where: { websiteId: sv, integrationType: "builtin" } })).id;
  ctaId = (await t.db.cta.findFirstOrThrow({ where: { websiteId: sv, name: "Exitpopup – E-bok Säljteknik" } })).id;
  // A connected Mailchimp audience with double opt-in on: the card must say so, and never show the key.
  const mc = await t.db.integration.create({
    data: {
      websiteId: sv,
      integrationType: "mailchimp",
      name: "Mailchimp",
      actionTypes: {},
      syncSettings: { double_opt_in: true },
      credentials: { api_key: SECRET },
    },
  });
  await t.db.mailingList.create({
    data: { websiteId: sv, integrationId: mc.id, listId: "aud42", name: "Kunder (Mailchimp)" },
  });
  server = await startTestServer({
    databaseUrl: t.url,
    env: { SESSION_SECRET: "x".repeat(32), BECKON_OUTBOX_WORKER: "0" },
  });
  cookie = await seededSvOwnerCookie(server.origin);
});

afterAll(() => stopServerAndDrop(server, t));

async function submitLead(email: string) {
  const doc = (await loadCtaDocument(t.db, sv, ctaId))!;
  const form = collectingElements(doc)[0];
  const visitorToken = randomBytes(16).toString("hex");
  const v = await postPublic(server.origin, `/api/websites/${sv}/visitors`, {
    visitor: { visitor_token: visitorToken, landing_page: "https://saljakademin.se/", platform: "Web", data: {} },
    new: true,
  });
  expect(v.status).toBe(201);
  const r = await postPublic(server.origin, `/api/websites/${sv}/contacts/create`, {
    contact: {
      id: randomBytes(10).toString("hex"),
      visitor_token: visitorToken,
      email,
      marketing_consent: true,
      contactable_type: "Cta",
      contactable_id: ctaId,
      cta_id: ctaId,
      variant_id: doc.variants[0].id,
      element_id: form.id,
      source_url: "https://saljakademin.se/",
    },
  });
  expect(r.status).toBe(201);
  return t.db.person.findFirstOrThrow({ where: { websiteId: sv, email } });
}

const member = async (personId: number, listId: string) =>
  (await t.db.mailingListMembership.findFirst({
    where: { personId, unsubscribedAt: null, list: { integrationId: builtin, listId } },
  })) !== null;

describe("where leads go", () => {
  it("the editor offers every list with its tool's opt-in rule, and no key", async () => {
    const res = await get(`/owner/websites/${sv}/ctas/${ctaId}.data`);
    expect(res.status).toBe(200);
    const body = await res.text();
    for (const name of ["E-bok: Förhandlingsteknik", "Nyhetsbrev", "Kunder (Mailchimp)", "double", "immediate"])
      expect(body).toContain(name);
    expect(body).not.toContain(SECRET);
  });

  it("a list chosen in the editor is saved on the CTA's form, and the next lead lands in it", async () => {
    const doc = (await loadCtaDocument(t.db, sv, ctaId))!;
    const chosen = setList(doc, { integrationId: builtin, listId: "7" }, true, builtin);
    const res = await submit(`/owner/websites/${sv}/ctas/${ctaId}`, {
      intent: "publish",
      document: JSON.stringify(chosen),
    });
    expect(res.status).toBe(200);
    const stored = (await loadCtaDocument(t.db, sv, ctaId))!;
    expect(collectingElements(stored)[0].actions.map((a) => [a.action_type, a.integration_id, a.data])).toContainEqual([
      "subscribe_list",
      builtin,
      { list_id: "7" },
    ]);

    const lead = await submitLead(`lista7-${Date.now()}@exempel.se`);
    expect(await member(lead.id, "7")).toBe(true);
    expect(await member(lead.id, "2")).toBe(true); // the seeded e-book list stays chosen
  });

  it("unticking a list stops new leads from joining it", async () => {
    const doc = (await loadCtaDocument(t.db, sv, ctaId))!;
    const res = await submit(`/owner/websites/${sv}/ctas/${ctaId}`, {
      intent: "publish",
      document: JSON.stringify(setList(doc, { integrationId: builtin, listId: "7" }, false, builtin)),
    });
    expect(res.status).toBe(200);
    const lead = await submitLead(`utan7-${Date.now()}@exempel.se`);
    expect(await member(lead.id, "7")).toBe(false);
    expect(await member(lead.id, "2")).toBe(true);
  });

  it("refuses a list of another website's tool, naming the field", async () => {
    const foreign = (await t.db.integration.findFirstOrThrow({ where: { websiteId: { not: sv } } })).id;
    const doc = (await loadCtaDocument(t.db, sv, ctaId))!;
    const res = await submit(`/owner/websites/${sv}/ctas/${ctaId}`, {
      intent: "save",
      document: JSON.stringify(setList(doc, { integrationId: foreign, listId: "1" }, true, builtin)),
    });
    expect(res.status).toBe(422);
    expect(await res.text()).toContain(`No integration ${foreign} on this website`);
  });
});
