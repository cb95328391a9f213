/**
 * Direct editing in the CTA builder, in Chromium, by keyboard only: an owner
 * reorders elements and sections with their drag handles (Space picks up,
 * arrows move, Space drops, Escape cancels), a screen reader hears each step
 * (in Swedish for a Swedish admin), a move is one undo step, and the saved
 * document keeps the new order. axe-core finds nothing serious on the builder.
 * A click on an element in the preview selects its card; a heading edited in
 * place there lands in the document and can be undone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { browser, server, svId as sv, tdb, withE2eStack } from "#test/support/e2e-stack";
import { announced, hydrated, seriousViolations } from "#test/support/admin-page";
import { loadCtaDocument, saveCtaDocument } from "#app/models/cta.server";
import { newCtaDocument, newElement, newSection } from "#app/components/editor/document";

let admin: BrowserContext;
let owner: Page;
let ctaId: number;
const pageErrors: string[] = [];

const HEADING = "Dra och släpp";
const SECOND = "Andra sektionen";

async function logIn(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.on("pageerror", (e) => pageErrors.push(e.message));
  await page.goto(`${server.origin}/owner/login`);
  await page.fill('input[name="email"]', "agare@saljakademin.se");
  await page.fill('input[name="password"]', "beckon-demo-2026");
  await Promise.all([
    page.waitForURL((u) => !u.pathname.startsWith("/owner/login")),
    page.click('button[type="submit"]'),
  ]);
  return page;
}

async function openEditor(page: Page): Promise<void> {
  await page.goto(`${server.origin}/owner/websites/${sv}/ctas/${ctaId}`);
  await hydrated(page);
}

/** The names of the element handles of the first column of the first section, top to bottom. */
const handleNames = (page: Page, prefix: RegExp) =>
  page
    .getByRole("button", { name: prefix })
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label") ?? ""));

const savedOrder = async () => {
  const doc = await loadCtaDocument(tdb.db, sv, ctaId);
  return doc!.variants[0].steps[0].sections
    .map((s) => s.columns[0].elements.map((e) => `${e.element_type}${e.position}`).join(","))
    .join(" | ");
};

withE2eStack({
  beforeServer: async () => {
    // An inline CTA: heading and form in section 1, a paragraph in section 2 (saved, so every node has an id).
    const doc = newCtaDocument({ name: "Direktredigering E2E", cta_type: "inline", template: "form" });
    const step = doc.variants[0].steps[0];
    step.sections[0].columns[0].elements[0].options = { html: `<h2>${HEADING}</h2>` };
    step.sections.push(newSection(1, [{ ...newElement("text"), options: { html: `<p>${SECOND}</p>` } }]));
    ctaId = (await saveCtaDocument(tdb.db, sv, doc)).id!;
  },
});

beforeAll(async () => {
  admin = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  owner = await logIn(admin);
});

afterAll(async () => {
  await admin?.close();
});

describe("reordering with the keyboard", () => {
  it("gives every element, column and section a named handle, and axe finds nothing serious", async () => {
    await openEditor(owner);
    expect(await handleNames(owner, /^Move element/)).toEqual([
      `Move element 1 (Text · ${HEADING})`,
      "Move element 2 (Form · 1 field)",
      `Move element 1 (Text · ${SECOND})`,
    ]);
    expect(await handleNames(owner, /^Move section/)).toEqual(["Move section 1", "Move section 2"]);
    const handle = owner.getByRole("button", { name: "Move section 1", exact: true });
    expect(await handle.getAttribute("aria-roledescription")).toBe("movable item");
    // The handle points to the instructions a screen reader reads when it gets focus. dnd-kit portals
    // that text into the body from an effect after the handles mount, so it is awaited, not read once.
    const describedBy = (await handle.getAttribute("aria-describedby"))!;
    await expect
      .poll(() => owner.evaluate((id) => document.getElementById(id)?.textContent ?? "", describedBy))
      .toMatch(/^To pick up an item, press Space or Enter/);
    expect(await seriousViolations(owner)).toEqual([]);
  });

  it("moves an element down, announcing each step; Undo puts it back; saving keeps the new order", async () => {
    await openEditor(owner);
    const heading = owner.getByRole("button", { name: `Move element 1 (Text · ${HEADING})`, exact: true });
    await heading.focus();
    await owner.keyboard.press("Space");
    await announced(owner, `Picked up element 1 (Text · ${HEADING}). It is in position 1 of 2.`);
    await owner.keyboard.press("ArrowDown");
    await announced(owner, `element 1 (Text · ${HEADING}) was moved into position 2 of 2.`);
    // Mid-drag the builder is still accessible.
    expect(await seriousViolations(owner)).toEqual([]);
    await owner.keyboard.press("Space");
    await announced(owner, `element 1 (Text · ${HEADING}) was dropped at position 2 of 2.`);
    await expect
      .poll(() => handleNames(owner, /^Move element/))
      .toEqual([
        "Move element 1 (Form · 1 field)",
        `Move element 2 (Text · ${HEADING})`,
        `Move element 1 (Text · ${SECOND})`,
      ]);
    expect(await owner.getByText("Unsaved changes", { exact: true }).count()).toBe(1);

    await owner.getByRole("button", { name: "Undo", exact: true }).click();
    await expect
      .poll(() => handleNames(owner, /^Move element/))
      .toEqual([
        `Move element 1 (Text · ${HEADING})`,
        "Move element 2 (Form · 1 field)",
        `Move element 1 (Text · ${SECOND})`,
      ]);
    await owner.getByRole("button", { name: "Redo", exact: true }).click();
    await expect
      .poll(() => handleNames(owner, /^Move element/))
      .toEqual([
        "Move element 1 (Form · 1 field)",
        `Move element 2 (Text · ${HEADING})`,
        `Move element 1 (Text · ${SECOND})`,
      ]);

    // The preview follows the unsaved order.
    const preview = owner.frameLocator('iframe[title^="Preview of"]');
    await expect
      .poll(
        () =>
          preview.locator("beckon-cta").evaluate((host) => {
            const root = host.shadowRoot ?? host;
            const h2 = root.querySelector("h2");
            const form = root.querySelector("form");
            return !!h2 && !!form && !!(form.compareDocumentPosition(h2) & Node.DOCUMENT_POSITION_FOLLOWING);
          }),
        { timeout: 10_000 },
      )
      .toBe(true);

    expect(await savedOrder()).toBe("text0,form1 | text0");
    await owner.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(savedOrder, { timeout: 10_000 }).toBe("form0,text1 | text0");
  });

  it("moves a section up, and the saved step keeps that order", async () => {
    await openEditor(owner);
    await owner.getByRole("button", { name: "Move section 2", exact: true }).focus();
    await owner.keyboard.press("Space");
    await announced(owner, "Picked up section 2. It is in position 2 of 2.");
    await owner.keyboard.press("ArrowUp");
    await announced(owner, "section 2 was moved into position 1 of 2.");
    await owner.keyboard.press("Space");
    await announced(owner, "section 2 was dropped at position 1 of 2.");
    await expect
      .poll(() => handleNames(owner, /^Move element/))
      .toEqual([
        `Move element 1 (Text · ${SECOND})`,
        "Move element 1 (Form · 1 field)",
        `Move element 2 (Text · ${HEADING})`,
      ]);
    // Focus stays on the handle of the section that moved, so the owner can keep going.
    expect(await owner.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Move section 1");
    await owner.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(savedOrder, { timeout: 10_000 }).toBe("text0 | form0,text1");
  });

  it("Escape cancels a move: nothing changes", async () => {
    await openEditor(owner);
    const before = await handleNames(owner, /^Move element/);
    // Section 2's first element, the form (the section moved up above).
    await owner.getByRole("button", { name: before[1], exact: true }).focus();
    await owner.keyboard.press("Space");
    await announced(owner, /^Picked up element 1 \(Form/);
    await owner.keyboard.press("ArrowDown");
    await announced(owner, /was moved into position 2 of 2/);
    await owner.keyboard.press("Escape");
    await announced(owner, "Moving was cancelled. element 1 (Form · 1 field) stays at position 1 of 2.");
    expect(await handleNames(owner, /^Move element/)).toEqual(before);
    expect(await owner.getByText("Unsaved changes", { exact: true }).count()).toBe(0);
  });

  it("speaks the admin's language: a Swedish owner hears Swedish", async () => {
    const swedish = await browser.newContext({
      viewport: { width: 1400, height: 1000 },
      locale: "sv-SE",
      extraHTTPHeaders: { "Accept-Language": "sv-SE,sv;q=0.9" },
    });
    try {
      const page = await logIn(swedish);
      await openEditor(page);
      const handle = page.getByRole("button", { name: "Flytta sektion 1", exact: true });
      expect(await handle.getAttribute("aria-roledescription")).toBe("flyttbar del");
      await handle.focus();
      await page.keyboard.press("Space");
      await announced(page, "Du har lyft sektion 1. Den står på plats 1 av 2.");
      await page.keyboard.press("Escape");
      await announced(page, "Flytten avbröts. sektion 1 står kvar på plats 1 av 2.");
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await swedish.close();
    }
  });
});

describe("editing in the preview", () => {
  const preview = () => owner.frameLocator('iframe[title^="Preview of"]');
  // The order the tests above saved: section 1 holds the second paragraph; section 2 the form, then the heading.

  it("a click on an element opens its card, scrolled into view, with focus on its first field", async () => {
    await openEditor(owner);
    await preview().locator("beckon-cta input[type=email]").click();
    await owner.getByRole("button", { name: "Close element 1 (Form · 1 field)", exact: true }).waitFor();
    expect(
      await owner.evaluate(() => (document.activeElement as HTMLSelectElement | null)?.labels?.[0]?.textContent),
    ).toBe("Element type");
    expect(await owner.getByRole("button", { name: `Edit element 2 (Text · ${HEADING})`, exact: true }).count()).toBe(
      1,
    );
  });

  it("text edited in place lands in the document, one undo step; Escape cancels an edit", async () => {
    await openEditor(owner);
    const heading = preview().locator("beckon-cta h2", { hasText: HEADING });
    await heading.click();
    // The card opens without taking focus: the owner is typing in the preview. Its rich-text editor follows the edit.
    const html = owner.getByRole("textbox", { name: "Text", exact: true });
    await html.waitFor();
    expect(await heading.getAttribute("contenteditable")).toBe("true");
    await owner.keyboard.press("End");
    await owner.keyboard.type(" nu");
    await owner.keyboard.press("Enter");
    await expect.poll(() => html.innerHTML()).toBe(`<h2>${HEADING} nu</h2>`);
    expect(await owner.getByText("Unsaved changes", { exact: true }).count()).toBe(1);
    await expect
      .poll(() => preview().locator("beckon-cta h2").first().textContent(), { timeout: 10_000 })
      .toBe(`${HEADING} nu`);

    await owner.getByRole("button", { name: "Undo", exact: true }).click();
    await expect.poll(() => html.innerHTML()).toBe(`<h2>${HEADING}</h2>`);
    await expect
      .poll(() => preview().locator("beckon-cta h2").first().textContent(), { timeout: 10_000 })
      .toBe(HEADING);

    // Escape puts the text back and changes nothing.
    const again = preview().locator("beckon-cta h2", { hasText: HEADING });
    await again.click();
    await owner.keyboard.type(" bort");
    await owner.keyboard.press("Escape");
    await expect.poll(() => again.textContent()).toBe(HEADING);
    expect(await again.getAttribute("contenteditable")).toBeNull();
    expect(await html.innerHTML()).toBe(`<h2>${HEADING}</h2>`);
  });

  it("threw no page error", () => {
    expect(pageErrors).toEqual([]);
  });
});
