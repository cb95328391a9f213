/** The CTA document writer and reader against a real database, plus broadcasts that target CTAs. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ctaDocumentSchema, type CtaDocument, type CtaDocumentInput, type Field } from "../../app/lib/schema/cta";
import {
  BroadcastValidationError,
  createBroadcast,
  listBroadcasts,
  listPublicBroadcasts,
  listSiteConditions,
  saveSiteConditions,
  updateBroadcast,
} from "../../app/models/broadcast.server";
import {
  CtaValidationError,
  NotFoundError,
  archiveCta,
  duplicateCta,
  listCtas,
  listPublishedCtaSummaries,
  loadCtaDocument,
  publishCta,
  saveCtaDocument,
} from "../../app/models/cta.server";
import { createWebsite } from "../../app/models/website.server";
import {
  actionGroupMock,
  actionMock,
  broadcastInputMock,
  columnMock,
  conditionMock,
  ctaDocumentMock,
  ctaWithElements,
  fieldInputMock,
  formElementMock,
  quizElementMock,
  sectionMock,
  stepMock,
  textElementMock,
  variantMock,
  websiteSettingsMock,
} from "../fixtures/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let t: TestDatabase;
let siteA: number;
let siteB: number;

beforeAll(async () => {
  t = await createTestDatabase();
  siteA = (await createWebsite(t.db, websiteSettingsMock({ name: "Site A" }))).id;
  siteB = (await createWebsite(t.db, websiteSettingsMock({ name: "Site B" }))).id;
});

afterAll(async () => {
  await t.drop();
});

/** What a document says, without the ids and nulls the store adds: compares what was sent with what was stored. */
function contentOf(doc: unknown): unknown {
  const dropped = new Set(["id", "field_id", "parent_slug", "published_at", "jump_field_id", "step_id"]);
  return JSON.parse(
    JSON.stringify(doc, (key, value: unknown) => (dropped.has(key) || value === null ? undefined : value)),
  );
}

/** Awaits a rejection and returns it. */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (e: unknown) => e,
  );
}

/** Expects a CtaValidationError with an issue at `path` and returns its message there. */
async function issueAt(promise: Promise<unknown>, path: string): Promise<string> {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(CtaValidationError);
  const fieldErrors = (error as CtaValidationError).fieldErrors();
  expect(Object.keys(fieldErrors)).toContain(path);
  return fieldErrors[path];
}

/** A CTA with two variants, a quiz with a sub-question, conditions, actions and every Json column in use. */
function richDocument(): CtaDocumentInput {
  const step = stepMock({
    options: { name: "Fråga", script: "console.log('step')" },
    sections: [
      sectionMock({
        options: { "background-color": "#fff" },
        columns: [
          columnMock({ elements: [textElementMock(), formElementMock()] }),
          columnMock({
            position: 1,
            elements: [
              quizElementMock({
                action_groups: [
                  actionGroupMock({
                    data: { "confirmation-type": "redirect", "redirect-url": "https://example.test/thanks" },
                    conditions: [conditionMock(), conditionMock({ position: 1, operator: "or", url: "/news" })],
                    actions: [{ action_type: "add_tag", tag_id: "quiz-done", data: {} }],
                  }),
                ],
                product_recommendations: [{ source: "manual", handles: ["a", "b"] }],
                content_toggle_items: [{ title: "Tab 1" }],
              }),
            ],
          }),
        ],
      }),
    ],
  });
  return ctaDocumentMock({
    payload: { note: "kept" },
    test_type: "split",
    variants: [
      variantMock({
        percentage: 50,
        two_tap_popup: { text: "Psst!" },
        steps: [step, stepMock({ position: 1, options: { name: "Tack" } })],
      }),
      variantMock({ variation: "B", percentage: 50, score: 3, score_field: "team_size", steps: [stepMock()] }),
    ],
  });
}

/** Every node id of a document, qualified by kind ("element:12"). */
function nodeIds(doc: CtaDocument): string[] {
  const out: string[] = [];
  const groups = (gs: CtaDocument["variants"][0]["steps"][0]["action_groups"]) =>
    gs.forEach((g) => {
      out.push(`group:${g.id}`);
      g.conditions.forEach((c) => out.push(`condition:${c.id}`));
      g.actions.forEach((a) => out.push(`action:${a.id}`));
    });
  for (const v of doc.variants) {
    out.push(`variant:${v.id}`);
    for (const s of v.steps) {
      out.push(`step:${s.id}`);
      groups(s.action_groups);
      for (const sec of s.sections) {
        out.push(`section:${sec.id}`);
        for (const col of sec.columns) {
          out.push(`column:${col.id}`);
          for (const e of col.elements) {
            out.push(`element:${e.id}`);
            e.fields.forEach((f) => out.push(`field:${f.id}`));
            e.actions.forEach((a) => out.push(`action:${a.id}`));
            groups(e.action_groups);
          }
        }
      }
    }
  }
  return out;
}

function firstElements(doc: CtaDocument) {
  return doc.variants[0].steps[0].sections[0].columns[0].elements;
}

describe("saveCtaDocument and loadCtaDocument", () => {
  it("stores a new document and loads back the same content with ids", async () => {
    const input = richDocument();
    const saved = await saveCtaDocument(t.db, siteA, input);
    expect(saved.id).toBeGreaterThan(0);
    expect(await loadCtaDocument(t.db, siteA, saved.id!)).toEqual(saved);
    expect(await loadCtaDocument(t.db, null, saved.id!)).toEqual(saved);
    expect(contentOf(saved)).toEqual(contentOf(ctaDocumentSchema.parse(input)));

    const quiz = saved.variants[0].steps[0].sections[0].columns[1].elements[0];
    const [question, subQuestion] = quiz.fields;
    expect(subQuestion.field_id).toBe(question.id);
    expect(saved.variants[1].steps[0].sections[0].columns[0].elements[1].fields.map((f) => f.slug)).toEqual([
      "name",
      "email",
      "marketing_consent",
    ]);
  });

  it("round-trips: saving what was loaded changes nothing", async () => {
    const saved = await saveCtaDocument(t.db, siteA, richDocument());
    const published = await publishCta(t.db, siteA, saved.id!);
    const loaded = (await loadCtaDocument(t.db, siteA, saved.id!))!;
    const again = await saveCtaDocument(t.db, siteA, loaded);
    expect(again).toEqual(loaded);
    expect(again.published_at).toBe(published.published_at);
  });

  it("stores actions and conditions as rows of the website", async () => {
    const saved = await saveCtaDocument(t.db, siteA, richDocument());
    const quiz = saved.variants[0].steps[0].sections[0].columns[1].elements[0];
    const group = quiz.action_groups[0];
    const conditions = await t.db.condition.findMany({ where: { actionGroupId: group.id } });
    expect(conditions.map((c) => [c.websiteId, c.broadcastId, c.url])).toEqual([
      [siteA, null, "/blog"],
      [siteA, null, "/news"],
    ]);
    const groupActions = await t.db.action.findMany({ where: { actionGroupId: group.id } });
    expect(groupActions.map((a) => [a.websiteId, a.contactableType, a.tagId, a.ctaId])).toEqual([
      [siteA, "ActionGroup", "quiz-done", saved.id],
    ]);
    const form = firstElements(saved)[1];
    const elementActions = await t.db.action.findMany({ where: { elementId: form.id } });
    expect(elementActions.map((a) => [a.websiteId, a.contactableType, a.actionType])).toEqual([
      [siteA, "Element", "subscribe_list"],
    ]);
  });

  it("keeps the ids of kept nodes, creates new ones and deletes the rest", async () => {
    const saved = await saveCtaDocument(t.db, siteA, richDocument());
    const doc = structuredClone(saved);
    const column = doc.variants[0].steps[0].sections[0].columns[0];
    const [text, form] = column.elements;
    const removedForm = form.id!;
    const removedFieldIds = form.fields.map((f) => f.id!);
    const removedVariant = doc.variants[1].id!;
    const removedStep = doc.variants[0].steps[1].id!;
    text.options = { html: "<h2>Ny rubrik</h2>" };
    column.elements = [
      text,
      {
        element_type: "button",
        position: 5,
        options: { "button-text": "Go" },
        fields: [],
        action_groups: [],
        actions: [],
      },
    ];
    doc.variants = [{ ...doc.variants[0], percentage: 100, steps: [doc.variants[0].steps[0]] }];

    const updated = await saveCtaDocument(t.db, siteA, doc);
    expect(updated.id).toBe(saved.id);
    expect(updated.variants.map((v) => v.id)).toEqual([saved.variants[0].id]);
    expect(updated.variants[0].steps.map((s) => s.id)).toEqual([saved.variants[0].steps[0].id]);
    const elements = firstElements(updated);
    expect(elements[0]).toMatchObject({ id: text.id, options: { html: "<h2>Ny rubrik</h2>" } });
    expect(elements[1].id).toBeGreaterThan(0);
    expect(elements[1].id).not.toBe(removedForm);
    // The quiz in the other column, with its action group and conditions, is untouched.
    expect(updated.variants[0].steps[0].sections[0].columns[1]).toEqual(
      saved.variants[0].steps[0].sections[0].columns[1],
    );

    expect(await t.db.ctaElement.findUnique({ where: { id: removedForm } })).toBeNull();
    expect(await t.db.ctaField.count({ where: { id: { in: removedFieldIds } } })).toBe(0);
    expect(await t.db.action.count({ where: { elementId: removedForm } })).toBe(0);
    expect(await t.db.ctaVariant.findUnique({ where: { id: removedVariant } })).toBeNull();
    expect(await t.db.ctaStep.findUnique({ where: { id: removedStep } })).toBeNull();
  });

  it("moves a kept element to another column without changing its id", async () => {
    const saved = await saveCtaDocument(t.db, siteA, richDocument());
    const doc = structuredClone(saved);
    const [left, right] = doc.variants[0].steps[0].sections[0].columns;
    const moved = left.elements.pop()!;
    right.elements.push({ ...moved, position: 9 });
    const updated = await saveCtaDocument(t.db, siteA, doc);
    const rightAfter = updated.variants[0].steps[0].sections[0].columns[1].elements;
    expect(rightAfter.map((e) => e.id)).toEqual([
      ...saved.variants[0].steps[0].sections[0].columns[1].elements.map((e) => e.id),
      moved.id,
    ]);
    expect(rightAfter[1].fields.map((f) => f.id)).toEqual(moved.fields.map((f) => f.id));
  });

  it("links sub-questions created in the same save by parent_slug, and refuses unknown parents", async () => {
    const saved = await saveCtaDocument(t.db, siteA, ctaWithElements([quizElementMock()]));
    const quiz = firstElements(saved)[0];
    const doc = structuredClone(saved);
    const why: Field = {
      slug: "why",
      field_type: "paragraph",
      position: 2,
      parent_slug: "team_size_detail",
      required: false,
      multi_select: false,
      url_params: false,
      options: {},
      field_options: [],
    };
    firstElements(doc)[0].fields.push(why);
    const updated = await saveCtaDocument(t.db, siteA, doc);
    const fields = firstElements(updated)[0].fields;
    expect(fields.find((f) => f.slug === "why")!.field_id).toBe(quiz.fields[1].id);

    const bad = structuredClone(updated);
    firstElements(bad)[0].fields[2].field_id = null;
    firstElements(bad)[0].fields[2].parent_slug = "nope";
    expect(
      await issueAt(
        saveCtaDocument(t.db, siteA, bad),
        "variants.0.steps.0.sections.0.columns.0.elements.0.fields.2.parent_slug",
      ),
    ).toMatch(/nope/);

    const loop = structuredClone(updated);
    firstElements(loop)[0].fields[0].field_id = fields[2].id;
    await issueAt(
      saveCtaDocument(t.db, siteA, loop),
      "variants.0.steps.0.sections.0.columns.0.elements.0.fields.0.field_id",
    );
  });
});

describe("ownership", () => {
  it("never updates another website's CTA", async () => {
    const theirs = await saveCtaDocument(t.db, siteB, ctaDocumentMock({ name: "B's popup" }));
    const attempt = { ...structuredClone(theirs), name: "Hijacked" };
    const error = await rejectionOf(saveCtaDocument(t.db, siteA, attempt));
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).status).toBe(404);
    expect((await loadCtaDocument(t.db, siteB, theirs.id!))!.name).toBe("B's popup");
    expect(await loadCtaDocument(t.db, siteA, theirs.id!)).toBeNull();
  });

  it("rejects node ids that belong to another CTA, on this website or another", async () => {
    const mine = await saveCtaDocument(t.db, siteA, ctaDocumentMock());
    const other = await saveCtaDocument(t.db, siteA, ctaDocumentMock());
    const theirs = await saveCtaDocument(t.db, siteB, ctaDocumentMock());
    const countBefore = await t.db.ctaElement.count();

    const stealElement = structuredClone(mine);
    firstElements(stealElement)[1].id = firstElements(other)[1].id;
    expect(
      await issueAt(
        saveCtaDocument(t.db, siteA, stealElement),
        "variants.0.steps.0.sections.0.columns.0.elements.1.id",
      ),
    ).toMatch(/not part of this CTA/);

    const stealField = structuredClone(mine);
    firstElements(stealField)[1].fields[0].id = firstElements(theirs)[1].fields[0].id;
    await issueAt(
      saveCtaDocument(t.db, siteA, stealField),
      "variants.0.steps.0.sections.0.columns.0.elements.1.fields.0.id",
    );

    const twice = structuredClone(mine);
    firstElements(twice)[0].id = firstElements(mine)[1].id;
    expect(
      await issueAt(saveCtaDocument(t.db, siteA, twice), "variants.0.steps.0.sections.0.columns.0.elements.1.id"),
    ).toMatch(/twice/);

    const newWithIds = { ...structuredClone(mine), id: undefined };
    await issueAt(saveCtaDocument(t.db, siteA, newWithIds), "variants.0.id");

    expect(await t.db.ctaElement.count()).toBe(countBefore);
    expect(await loadCtaDocument(t.db, siteB, theirs.id!)).toEqual(theirs);
  });

  it("rejects a broadcast, integration or CTA of another website", async () => {
    const theirBroadcast = await createBroadcast(t.db, siteB, broadcastInputMock());
    await issueAt(saveCtaDocument(t.db, siteA, ctaDocumentMock({ broadcast_id: theirBroadcast.id })), "broadcast_id");

    const theirIntegration = await t.db.integration.create({
      data: {
        websiteId: siteB,
        integrationType: "builtin",
        name: "B lists",
        actionTypes: {},
        syncSettings: {},
        credentials: {},
      },
    });
    const withIntegration = ctaWithElements([
      formElementMock({ actions: [actionMock({ integration_id: theirIntegration.id })] }),
    ]);
    await issueAt(
      saveCtaDocument(t.db, siteA, withIntegration),
      "variants.0.steps.0.sections.0.columns.0.elements.0.actions.0.integration_id",
    );

    const theirCta = await saveCtaDocument(t.db, siteB, ctaDocumentMock());
    const chained = ctaDocumentMock({
      variants: [
        variantMock({
          steps: [
            stepMock({
              action_groups: [
                actionGroupMock({ data: { "confirmation-type": "cta", "confirmation-cta": theirCta.id } }),
              ],
            }),
          ],
        }),
      ],
    });
    await issueAt(saveCtaDocument(t.db, siteA, chained), "variants.0.steps.0.action_groups.0.data.confirmation-cta");
  });
});

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
          steps: [stepMock({ action_groups: [actionGroupMock({ data: { confirmation: "x".repeat(5001) } })] })],
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
    // Rich text is HTML the widget parses: the server keeps only the allow-list (app/lib/rich-text).
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
