import type { ElementProps } from "#widget/render/context";
import { buildContactPayload, type FormValues } from "#widget/render/form-logic";
import { bool, byPosition, safeHref, str, useEffect, useState } from "#widget/render/kit";

const CSS = `.bk-survey{border:0;margin:0 0 12px;padding:0}
.bk-survey legend{padding:0;margin-bottom:8px;font-weight:600}
.bk-choices{display:grid;gap:8px;grid-template-columns:repeat(auto-fit,minmax(140px,1fr))}
.bk-choice{display:flex;flex-direction:column;align-items:center;gap:6px;padding:12px;border:2px solid var(--bk-primary);border-radius:var(--bk-radius,6px);background:var(--bk-bg);color:var(--bk-fg);cursor:pointer;text-align:center;font-weight:600}
.bk-choice:hover{box-shadow:inset 0 0 0 1px var(--bk-primary)}
.bk-choice[aria-pressed=true],.bk-choice:has(input:checked){background:var(--bk-primary);color:var(--bk-on-primary)}
.bk-choice input{position:absolute;opacity:0;width:1px;height:1px}
.bk-choice:has(input:focus-visible){outline:2px solid var(--bk-primary);outline-offset:2px}
.bk-choice img{max-height:96px}
.bk-survey .bk-button{margin-top:12px}`;

/** SPEC 5: a survey's next button without a choice flashes its error for 2 s. */
export const SURVEY_ERROR_MS = 2000;

/**
 * A survey (SPEC 4): its first field is the question. A single choice submits
 * at once; with multi-select or a confirmation button, a next button appears
 * once a choice is made.
 */
export default function SurveyElement({ element, ctx }: ElementProps) {
  const options = element.options;
  const field = byPosition(element.fields)[0];
  const [chosen, setChosen] = useState<string[]>([]);
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!error || error === ctx.labels.sendFailed) return;
    const timer = setTimeout(() => setError(null), SURVEY_ERROR_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the labels are fixed for a mounted CTA; the timer restarts per error shown
  }, [error]);
  if (!field) return null;
  const multi = field.multi_select;
  const withButton = multi || bool(options, "confirmation-button");
  const id = `bk-${element.id ?? 0}-survey`;
  const question = ctx.merge(str(field.options, "label") || str(options, "question"));

  async function submit(answer: string[]) {
    if (busy) return;
    if (!answer.length) return setError(ctx.labels.choose);
    setBusy(true);
    setError(null);
    const values: FormValues = { [field.slug]: multi ? answer : answer[0] };
    const conv = await ctx.conversion(element, values);
    const payload = buildContactPayload([field], values, {
      ...ctx.ids(element),
      source_url: location.href.slice(0, 2000),
    });
    if (conv.groupIds.length) payload.action_groups = conv.groupIds;
    if (conv.score != null) payload.latest_score = conv.score;
    try {
      await ctx.runtime.submitContact(payload);
    } catch {
      setBusy(false);
      return setError(ctx.labels.sendFailed);
    }
    ctx.complete(element, "Submission", { conversion: conv });
  }

  const pick = (value: string) => {
    setTouched(true);
    if (!withButton) return void submit([value]);
    setChosen((c) => (multi ? (c.includes(value) ? c.filter((v) => v !== value) : [...c, value]) : [value]));
  };

  return (
    <fieldset className="bk-el bk-survey" aria-describedby={error ? id + "-error" : undefined} aria-busy={busy}>
      <style>{CSS}</style>
      <legend id={id}>{question}</legend>
      <div className="bk-choices">
        {field.field_options.map((opt, index) => {
          const img = opt.image ? safeHref(opt.image) : null;
          const content = (
            <>
              {img ? <img src={img} alt="" /> : null}
              <span>{opt.label ?? opt.value}</span>
            </>
          );
          return withButton ? (
            <label className="bk-choice" key={opt.value}>
              <input
                type={multi ? "checkbox" : "radio"}
                name={field.slug}
                value={opt.value}
                checked={chosen.includes(opt.value)}
                onChange={() => pick(opt.value)}
                id={`${id}-${index}`}
              />
              {content}
            </label>
          ) : (
            <button type="button" className="bk-choice" key={opt.value} disabled={busy} onClick={() => pick(opt.value)}>
              {content}
            </button>
          );
        })}
      </div>
      {withButton && touched ? (
        <button type="button" className="bk-button" disabled={busy} onClick={() => void submit(chosen)}>
          {ctx.merge(str(options, "button-text") || ctx.labels.next)}
        </button>
      ) : null}
      {error ? (
        <p id={id + "-error"} className="bk-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
