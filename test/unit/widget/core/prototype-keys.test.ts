/**
 * The widget runs merge tags, conditions, identify, form tracking and quiz
 * prefill on visitor data in the browser: a key such as "toString" or
 * "__proto__" is looked up among the data's own entries only, so it never
 * finds what every object inherits (a function's source text, a prototype).
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Condition } from "#contract/schema/condition";
import { installTests, test as conditionHolds, type ConditionContext } from "#widget/core/conditions";
import { compare, moreTests } from "#widget/core/conditions-more";
import { keyOf } from "#widget/core/extras/form-tracking";
import { identifyFields } from "#widget/core/validate";
import { applyPersonActions } from "#widget/render/actions";
import { labelsFor } from "#widget/render/i18n";
import { mergeTags } from "#widget/render/merge-tags";
import { answer, completionPayload, createQuiz, mergeValues, next } from "#widget/render/quiz";
import { prefillValue } from "#widget/render/quiz/answers";
import { en } from "#contract/i18n/en";
import { sv } from "#contract/i18n/sv";
import { quizFieldMock } from "#test/support/factories";
import { HOSTILE_KEYS, hostileRecord } from "#test/support/hostile-keys";
import { personMock } from "./helpers";

const known = personMock({ email: "anna@exempel.se", name: "Anna", extra: { roll: "VD" } });

describe("merge tags look up own entries only", () => {
  it.each(HOSTILE_KEYS)("{{%s}} falls back when no answer or person field has that name", (key) => {
    expect(mergeTags(`{{${key}|du}}`, {}, known)).toBe("du");
    expect(mergeTags(`{{${key}|du}}`, {}, null)).toBe("du");
    expect(mergeTags(`{{extra.${key}|du}}`, {}, known)).toBe("du");
    expect(mergeTags(`{{person.${key}|du}}`, {}, known)).toBe("du");
  });

  it.each(HOSTILE_KEYS)("{{%s}} shows an answer or custom field given under that name", (key) => {
    expect(
      mergeTags(
        `{{${key}}}`,
        hostileRecord(() => "svar"),
        null,
      ),
    ).toBe("svar");
    expect(mergeTags(`{{${key}}}`, {}, personMock({ extra: hostileRecord(() => "fält") }))).toBe("fält");
  });
});

describe("conditions look up own entries only", () => {
  beforeAll(() => installTests(moreTests));
  const context = (over: Partial<ConditionContext> = {}): ConditionContext => ({
    url: "https://www.saljakademin.se/",
    doc: { referrer: "", title: "", body: null, querySelectorAll: (() => []) as never },
    person: known,
    local: { visits: { total: 3, pages: {}, session: "s", sessionPages: 1 } as never, params: {} },
    values: {},
    ...over,
  });
  const condition = (over: Partial<Condition>) =>
    ({ position: 0, operator: "and", condition_type: "data_field", data: {}, ...over }) as Condition;

  it.each(HOSTILE_KEYS)("a data field named %s does not exist unless the visitor has it", (key) => {
    const exists = condition({ data_name: key, data: { comparison: "exists" } });
    expect(conditionHolds(exists, context())).toBe(false);
    expect(conditionHolds(exists, context({ values: hostileRecord(() => "ja") }))).toBe(true);
  });

  it.each(HOSTILE_KEYS)("a condition type %s is an unknown type, which fails", (key) => {
    expect(conditionHolds(condition({ condition_type: key as Condition["condition_type"] }), context())).toBe(false);
  });

  it.each(HOSTILE_KEYS)("a comparison named %s is an unknown one (equal), even against a list answer", (key) => {
    expect(compare(key, ["a", "b"], "a")).toBe(compare("unknown", ["a", "b"], "a"));
    expect(compare(key, "a", "b")).toBe(false);
  });

  it.each(HOSTILE_KEYS)("visits with the scope %s count sessions in total", (key) => {
    const visits = condition({ condition_type: "visits", data: { scope: key, comparison: "greater", value: 2 } });
    expect(conditionHolds(visits, context())).toBe(true);
  });
});

describe("identify compares with the known person's own custom fields", () => {
  it.each(HOSTILE_KEYS)("a custom field %s the person lacks is sent as new", (key) => {
    const person = known as unknown as Record<string, unknown>;
    expect(identifyFields({ email: "anna@exempel.se", extra: hostileRecord(() => "ja") }, person)).toMatchObject({
      extra: { [key]: "ja" },
    });
  });
});

describe("form tracking names contact fields by own entries only", () => {
  it.each(HOSTILE_KEYS)("autocomplete or type %s is no contact field", (key) => {
    expect(keyOf({ autocomplete: key, type: "text", name: "note", value: "x" })).toBeUndefined();
    expect(keyOf({ type: key, name: "note", value: "x" })).toBeUndefined();
  });
});

describe("quiz prefill and the CTA's language read own entries only", () => {
  it.each(HOSTILE_KEYS)("a URL parameter named %s that is absent leaves the person's answer", (key) => {
    const field = quizFieldMock({ id: 1, slug: "roll", field_type: "text", url_params: true, parameter: key });
    expect(prefillValue(field, known, {})).toBe("VD");
  });

  it.each(HOSTILE_KEYS)("a CTA language %s the config lacks gives the website's language", (key) => {
    expect(labelsFor({ language: "sv", texts: { sv, en } }, { options: { language: key } })).toMatchObject({
      lang: "sv",
      close: "Stäng",
    });
  });
});

describe("person actions keep outside names as entries of the person's data", () => {
  // What the code under test must never do, undone after each test so a failure cannot leak into the next.
  afterEach(() => {
    delete (Object.prototype as Record<string, unknown>).lists;
    delete (Object as unknown as Record<string, unknown>).lists;
    for (const key of HOSTILE_KEYS) {
      const inherited = (Object.prototype as unknown as Record<string, { lists?: unknown } | null>)[key];
      if (inherited) delete inherited.lists;
    }
  });

  it.each(HOSTILE_KEYS)("a list action for integration %s changes that integration's entry only", (key) => {
    const { person } = applyPersonActions(
      known,
      [{ action_type: "subscribe_list", data: { integration_id: key, list_id: "7" } }],
      { ctaId: 1, variantId: null },
    );
    expect(({} as Record<string, unknown>).lists).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object)).not.toContain("lists");
    const integrations = (person.data as { integrations: object }).integrations;
    expect(Object.getOwnPropertyDescriptor(integrations, key)?.value).toEqual({ lists: ["7"] });
  });
});

describe("a quiz keeps its answers by slug as own entries", () => {
  const quiz = (key: string) =>
    createQuiz([
      quizFieldMock({ id: 1, slug: "goal", field_type: "text", position: 0 }),
      quizFieldMock({ id: 2, slug: key, field_type: "text", position: 1 }),
    ]);
  const ids = { cta_id: 1, website_id: 1 };

  it.each(HOSTILE_KEYS)("a question %s not answered yet sends nothing under its slug", (key) => {
    const asked = next(answer(quiz(key), 1, "växa"));
    expect(Object.keys(completionPayload(asked, ids).extra)).toEqual(["goal"]);
  });

  it.each(HOSTILE_KEYS)("the answer to a question %s is sent and merged under its slug", (key) => {
    const done = answer(next(answer(quiz(key), 1, "växa")), 2, "svar");
    expect(Object.getOwnPropertyDescriptor(completionPayload(done, ids).extra, key)?.value).toBe("svar");
    expect(mergeTags(`{{${key}|-}}`, mergeValues(done), null)).toBe("svar");
  });
});
