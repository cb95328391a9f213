/**
 * Rich text inside tabs without HTML, in Chromium: the owner of the Swedish
 * site opens a tabs element, renames a tab, writes its text in the same
 * rich-text field a text element has (bold with Ctrl+B), adds a tab, and
 * publishes. The preview draws the tab's bold text as it changes, the stored
 * item HTML is exactly the editor's, and the builder with the items open is
 * axe-clean.
 */
import { describe, expect, it } from "vitest";
import { browser, server, svId as sv, tdb, withE2eStack } from "#test/support/e2e-stack";
import { hydrated, logInAsOwner, seriousViolations } from "#test/support/admin-page";
import { loadCtaDocument, saveCtaDocument } from "#app/models/cta.server";
import { findTemplate, templateDocument } from "#app/templates";
import { newElement } from "#app/components/editor/document";

let ctaId: number;

const storedItems = async () => {
  const doc = (await loadCtaDocument(tdb.db, sv, ctaId))!;
  return {
    status: doc.status,
    items: doc.variants[0].steps[0].sections[0].columns[0].elements[0].content_toggle_items,
  };
};

withE2eStack({
  beforeServer: async () => {
    const doc = templateDocument(findTemplate("bar-announcement")!, "sv");
    const column = doc.variants[0].steps[0].sections[0].columns[0];
    column.elements = [
      { ...newElement("tabs", 0), content_toggle_items: [{ title: "Kurser", html: "<p>Två dagar i Stockholm.</p>" }] },
    ];
    ctaId = (await saveCtaDocument(tdb.db, sv, { ...doc, name: "Flikar E2E", status: "draft" })).id!;
  },
});

describe("rich text in tabs", () => {
  it("writes a tab's text in the rich-text field, the preview follows, and Publish stores the editor's HTML", async () => {
    const admin = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const owner = await admin.newPage();
    const errors: string[] = [];
    owner.on("pageerror", (e) => errors.push(e.message));
    await logInAsOwner(owner, server.origin);
    await owner.goto(`${server.origin}/owner/websites/${sv}/ctas/${ctaId}`);
    await hydrated(owner);
    await owner.getByRole("button", { name: /^Edit element 1 / }).click();
    await owner.getByLabel("Title of Tab 1", { exact: true }).fill("Utbildningar");
    const editor = owner.getByRole("textbox", { name: "Text of Tab 1", exact: true });
    await editor.waitFor();
    expect(await owner.getByLabel(/HTML/).count()).toBe(0);
    await editor.click();
    await owner.keyboard.press("End");
    await owner.keyboard.press("Control+B");
    await owner.keyboard.type(" Boka nu!");
    await expect.poll(() => editor.innerHTML()).toBe("<p>Två dagar i Stockholm.<strong> Boka nu!</strong></p>");

    const preview = owner.frameLocator('iframe[title^="Preview of"]');
    await expect
      .poll(() => preview.locator("beckon-cta [role=tab]").first().textContent(), { timeout: 10_000 })
      .toBe("Utbildningar");
    await expect
      .poll(() => preview.locator("beckon-cta strong").first().textContent(), { timeout: 10_000 })
      .toBe(" Boka nu!");

    await owner.getByRole("button", { name: "Add tab" }).click();
    await owner.getByRole("textbox", { name: "Text of Tab 2", exact: true }).waitFor();
    expect(await seriousViolations(owner)).toEqual([]);

    await owner.getByRole("button", { name: "Publish", exact: true }).click();
    await expect.poll(storedItems, { timeout: 30_000 }).toEqual({
      status: "published",
      items: [
        { title: "Utbildningar", html: "<p>Två dagar i Stockholm.<strong> Boka nu!</strong></p>" },
        { title: "Tab 2" },
      ],
    });
    expect(errors).toEqual([]);
    await admin.close();
  }, 180_000);
});
