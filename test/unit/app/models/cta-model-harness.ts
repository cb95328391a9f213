/**
 * The harness shared by the cta-model-*.test.ts files: a real database with
 * two websites (A and B) for each file, and helpers that compare, inspect
 * and refuse CTA documents.
 */
import { afterAll, beforeAll, expect } from "vitest";
import { type CtaDocument, type CtaDocumentInput } from "#contract/schema/cta";
import { CtaValidationError } from "#app/models/cta.server";
import { createWebsite } from "#app/models/website.server";
import {
  actionGroupMock,
  columnMock,
  conditionMock,
  ctaDocumentMock,
  formElementMock,
  quizElementMock,
  sectionMock,
  stepInputMock,
  textElementMock,
  variantMock,
  websiteSettingsMock,
} from "#test/support/factories";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";

// Live bindings: set by withCtaModelDatabase()'s beforeAll, read by the tests as plain names.
export let t: TestDatabase;
export let siteA: number;
export let siteB: number;

/** Registers the file's database: created with websites A and B before its tests, dropped after them. */
export function withCtaModelDatabase() {
  beforeAll(async () => {
    t = await createTestDatabase();
    siteA = (await createWebsite(t.db, websiteSettingsMock({ name: "Site A" }))).id;
    siteB = (await createWebsite(t.db, websiteSettingsMock({ name: "Site B" }))).id;
  });

  afterAll(async () => {
    await t.drop();
  });
}

/** What a document says, without the ids, nulls and times the store adds (published_at, a test's started_at): compares what was sent with what was stored. */
export function contentOf(doc: unknown): unknown {
  const dropped = new Set(["id", "field_id", "parent_slug", "published_at", "jump_field_id", "step_id", "started_at"]);
  return JSON.parse(
    JSON.stringify(doc, (key, value: unknown) => (dropped.has(key) || value === null ? undefined : value)),
  );
}

/** Awaits a rejection and returns it. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (e: unknown) => e,
  );
}

/** Expects a CtaValidationError with an issue at `path` and returns its message there. */
export async function issueAt(promise: Promise<unknown>, path: string): Promise<string> {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(CtaValidationError);
  const fieldErrors = (error as CtaValidationError).fieldErrors();
  expect(Object.keys(fieldErrors)).toContain(path);
  return fieldErrors[path];
}

/** A CTA with two variants, a quiz with a sub-question, conditions, actions and every Json column in use. */
export function richDocument(): CtaDocumentInput {
  const step = stepInputMock({
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
        steps: [step, stepInputMock({ position: 1, options: { name: "Tack" } })],
      }),
      variantMock({ variation: "B", percentage: 50, score: 3, score_field: "team_size", steps: [stepInputMock()] }),
    ],
  });
}

/** Every node id of a document, qualified by kind ("element:12"). */
export function nodeIds(doc: CtaDocument): string[] {
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

/** The elements of the first variant's first step, first section, first column. */
export function firstElements(doc: CtaDocument) {
  return doc.variants[0].steps[0].sections[0].columns[0].elements;
}
