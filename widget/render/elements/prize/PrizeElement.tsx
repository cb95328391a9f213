import type { FormEvent } from "react";
import type { ElementProps } from "#widget/render/context";
import type { PrizeDrawResult, PublicPrize } from "#contract/schema/prize-game";
import { bool, fill, reducedMotion, str, useRef, useState } from "#widget/render/kit";
import { requestPrize } from "./prize-request";
import { ScratchCover } from "./Scratch";
import { Wheel, wheelAngle } from "./Wheel";

const CSS = `.bk-prize{display:flex;flex-direction:column;align-items:center;gap:12px;text-align:center}
.bk-prize form{display:flex;flex-direction:column;gap:8px;width:100%;max-width:320px;text-align:left}
.bk-wheel{width:min(280px,80vw)}
.bk-wheel svg{display:block;width:100%;height:auto}
.bk-wheel-disc{transform-origin:100px 100px;transition:transform 4.5s cubic-bezier(.15,.85,.25,1)}
.bk-scratch{position:relative;width:min(300px,80vw);min-height:120px;display:flex;align-items:center;justify-content:center;border-radius:8px;background:#fff;color:#111;border:2px dashed #767676}
.bk-scratch-cover{position:absolute;inset:0;width:100%;height:100%;border-radius:8px;touch-action:none;cursor:crosshair}
.bk-prize-code{display:flex;gap:8px;align-items:center;justify-content:center;flex-wrap:wrap}
.bk-prize-code code{font-size:1.25em;font-weight:700;padding:6px 10px;border:1px dashed currentColor;border-radius:4px}
.bk-prize-result{font-weight:700;margin:0}`;

/** The e-mail rule of forms (form-logic.ts's EMAIL_RE), not imported: that module loads with a form's submit, not here. */
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Phase = "ask" | "busy" | "play" | "done" | "gone";

/**
 * A prize wheel or a scratch card (contract/schema/prize-game.ts). It asks
 * for the e-mail (and the consents the element shows) first; the server
 * draws and answers the prize; then the wheel turns to it (no turning with
 * reduced motion) or the card is scratched or revealed. The result is read
 * out by a live region, and a code has a copy button.
 */
export default function PrizeGameElement({ element, ctx }: ElementProps) {
  const { labels, config } = ctx;
  const options = element.options;
  const wheel = element.element_type === "prize_wheel";
  const prizes = (Array.isArray(options.prizes) ? options.prizes : []) as PublicPrize[];
  const [phase, setPhase] = useState<Phase>("ask");
  const [result, setResult] = useState<PrizeDrawResult | null>(null);
  const [error, setError] = useState("");
  const [copied, setCopied] = useState(false);
  const [still] = useState(() => reducedMotion());
  const emailRef = useRef<HTMLInputElement>(null);
  const privacyRef = useRef<HTMLInputElement>(null);
  const marketingRef = useRef<HTMLInputElement>(null);
  const askPrivacy = bool(options, "show-privacy-consent");
  const askMarketing = bool(options, "show-marketing-consent") && !!config.marketing_consent;
  const id = `bk-prize-${element.id ?? 0}`;
  const index = result
    ? Math.max(
        0,
        prizes.findIndex((p) => p.id === result.prize.id),
      )
    : 0;
  const live = ctx.mode !== "preview";

  const play = async (e: FormEvent) => {
    e.preventDefault();
    const email = emailRef.current!.value.trim().toLowerCase();
    if (!EMAIL_RE.test(email)) return setError(labels.email);
    if (askPrivacy && !privacyRef.current!.checked) return setError(labels.required);
    setError("");
    if (!live) return;
    setPhase("busy");
    const answer = await requestPrize(ctx, element, {
      email,
      privacy: askPrivacy ? true : null,
      marketing: askMarketing ? marketingRef.current!.checked : null,
    });
    if (answer === "failed") {
      setPhase("ask");
      return setError(labels.sendFailed);
    }
    if (answer === "gone") return setPhase("gone");
    setResult(answer);
    // Reduced motion, a repeat player or the card's own reveal: nothing to wait for but the visitor.
    setPhase(wheel && (still || answer.repeat) ? "done" : "play");
    ctx.complete(element, "Submission", { confirm: false });
  };

  const prize = result?.prize;
  const said = prize
    ? `${result!.repeat ? labels.prizeAgain + " " : ""}${fill(prize.kind === "no_luck" ? labels.prizeLost : labels.prizeWon, { 0: prize.label })}`
    : "";
  const copy = () =>
    void navigator.clipboard?.writeText(prize!.code!).then(
      () => setCopied(true),
      () => undefined,
    );
  const button = str(options, "button-text") || (wheel ? labels.prizeSpin : labels.prizeReveal);

  return (
    <div className="bk-el bk-prize">
      <style>{CSS}</style>
      {wheel ? (
        <Wheel
          prizes={prizes}
          angle={result ? wheelAngle(index, prizes.length) : 0}
          still={still || !!result?.repeat}
          onStop={() => setPhase((p) => (p === "play" ? "done" : p))}
        />
      ) : null}
      {!wheel && (phase === "play" || phase === "done") ? (
        <div className="bk-scratch">
          <p className="bk-prize-result" aria-hidden={phase !== "done"}>
            {prize!.label}
          </p>
          {phase === "play" ? <ScratchCover label={labels.prizeScratch} onDone={() => setPhase("done")} /> : null}
        </div>
      ) : null}
      {!wheel && phase === "play" ? (
        <button type="button" className="bk-button" onClick={() => setPhase("done")}>
          {labels.prizeReveal}
        </button>
      ) : null}
      {phase === "ask" || phase === "busy" ? (
        <form onSubmit={(e) => void play(e)} noValidate>
          <div className="bk-field">
            <label htmlFor={`${id}-email`}>{labels.prizeEmail}</label>
            <input
              ref={emailRef}
              id={`${id}-email`}
              type="email"
              name="email"
              autoComplete="email"
              required
              aria-invalid={error === labels.email || undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </div>
          {askMarketing ? (
            <div className="bk-check">
              <input ref={marketingRef} id={`${id}-marketing`} type="checkbox" />
              <label htmlFor={`${id}-marketing`}>{config.marketing_consent}</label>
            </div>
          ) : null}
          {askPrivacy ? (
            <div className="bk-check">
              <input ref={privacyRef} id={`${id}-privacy`} type="checkbox" required />
              <label htmlFor={`${id}-privacy`}>{config.privacy_message || labels.privacyConsent}</label>
            </div>
          ) : null}
          {error ? (
            <p id={`${id}-error`} className="bk-error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="bk-button" disabled={phase === "busy"}>
            {button}
          </button>
        </form>
      ) : null}
      <p className="bk-prize-result" role="status" aria-live="polite">
        {phase === "done" ? said : phase === "gone" ? labels.prizeGone : ""}
      </p>
      {phase === "done" && prize?.code ? (
        <div className="bk-prize-code">
          <span>{labels.prizeCode}</span>
          <code>{prize.code}</code>
          <button type="button" className="bk-button" onClick={copy}>
            {copied ? labels.copied : labels.copy}
          </button>
        </div>
      ) : null}
    </div>
  );
}
