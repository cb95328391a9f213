/** CTA documents against a real database: refused documents, status, copies and lists, and broadcasts that target CTAs. */
import { describe, expect, it } from "vitest";
import {
  BroadcastValidationError,
  createBroadcast,
  listBroadcasts,
  listPublicBroadcasts,
  listSiteConditions,
  saveSiteConditions,
  updateBroadcast,
} from "#app/models/broadcast.server";
import {
  NotFoundError,
  archiveCta,
  duplicateCta,
  listCtas,
  listPublishedCtaSummaries,
  loadCtaDocument,
  publishCta,
  saveCtaDocument,
} from "#app/models/cta.server";
import { addVariant } from "#app/components/editor/document";
import {
  actionGroupMock,
  broadcastInputMock,
  conditionMock,
  ctaDocumentMock,
  ctaWithElements,
  fieldInputMock,
  formElementMock,
  stepInputMock,
  textElementMock,
  variantMock,
} from "#test/support/factories";
import {
  contentOf,
  firstElements,
  issueAt,
  nodeIds,
  rejectionOf,
  richDocument,
  siteA,
  siteB,
  t,
  withCtaModelDatabase,
} from "./cta-model-harness";

withCtaModelDatabase();

describe("invalid documents", () => {
  it("names the field of each problem", async () => {
    const split = ctaDocumentMock({
      variants: [variantMock({ percentage: 50 }), variantMock({ variation: "B", percentage: 40 })],
    });
    expect(await issueAt(saveCtaDocument(t.db, siteA, split), "variants")).toMatch(/add up to 100/);

    expect(
      await issueAt(saveCtaDocument(t.db, siteA, ctaDocumentMock({ overlay_type: null })), "overlay_type"),
    ).toMatch(/overlay_type/);
    await issueAt(
      saveCtaDocument(t.db, siteA, ctaDocumentMock({ cta_type: "bar", overlay_type: null })),
      "bar_position",
    );

    const duplicateSlug = ctaWithElements([
      formElementMock({ fields: [fieldInputMock({ slug: "email" }), fieldInputMock({ slug: "email" })] }),
    ]);
    expect(
      await issueAt(
        saveCtaDocument(t.db, siteA, duplicateSlug),
        "variants.0.steps.0.sections.0.columns.0.elements.0.fields.1.slug",
      ),
    ).toMatch(/twice/);

    expect(await issueAt(saveCtaDocument(t.db, siteA, ctaDocumentMock({ name: "x".repeat(201) })), "name")).toMatch(
      /200/,
    );
    const longConfirmation = ctaDocumentMock({
      variants: [
        variantMock({
          steps: [stepInputMock({ action_groups: [actionGroupMock({ data: { confirmation: "x".repeat(5001) } })] })],
        }),
      ],
    });
    await issueAt(
      saveCtaDocument(t.db, siteA, longConfirmation),
      "variants.0.steps.0.action_groups.0.data.confirmation",
    );
    await issueAt(saveCtaDocument(t.db, siteA, ctaDocumentMock({ options: { html: "x".repeat(1_000_001) } })), "");
    await issueAt(saveCtaDocument(t.db, siteA, ctaDocumentMock({ name: "nul\u0000byte" })), "name");
    await issueAt(saveCtaDocument(t.db, siteA, "not a document"), "");
  });

  it("stores nothing when a document is refused", async () => {
    const before = await t.db.cta.count();
    await rejectionOf(saveCtaDocument(t.db, siteA, ctaDocumentMock({ variants: [] })));
    expect(await t.db.cta.count()).toBe(before);
  });

  it("keeps hostile plain strings verbatim (escaping is the renderer's job) and stores rich text sanitised", async () => {
    const script = `<script>alert("x")</script>`;
    const saved = await saveCtaDocument(
      t.db,
      siteA,
      ctaWithElements(
        [
          textElementMock({ options: { html: script } }),
          formElementMock({ fields: [fieldInputMock({ options: { placeholder: `"'><svg onload=alert(1)>` } })] }),
        ],
        { name: script, options: { css: "</style><img src=x onerror=alert(1)>" } },
      ),
    );
    const loaded = (await loadCtaDocument(t.db, siteA, saved.id!))!;
    expect(loaded.name).toBe(script);
    expect(loaded.options.css).toBe("</style><img src=x onerror=alert(1)>");
    // Rich text is HTML the widget parses: the server keeps only the allow-list (app/models/rich-text).
    expect(firstElements(loaded)[0].options.html).toBe("");
    expect(firstElements(loaded)[1].fields[0].options.placeholder).toBe(`"'><svg onload=alert(1)>`);
  });
});

describe("status, copies and lists", () => {
  it("publishes with a fresh published_at, bumps it when a published CTA changes, and archives", async () => {
    const saved = await saveCtaDocument(t.db, siteA, ctaDocumentMock({ name: "Publish me" }));
    expect(saved.status).toBe("draft");
    expect(saved.published_at).toBeNull();
    const before = Date.now();
    const published = await publishCta(t.db, siteA, saved.id!);
    expect(published.status).toBe("published");
    expect(Date.parse(published.published_at!)).toBeGreaterThanOrEqual(before - 1000);

    const summaries = await listPublishedCtaSummaries(t.db, siteA);
    const summary = summaries.find((s) => s.id === saved.id)!;
    expect(summary).toMatchObject({
      name: "Publish me",
      cta_type: "overlay",
      overlay_type: "boxed",
      published_at: published.published_at,
    });
    expect(summary.variants).toEqual([{ id: saved.variants[0].id, variation: "A", percentage: 100 }]);

    await new Promise((resolve) => setTimeout(resolve, 5));
    const edited = await saveCtaDocument(t.db, siteA, {
      ...(await loadCtaDocument(t.db, siteA, saved.id!))!,
      name: "Publish me (edited)",
    });
    expect(Date.parse(edited.published_at!)).toBeGreaterThan(Date.parse(published.published_at!));

    const archived = await archiveCta(t.db, siteA, saved.id!);
    expect(archived.status).toBe("archived");
    expect((await listPublishedCtaSummaries(t.db, siteA)).map((s) => s.id)).not.toContain(saved.id);
    expect((await listCtas(t.db, siteA, { status: "archived" })).map((c) => c.id)).toContain(saved.id);

    await expect(publishCta(t.db, siteB, saved.id!)).rejects.toBeInstanceOf(NotFoundError);
    await expect(archiveCta(t.db, siteB, saved.id!)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("saves a variant copied in the editor, its sub-questions under the copy's own questions", async () => {
    // The copy's sub-question named its parent by the original's id: the save failed with
    // "Parent question N is not in this element".
    const source = await saveCtaDocument(t.db, siteA, richDocument());
    const saved = await saveCtaDocument(t.db, siteA, addVariant(source));
    expect(saved.variants).toHaveLength(source.variants.length + 1);
    const quizOf = (v: (typeof saved.variants)[number]) => v.steps[0].sections[0].columns[1].elements[0];
    const original = quizOf(saved.variants[0]);
    const copy = quizOf(saved.variants.at(-1)!);
    expect(copy.fields.map((f) => f.slug)).toEqual(original.fields.map((f) => f.slug));
    expect(copy.fields[1].field_id).toBe(copy.fields[0].id);
    expect(copy.fields[0].id).not.toBe(original.fields[0].id);
    expect(original.fields[1].field_id).toBe(original.fields[0].id);
  });

  it("moves a copied variant's quiz links to its own steps and questions once saved", async () => {
    const first = await saveCtaDocument(t.db, siteA, richDocument());
    const linked = structuredClone(first);
    const quiz = linked.variants[0].steps[0].sections[0].columns[1].elements[0];
    quiz.action_groups[0].field_id = quiz.fields[0].id;
    quiz.action_groups[0].data["jump-field-id"] = quiz.fields[1].id;
    quiz.fields[0].field_options[0].jump_field_id = quiz.fields[1].id;
    quiz.fields[0].field_options[1].step_id = linked.variants[0].steps[1].id;
    const source = await saveCtaDocument(t.db, siteA, linked);
    // The editor's copy names the original's nodes until the save gives it ids of its own.
    const saved = await saveCtaDocument(t.db, siteA, addVariant(source));
    const [original, copy] = [saved.variants[0], saved.variants.at(-1)!];
    const quizOf = (v: typeof copy) => v.steps[0].sections[0].columns[1].elements[0];
    const [a, b] = [quizOf(original), quizOf(copy)];
    expect(b.action_groups[0].field_id).toBe(b.fields[0].id);
    expect(b.action_groups[0].data["jump-field-id"]).toBe(b.fields[1].id);
    expect(b.fields[0].field_options[0].jump_field_id).toBe(b.fields[1].id);
    expect(b.fields[0].field_options[1].step_id).toBe(copy.steps[1].id);
    // The original keeps its own links, and saving again changes nothing.
    expect(a.action_groups[0].field_id).toBe(a.fields[0].id);
    expect(a.fields[0].field_options[1].step_id).toBe(original.steps[1].id);
    expect(await saveCtaDocument(t.db, siteA, saved)).toEqual(saved);
  });

  it("duplicates deeply with new ids, as a draft, with links pointing into the copy", async () => {
    const original = await saveCtaDocument(t.db, siteA, richDocument());
    // Link the quiz's action group to its own question and a jump, then publish.
    const linked = structuredClone(original);
    const quiz = linked.variants[0].steps[0].sections[0].columns[1].elements[0];
    quiz.action_groups[0].field_id = quiz.fields[0].id;
    quiz.fields[0].field_options[0].jump_field_id = quiz.fields[1].id;
    quiz.fields[0].field_options[1].step_id = linked.variants[0].steps[1].id;
    const source = await saveCtaDocument(t.db, siteA, linked);
    await publishCta(t.db, siteA, source.id!);

    const sourceBefore = await loadCtaDocument(t.db, siteA, source.id!);
    const copy = await duplicateCta(t.db, siteA, source.id!);
    expect(copy.id).not.toBe(source.id);
    expect(copy.name).toBe(`${source.name} (copy)`);
    expect(copy.status).toBe("draft");
    expect(copy.published_at).toBeNull();
    expect(contentOf({ ...copy, name: source.name, status: "published" })).toEqual(
      contentOf({ ...source, status: "published" }),
    );

    const copyIds = nodeIds(copy);
    const sourceIds = nodeIds(source);
    expect(copyIds.filter((id) => sourceIds.includes(id))).toEqual([]);
    const copyQuiz = copy.variants[0].steps[0].sections[0].columns[1].elements[0];
    expect(copyQuiz.fields[1].field_id).toBe(copyQuiz.fields[0].id);
    expect(copyQuiz.action_groups[0].field_id).toBe(copyQuiz.fields[0].id);
    expect(copyQuiz.fields[0].field_options[0].jump_field_id).toBe(copyQuiz.fields[1].id);
    expect(copyQuiz.fields[0].field_options[1].step_id).toBe(copy.variants[0].steps[1].id);

    expect(await loadCtaDocument(t.db, siteA, source.id!)).toEqual(sourceBefore);
    await expect(duplicateCta(t.db, siteB, source.id!)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("lists a website's CTAs only", async () => {
    const mine = await listCtas(t.db, siteA);
    const theirs = await listCtas(t.db, siteB);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.map((c) => c.id).some((id) => theirs.map((c) => c.id).includes(id))).toBe(false);
    expect(mine.map((c) => c.id)).toEqual([...mine.map((c) => c.id)].sort((a, b) => a - b));
  });
});

describe("broadcasts", () => {
  it("creates and updates a broadcast with and/or conditions, keeping condition ids", async () => {
    const created = await createBroadcast(
      t.db,
      siteA,
      broadcastInputMock({
        name: "Bloggen",
        timezone: "Europe/Stockholm",
        timeframe: true,
        range_start: "2026-03-01T08:00:00+01:00",
        range_end: "2026-03-31T22:00:00+02:00",
        conditions: [
          conditionMock({ condition_type: "category", url: null, tag_id: "blogg", data: {} }),
          conditionMock({ position: 1, operator: "or", url: "/blogg" }),
        ],
      }),
    );
    expect(created).toMatchObject({
      name: "Bloggen",
      timezone: "Europe/Stockholm",
      range_start: "2026-03-01T07:00:00.000Z",
    });
    expect(created.conditions.map((c) => [c.condition_type, c.operator])).toEqual([
      ["category", "and"],
      ["url", "or"],
    ]);

    const updated = await updateBroadcast(t.db, siteA, created.id, {
      ...created,
      conditions: [created.conditions[1], conditionMock({ position: 2, url: "/kurser" })],
    });
    expect(updated.conditions[0].id).toBe(created.conditions[1].id);
    expect(updated.conditions).toHaveLength(2);
    expect(await t.db.condition.findUnique({ where: { id: created.conditions[0].id! } })).toBeNull();
  });

  it("validates broadcasts and their conditions by field", async () => {
    const bad = async (input: unknown, path: string) => {
      const error = await rejectionOf(createBroadcast(t.db, siteA, input));
      expect(error).toBeInstanceOf(BroadcastValidationError);
      expect(Object.keys((error as BroadcastValidationError).fieldErrors())).toContain(path);
    };
    await bad(broadcastInputMock({ timezone: "Mars/Olympus" }), "timezone");
    await bad(broadcastInputMock({ timeframe: true }), "range_start");
    await bad(
      broadcastInputMock({ range_start: "2026-03-02T00:00:00Z", range_end: "2026-03-01T00:00:00Z" }),
      "range_end",
    );
    await bad(
      broadcastInputMock({ conditions: [conditionMock({ operator: "xor" as "and" })] }),
      "conditions.0.operator",
    );
    await bad(broadcastInputMock({ conditions: [conditionMock({ url: null })] }), "conditions.0.url");
    const theirs = await saveCtaDocument(t.db, siteB, ctaDocumentMock());
    await bad(
      broadcastInputMock({ conditions: [{ condition_type: "cta", cta_id: theirs.id, condition_cta: "converted" }] }),
      "conditions.0.cta_id",
    );

    const theirBroadcast = await createBroadcast(t.db, siteB, broadcastInputMock());
    await expect(updateBroadcast(t.db, siteA, theirBroadcast.id, broadcastInputMock())).rejects.toBeInstanceOf(
      NotFoundError,
    );
    const mine = await createBroadcast(t.db, siteA, broadcastInputMock());
    await expect(
      updateBroadcast(t.db, siteA, mine.id, {
        ...broadcastInputMock(),
        conditions: [{ ...theirBroadcast.conditions[0] }],
      }),
    ).rejects.toBeInstanceOf(BroadcastValidationError);
  });

  it("gives the widget active broadcasts with their published CTAs only", async () => {
    const active = await createBroadcast(t.db, siteA, broadcastInputMock({ name: "Active" }));
    const paused = await createBroadcast(t.db, siteA, broadcastInputMock({ name: "Paused", status: false }));
    const live = await saveCtaDocument(t.db, siteA, ctaDocumentMock({ broadcast_id: active.id, status: "published" }));
    const draft = await saveCtaDocument(t.db, siteA, ctaDocumentMock({ broadcast_id: active.id }));
    await saveCtaDocument(t.db, siteA, ctaDocumentMock({ broadcast_id: paused.id, status: "published" }));
    expect(live.published_at).not.toBeNull();

    const publicOnes = await listPublicBroadcasts(t.db, siteA);
    expect(publicOnes.map((b) => b.name)).toContain("Active");
    expect(publicOnes.map((b) => b.name)).not.toContain("Paused");
    const entry = publicOnes.find((b) => b.id === active.id)!;
    expect(entry.cta_ids).toEqual([live.id]);
    expect(entry).not.toHaveProperty("status");
    expect((await listBroadcasts(t.db, siteA)).find((b) => b.id === active.id)!.cta_ids).toEqual([live.id, draft.id]);
    expect((await listPublicBroadcasts(t.db, siteB)).map((b) => b.id)).not.toContain(active.id);
  });

  it("keeps site-wide conditions apart from broadcast and action-group ones", async () => {
    const saved = await saveSiteConditions(t.db, siteA, [
      conditionMock({ url: "/wp-admin", data: { match: "not_contains" } }),
    ]);
    expect(saved).toHaveLength(1);
    expect(await listSiteConditions(t.db, siteA)).toEqual(saved);
    expect(await listSiteConditions(t.db, siteB)).toEqual([]);
    const replaced = await saveSiteConditions(t.db, siteA, [
      saved[0],
      conditionMock({ position: 1, url: "/kassan", data: { match: "not_contains" } }),
    ]);
    expect(replaced[0].id).toBe(saved[0].id);
    expect(replaced).toHaveLength(2);
    await expect(saveSiteConditions(t.db, siteB, replaced)).rejects.toBeInstanceOf(BroadcastValidationError);
  });
});
