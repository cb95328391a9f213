/**
 * Drafts of published CTAs over HTTP: Save keeps the edit in Cta.draft while
 * the public CTA file keeps serving the published rows; the editor opens the
 * draft; Publish applies it, Discard drops it; malformed drafts are refused
 * and store nothing; duplicate copies the draft, archive drops it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestDatabase } from "#test/support/test-database";
import type { TestServer } from "#test/support/server";
import { newTestDatabase, stopServerAndDrop } from "#test/support/served-database";
import { createOfflineSession, embeddedAdminHeaders, startShopifyAppServer } from "./shopify-harness";
import { seededSvOwnerCookie, submitAsOwner } from "#test/support/owner-session";
import { loadCtaDocument } from "#app/models/cta.server";
import type { CtaDocument } from "#contract/schema/cta";
import { postForm } from "#test/support/http";

let t: TestDatabase;
let server: TestServer;
let owner: string;
let exitPopup: number;

const SV = 1;
const SHOP = "beckon-demo.myshopify.com";
const API_KEY = "test-api-key";
const API_SECRET = "test-api-secret";

/** Headers of a request from the store's embedded admin (an App Bridge session token, from a browser). */
const bearer = (): Record<string, string> => embeddedAdminHeaders(SHOP, { apiKey: API_KEY, apiSecret: API_SECRET });
const OLD = "Vänta! Ta med dig vår mest nedladdade e-bok";
const NEW = "Hallå där! Ta med dig vår e-bok";

const get = (path: string, cookie?: string) =>
  fetch(`${server.origin}${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });

const submit = (path: string, fields: Record<string, string>) => submitAsOwner(server.origin, owner, path, fields);

const editor = () => `/owner/websites/${SV}/ctas/${exitPopup}`;
const served = async () => (await (await fetch(`${server.origin}/api/cta/${exitPopup}.json`)).text()).normalize();
const draftColumn = async (id = exitPopup) => (await t.db.cta.findUniqueOrThrow({ where: { id } })).draft;
const edited = (doc: CtaDocument) => JSON.parse(JSON.stringify(doc).replace(OLD, NEW)) as CtaDocument;
const decoded = async (res: Response) =>
  (await res.text())
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");

beforeAll(async () => {
  t = await newTestDatabase({ seed: true });
  await createOfflineSession(t.db, SHOP, {
    state: "state",
    scope: "read_products,write_app_proxy",
    accessToken: "shpat_test",
  });
  server = await startShopifyAppServer(
    t.url,
    { apiKey: API_KEY, apiSecret: API_SECRET },
    { SESSION_SECRET: "x".repeat(32) },
  );
  owner = await seededSvOwnerCookie(server.origin);
  exitPopup = (await t.db.cta.findFirstOrThrow({ where: { websiteId: SV, name: "Exitpopup – E-bok Säljteknik" } })).id;
});

afterAll(() => stopServerAndDrop(server, t));

describe("drafts of a published CTA", () => {
  it("Save keeps the edit as a draft visitors do not see; the editor opens it; Publish applies it", async () => {
    const before = (await loadCtaDocument(t.db, SV, exitPopup))!;
    expect(before.status).toBe("published");
    expect(await served()).toContain(OLD);

    const res = await submit(editor(), { intent: "save", document: JSON.stringify(edited(before)) });
    expect(res.status).toBe(200);
    expect(await decoded(res)).toContain("visitors still see the published version");
    expect(await draftColumn()).not.toBeNull();
    expect(JSON.stringify(await loadCtaDocument(t.db, SV, exitPopup))).toBe(JSON.stringify(before));
    expect(await served()).toContain(OLD);
    expect(await served()).not.toContain(NEW);

    const page = await decoded(await get(editor(), owner));
    expect(page).toContain(NEW);
    expect(page).toContain("Unpublished changes");
    expect(page).toContain("Publish changes");
    // The owner's stand-alone preview shows the draft too.
    expect(await decoded(await get(`${editor()}/preview`, owner))).toContain(NEW);

    const pub = await submit(editor(), { intent: "publish", document: JSON.stringify(edited(before)) });
    expect(pub.status).toBe(200);
    expect(await draftColumn()).toBeNull();
    const after = (await loadCtaDocument(t.db, SV, exitPopup))!;
    expect(JSON.stringify(after)).toContain(NEW);
    expect(Date.parse(after.published_at!)).toBeGreaterThan(Date.parse(before.published_at!));
    expect(await served()).toContain(NEW);
    expect(await decoded(await get(editor(), owner))).not.toContain("Unpublished changes");
  });

  it("Discard drops the draft and the editor opens the published version again", async () => {
    const before = (await loadCtaDocument(t.db, SV, exitPopup))!;
    const draft = JSON.parse(JSON.stringify(before).replace(NEW, "Kasta mig")) as CtaDocument;
    expect((await submit(editor(), { intent: "save", document: JSON.stringify(draft) })).status).toBe(200);
    expect(await decoded(await get(editor(), owner))).toContain("Kasta mig");
    const res = await submit(editor(), { intent: "discard" });
    expect(res.status).toBe(200);
    expect(await draftColumn()).toBeNull();
    const page = await decoded(await get(editor(), owner));
    expect(page).not.toContain("Kasta mig");
    expect(page).toContain(NEW);
  });

  it("saving the published content unchanged leaves no draft", async () => {
    const doc = (await loadCtaDocument(t.db, SV, exitPopup))!;
    const res = await submit(editor(), { intent: "save", document: JSON.stringify(doc) });
    expect(res.status).toBe(200);
    expect(await draftColumn()).toBeNull();
  });

  it("refuses malformed drafts and stores nothing", async () => {
    const doc = (await loadCtaDocument(t.db, SV, exitPopup))!;
    const other = (await loadCtaDocument(
      t.db,
      SV,
      (await t.db.cta.findFirstOrThrow({ where: { websiteId: SV, id: { not: exitPopup } } })).id,
    ))!;
    const cases: [Record<string, string>, number, string][] = [
      [{ intent: "save", document: "{nope" }, 400, "not valid JSON"],
      [{ intent: "save", document: "[1,2]" }, 400, "must be a JSON object"],
      [{ intent: "save" }, 400, "field document"],
      [{ intent: "save", document: JSON.stringify({ ...doc, name: "" }) }, 422, ""],
      [
        { intent: "save", document: JSON.stringify({ ...doc, variants: [{ ...doc.variants[0], percentage: 40 }] }) },
        422,
        "add up to 100",
      ],
      // A step of another CTA cannot be slipped into this one's draft.
      [
        {
          intent: "save",
          document: JSON.stringify({ ...doc, variants: [{ ...doc.variants[0], steps: other.variants[0].steps }] }),
        },
        422,
        "",
      ],
      [{ intent: "nonsense" }, 400, "Unknown operation"],
    ];
    for (const [fields, status, words] of cases) {
      const res = await submit(editor(), fields);
      expect(res.status, JSON.stringify(fields).slice(0, 80)).toBe(status);
      if (words) expect(await decoded(res)).toContain(words);
      expect(await draftColumn()).toBeNull();
    }
    expect(JSON.stringify(await loadCtaDocument(t.db, SV, exitPopup))).toBe(JSON.stringify(doc));
  });

  it("duplicate copies the pending draft as a new unpublished CTA; archive drops the draft", async () => {
    const doc = (await loadCtaDocument(t.db, SV, exitPopup))!;
    const draft = JSON.parse(JSON.stringify(doc).replace(NEW, "Kopians rubrik")) as CtaDocument;
    expect((await submit(editor(), { intent: "save", document: JSON.stringify(draft) })).status).toBe(200);
    const dup = await submit(editor(), { intent: "duplicate" });
    expect(dup.status).toBe(302);
    const copyId = Number(/\/ctas\/(\d+)$/.exec(dup.headers.get("location")!)![1]);
    const copy = (await loadCtaDocument(t.db, SV, copyId))!;
    expect(copy.status).toBe("draft");
    expect(JSON.stringify(copy)).toContain("Kopians rubrik");
    expect(await draftColumn(copyId)).toBeNull();

    expect((await submit(editor(), { intent: "archive" })).status).toBe(200);
    expect(await draftColumn()).toBeNull();
    const archived = (await loadCtaDocument(t.db, SV, exitPopup))!;
    expect(archived.status).toBe("archived");
    expect(JSON.stringify(archived)).not.toContain("Kopians rubrik");
  });

  it("an unpublished CTA's Save still writes its rows directly", async () => {
    const doc = (await loadCtaDocument(t.db, SV, exitPopup))!;
    expect(doc.status).toBe("archived");
    const res = await submit(editor(), { intent: "save", document: JSON.stringify({ ...doc, name: "Direkt sparad" }) });
    expect(res.status).toBe(200);
    expect((await loadCtaDocument(t.db, SV, exitPopup))!.name).toBe("Direkt sparad");
    expect(await draftColumn()).toBeNull();
  });
});

describe("inside Shopify's admin", () => {
  it("the editor carries App Bridge's save bar with Save and Discard; the standalone editor does not", async () => {
    const storeCta = await t.db.cta.findFirstOrThrow({ where: { website: { shopDomain: SHOP }, status: "published" } });
    const res = await fetch(`${server.origin}/app/ctas/${storeCta.id}`, { redirect: "manual", headers: bearer() });
    expect(res.status).toBe(200);
    const html = await res.text();
    const bar = /<ui-save-bar id="cta-save-bar"[^>]*>([\s\S]*?)<\/ui-save-bar>/.exec(html);
    expect(bar).not.toBeNull();
    expect(bar![1]).toMatch(/<button variant="primary"[^>]*>Save<\/button>/);
    expect(bar![1]).toMatch(/<button[^>]*>Discard<\/button>/);
    expect(await (await get(`/owner/websites/${SV}/ctas/${exitPopup}`, owner)).text()).not.toContain("<ui-save-bar");

    // Save there keeps a published CTA's edit as a draft too.
    const doc = (await loadCtaDocument(t.db, storeCta.websiteId, storeCta.id))!;
    const saved = await postForm(
      server.origin,
      `/app/ctas/${storeCta.id}`,
      { intent: "save", document: JSON.stringify({ ...doc, name: "Butikens utkast" }) },
      bearer(),
    );
    expect(saved.status).toBe(200);
    expect((await t.db.cta.findUniqueOrThrow({ where: { id: storeCta.id } })).name).toBe(storeCta.name);
    expect(await draftColumn(storeCta.id)).not.toBeNull();
  });
});
