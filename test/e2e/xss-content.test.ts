/**
 * Script injection through everything that reaches a CTA: the owner's CTA
 * content (rich text, button text, placeholders, links), merge tags filled
 * from person fields (an e-mail given in the address), and URL parameters
 * (UTM values, the e-mail). Rendered in Chromium, every payload is inert: no script
 * runs, no handler attribute or javascript: link exists in the CTA, and the
 * visitor-supplied values show as plain text.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { newWatchedPage, server, tdb, withE2eStack } from "#test/support/e2e-stack";
import { createWebsite } from "#app/models/website.server";
import { saveCtaDocument } from "#app/models/cta.server";
import { genericSnippet } from "#widget/snippet";
import { demoStoreSettings } from "#prisma/seed-data/demo-store";
import { singleStepCta, textField } from "#prisma/seed-data/builders";
import { serveLocally, type LocalHttpServer } from "#test/support/local-http";

let host: LocalHttpServer | undefined;
let hostOrigin: string;
let websiteId: number;

/** Each payload, if it ever ran, would record its name here. */
const hit = (name: string) => `window.__xss=(window.__xss||[]).concat('${name}')`;

const EMAIL_PAYLOAD = `"><img/src=x/onerror=${hit("email").replace(/'/g, "")}>@xss.example`;
const UTM_PAYLOAD = `<script>${hit("utm")}</script><img src=x onerror="${hit("utm-img")}">`;

withE2eStack({
  beforeServer: async () => {
    const site = await createWebsite(tdb.db, { ...demoStoreSettings, name: "XSS host", domain: "http://127.0.0.1" });
    websiteId = site.id;
    await saveCtaDocument(
      tdb.db,
      websiteId,
      singleStepCta({
        name: "XSS popup",
        cta_type: "overlay",
        overlay_type: "boxed",
        // aggressive: shown on every page view, so the second visit renders it again with the known person.
        options: { trigger: "immediate", aggressive: true },
        elements: [
          {
            element_type: "text",
            options: {
              html:
                `<h2>Hi {{email|friend}}!</h2><p>From {{utm_campaign|nowhere}}.</p>` +
                `<p>Owner text <img src=x onerror="${hit("owner-img")}"><script>${hit("owner-script")}</script>` +
                `<a id="evil-link" href="javascript:${hit("owner-href")}">link</a><iframe src="javascript:${hit("owner-iframe")}"></iframe>` +
                `<svg><script>${hit("owner-svg")}</script></svg><b onmouseover="${hit("owner-hover")}">bold</b></p>`,
            },
          },
          {
            element_type: "form",
            options: { "button-text": `<img src=x onerror="${hit("button")}">Send` },
            fields: [
              {
                ...textField("email", `"><img src=x onerror="${hit("placeholder")}">`, {
                  required: true,
                  type: "email",
                }),
                position: 0,
              },
            ],
            actions: [],
          },
        ],
      }),
    );
  },
});

beforeAll(async () => {
  host = await serveLocally((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html><head><meta charset="utf-8"><title>XSS host</title></head><body><h1>Host</h1>${genericSnippet({ origin: server.origin, websiteId })}</body></html>`,
    );
  });
  hostOrigin = host.origin;
});

afterAll(async () => {
  await host?.close();
});

/** Loads the host page and returns facts about the shown CTA. */
async function visit(page: Page, query: string) {
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(`${hostOrigin}/${query}`);
  const dialog = page.locator("beckon-cta [role=dialog]");
  await dialog.waitFor({ state: "visible", timeout: 20_000 });
  // Handlers would run on load or error of the broken images: once each image still loading has had its event, and a
  // frame has passed for those of images already settled (their events are queued by then).
  await page.evaluate(async () => {
    const images = [...document.images, ...document.querySelector("beckon-cta")!.shadowRoot!.querySelectorAll("img")];
    await Promise.all(
      images.map(
        (img) =>
          img.complete ||
          new Promise((settled) => {
            img.addEventListener("load", settled, { once: true });
            img.addEventListener("error", settled, { once: true });
          }),
      ),
    );
    await new Promise(requestAnimationFrame);
  });
  return page.evaluate(() => {
    const root = document.querySelector("beckon-cta")!.shadowRoot!;
    const all = [...root.querySelectorAll("*")];
    return {
      xss: (window as unknown as { __xss?: string[] }).__xss ?? [],
      scripts: root.querySelectorAll("script, iframe, object, embed").length,
      handlers: all.flatMap((el) =>
        [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${el.tagName} ${a.name}`),
      ),
      jsLinks: all.filter((el) => /^\s*javascript:/i.test(el.getAttribute("href") ?? el.getAttribute("src") ?? ""))
        .length,
      headings: [...root.querySelectorAll("h2, p")].map((el) => el.textContent ?? ""),
      placeholder: root.querySelector("input[type=email]")?.getAttribute("placeholder") ?? null,
      button: root.querySelector("button[type=submit]")?.textContent ?? null,
      text: root.textContent ?? "",
    };
  });
}

describe("hostile content in CTAs renders as text", () => {
  it("keeps owner content, URL parameters and person fields from running as script", async () => {
    const { context, page, errors } = await newWatchedPage();
    const query = `?utm_campaign=${encodeURIComponent(UTM_PAYLOAD)}&cf_email=${encodeURIComponent(EMAIL_PAYLOAD)}`;
    const first = await visit(page, query);
    expect(first.xss).toEqual([]);
    expect(first.scripts).toBe(0);
    expect(first.handlers).toEqual([]);
    expect(first.jsLinks).toBe(0);
    // UTM values are not merge keys: the owner's fallback shows, and the value from the address never ran.
    expect(first.headings).toContain("From nowhere.");
    // Owner-written attribute text is shown as the characters the owner typed.
    expect(first.placeholder).toContain("<img");
    expect(first.button).toContain("<img");

    // The e-mail from the address identified the visitor; on the next page view it fills {{email}}.
    const lowered = EMAIL_PAYLOAD.toLowerCase();
    await expect.poll(() => tdb.db.person.count({ where: { websiteId, email: lowered } }), { timeout: 15_000 }).toBe(1);
    // The next page reads the person this browser keeps (fresh for 30 minutes), which learns the e-mail when the
    // server's answer to the contact arrives: that answer, not the database row, is what the next page waits for.
    const keptEmail = () =>
      page.evaluate(
        (key) =>
          (JSON.parse(localStorage.getItem(key) ?? "null") as { person?: { email?: string } } | null)?.person?.email,
        `cf_${websiteId}_person`,
      );
    await expect.poll(keptEmail, { timeout: 15_000 }).toBe(lowered);
    const second = await visit(page, "?again=1");
    expect(second.xss).toEqual([]);
    expect(second.handlers).toEqual([]);
    expect(second.headings).toContain(`Hi ${lowered}!`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
