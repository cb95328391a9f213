/** The CTA document writer and reader against a real database: saving, loading and ownership across websites. */
import { describe, expect, it } from "vitest";
import { ctaDocumentSchema, type Field } from "#contract/schema/cta";
import { createBroadcast } from "#app/models/broadcast.server";
import { NotFoundError, loadCtaDocument, publishCta, saveCtaDocument } from "#app/models/cta.server";
import {
  actionGroupMock,
  actionMock,
  broadcastInputMock,
  ctaDocumentMock,
  ctaWithElements,
  formElementMock,
  quizElementMock,
  stepInputMock,
  variantMock,
} from "#test/support/factories";
import {
  contentOf,
  firstElements,
  issueAt,
  rejectionOf,
  richDocument,
  siteA,
  siteB,
  t,
  withCtaModelDatabase,
} from "./cta-model-harness";

withCtaModelDatabase();

describe("saveCtaDocument and loadCtaDocument", () => {
  it("stores a new document and loads back the same content with ids", async () => {
    const input = richDocument();
    const saved = await saveCtaDocument(t.db, siteA, input);
    expect(saved.id).toBeGreaterThan(0);
    expect(await loadCtaDocument(t.db, siteA, saved.id!)).toEqual(saved);
    expect(await loadCtaDocument(t.db, null, saved.id!)).toEqual(saved);
    // Two variants are a test: the store starts it, a manual one with the default settings.
    expect(saved.ab_test).toMatchObject({ mode: "manual", confidence: 0.95, started_at: expect.any(String) });
    expect(contentOf({ ...saved, ab_test: undefined })).toEqual(contentOf(ctaDocumentSchema.parse(input)));

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
            stepInputMock({
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
