/**
 * Drafts of published CTAs in the model: the editor's writes apply (clear) a
 * pending draft; other writers of the live rows (a declared winner, a list
 * action) leave the owner's unpublished edits alone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { seedIfEmpty } from "#prisma/seed";
import {
  discardCtaDraft,
  loadCtaDocument,
  loadCtaForEditor,
  saveCtaDocument,
  saveCtaDraft,
} from "#app/models/cta.server";

let t: TestDatabase;
let ctaId: number;
const SV = 1;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedIfEmpty(t.db);
  ctaId = (await t.db.cta.findFirstOrThrow({ where: { websiteId: SV, status: "published", ctaType: "overlay" } })).id;
}, 60_000);

afterAll(async () => {
  await t?.drop();
});

describe("drafts of published CTAs", () => {
  it("a live-row write without replacesDraft keeps the draft; the editor's write clears it", async () => {
    const doc = (await loadCtaDocument(t.db, SV, ctaId))!;
    const drafted = await saveCtaDraft(t.db, SV, ctaId, { ...doc, name: "Utkastets namn" });
    expect(drafted?.hasDraft).toBe(true);

    await saveCtaDocument(t.db, SV, { ...doc, options: { ...doc.options, "hide-days": 3 } });
    const opened = (await loadCtaForEditor(t.db, SV, ctaId))!;
    expect(opened.hasDraft).toBe(true);
    expect(opened.cta.name).toBe("Utkastets namn");
    expect((await loadCtaDocument(t.db, SV, ctaId))!.name).toBe(doc.name);

    await saveCtaDocument(t.db, SV, { ...opened.cta, status: "published" }, { replacesDraft: true });
    const after = (await loadCtaForEditor(t.db, SV, ctaId))!;
    expect(after.hasDraft).toBe(false);
    expect(after.cta.name).toBe("Utkastets namn");
  });

  it("an unpublished CTA keeps no draft, and a draft the schema refuses is ignored when opening", async () => {
    const doc = (await loadCtaDocument(t.db, SV, ctaId))!;
    await saveCtaDocument(t.db, SV, { ...doc, status: "draft" }, { replacesDraft: true });
    expect(await saveCtaDraft(t.db, SV, ctaId, { ...doc, status: "draft", name: "x" })).toBeNull();
    await saveCtaDocument(t.db, SV, { ...doc, status: "published" }, { replacesDraft: true });

    await t.db.cta.update({ where: { id: ctaId }, data: { draft: { name: 42 } } });
    const opened = (await loadCtaForEditor(t.db, SV, ctaId))!;
    expect(opened.hasDraft).toBe(false);
    expect(opened.cta.name).toBe(doc.name);
    expect((await discardCtaDraft(t.db, SV, ctaId)).name).toBe(doc.name);
    expect((await t.db.cta.findUniqueOrThrow({ where: { id: ctaId } })).draft).toBeNull();
    await expect(discardCtaDraft(t.db, 2, ctaId)).rejects.toThrow();
  });
});
