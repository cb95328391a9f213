// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"handleDisabledFileLoadingAsSuccess":true}}
/** The quiz element (SPEC 4 "Quiz", 5 "Quiz", 7 quiz completion, 9 range and auto-continue). */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sv } from "#contract/i18n/sv";
import type { ActionGroup, Field } from "#contract/schema/cta";
import { personMock, runtimeMock } from "./factories";
import { groupMock, stepMock, swedishCtaMock, swedishElementMock, swedishFieldMock } from "#test/support/factories";
import { flush, flushFake, key, mount, type as typeInto, type Mounted } from "./mount";

const q = (id: number, slug: string, over: Partial<Field> = {}) =>
  swedishFieldMock({
    id,
    slug,
    position: id,
    field_type: "radio",
    options: { label: `Fråga ${slug}` },
    field_options: [],
    ...over,
  });
const quiz = (fields: Field[], options: Record<string, unknown> = {}, groups: ActionGroup[] = []) =>
  swedishElementMock({ id: 81, element_type: "quiz", options, fields, action_groups: groups });

/** The branching quiz of the e2e test: q1 B jumps to q3; q3's "ja" opens its sub-question. */
const branching = () => [
  q(1, "behov", {
    field_options: [
      { value: "a", label: "A", score: 1 },
      { value: "b", label: "B", score: 5, jump_field_id: 3 },
    ],
  }),
  q(2, "storlek", {
    field_options: [
      { value: "liten", score: 2 },
      { value: "stor", score: 4 },
    ],
  }),
  q(3, "budget", {
    field_options: [
      { value: "ja", score: 10, jump_field_id: "next_sub_question" },
      { value: "nej", score: 0 },
    ],
  }),
  q(4, "belopp", { field_type: "number", field_id: 3, required: true, options: { label: "Hur mycket?", max: 1000 } }),
];

const legend = (m: Mounted) => m.$(".bk-quiz legend")?.textContent;
const pick = async (m: Mounted, value: string) => {
  m.$<HTMLButtonElement>(`.bk-choice[data-value="${value}"]`).click();
  await flush();
};
const press = async (m: Mounted, cls: "next" | "back") => {
  m.$<HTMLButtonElement>(`.bk-quiz-${cls}`).click();
  await flush();
};

beforeEach(() => {
  document.body.innerHTML = "";
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("quiz element", () => {
  it("asks one question at a time, jumps, goes back, answers a sub-question and sends the quiz contact, events and merge values", async () => {
    const confirm = groupMock({
      id: 901,
      data: { confirmation: "Poäng {{quiz.score}}, mest {{quiz.mostly}}, belopp {{belopp}}" },
      actions: [{ action_type: "add_tag", data: {} } as never],
    });
    const m = await mount({ cta: swedishCtaMock({}, [quiz(branching(), {}, [confirm])]) });
    expect(m.$$(".bk-quiz")).toHaveLength(1);
    expect(legend(m)).toBe("Fråga behov");
    // Back is hidden on the first question; next only once answered.
    expect(m.$(".bk-quiz-back")).toBeNull();
    expect(m.$(".bk-quiz-next")).toBeNull();
    await pick(m, "a");
    expect(m.$(".bk-choice[data-value=a]").getAttribute("aria-pressed")).toBe("true");
    expect(m.$(".bk-quiz-next").textContent).toBe("Nästa");
    await press(m, "next");
    expect(legend(m)).toBe("Fråga storlek");
    expect(m.runtime.track).toHaveBeenCalledWith("Selection", expect.objectContaining({ element_id: 81, cta_id: 7 }), {
      fields: { extra: { behov: "a" } },
      score: 1,
    });
    expect(m.runtime.dispatch).toHaveBeenCalledWith(
      "cfAnswer",
      expect.objectContaining({ slug: "behov", answer: "a", element_id: 81 }),
    );
    // Back (Swedish label), clears the answer, then B jumps over q2 to q3.
    expect(m.$(".bk-quiz-back").textContent).toBe("Tillbaka");
    await press(m, "back");
    expect(legend(m)).toBe("Fråga behov");
    expect(m.$(".bk-choice[data-value=a]").getAttribute("aria-pressed")).toBe("false");
    await pick(m, "b");
    await press(m, "next");
    expect(legend(m)).toBe("Fråga budget");
    await pick(m, "ja");
    await press(m, "next");
    // The sub-question: required and max 1000 block advancing, with the red glow.
    expect(legend(m)).toBe("Hur mycket?");
    const input = m.$<HTMLInputElement>(".bk-quiz input");
    key(input, "Enter");
    await flush();
    expect(m.$(".bk-quiz-q").classList.contains("is-required")).toBe(true);
    expect(m.$(".bk-quiz [role=alert]").textContent).toBe(sv.required);
    typeInto(input, "5000");
    await flush();
    await press(m, "next");
    expect(m.$(".bk-quiz-q").classList.contains("is-invalid")).toBe(true);
    expect(m.runtime.submitContact).not.toHaveBeenCalled();
    typeInto(m.$<HTMLInputElement>(".bk-quiz input"), "500");
    await flush();
    expect(m.$(".bk-quiz-q").className).not.toContain("is-");
    await press(m, "next");
    await flush();

    expect(m.runtime.submitContact).toHaveBeenCalledTimes(1);
    expect(m.runtime.submitContact.mock.calls[0][0]).toMatchObject({
      contactable_type: "Cta",
      contactable_id: 7,
      cta_id: 7,
      website_id: 1,
      variant_id: 11,
      step_id: 21,
      element_id: 81,
      broadcast_id: null,
      extra: { behov: "b", budget: "ja", belopp: 500 },
      latest_score: 15,
      action_groups: [901],
    });
    expect(m.runtime.submitContact.mock.calls[0][0].extra).not.toHaveProperty("storlek");
    expect(m.runtime.track).toHaveBeenCalledWith("Completion", expect.objectContaining({ element_id: 81 }), {
      score: 15,
    });
    expect(m.runtime.track.mock.calls.filter((c) => c[0] === "Selection")).toHaveLength(4);
    expect(m.runtime.dispatch).toHaveBeenCalledWith(
      "cfCompletion",
      expect.objectContaining({ score: 15, mostly: "A", fields: { extra: { behov: "b", budget: "ja", belopp: 500 } } }),
    );
    expect(m.$('[role="status"]').textContent).toBe("Poäng 15, mest A, belopp 500");
  });

  it("number and range errors give the specific min, max and between messages, not the generic one", async () => {
    const m = await mount({
      cta: swedishCtaMock({}, [
        quiz([q(4, "belopp", { field_type: "number", required: true, options: { label: "Hur mycket?", max: 1000 } })]),
      ]),
    });
    const input = m.$<HTMLInputElement>(".bk-quiz input");
    typeInto(input, "5000");
    await flush();
    // The browser flags 5000 as rangeOverflow; the message must still be the max one.
    expect(input.validity.rangeOverflow).toBe(true);
    await press(m, "next");
    expect(m.$(".bk-quiz [role=alert]").textContent).toBe(sv.max.replace("{0}", "1000"));
    expect(m.$(".bk-quiz [role=alert]").textContent).not.toBe(sv.fix);

    const low = await mount({
      cta: swedishCtaMock({}, [
        quiz([q(5, "antal", { field_type: "number", required: true, options: { label: "Antal?", min: 3 } })]),
      ]),
    });
    typeInto(low.$<HTMLInputElement>(".bk-quiz input"), "1");
    await flush();
    await press(low, "next");
    expect(low.$(".bk-quiz [role=alert]").textContent).toBe(sv.min.replace("{0}", "3"));

    const both = await mount({
      cta: swedishCtaMock({}, [
        quiz([q(6, "ålder", { field_type: "number", required: true, options: { label: "Ålder?", min: 18, max: 99 } })]),
      ]),
    });
    typeInto(both.$<HTMLInputElement>(".bk-quiz input"), "120");
    await flush();
    await press(both, "next");
    expect(both.$(".bk-quiz [role=alert]").textContent).toBe(sv.range.replace("{0}", "18").replace("{1}", "99"));
  });

  it("results are merge values and conditions for the next step", async () => {
    const high = groupMock({ id: 1, position: 0, data: { "confirmation-type": "step", "redirect-step": 1 } });
    const m = await mount({
      cta: swedishCtaMock(
        {},
        [],
        [
          stepMock(21, 0, [
            quiz(
              [
                q(1, "behov", {
                  field_options: [{ value: "a", score: 7 }],
                  options: { label: "F", "hide-next-button": true },
                }),
              ],
              {},
              [high],
            ),
          ]),
          stepMock(22, 1, [
            swedishElementMock({
              id: 90,
              element_type: "text",
              options: { html: "<p>Du fick {{quiz.score}} ({{behov}})</p>" },
              fields: [],
            }),
          ]),
        ],
      ),
    });
    await pick(m, "a");
    await flush();
    expect(m.$(".bk-text").textContent).toBe("Du fick 7 (a)");
  });

  it("ends on the outcome with the most points: its result step, its title as a merge value, the lead's outcome and tags", async () => {
    const roast = (o1: number, o2: number, tags?: string[]) => ({ o1, o2, tags });
    const options = (values: [string, ReturnType<typeof roast>][]) =>
      values.map(([value, r]) => ({ value, outcomes: { o1: r.o1, o2: r.o2 }, ...(r.tags ? { tags: r.tags } : {}) }));
    const questions = [
      q(1, "smak", {
        field_options: options([
          ["mild", roast(2, 0, ["mild"])],
          ["kraftig", roast(0, 2)],
        ]),
      }),
      q(2, "tid", {
        field_options: options([
          ["morgon", roast(1, 0)],
          ["kväll", roast(0, 1, ["kväll", "mild"])],
        ]),
      }),
    ];
    const outcomes = [
      { id: "o1", title: "Ljusrost", step: 1 },
      { id: "o2", title: "Mörkrost", step: 2 },
    ];
    const result = (id: number, position: number, title: string) =>
      stepMock(id, position, [
        swedishElementMock({
          id: 90 + id,
          element_type: "text",
          options: { html: `<p>${title}: {{quiz.outcome}}</p>` },
          fields: [],
        }),
      ]);
    const walk = async (a: string, b: string) => {
      const m = await mount({
        runtime: runtimeMock({ savePerson: vi.fn() }),
        cta: swedishCtaMock(
          {},
          [],
          [stepMock(21, 0, [quiz(questions, { outcomes })]), result(22, 1, "Steg 2"), result(23, 2, "Steg 3")],
        ),
        person: personMock({ data: { tags: ["stamkund"] } }),
      });
      await pick(m, a);
      await press(m, "next");
      await pick(m, b);
      await press(m, "next");
      await flush();
      return m;
    };
    // Points 3 : 0, light roast, on its own step.
    const light = await walk("mild", "morgon");
    expect(light.$(".bk-text").textContent).toBe("Steg 2: Ljusrost");
    expect(light.runtime.submitContact.mock.calls[0][0].extra).toMatchObject({
      quiz_outcome: "Ljusrost",
      quiz_tags: ["mild"],
    });
    expect(light.runtime.dispatch).toHaveBeenCalledWith("cfCompletion", expect.objectContaining({ outcome: "o1" }));
    // 0 : 3, dark roast.
    const dark = await walk("kraftig", "kväll");
    expect(dark.$(".bk-text").textContent).toBe("Steg 3: Mörkrost");
    // 2 : 1, light roast; the tags in path order, each once.
    const mixed = await walk("mild", "kväll");
    expect(mixed.$(".bk-text").textContent).toBe("Steg 2: Ljusrost");
    expect(mixed.runtime.submitContact.mock.calls[0][0].extra.quiz_tags).toEqual(["mild", "kväll"]);
    // The tags join the visitor's own, for the next CTAs' conditions.
    expect(mixed.runtime.savePerson).toHaveBeenCalledWith(
      expect.objectContaining({ data: expect.objectContaining({ tags: ["stamkund", "mild", "kväll"] }) }),
    );
    // 1 : 2, dark roast.
    const strongMorning = await walk("kraftig", "morgon");
    expect(strongMorning.$(".bk-text").textContent).toBe("Steg 3: Mörkrost");
  });

  it("a tie goes to the earlier outcome, and an outcome without a result step keeps the quiz's confirmation", async () => {
    const questions = [
      q(1, "smak", {
        field_options: [
          { value: "a", outcomes: { o1: 1, o2: 1 } },
          { value: "b", outcomes: { o2: 1 } },
        ],
        options: { label: "F", "hide-next-button": true },
      }),
    ];
    const outcomes = [
      { id: "o1", title: "Ljusrost" },
      { id: "o2", title: "Mörkrost", step: 1 },
    ];
    const thanks = groupMock({ id: 5, data: { confirmation: "Du är: {{quiz.outcome}}" } });
    const m = await mount({ cta: swedishCtaMock({}, [quiz(questions, { outcomes }, [thanks])]) });
    await pick(m, "a");
    await flush();
    expect(m.$('[role="status"]').textContent).toBe("Du är: Ljusrost");
  });

  it("single-select with hide-next-button advances on select; back hides with hide-back-button", async () => {
    const m = await mount({
      cta: swedishCtaMock({}, [
        quiz([
          q(1, "a", { options: { label: "1", "hide-next-button": true }, field_options: [{ value: "x" }] }),
          q(2, "b", { options: { label: "2", "hide-back-button": true }, field_options: [{ value: "y" }] }),
        ]),
      ]),
    });
    expect(m.$(".bk-quiz-next")).toBeNull();
    await pick(m, "x");
    expect(legend(m)).toBe("2");
    expect(m.$(".bk-quiz-back")).toBeNull();
  });

  it("type empty continues by itself after 5 s (or its delay); spinners show no buttons", async () => {
    vi.useFakeTimers();
    const m = await mount({
      cta: swedishCtaMock({}, [
        quiz([
          q(1, "intro", { field_type: "empty", options: { label: "Välkommen" } }),
          q(2, "laddar", {
            field_type: "empty",
            options: { label: "Laddar", "loading-spinner": true, "auto-continue-delay": 1 },
          }),
          q(3, "sist", { field_options: [{ value: "z" }] }),
        ]),
      ]),
    });
    await flushFake();
    expect(legend(m)).toBe("Välkommen");
    expect(m.$(".bk-quiz-next")).not.toBeNull();
    await vi.advanceTimersByTimeAsync(4900);
    expect(legend(m)).toBe("Välkommen");
    await vi.advanceTimersByTimeAsync(200);
    await flushFake();
    expect(legend(m)).toBe("Laddar");
    expect(m.$(".bk-quiz-spinner")).not.toBeNull();
    expect(m.$(".bk-quiz-next")).toBeNull();
    expect(m.$(".bk-quiz-back")).toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    await flushFake();
    expect(legend(m)).toBe("Fråga sist");
  });

  it("a two-handle range starts at 25% and 75%, answers once moved, and its tooltip hides after 2 s", async () => {
    vi.useFakeTimers();
    const m = await mount({
      cta: swedishCtaMock({}, [
        quiz([
          q(1, "pris", {
            field_type: "range",
            required: true,
            options: { label: "Pris", "range-handles": 2, "value-type": "currency" },
          }),
        ]),
      ]),
    });
    await flushFake();
    const handles = m.$$<HTMLInputElement>(".bk-quiz-range input");
    expect(handles.map((h) => h.value)).toEqual(["250", "750"]);
    expect(m.$(".bk-quiz-next")).toBeNull();
    handles[1].value = "800";
    handles[1].dispatchEvent(new Event("input", { bubbles: true }));
    await flushFake();
    expect(m.$(".bk-quiz-tip").textContent).toBe("250 kr - 800 kr");
    expect(m.$(".bk-quiz-next")).not.toBeNull();
    await vi.advanceTimersByTimeAsync(2000);
    await flushFake();
    expect(m.$(".bk-quiz-tip")).toBeNull();
    m.$<HTMLButtonElement>(".bk-quiz-next").click();
    await flushFake();
    expect(m.runtime.submitContact.mock.calls[0][0].extra).toEqual({ pris: ["250", "800"] });
  });

  it("prefills from the known person unless prefill-fields is false", async () => {
    const person = personMock({ email: "anna@exempel.se", extra: { roll: "chef" } });
    const fields = [
      q(1, "email", { field_type: "text", options: { label: "E-post" } }),
      q(2, "roll", { field_type: "text", options: { label: "Roll", "prefill-fields": false } }),
    ];
    const m = await mount({ cta: swedishCtaMock({}, [quiz(fields)]), person });
    expect(m.$<HTMLInputElement>(".bk-quiz input").value).toBe("anna@exempel.se");
    await press(m, "next");
    expect(legend(m)).toBe("Roll");
    expect(m.$<HTMLInputElement>(".bk-quiz input").value).toBe("");
    typeInto(m.$<HTMLInputElement>(".bk-quiz input"), "säljare");
    await flush();
    await press(m, "next");
    expect(m.runtime.submitContact.mock.calls[0][0]).toMatchObject({
      email: "anna@exempel.se",
      extra: { roll: "säljare" },
    });
  });

  it("a refused contact keeps the last question with an error and a retry", async () => {
    const m = await mount({ cta: swedishCtaMock({}, [quiz([q(1, "a", { field_options: [{ value: "x" }] })])]) });
    m.runtime.submitContact.mockRejectedValueOnce(new Error("nej"));
    await pick(m, "x");
    await press(m, "next");
    expect(m.$(".bk-quiz [role=alert]")).not.toBeNull();
    expect(m.runtime.track.mock.calls.some((c) => c[0] === "Completion")).toBe(false);
    await press(m, "next");
    expect(m.runtime.submitContact).toHaveBeenCalledTimes(2);
    expect(m.runtime.track.mock.calls.some((c) => c[0] === "Completion")).toBe(true);
  });
  it("a double click on the last next sends the results once; focus follows to the next question", async () => {
    const m = await mount({
      cta: swedishCtaMock({}, [
        quiz([q(1, "a", { field_options: [{ value: "x" }] }), q(2, "b", { field_options: [{ value: "y" }] })]),
      ]),
    });
    await pick(m, "x");
    await press(m, "next");
    expect(m.root.activeElement).toBe(m.$(".bk-quiz"));
    await pick(m, "y");
    const next = m.$<HTMLButtonElement>(".bk-quiz-next");
    next.click();
    next.click();
    await flush();
    expect(m.runtime.submitContact).toHaveBeenCalledTimes(1);
    expect(m.runtime.track.mock.calls.filter((c) => c[0] === "Completion")).toHaveLength(1);
  });
});
