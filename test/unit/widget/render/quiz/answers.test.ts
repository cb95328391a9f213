import { describe, expect, it } from "vitest";
import {
  advancesOnSelect,
  answerError,
  autoContinueDelayMs,
  chosenOptions,
  formatRange,
  formatValue,
  isAnswered,
  isMultiSelect,
  prefillValue,
  rangeConfig,
  toggleChoice,
  type Answer,
} from "#widget/render/quiz";
import type { Field } from "#contract/schema/cta";
import { optionsMock, personMock } from "./factories";
import { quizFieldMock } from "#test/support/factories";

const abc = optionsMock(["a", "b", "c"]);

describe("answerError per field type", () => {
  const cases: [string, Partial<Field>, Answer | undefined, boolean, string | null][] = [
    ["text: answered", { field_type: "text" }, "hi", false, null],
    ["text: the input's invalid flag", { field_type: "text" }, "hi", true, "invalid"],
    ["text: required and empty", { field_type: "text", required: true }, undefined, false, "required"],
    ["text: optional and empty", { field_type: "text" }, "", false, null],
    ["paragraph: answered", { field_type: "paragraph" }, "long\ntext", false, null],
    ["paragraph: not a string", { field_type: "paragraph" }, 5, false, "invalid"],
    ["number: within min and max", { field_type: "number", options: { min: "1", max: "10" } }, "10", false, null],
    ["number: below min", { field_type: "number", options: { min: 1 } }, 0, false, "min"],
    ["number: above max", { field_type: "number", options: { max: 10 } }, 10.5, false, "max"],
    ["number: not a number", { field_type: "number" }, "ten", false, "invalid"],
    ["number: the input's invalid flag", { field_type: "number" }, 3, true, "invalid"],
    ["number: without limits", { field_type: "number" }, -1e9, false, null],
    ["range: no value is invalid when required", { field_type: "range", required: true }, undefined, false, "required"],
    ["range: a value", { field_type: "range" }, 500, false, null],
    ["range: above the default max 1000", { field_type: "range" }, 1001, false, "max"],
    ["range: below the default min 0", { field_type: "range" }, -1, false, "min"],
    ["range: two handles", { field_type: "range", options: { "range-handles": 2 } }, [10, 20], false, null],
    [
      "range: two handles crossed",
      { field_type: "range", options: { "range-handles": 2 } },
      [20, 10],
      false,
      "invalid",
    ],
    [
      "range: one value for two handles",
      { field_type: "range", options: { "range-handles": 2 } },
      10,
      false,
      "invalid",
    ],
    ["dropdown: an option", { field_type: "dropdown", field_options: abc }, "b", false, null],
    ["select: not an option", { field_type: "select", field_options: abc }, "z", false, "invalid"],
    ["radio: a list for a single choice", { field_type: "radio", field_options: abc }, ["a"], false, "invalid"],
    [
      "image: required and empty",
      { field_type: "image", field_options: abc, required: true },
      undefined,
      false,
      "required",
    ],
    ["color: an option", { field_type: "color", field_options: abc }, "c", false, null],
    ["emoji: an option", { field_type: "emoji", field_options: abc }, "a", false, null],
    ["icon: an option", { field_type: "icon", field_options: abc }, "a", false, null],
    ["letter: any value without options", { field_type: "letter" }, "B", false, null],
    ["checkbox: always a list", { field_type: "checkbox", field_options: abc }, ["a", "c"], false, null],
    ["checkbox: a string is not a list", { field_type: "checkbox", field_options: abc }, "a", false, "invalid"],
    [
      "multi-select over its limit",
      { multi_select: true, field_options: abc, options: { "multi-select-limit": "2" } },
      ["a", "b", "c"],
      false,
      "limit",
    ],
    [
      "multi-select: empty list, required",
      { multi_select: true, field_options: abc, required: true },
      [],
      false,
      "required",
    ],
    ["empty: never an error", { field_type: "empty", required: true }, undefined, false, null],
  ];
  it.each(cases)("%s", (_, overrides, value, invalid, error) => {
    expect(answerError(quizFieldMock({ id: 1, ...overrides }), value, invalid)).toBe(error);
  });
});

describe("choices", () => {
  it("counts checkboxes and multi_select as multi-select", () => {
    expect(isMultiSelect(quizFieldMock({ id: 1, field_type: "checkbox" }))).toBe(true);
    expect(isMultiSelect(quizFieldMock({ id: 1, multi_select: true }))).toBe(true);
    expect(isMultiSelect(quizFieldMock({ id: 1, field_type: "text", multi_select: true }))).toBe(false);
  });

  it("toggles a single choice", () => {
    const f = quizFieldMock({ id: 1, field_options: abc });
    expect(toggleChoice(f, undefined, "a")).toBe("a");
    expect(toggleChoice(f, "a", "a")).toBeUndefined();
    expect(toggleChoice(f, "a", "b")).toBe("b");
  });

  it("toggles a multi choice up to the limit", () => {
    const f = quizFieldMock({ id: 1, multi_select: true, field_options: abc, options: { "multi-select-limit": 2 } });
    expect(toggleChoice(f, undefined, "a")).toEqual(["a"]);
    expect(toggleChoice(f, ["a"], "b")).toEqual(["a", "b"]);
    expect(toggleChoice(f, ["a", "b"], "c")).toEqual(["a", "b"]);
    expect(toggleChoice(f, ["a", "b"], "a")).toEqual(["b"]);
    expect(toggleChoice(f, ["a"], "a")).toBeUndefined();
  });

  it("finds the chosen options", () => {
    const f = quizFieldMock({ id: 1, field_type: "checkbox", field_options: abc });
    expect(chosenOptions(f, ["c", "a", "z"]).map((o) => o.value)).toEqual(["c", "a"]);
    expect(chosenOptions(quizFieldMock({ id: 1, field_type: "text" }), "a")).toEqual([]);
  });

  it("advances on select only for single-select with hide-next-button", () => {
    expect(advancesOnSelect(quizFieldMock({ id: 1, options: { "hide-next-button": true } }))).toBe(true);
    expect(advancesOnSelect(quizFieldMock({ id: 1, options: { "hide-next-button": "true" } }))).toBe(true);
    expect(advancesOnSelect(quizFieldMock({ id: 1 }))).toBe(false);
    expect(advancesOnSelect(quizFieldMock({ id: 1, multi_select: true, options: { "hide-next-button": true } }))).toBe(
      false,
    );
    expect(advancesOnSelect(quizFieldMock({ id: 1, field_type: "text", options: { "hide-next-button": true } }))).toBe(
      false,
    );
  });

  it("treats empty strings and lists as unanswered", () => {
    expect([undefined, null, "", [], 0, "x", ["a"]].map((v) => isAnswered(v as Answer))).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
  });
});

describe("range", () => {
  it("defaults to 0..1000 by 1, one handle in the middle", () => {
    expect(rangeConfig(quizFieldMock({ id: 1, field_type: "range" }))).toEqual({
      min: 0,
      max: 1000,
      step: 1,
      handles: 1,
      valueType: "integer",
      initial: 500,
    });
  });

  it("places two handles at 25% and 75%, on the increment", () => {
    const f = quizFieldMock({
      id: 1,
      field_type: "range",
      options: { "range-handles": "2", min: "100", max: "200", increment: "30", "value-type": "currency" },
    });
    expect(rangeConfig(f)).toEqual({
      min: 100,
      max: 200,
      step: 30,
      handles: 2,
      valueType: "currency",
      initial: [130, 190],
    });
    expect(rangeConfig(quizFieldMock({ id: 1, field_type: "range", options: { "range-handles": 2 } })).initial).toEqual(
      [250, 750],
    );
  });

  it("ignores a bad increment and a max below min", () => {
    const c = rangeConfig(
      quizFieldMock({ id: 1, field_type: "range", options: { increment: 0, min: 5, max: 1, "value-type": "weird" } }),
    );
    expect([c.step, c.min, c.max, c.valueType]).toEqual([1, 5, 5, "integer"]);
  });

  it.each([
    [1234.6, "integer", "$", "1235"],
    [25, "percentage", "$", "25%"],
    [12.5, "percentage", "$", "12.5%"],
    [250, "currency", "$", "$250"],
    [250, "currency", "kr", "250 kr"],
    [9.999, "currency", "€", "€10"],
  ] as const)("formats %d as %s with %s", (n, type, c, out) => {
    expect(formatValue(n, type, c)).toBe(out);
  });

  it("formats both handles", () => {
    const f = quizFieldMock({ id: 1, field_type: "range", options: { "range-handles": 2, "value-type": "currency" } });
    expect(formatRange(f, [250, 750], "kr")).toBe("250 kr - 750 kr");
    expect(formatRange(quizFieldMock({ id: 1, field_type: "range" }), 3)).toBe("3");
  });
});

describe("auto-continue", () => {
  it("waits 5 s by default, or auto-continue-delay seconds, on empty questions only", () => {
    expect(autoContinueDelayMs(quizFieldMock({ id: 1, field_type: "empty" }))).toBe(5000);
    expect(
      autoContinueDelayMs(quizFieldMock({ id: 1, field_type: "empty", options: { "auto-continue-delay": "2.5" } })),
    ).toBe(2500);
    expect(
      autoContinueDelayMs(quizFieldMock({ id: 1, field_type: "empty", options: { "auto-continue-delay": 0 } })),
    ).toBe(0);
    expect(
      autoContinueDelayMs(quizFieldMock({ id: 1, field_type: "empty", options: { "auto-continue-delay": "x" } })),
    ).toBe(5000);
    expect(autoContinueDelayMs(quizFieldMock({ id: 1, field_type: "radio" }))).toBeNull();
  });
});

describe("prefillValue", () => {
  const person = personMock({
    email: "ann@example.com",
    name: "Ann",
    extra: { size: 42, colours: ["a", "c"], fav: "b" },
  });
  it.each([
    ["a person field", { slug: "email", field_type: "text" }, {}, "ann@example.com"],
    ["first_name from name", { slug: "first_name", field_type: "text" }, {}, "Ann"],
    ["a custom answer", { slug: "fav", field_options: abc }, {}, "b"],
    ["a number", { slug: "size", field_type: "number" }, {}, 42],
    ["a number out of range", { slug: "size", field_type: "number", options: { max: 40 } }, {}, undefined],
    ["a multi choice", { slug: "colours", field_type: "checkbox", field_options: abc }, {}, ["a", "c"]],
    ["a value that is no option", { slug: "fav", field_options: optionsMock(["x"]) }, {}, undefined],
    [
      "the URL parameter first",
      { slug: "email", field_type: "text", url_params: true, parameter: "cf_email" },
      { cf_email: " bo@example.com " },
      "bo@example.com",
    ],
    ["the slug as URL parameter", { slug: "fav", url_params: true, field_options: abc }, { fav: "c" }, "c"],
    [
      "a comma list from the URL",
      { slug: "c", field_type: "checkbox", url_params: true, field_options: abc },
      { c: "a,b" },
      ["a", "b"],
    ],
    ["URL parameters only when url_params is on", { slug: "town", field_type: "text" }, { town: "Lund" }, undefined],
    ["nothing known", { slug: "company_name", field_type: "text" }, {}, undefined],
    [
      "prefill-fields false",
      { slug: "email", field_type: "text", options: { "prefill-fields": false } },
      {},
      undefined,
    ],
    [
      'prefill-fields "false"',
      { slug: "email", field_type: "text", options: { "prefill-fields": "false" } },
      {},
      undefined,
    ],
    ["type empty", { slug: "email", field_type: "empty" }, {}, undefined],
  ] as const)("%s", (_, overrides, params, value) => {
    expect(prefillValue(quizFieldMock({ id: 1, ...(overrides as Partial<Field>) }), person, params)).toEqual(value);
  });

  it("works without a person", () => {
    expect(prefillValue(quizFieldMock({ id: 1, slug: "email", field_type: "text" }), null)).toBeUndefined();
  });
});
