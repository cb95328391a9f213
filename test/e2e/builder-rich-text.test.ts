/**
 * Rich text without HTML, in Chromium: the owner of the Swedish site opens a
 * top bar's text, makes it bold with the toolbar, ends the bold with Ctrl+B,
 * links two words through the toolbar's link field (which refuses a
 * javascript: address in words), and publishes. The preview draws the bold
 * text and the link as it changes, the stored HTML is exactly the editor's,
 * and a visitor of the Swedish demo page sees the bar bold and linked. The
 * raw HTML box is only behind the Advanced toggle; the builder with the
 * editor open is axe-clean in English and Swedish. A button's label is
 * edited in place in the preview, as texts are.
 */
import { describe, expect, it } from "vitest";
import { browser, server, svId as sv, tdb } from "#test/support/e2e-stack";
import { seriousViolations, SWEDISH_PHONE } from "#test/support/admin-page";
import { ctaId, ownerPage, pageErrors, withTemplateDraft } from "#test/support/builder-draft";
import { loadCtaDocument } from "#app/models/cta.server";

const TEXT = "Nyhet: boka online på under en minut.";
const EDITED = `<p><strong>${TEXT}</strong> <a href="https://example.se/boka">Läs mer</a></p>`;

const storedHtml = async () => {
  const doc = (await loadCtaDocument(tdb.db, sv, ctaId))!;
  return { status: doc.status, html: doc.variants[0].steps[0].sections[0].columns[0].elements[0].options.html };
};

withTemplateDraft({ id: "bar-announcement", name: "Rik text E2E" });

describe("the rich-text editor", () => {
  it("makes text bold (toolbar and Ctrl+B), adds a checked link, and the preview and the visitor's page show it", async () => {
    const admin = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const owner = await ownerPage(admin);
    await owner.getByRole("button", { name: `Edit element 1 (Text · ${TEXT})`, exact: true }).click();
    const editor = owner.getByRole("textbox", { name: "Text", exact: true });
    await editor.waitFor();
    // The raw HTML is there only behind Advanced.
    expect(await owner.getByLabel(/^Text \(HTML/).count()).toBe(0);
    const toolbar = owner.getByRole("toolbar", { name: "Formatting of Text" });
    const bold = toolbar.getByRole("button", { name: "Bold", exact: true });
    expect(await bold.getAttribute("aria-keyshortcuts")).toBe("Control+B");

    // Toolbar: all of the text bold.
    await editor.click();
    await owner.keyboard.press("Control+A");
    await bold.click();
    await expect.poll(() => bold.getAttribute("aria-pressed")).toBe("true");
    // Keyboard: Ctrl+B ends the bold, so the words typed next are plain. The editor reads the
    // caret End moved on the page's selectionchange: the next keys wait for that, as a person's would.
    await owner.evaluate(() => {
      const w = window as unknown as { caretMoved?: Promise<void> };
      w.caretMoved = new Promise((resolve) =>
        document.addEventListener("selectionchange", () => setTimeout(resolve, 0), { once: true }),
      );
    });
    await owner.keyboard.press("End");
    await owner.evaluate(() => (window as unknown as { caretMoved: Promise<void> }).caretMoved);
    await owner.keyboard.press("Control+B");
    await owner.keyboard.type(" Läs mer");
    await expect.poll(() => bold.getAttribute("aria-pressed")).toBe("false");
    expect(await editor.innerHTML()).toBe(`<p><strong>${TEXT}</strong> Läs mer</p>`);

    // The link field refuses a script address in words, then links the two selected words.
    for (let i = 0; i < "Läs mer".length; i++) await owner.keyboard.press("Shift+ArrowLeft");
    await toolbar.getByRole("button", { name: "Link", exact: true }).click();
    const address = owner.getByLabel("Link address", { exact: true });
    await address.fill("javascript:alert(1)");
    await address.press("Enter");
    await owner.getByText("Only web (http, https), e-mail (mailto) and phone (tel) links are allowed").waitFor();
    expect(await editor.innerHTML()).not.toContain("<a");
    await address.fill("example.se/boka");
    await address.press("Enter");
    await expect.poll(() => editor.innerHTML()).toBe(EDITED);
    expect(await address.count()).toBe(0);
    expect(await seriousViolations(owner)).toEqual([]);

    // The preview follows the unsaved text: bold drawn bold, the link with its address.
    const preview = owner.frameLocator('iframe[title^="Preview of"]');
    const strong = preview.locator("beckon-cta strong", { hasText: TEXT });
    await strong.waitFor({ timeout: 15_000 });
    expect(Number(await strong.evaluate((el) => getComputedStyle(el).fontWeight))).toBeGreaterThanOrEqual(600);
    expect(await preview.locator('beckon-cta a[href="https://example.se/boka"]').textContent()).toBe("Läs mer");

    // Advanced shows the same HTML the editor wrote.
    await owner.getByRole("button", { name: "Advanced HTML and options of Element 1" }).click();
    expect(await owner.getByLabel(/^Text \(HTML/).inputValue()).toBe(EDITED);

    await owner.getByRole("button", { name: "Publish", exact: true }).click();
    await expect.poll(storedHtml, { timeout: 30_000 }).toEqual({ status: "published", html: EDITED });

    // A visitor of the Swedish demo page gets the bar bold and linked.
    const visitor = await browser.newContext({ locale: "sv-SE", viewport: { width: 1280, height: 800 } });
    const page = await visitor.newPage();
    await page.goto(`${server.origin}/demo/sv`);
    const host = page.locator(`beckon-cta[data-beckon-cta="${ctaId}"]`);
    await host.locator("strong", { hasText: TEXT }).waitFor({ timeout: 30_000 });
    const link = host.locator('a[href="https://example.se/boka"]');
    expect(await link.textContent()).toBe("Läs mer");
    expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
    await visitor.close();
    await admin.close();
  }, 180_000);

  it("speaks Swedish to a Swedish owner, and stays axe-clean on a phone", async () => {
    const swedish = await browser.newContext(SWEDISH_PHONE);
    try {
      const owner = await ownerPage(swedish);
      await owner.getByRole("button", { name: /^Redigera element 1 / }).click();
      await owner.getByRole("textbox", { name: "Text", exact: true }).waitFor();
      const toolbar = owner.getByRole("toolbar", { name: "Formatering av Text" });
      const names = await toolbar.getByRole("button").evaluateAll((buttons) => buttons.map((b) => b.textContent));
      expect(names).toEqual(["Fetstil", "Kursiv", "Länk", "Punktlista", "Numrerad lista"]);
      expect(await owner.getByRole("combobox", { name: "Textstil" }).count()).toBe(1);
      // Arrow keys move along the toolbar; it is one tab stop.
      await toolbar.getByRole("button", { name: "Fetstil" }).focus();
      await owner.keyboard.press("ArrowRight");
      expect(await owner.evaluate(() => document.activeElement?.textContent)).toBe("Kursiv");
      expect(await toolbar.locator('button[tabindex="0"]').count()).toBe(1);
      expect(await seriousViolations(owner)).toEqual([]);
    } finally {
      await swedish.close();
    }
  });

  it("edits a button's label in place in the preview: Enter keeps it, Escape puts it back, and nothing is followed", async () => {
    const admin = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    try {
      const owner = await ownerPage(admin);
      const preview = owner.frameLocator('iframe[title^="Preview of"]');
      const button = preview.locator("beckon-cta .bk-button");
      await button.waitFor({ timeout: 15_000 });
      await button.click();
      // The card opens without taking focus, and the link was not followed: the bar is still in the preview.
      const field = owner.getByLabel("Button text", { exact: true });
      await field.waitFor();
      expect(await button.getAttribute("contenteditable")).toBe("true");
      await owner.keyboard.press("Control+A");
      await owner.keyboard.type("Boka nu");
      await owner.keyboard.press("Enter");
      await expect.poll(() => field.inputValue()).toBe("Boka nu");
      expect(await owner.getByText("Unsaved changes", { exact: true }).count()).toBe(1);
      await expect
        .poll(() => preview.locator("beckon-cta .bk-button").textContent(), { timeout: 10_000 })
        .toBe("Boka nu");

      // Escape: the label is put back and the document keeps "Boka nu". The caret starts after the label.
      await preview.locator("beckon-cta .bk-button").click();
      await owner.keyboard.type(" bort");
      expect(await preview.locator("beckon-cta .bk-button").textContent()).toBe("Boka nu bort");
      await owner.keyboard.press("Escape");
      await expect.poll(() => preview.locator("beckon-cta .bk-button").textContent()).toBe("Boka nu");
      expect(await field.inputValue()).toBe("Boka nu");
      // One undo step puts the old label back.
      await owner.getByRole("button", { name: "Undo", exact: true }).click();
      await expect.poll(() => field.inputValue()).toBe("Läs mer");
    } finally {
      await admin.close();
    }
  });

  it("keeps what the owner types in place when a new document redraws the preview meanwhile", async () => {
    const admin = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    try {
      const owner = await ownerPage(admin);
      const frame = owner
        .frames()
        .find((f) => f.parentFrame() === owner.mainFrame() && f.name() === "" && f.url().startsWith("about:srcdoc"))!;
      const preview = owner.frameLocator('iframe[title^="Preview of"]');
      const button = preview.locator("beckon-cta .bk-button");
      await button.waitFor({ timeout: 15_000 });
      // What the editor last sent, kept in the frame so the test can send it again (a redraw on demand).
      await frame.evaluate(() => {
        window.addEventListener("message", (e) => {
          if (e.data && e.data.type === "beckon-preview") (window as unknown as { lastDoc: unknown }).lastDoc = e.data;
        });
      });
      // A change in the editor sends a document.
      // A click on the button in the preview opens its card; Escape leaves the in-place edit.
      await button.click();
      await owner.keyboard.press("Escape");
      await owner.getByLabel("Button text", { exact: true }).fill("Läs mer nu");
      await expect
        .poll(() => frame.evaluate(() => Boolean((window as unknown as { lastDoc: unknown }).lastDoc)), {
          timeout: 10_000,
        })
        .toBe(true);
      await expect.poll(() => button.textContent(), { timeout: 10_000 }).toBe("Läs mer nu");
      let replays = 0;
      const redraw = async () => {
        const doc = await frame.evaluate(
          () => (window as unknown as { lastDoc: { data: Record<string, unknown> } }).lastDoc,
        );
        replays += 1;
        const hostBefore = await preview.locator("beckon-cta").elementHandle();
        await owner.evaluate(
          ([msg, n]) => {
            const target = document.querySelector<HTMLIFrameElement>('iframe[title^="Preview of"]')!.contentWindow!;
            target.postMessage({ ...msg, data: { ...msg.data, replay: n } }, "*");
          },
          [doc, replays] as const,
        );
        // The preview draws a new host for a new document: the old one leaves the page.
        await expect.poll(() => hostBefore!.evaluate((h) => h.isConnected)).toBe(false);
      };

      // A label: the keys typed before and after the redraw are all there, and Escape still puts the label back.
      await button.click();
      await owner.keyboard.type(" och");
      await redraw();
      expect(await button.getAttribute("contenteditable")).toBe("true");
      await owner.keyboard.type(" mer");
      expect(await button.textContent()).toBe("Läs mer nu och mer");
      await owner.keyboard.press("Escape");
      await expect.poll(() => button.textContent()).toBe("Läs mer nu");
      expect(await owner.getByLabel("Button text", { exact: true }).inputValue()).toBe("Läs mer nu");

      // A text: the same, and Enter keeps it, in the editor too.
      const paragraph = preview.locator("beckon-cta .bk-text p").first();
      const before = (await paragraph.textContent())!;
      await paragraph.click();
      await owner.keyboard.press("Control+End");
      await owner.keyboard.type(" Ett");
      await redraw();
      await owner.keyboard.type(" två");
      // A space typed at the end of an editable text is a no-break space until a word follows; read both as spaces.
      const words = (text: string | null) => (text ?? "").replace(/\u00a0/g, " ");
      expect(words(await paragraph.textContent())).toBe(`${before} Ett två`);
      await owner.keyboard.press("Enter");
      // The click opened the text's card: its editor has the words typed before and after the redraw.
      await expect
        .poll(async () => words(await owner.getByRole("textbox", { name: "Text", exact: true }).textContent()))
        .toContain(`${before} Ett två`);
    } finally {
      await admin.close();
    }
  });

  it("threw no page error", () => {
    expect(pageErrors).toEqual([]);
  });
});
