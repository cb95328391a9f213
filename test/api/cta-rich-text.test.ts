/**
 * Rich text is cleaned on the server, whatever the browser sent: a CTA
 * document saved through the editor's form with <script>, onerror, style and
 * javascript: links in every rich-text place comes back clean from the
 * database, from a published CTA's public file and from a published CTA's
 * draft; rich text that is too long or not text is refused with the option
 * named, and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestDatabase } from "#test/support/test-database";
import type { TestServer } from "#test/support/server";
import { serveNewDatabase, stopServerAndDrop } from "#test/support/served-database";
import { seededSvOwnerCookie, submitAsOwner } from "#test/support/owner-session";
import { loadCtaDocument, loadCtaForEditor, saveCtaDocument } from "#app/models/cta.server";
import { newCtaDocument, newElement } from "#app/components/editor/document";
import { MAX_RICH_TEXT_CHARS } from "#contract/schema/option-keys";
import type { CtaDocument } from "#contract/schema/cta";

let t: TestDatabase;
let server: TestServer;
let cookie: string;
let website: number;

const get = (path: string, c?: string) =>
  fetch(`${server.origin}${path}`, { redirect: "manual", headers: c ? { Cookie: c } : {} });

/** Posts the CTA editor's form as the signed-in owner. */
function submitCta(ctaId: number, intent: "save" | "publish", doc: CtaDocument): Promise<Response> {
  return submitAsOwner(server.origin, cookie, `/owner/websites/${website}/ctas/${ctaId}`, {
    intent,
    document: JSON.stringify(doc),
  });
}

const HOSTILE = {
  text: '<h2 onclick="alert(1)">Boka</h2><p style="position:fixed">Hej <strong>du</strong><script>alert(1)</script><img src=x onerror="alert(2)"> <a href="javascript:alert(3)">klick</a> <a href="https://example.se" target="_blank" rel="opener">ok</a></p>',
  endMessage: '<iframe src="https://evil.example"></iframe><b onmouseover="alert(4)">Slut</b>',
  item: '<svg onload="alert(5)"><script>alert(6)</script></svg><a href=" java\tscript:alert(7)">flik</a>',
  confirmation: '<p>Tack<style>body{display:none}</style><a href="data:text/html,x" onclick="alert(8)">!</a></p>',
};

const CLEAN = {
  text: '<h2>Boka</h2><p>Hej <strong>du</strong> <a>klick</a> <a href="https://example.se" target="_blank" rel="noopener noreferrer">ok</a></p>',
  endMessage: "<b>Slut</b>",
  item: "<a>flik</a>",
  confirmation: "<p>Tack<a>!</a></p>",
};

/** The stored CTA with the hostile text in its text element, timer, tabs item and confirmation. */
function withHostileText(doc: CtaDocument): CtaDocument {
  const next = structuredClone(doc);
  const column = next.variants[0].steps[0].sections[0].columns[0];
  column.elements[0].options = { html: HOSTILE.text };
  column.elements.push(
    {
      ...newElement("timer", column.elements.length),
      options: { "timer-type": "relative", minutes: 5, "end-action": "message", "end-message": HOSTILE.endMessage },
    },
    {
      ...newElement("tabs", column.elements.length + 1),
      content_toggle_items: [{ title: "Flik", html: HOSTILE.item }],
    },
  );
  const form = column.elements.find((e) => e.element_type === "form")!;
  form.action_groups = [
    { position: 0, data: { "confirmation-type": "message", confirmation: HOSTILE.confirmation }, actions: [] } as never,
  ];
  return next;
}

/** The rich-text values of a document, in the order of CLEAN. */
function richTextOf(doc: CtaDocument) {
  const els = doc.variants[0].steps[0].sections[0].columns[0].elements;
  return {
    text: els[0].options.html,
    endMessage: els.find((e) => e.element_type === "timer")!.options["end-message"],
    item: els.find((e) => e.element_type === "tabs")!.content_toggle_items![0].html,
    confirmation: els.find((e) => e.element_type === "form")!.action_groups[0].data.confirmation,
  };
}

const NOTHING_ACTIVE = /<script|onerror|onclick|onmouseover|onload|javascript:|data:text|style=|<iframe|<svg|<img/i;

beforeAll(async () => {
  ({ tdb: t, server } = await serveNewDatabase({ seed: true, env: { SESSION_SECRET: "x".repeat(32) } }));
  website = (await t.db.website.findFirstOrThrow({ where: { currency: "SEK" } })).id;
  cookie = await seededSvOwnerCookie(server.origin);
});

afterAll(() => stopServerAndDrop(server, t));

async function freshCta(name: string): Promise<CtaDocument> {
  return saveCtaDocument(t.db, website, newCtaDocument({ name, cta_type: "inline", template: "form" }));
}

describe("saving rich text through the editor", () => {
  it("stores a draft CTA's rich text clean in every place the widget renders HTML", async () => {
    const cta = await freshCta("Rik text – utkast");
    const res = await submitCta(cta.id!, "save", withHostileText(cta));
    expect(res.status).toBe(200);
    const stored = (await loadCtaDocument(t.db, website, cta.id!))!;
    expect(richTextOf(stored)).toEqual(CLEAN);
    expect(JSON.stringify(stored)).not.toMatch(NOTHING_ACTIVE);
  });

  it("publishes clean rich text: the public CTA file carries none of the hostile markup", async () => {
    const cta = await freshCta("Rik text – publicerad");
    const res = await submitCta(cta.id!, "publish", withHostileText(cta));
    expect(res.status).toBe(200);
    const file = await get(`/api/cta/${cta.id}.json`);
    expect(file.status).toBe(200);
    const body = await file.text();
    expect(body).not.toMatch(NOTHING_ACTIVE);
    expect(richTextOf((JSON.parse(body) as { cta: CtaDocument }).cta)).toEqual(CLEAN);
  });

  it("cleans a published CTA's draft too (what the editor reopens and later publishes)", async () => {
    const cta = await freshCta("Rik text – utkast av publicerad");
    expect((await submitCta(cta.id!, "publish", cta)).status).toBe(200);
    const published = (await loadCtaDocument(t.db, website, cta.id!))!;
    const res = await submitCta(cta.id!, "save", withHostileText(published));
    expect(res.status).toBe(200);
    const editor = (await loadCtaForEditor(t.db, website, cta.id!))!;
    expect(editor.hasDraft).toBe(true);
    expect(richTextOf(editor.cta)).toEqual(CLEAN);
    expect(JSON.stringify((await t.db.cta.findUniqueOrThrow({ where: { id: cta.id! } })).draft)).not.toMatch(
      NOTHING_ACTIVE,
    );
  });

  it("refuses oversized or non-text rich text, naming the option, and stores nothing", async () => {
    const cta = await freshCta("Rik text – för lång");
    const before = JSON.stringify(await loadCtaDocument(t.db, website, cta.id!));
    const long = structuredClone(cta);
    long.variants[0].steps[0].sections[0].columns[0].elements[0].options = {
      html: "<p>" + "a".repeat(MAX_RICH_TEXT_CHARS) + "</p>",
    };
    const res = await submitCta(cta.id!, "save", long);
    expect(res.status).toBe(422);
    expect(await res.text()).toContain(`&quot;html&quot; is longer than ${MAX_RICH_TEXT_CHARS} characters`);

    const nested = structuredClone(cta);
    nested.variants[0].steps[0].sections[0].columns[0].elements[0].options = { html: { "<script>": "alert(1)" } };
    const res2 = await submitCta(cta.id!, "save", nested);
    expect(res2.status).toBe(422);
    expect(await res2.text()).toContain("&quot;html&quot; must be text");
    expect(JSON.stringify(await loadCtaDocument(t.db, website, cta.id!))).toBe(before);
  });
});
