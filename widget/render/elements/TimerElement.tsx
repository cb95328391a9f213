import type { ElementProps } from "#widget/render/context";
import { Html, num, str, useEffect, useState } from "#widget/render/kit";
import { remaining, TICK_MS, timerEnd, visibleUnits } from "#widget/render/timer-logic";
import { timerStart } from "#widget/render/timer-store";

const CSS = `.bk-timer{text-align:center}
.bk-timer-label{margin:0 0 4px}
.bk-timer-units{display:inline-flex;gap:8px}
.bk-unit{display:flex;flex-direction:column;align-items:center;min-width:52px;padding:4px 8px;border-radius:var(--bk-radius,6px);background:rgba(0,0,0,.08)}
.bk-unit b{font-size:1.5em;font-variant-numeric:tabular-nums;line-height:1.2}
.bk-unit span{font-size:.75em}
.bk-bar .bk-timer{display:flex;align-items:center;gap:8px}
.bk-bar .bk-timer-label{margin:0}
.bk-bar .bk-unit b{font-size:1.1em}
@media (max-width:480px){.bk-bar .bk-timer{gap:3px}.bk-bar .bk-timer-units{gap:2px}.bk-bar .bk-unit{min-width:0;padding:1px 3px}.bk-bar .bk-unit b{font-size:1em;line-height:1.1}.bk-bar .bk-unit span{font-size:.65em}}`;

/**
 * A countdown (SPEC 4 Timer): static, daily or relative; ticks every second;
 * at zero it shows its message, hides, or jumps to a visible step.
 */
export default function TimerElement({ element, ctx }: ElementProps) {
  const options = element.options;
  const [end] = useState(() => {
    const now = Date.now();
    const start =
      str(options, "timer-type") === "relative"
        ? timerStart(ctx.config.website_id, `${ctx.cta.id}-${element.id}`, now)
        : null;
    return timerEnd(options, now, start);
  });
  const [now, setNow] = useState(() => Date.now());
  const [ended, setEnded] = useState<"message" | "hide" | null>(null);
  const left = end == null ? null : remaining(end, now);
  const over = left != null && left.total <= 0;

  useEffect(() => {
    if (over || end == null) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [over, end]);

  useEffect(() => {
    if (!over) return;
    const action = str(options, "end-action") || "hide";
    // A jump only goes to a step that is visible; otherwise the timer hides.
    if (action === "step" && ctx.goToStep(num(options, "end-step", -1))) return;
    setEnded(action === "message" ? "message" : "hide");
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the end action runs once, when the timer runs out, with the options and context of that render
  }, [over]);

  if (end == null || ended === "hide" || (over && !ended)) return null;
  if (ended === "message")
    return <Html className="bk-el bk-text" html={ctx.merge(str(options, "end-message"), true)} />;
  const labels = ctx.labels;
  const units = visibleUnits(left!);
  const label = ctx.merge(str(options, "label"));
  const spoken = units.map((u) => `${left![u]} ${labels[u]}`).join(", ");
  return (
    <div className="bk-el bk-timer">
      <style>{CSS}</style>
      {label ? <p className="bk-timer-label">{label}</p> : null}
      <div className="bk-timer-units" role="timer" aria-label={`${label || labels.timer}: ${spoken}`}>
        {units.map((unit) => (
          <div className="bk-unit" key={unit} aria-hidden="true">
            <b>{String(left![unit]).padStart(2, "0")}</b>
            <span>{labels[unit]}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
