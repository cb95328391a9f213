/**
 * Safe editing in the CTA editor, in Chromium: undo and redo with the top
 * bar's buttons and the keyboard (a typing burst is one step), the
 * unsaved-changes guard (in-app navigation held by a modal, Stay keeps the
 * edits, Leave drops them; beforeunload only while dirty), and drafts of a
 * published CTA (Save keeps visitors on the published version, Publish
 * changes applies the edit). axe-core finds nothing serious on the way.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Dialog, Page } from "playwright-core";
import { browser, server, svId as sv, tdb, withE2eStack } from "#test/support/e2e-stack";
import { hydrated, seriousViolations, signedInOwner } from "#test/support/admin-page";

let admin: BrowserContext;
let owner: Page;
let ctaId: number;
let originalName: string;

const OLD_HEADING = "Vänta! Ta med dig vår mest nedladdade e-bok";
const NEW_HEADING = "Sista chansen att ta e-boken";
const pageErrors: string[] = [];

const editorUrl = () => `${server.origin}/owner/websites/${sv}/ctas/${ctaId}`;

async function openEditor(page: Page): Promise<void> {
  await page.goto(editorUrl());
  await hydrated(page);
}

const nameField = (page: Page) => page.getByLabel("Name", { exact: true });
const undoButton = (page: Page) => page.getByRole("button", { name: "Undo", exact: true });
const redoButton = (page: Page) => page.getByRole("button", { name: "Redo", exact: true });
const servedCta = async () => (await fetch(`${server.origin}/api/cta/${ctaId}.json`)).text();

withE2eStack({
  beforeServer: async () => {
    const cta = await tdb.db.cta.findFirstOrThrow({ where: { websiteId: sv, name: "Exitpopup – E-bok Säljteknik" } });
    ctaId = cta.id;
    originalName = cta.name;
  },
});

beforeAll(async () => {
  ({ context: admin, page: owner } = await signedInOwner(browser, server.origin, pageErrors));
});

afterAll(async () => {
  await admin?.close();
});

describe("safe editing in the CTA editor", () => {
  it("undoes and redoes edits with the buttons and the keyboard; a typing burst is one step", async () => {
    await openEditor(owner);
    expect(await undoButton(owner).isDisabled()).toBe(true);
    expect(await redoButton(owner).isDisabled()).toBe(true);

    // Typed key by key: one step, not one per character.
    await nameField(owner).click();
    await owner.keyboard.press("End");
    await owner.keyboard.type(" X2");
    expect(await nameField(owner).inputValue()).toBe(`${originalName} X2`);
    // A second field is a second step.
    await owner.getByRole("button", { name: /^Edit element 1 / }).click();
    await owner.getByRole("button", { name: "Advanced HTML and options of Element 1" }).click();
    await owner.getByLabel(/^Text \(HTML/).fill(`<h2>${NEW_HEADING}</h2>`);
    expect(await undoButton(owner).isEnabled()).toBe(true);

    await undoButton(owner).click();
    expect(await owner.getByLabel(/^Text \(HTML/).inputValue()).toContain(OLD_HEADING);
    expect(await nameField(owner).inputValue()).toBe(`${originalName} X2`);
    await undoButton(owner).click();
    expect(await nameField(owner).inputValue()).toBe(originalName);
    expect(await undoButton(owner).isDisabled()).toBe(true);
    expect(await owner.getByText("Unsaved changes", { exact: true }).count()).toBe(0);

    await redoButton(owner).click();
    expect(await nameField(owner).inputValue()).toBe(`${originalName} X2`);
    await redoButton(owner).click();
    expect(await owner.getByLabel(/^Text \(HTML/).inputValue()).toBe(`<h2>${NEW_HEADING}</h2>`);
    expect(await redoButton(owner).isDisabled()).toBe(true);

    // The keyboard, with focus inside a text field: the document is undone, not just the field.
    await nameField(owner).focus();
    await owner.keyboard.press("Control+z");
    expect(await owner.getByLabel(/^Text \(HTML/).inputValue()).toContain(OLD_HEADING);
    await owner.keyboard.press("Control+z");
    expect(await nameField(owner).inputValue()).toBe(originalName);
    await owner.keyboard.press("Control+Shift+z");
    expect(await nameField(owner).inputValue()).toBe(`${originalName} X2`);
    await owner.keyboard.press("Control+y");
    expect(await owner.getByLabel(/^Text \(HTML/).inputValue()).toBe(`<h2>${NEW_HEADING}</h2>`);
    expect(await owner.getByText("Unsaved changes", { exact: true }).count()).toBe(1);

    expect(await seriousViolations(owner)).toEqual([]);
  });

  it("holds in-app navigation with a modal while dirty: Stay keeps the edits, Leave drops them", async () => {
    await openEditor(owner);
    await nameField(owner).fill(`${originalName} (ändrad)`);
    const ctaList = owner.getByRole("link", { name: "CTAs", exact: true }).first();

    await ctaList.click();
    const dialog = owner.getByRole("dialog").filter({ hasText: "Leave without saving?" });
    await dialog.waitFor();
    expect(await seriousViolations(owner)).toEqual([]);
    await dialog.getByRole("button", { name: "Stay" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(new URL(owner.url()).pathname).toBe(`/owner/websites/${sv}/ctas/${ctaId}`);
    expect(await nameField(owner).inputValue()).toBe(`${originalName} (ändrad)`);

    await ctaList.click();
    await dialog.waitFor();
    await Promise.all([
      owner.waitForURL((u) => u.pathname === `/owner/websites/${sv}/ctas`),
      dialog.getByRole("button", { name: "Leave" }).click(),
    ]);
    await openEditor(owner);
    expect(await nameField(owner).inputValue()).toBe(originalName);
    expect((await tdb.db.cta.findUniqueOrThrow({ where: { id: ctaId } })).name).toBe(originalName);

    // Clean: navigation is not held.
    await Promise.all([owner.waitForURL((u) => u.pathname === `/owner/websites/${sv}/ctas`), ctaList.click()]);
  });

  it("asks before closing the tab only while there are unsaved edits", async () => {
    const closeSeeingDialogs = async (page: Page): Promise<string[]> => {
      const seen: string[] = [];
      page.on("dialog", (d: Dialog) => {
        seen.push(d.type());
        void d.accept();
      });
      const closed = new Promise((resolve) => page.once("close", resolve));
      await page.close({ runBeforeUnload: true });
      await closed;
      return seen;
    };

    const clean = await admin.newPage();
    await openEditor(clean);
    await nameField(clean).click(); // a user gesture, so Chromium would show the prompt if one were asked for
    expect(await closeSeeingDialogs(clean)).toEqual([]);

    const dirty = await admin.newPage();
    await openEditor(dirty);
    await nameField(dirty).click();
    await dirty.keyboard.type("!");
    expect(await closeSeeingDialogs(dirty)).toEqual(["beforeunload"]);
  });

  it("saves a published CTA's edit as a draft visitors do not see until it is published", async () => {
    await openEditor(owner);
    expect(await servedCta()).toContain(OLD_HEADING);
    await owner.getByRole("button", { name: /^Edit element 1 / }).click();
    await owner.getByRole("button", { name: "Advanced HTML and options of Element 1" }).click();
    await owner.getByLabel(/^Text \(HTML/).fill(`<h2>${NEW_HEADING}</h2>`);
    await owner.getByRole("button", { name: "Save", exact: true }).click();
    await owner.getByRole("heading", { name: "Unpublished changes" }).waitFor();
    expect(await owner.getByText("Unsaved changes", { exact: true }).count()).toBe(0);
    // Saving keeps the history.
    expect(await undoButton(owner).isEnabled()).toBe(true);

    // A visitor still gets the published version.
    const served = await servedCta();
    expect(served).toContain(OLD_HEADING);
    expect(served).not.toContain(NEW_HEADING);

    // The editor reopens on the draft.
    await openEditor(owner);
    await owner.getByRole("heading", { name: "Unpublished changes" }).waitFor();
    await owner.getByRole("button", { name: /^Edit element 1 / }).click();
    await owner.getByRole("button", { name: "Advanced HTML and options of Element 1" }).click();
    expect(await owner.getByLabel(/^Text \(HTML/).inputValue()).toBe(`<h2>${NEW_HEADING}</h2>`);
    expect(await seriousViolations(owner)).toEqual([]);

    await owner.getByRole("button", { name: "Publish changes" }).click();
    await owner.getByText("Published: visitors see this version").waitFor();
    expect(await owner.getByRole("heading", { name: "Unpublished changes" }).count()).toBe(0);
    expect(await servedCta()).toContain(NEW_HEADING);
    expect(pageErrors).toEqual([]);
  });
});
