/**
 * The quiz element (SPEC 4 "Quiz", 5 "Quiz", 7): questions one at a time on
 * top of the pure engine in ../quiz. The element holds the engine state, draws
 * `current(state)` and its buttons, tracks a Selection and fires cfAnswer for
 * each answered question it leaves, keeps the answers and results in the CTA's
 * values (merge tags such as {{quiz.score}} and conditions of the next steps
 * read them), and on completion sends the quiz contact payload, the
 * Completion event and cfCompletion, then applies the element's confirmation.
 * A chunk of its own: only CTAs with a quiz download it.
 */
import type { Field } from "#contract/schema/cta";
import type { TrackedEventType } from "#widget/render/types";
import type { ElementProps } from "#widget/render/context";
import { safeHref, str, useEffect, useRef, useState } from "#widget/render/kit";
import {
  advancesOnSelect,
  answer as setAnswer,
  answerTags,
  answerErrorText,
  autoContinueDelayMs,
  back,
  completionEventData,
  completionPayload,
  createQuiz,
  current,
  currentError,
  formatValue,
  isMultiSelect,
  isSpinner,
  mergeValues,
  next,
  num,
  quizOutcome,
  quizScore,
  rangeConfig,
  select,
  selectionEventData,
  showBackButton,
  showNextButton,
  type Answer,
  type QuizState,
} from "#widget/render/quiz";

/** SPEC 9: the range tooltip hides 2 s after the handle stops. */
export const RANGE_TOOLTIP_MS = 2000;

// ctx.complete tracks its event type as given; a quiz converts with Completion (SPEC 7).
const COMPLETION = "Completion" as TrackedEventType as "Complete";

const CSS = `.bk-quiz{border:0;margin:0 0 12px;padding:0;min-width:0}
.bk-quiz:focus{outline:0}
.bk-quiz legend{padding:0;margin-bottom:8px;font-weight:600;font-size:1.1em}
.bk-quiz-q{border-radius:var(--bk-radius,6px);transition:box-shadow .2s}
.bk-quiz-q.is-required,.bk-quiz-q.is-invalid{box-shadow:0 0 0 2px #b00020,0 0 12px rgba(176,0,32,.55)}
.bk-quiz-text{color:#111;background:#fff;padding:10px 12px;border:1px solid #767676;border-radius:4px;width:100%;min-height:44px}
.bk-quiz .bk-choices{display:grid;gap:8px;grid-template-columns:repeat(auto-fit,minmax(140px,1fr))}
.bk-quiz .bk-choice{display:flex;flex-direction:column;align-items:center;gap:6px;padding:12px;border:2px solid var(--bk-primary);border-radius:var(--bk-radius,6px);background:var(--bk-bg);color:var(--bk-fg);cursor:pointer;text-align:center;font-weight:600}
.bk-quiz .bk-choice[aria-pressed=true]{background:var(--bk-primary);color:var(--bk-on-primary)}
.bk-quiz .bk-choice img{max-height:96px}
.bk-quiz-swatch{width:32px;height:32px;border-radius:50%;border:1px solid rgba(0,0,0,.2)}
.bk-quiz-range{position:relative;padding-top:28px}
.bk-quiz-range input{width:100%;accent-color:var(--bk-primary)}
.bk-quiz-tip{position:absolute;top:0;left:50%;transform:translateX(-50%);padding:2px 8px;border-radius:4px;background:var(--bk-primary);color:var(--bk-on-primary);font-size:.85em}
.bk-quiz-nav{display:flex;gap:8px;margin-top:12px}
.bk-quiz-back{background:transparent;color:inherit;border:1px solid currentColor}
.bk-quiz-spinner{width:40px;height:40px;margin:16px auto;border:4px solid rgba(0,0,0,.15);border-top-color:var(--bk-primary);border-radius:50%;animation:bk-spin 1s linear infinite}
@keyframes bk-spin{to{transform:rotate(360deg)}}`;

const CHOICES = ["radio", "checkbox", "image", "color", "emoji", "icon", "letter"];

function urlParams(): Record<string, string> {
  try {
    return Object.fromEntries(new URLSearchParams(location.search));
  } catch {
    return {};
  }
}

export default function QuizElement({ element, ctx }: ElementProps) {
  const options = element.options;
  const [state, setState] = useState<QuizState>(() =>
    createQuiz(element.fields, element.action_groups, {
      options,
      variant: ctx.variant,
      person: ctx.person,
      urlParams: urlParams(),
      condition: (c) => ctx.pass([c]),
    }),
  );
  // Set after a next that the answer blocked: the question glows red until the answer is fixed.
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const latest = useRef(state);
  latest.current = state;
  // Set while the results are on their way: a second click sends nothing twice.
  const sending = useRef(false);
  // Set when the visitor moved to another question: focus follows to it (the button pressed is gone).
  const moved = useRef(false);
  const box = useRef<HTMLFieldSetElement>(null);
  const currentField = current(state);
  const id = `bk-${element.id ?? 0}-quiz`;

  // The answers so far are merge values and condition data for this and the next steps.
  const merged = mergeValues(state);
  for (const key of [...element.fields.map((q) => q.slug), "quiz.mostly", "quiz.outcome"])
    if (!(key in merged)) delete ctx.values[key];
  Object.assign(ctx.values, merged);

  async function finish(done: QuizState) {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setFailed(false);
    const values = mergeValues(done);
    const score = quizScore(done);
    const conv = await ctx.conversion(element, values);
    const ids = ctx.ids(element);
    const payload = {
      ...completionPayload(done, { ...ids, website_id: ctx.config.website_id, action_groups: conv.groupIds }),
      source_url: location.href.slice(0, 2000),
    };
    try {
      await ctx.runtime.submitContact(payload);
    } catch {
      sending.current = false;
      setBusy(false);
      return setFailed(true);
    }
    // The score and the answers' tags land on the local person too, so later CTAs and conditions see them.
    const field = done.def.score.field;
    const tags = answerTags(done);
    const base = conv.person ?? ctx.person;
    let person = base && field ? { ...base, extra: { ...base.extra, [field]: score } } : conv.person;
    if (base && tags.length) {
      const from = person ?? base;
      const had = Array.isArray(from.data.tags) ? (from.data.tags as string[]) : [];
      person = { ...from, data: { ...from.data, tags: [...new Set([...had, ...tags])] } };
    }
    setState(done);
    ctx.runtime.dispatch("cfCompletion", { ...ids, ...completionEventData(done) });
    // An outcome with a result step shows that step instead of the quiz's confirmation.
    const step = quizOutcome(done)?.step;
    const toStep = step != null && ctx.steps.some((s) => s.position === step) ? step : null;
    ctx.complete(element, COMPLETION, { conversion: { ...conv, person, score }, values, confirm: toStep == null });
    if (toStep != null) ctx.goToStep(toStep);
  }

  function go(from: QuizState = latest.current) {
    const question = current(from);
    if (!question || sending.current) return;
    if (currentError(from)) return setTried(true);
    setTried(false);
    // A retry after a refused contact tracks the answer once.
    if (from.answers[question.id] !== undefined && !failed) {
      const ids = ctx.ids(element);
      const data = selectionEventData(from, question);
      ctx.runtime.track("Selection", ids, data);
      ctx.runtime.dispatch("cfAnswer", { ...ids, slug: question.slug, answer: from.answers[question.id], ...data });
    }
    const to = next(from);
    if (to.complete) return void finish(to);
    latest.current = to;
    moved.current = true;
    setState(to);
  }

  useEffect(() => {
    if (moved.current) box.current?.focus({ preventScroll: true });
    moved.current = false;
  }, [currentField?.id]);

  // Type empty (messages and loading spinners) moves on by itself after its delay.
  const delay = currentField ? autoContinueDelayMs(currentField) : null;
  useEffect(() => {
    if (delay == null || busy) return;
    const timer = setTimeout(() => go(), delay);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- go is a new function each render and reads the quiz state from the latest ref; the timer restarts per question and when sending ends, not per render
  }, [currentField?.id, delay, busy]);

  if (!currentField) return null;
  const value = state.answers[currentField.id];
  const error = tried ? currentError(state) : null;
  const errorText = error ? answerErrorText(currentField, error, ctx.labels) : null;
  const label = ctx.merge(str(currentField.options, "label") || str(currentField.options, "question") || "");
  const description = str(currentField.options, "description");

  const change = (v: Answer | undefined, invalid = false) => setState((s) => setAnswer(s, currentField.id, v, invalid));
  const choose = (optionValue: string) => {
    const selected = select(latest.current, currentField.id, optionValue);
    setState(selected);
    // Single-select with hide-next-button moves on at once.
    if (advancesOnSelect(currentField) && selected.answers[currentField.id] !== undefined) go(selected);
  };

  const classes = [
    "bk-quiz-q",
    error === "required" ? "is-required" : error ? "is-invalid" : "",
    currentField.required ? "bk-quiz-required" : "",
  ].join(" ");
  return (
    <fieldset
      ref={box}
      tabIndex={-1}
      className="bk-el bk-quiz"
      data-question={currentField.slug}
      aria-describedby={errorText ? id + "-error" : undefined}
      aria-busy={busy}
    >
      <style>{CSS}</style>
      {label ? <legend id={id}>{label}</legend> : null}
      {description ? <p>{ctx.merge(description)}</p> : null}
      <div className={classes} aria-invalid={error ? true : undefined}>
        <Question
          field={currentField}
          value={value}
          change={change}
          choose={choose}
          enter={() => go()}
          id={id}
          currency={ctx.config.currency_character || "$"}
        />
      </div>
      {errorText ? (
        <p id={id + "-error"} className="bk-error" role="alert">
          {errorText}
        </p>
      ) : null}
      {failed ? (
        <p className="bk-error" role="alert">
          {ctx.labels.sendFailed}
        </p>
      ) : null}
      <div className="bk-quiz-nav">
        {showBackButton(state) ? (
          <button
            type="button"
            className="bk-button bk-quiz-back"
            disabled={busy}
            onClick={() => {
              setTried(false);
              setFailed(false);
              moved.current = true;
              setState(back(state));
            }}
          >
            {ctx.merge(str(options, "back-button-text") || ctx.labels.back)}
          </button>
        ) : null}
        {showNextButton(state) || failed ? (
          <button type="button" className="bk-button bk-quiz-next" disabled={busy} onClick={() => go()}>
            {ctx.merge(str(currentField.options, "button-text") || str(options, "button-text") || ctx.labels.next)}
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}

interface QuestionProps {
  field: Field & { id: number };
  value: Answer | undefined;
  id: string;
  currency: string;
  change(v: Answer | undefined, invalid?: boolean): void;
  choose(optionValue: string): void;
  /** Enter in a one-line input: next (a blocked answer glows red). */
  enter(): void;
}

/** The input of one question by its type. */
function Question({ field, value, id, currency, change, choose, enter }: QuestionProps) {
  const type = field.field_type;
  const common = {
    id: id + "-input",
    name: field.slug,
    required: field.required,
    "aria-labelledby": id,
    className: "bk-quiz-text",
  };
  if (type === "empty")
    return isSpinner(field) ? <div className="bk-quiz-spinner" role="progressbar" aria-label="…" /> : null;
  if (type === "range") return <Range field={field} value={value} change={change} currency={currency} id={id} />;
  if (type === "text" || type === "number" || type === "paragraph") {
    const onInput = (event: { target: EventTarget | null }) => {
      const el = event.target as HTMLInputElement;
      const text = el.value.trim();
      // Out-of-range numbers are left to the engine, which knows the specific min/max message.
      const bad = !el.validity.valid && !el.validity.rangeOverflow && !el.validity.rangeUnderflow;
      change(type === "number" ? (text === "" ? undefined : (num(text) ?? text)) : el.value, bad);
    };
    const shown = value === undefined ? "" : String(value);
    return type === "paragraph" ? (
      <textarea {...common} rows={4} value={shown} onInput={onInput} />
    ) : (
      <input
        {...common}
        type={type === "number" ? "number" : str(field.options, "type") === "email" ? "email" : "text"}
        min={num(field.options.min)}
        max={num(field.options.max)}
        placeholder={str(field.options, "placeholder") || undefined}
        value={shown}
        onInput={onInput}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            enter();
          }
        }}
      />
    );
  }
  const chosen = Array.isArray(value) ? value.map(String) : value === undefined ? [] : [String(value)];
  if (!CHOICES.includes(type)) {
    // dropdown and select: a native select.
    return (
      <select
        {...common}
        multiple={isMultiSelect(field)}
        onChange={(event) => {
          const el = event.target as HTMLSelectElement;
          const picked = Array.from(el.selectedOptions)
            .map((x) => x.value)
            .filter(Boolean);
          if (isMultiSelect(field)) change(picked.length ? picked : undefined);
          else if (picked[0] && picked[0] !== value) choose(picked[0]);
          else if (!picked[0]) change(undefined);
        }}
      >
        {isMultiSelect(field) ? null : <option value="">—</option>}
        {field.field_options.map((opt) => (
          <option key={opt.value} value={opt.value} selected={chosen.includes(opt.value)}>
            {opt.label ?? opt.value}
          </option>
        ))}
      </select>
    );
  }
  return (
    <div className="bk-choices" role="group" aria-labelledby={id}>
      {field.field_options.map((opt) => {
        const img = opt.image ? safeHref(opt.image) : null;
        return (
          <button
            type="button"
            className="bk-choice"
            key={opt.value}
            aria-pressed={chosen.includes(opt.value)}
            data-value={opt.value}
            onClick={() => choose(opt.value)}
          >
            {type === "color" ? <span className="bk-quiz-swatch" style={{ background: opt.value }} /> : null}
            {img ? <img src={img} alt="" /> : null}
            <span>{opt.label ?? opt.value}</span>
          </button>
        );
      })}
    </div>
  );
}

/** A range slider: handles start at the SPEC 9 defaults; the answer is set once a handle moves; the tooltip hides 2 s after. */
function Range({
  field,
  value,
  change,
  currency,
  id,
}: {
  field: Field;
  value: Answer | undefined;
  change(v: Answer | undefined): void;
  currency: string;
  id: string;
}) {
  const cfg = rangeConfig(field);
  const [tip, setTip] = useState(false);
  useEffect(() => {
    if (!tip) return;
    const timer = setTimeout(() => setTip(false), RANGE_TOOLTIP_MS);
    return () => clearTimeout(timer);
  }, [tip, value]);
  const start = (
    Array.isArray(value) ? value.map(Number) : value !== undefined ? [Number(value)] : [cfg.initial].flat()
  ) as number[];
  const move = (handle: number, position: number) => {
    setTip(true);
    if (cfg.handles === 1) return change(position);
    const positions: [number, number] = [start[0], start[1]];
    positions[handle] = position;
    // The handles never cross.
    change(
      positions[0] <= positions[1]
        ? positions
        : handle === 0
          ? [positions[1], positions[1]]
          : [positions[0], positions[0]],
    );
  };
  const shown = start.map((n) => formatValue(n, cfg.valueType, currency)).join(" - ");
  return (
    <div className="bk-quiz-range">
      {tip ? <output className="bk-quiz-tip">{shown}</output> : null}
      {start.map((position, handle) => (
        <input
          key={handle}
          type="range"
          aria-labelledby={id}
          aria-valuetext={formatValue(position, cfg.valueType, currency)}
          min={cfg.min}
          max={cfg.max}
          step={cfg.step}
          value={position}
          onInput={(e) => move(handle, Number((e.target as HTMLInputElement).value))}
        />
      ))}
      <span className="bk-sr">{shown}</span>
    </div>
  );
}
