/** Typed factories for quiz tests: options, conditions and scores with overrides (questions and action groups: test/support/factories.ts). */
import type { CtaAction, FieldOption } from "#contract/schema/cta";
import type { Condition } from "#contract/schema/condition";
import { personMock as widgetPersonMock } from "#test/unit/widget/core/helpers";
import type { PublicPerson } from "#contract/schema/public-config";

/** Options with values "a", "b", "c" ... and optional scores / jumps by value. */
export function optionsMock(values: string[], extra: Record<string, Partial<FieldOption>> = {}): FieldOption[] {
  return values.map((value) => ({ value, label: value.toUpperCase(), ...extra[value] }));
}

export function conditionMock(overrides: Partial<Condition> = {}): Condition {
  return { position: 0, condition_type: "data_field", operator: "and", data: {}, ...overrides };
}

/** A data_field condition on an answer: `when("q1", "is", "a")`. */
export const when = (
  slug: string,
  comparison: string,
  value?: unknown,
  operator: "and" | "or" = "and",
  position = 0,
): Condition => conditionMock({ data_name: slug, data: { comparison, value }, operator, position });

export const scoreAction = (action_type: CtaAction["action_type"], score: number): CtaAction => ({
  action_type,
  data: { score },
});

/** A known contact (the widget tests' person, as a contact). */
export const personMock = (overrides: Partial<PublicPerson> = {}): PublicPerson =>
  widgetPersonMock({ visitor_token: "v".repeat(20), person_type: "Contact", contact_id: 1, ...overrides });
