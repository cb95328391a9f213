/**
 * The lead's own discount code (contract/schema/unique-codes.ts), on the
 * success step: asked from the server once the step shows (only a visitor
 * who has become a lead of this CTA gets one), with a Copy button, the
 * expiry, and on a store an Apply button that puts the code on the cart
 * through the site's cart adapter. A separate chunk: only CTAs that hand out
 * codes download it. When no code is left it shows the fallback text.
 */
import type { DiscountCodeAnswer } from "#contract/schema/unique-codes";
import type { ElementProps } from "#widget/render/context";
import { fill, str, useEffect, useState } from "#widget/render/kit";

/** The contact may still be on its way when the step shows: a 404 is asked again this many times, waiting longer each time. */
const TRIES = 4;
const FIRST_WAIT_MS = 500;
/** The editor's preview has no lead: it shows what a code looks like. */
const SAMPLE: DiscountCodeAnswer = { code: "WELCOME-7QX2", expires_at: null };

type Shown = DiscountCodeAnswer | "loading" | "none";

/** Asks the server for the visitor's code; "none" when it has none to give (or cannot be reached). */
export async function fetchCode(
  url: string,
  body: Record<string, unknown>,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((done) => setTimeout(done, ms)),
  fetchFn: typeof fetch = (u, i) => fetch(u, i),
): Promise<DiscountCodeAnswer | "none"> {
  for (let attempt = 0; attempt < TRIES; attempt++) {
    try {
      // text/plain keeps the cross-origin request "simple": no preflight round trip.
      const res = await fetchFn(url, {
        method: "POST",
        headers: { "Content-Type": "text/plain" },
        body: JSON.stringify(body),
      });
      if (res.ok) {
        const answer = (await res.json()) as DiscountCodeAnswer;
        return typeof answer.code == "string" && answer.code ? answer : "none";
      }
      if (res.status !== 404 && res.status !== 503) return "none";
    } catch {
      // Offline for a moment: asked again below.
    }
    if (attempt < TRIES - 1) await wait(FIRST_WAIT_MS * 2 ** attempt);
  }
  return "none";
}

export default function DiscountCodeElement({ element, ctx }: ElementProps) {
  const { labels, config, person } = ctx;
  const options = element.options;
  const [shown, setShown] = useState<Shown>(() => (ctx.mode == "preview" ? SAMPLE : "loading"));
  const [note, setNote] = useState("");
  useEffect(() => {
    if (shown != "loading") return;
    let live = true;
    const token = person?.visitor_token;
    const ask = token
      ? fetchCode(`${config.api_origin.replace(/\/+$/, "")}/api/websites/${config.website_id}/discount_code`, {
          visitor_token: token,
          cta_id: ctx.cta.id,
          variant_id: ctx.variant.id,
        })
      : Promise.resolve("none" as const);
    void ask.then((answer) => live && setShown(answer));
    return () => void (live = false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked once per showing: the lead and the CTA do not change while the step shows
  }, []);
  if (shown == "loading") return <p className="bk-code bk-code-wait">{labels.codeLoading}</p>;
  if (shown == "none")
    return <p className="bk-code bk-code-none">{ctx.merge(str(options, "fallback-text")) || labels.codeNone}</p>;
  const code = shown.code!;
  // A Shopify theme page has no adapter of its own: it gets the Ajax cart, as the store actions do, loaded on the click.
  const onStore = !!ctx.runtime.store || !!(window as { Shopify?: unknown }).Shopify;
  const copy = () =>
    void navigator.clipboard?.writeText(code).then(
      () => setNote(labels.codeCopied),
      () => {},
    );
  const apply = async () => {
    const store = ctx.runtime.store ?? (await import("#widget/render/store-outcome")).storeOf(null);
    const result = store && (await store.applyDiscount(code).catch(() => null));
    setNote(result && result.ok ? labels.codeApplied : labels.codeApplyFailed);
  };
  const until = shown.expires_at ? new Date(shown.expires_at).toLocaleDateString(labels.lang) : "";
  return (
    <div className="bk-code">
      <p>{ctx.merge(str(options, "label")) || labels.codeLabel}</p>
      <p>
        <strong className="bk-code-value" data-code={code}>
          {code}
        </strong>{" "}
        <button type="button" className="bk-button" onClick={copy}>
          {labels.codeCopy}
        </button>{" "}
        {onStore && options["show-apply"] !== false ? (
          <button type="button" className="bk-button bk-code-apply" onClick={() => void apply()}>
            {labels.codeApply}
          </button>
        ) : null}
      </p>
      {until ? <p className="bk-code-expiry">{fill(labels.codeExpires, { 0: until })}</p> : null}
      <p role="status" aria-live="polite">
        {note}
      </p>
    </div>
  );
}
