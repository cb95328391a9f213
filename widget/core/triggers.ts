/**
 * Triggers (SPEC 4): when an eligible CTA shows. arm() binds one trigger to
 * the page and calls `fire` at most once; the returned function disarms it.
 * Timers and the cart are injectable; the decisions (scroll share, exit
 * intent, cart page) are pure functions beside it, the cart value check is
 * in cta-options.ts.
 */
import type { TriggerSpec } from "#contract/cta-options";

/** SPEC 9: exit-intent sensitivity. */
export const EXIT_SENSITIVITY = 20;

export interface TriggerEnv {
  win: Window;
  doc: Document;
  /** Timers (the runtime's, injectable). */
  set: (fn: () => void, ms: number) => any;
  clear: (timer: any) => void;
  /** Touch devices: exit intent is the back button (history), not the mouse. */
  mobile?: boolean;
  /**
   * Binds the add-to-cart trigger (the extras chunk's armCart: Ajax adds to
   * cart, then the cart value check); returns the disarm function.
   */
  cart?(spec: TriggerSpec, fire: () => void): () => void;
}

/** How far down the page is scrolled, 0..100; a page that cannot scroll counts as fully seen. */
export function scrollPercent(scrollY: number, viewport: number, height: number): number {
  const room = height - viewport;
  return room <= 0 ? 100 : Math.min(100, (Math.max(0, scrollY) / room) * 100);
}

/** Whether a mouseout means the pointer left the window through the top. */
export const isExitIntent = (
  e: { clientY: number; relatedTarget?: EventTarget | null },
  sensitivity = EXIT_SENSITIVITY,
): boolean => !e.relatedTarget && e.clientY < sensitivity;

/** A cart page (SPEC 2: the add-to-cart trigger is suppressed there). */
export const isCartPage = (href: string): boolean => /\/cart(\/|$|\?|#)/.test(href.replace(/^[a-z]+:\/\/[^/]+/i, ""));

/** The CTA id a click on `.cta-{id}-trigger` asks for (SPEC 4: every CTA opens on such a click, whatever its trigger option). */
export function clickedCtaId(event: Event): string | undefined {
  const el = (event.target as Element)?.closest?.("[class*=cta-][class*=-trigger]");
  return (el && /(?:^|\s)cta-(\d+)-trigger(?:\s|$)/.exec(el.getAttribute("class") || ""))?.[1];
}

/**
 * Binds through code still on its way (the add-to-cart trigger's is in the extras chunk) and returns the disarm
 * function at once: disarmed before the code has arrived, nothing is bound; code that fails to arrive binds nothing.
 */
export function armLater(binding: Promise<() => () => void>): () => void {
  // 0 once disarmed.
  let off: (() => void) | 0 | undefined;
  binding.then(
    (bind) => off !== 0 && (off = bind()),
    () => {},
  );
  return () => {
    off && off();
    off = 0;
  };
}

/** Binds a trigger; `fire` runs at most once. Click-only CTAs bind nothing here (the runtime's delegated click does it). */
export function arm(spec: TriggerSpec, env: TriggerEnv, fire: () => void): () => void {
  const { win, doc, set, clear } = env;
  const offs: (() => void)[] = [];
  let done = false;
  const stop = () => {
    done = true;
    offs.splice(0).forEach((f) => f());
  };
  const go = () => {
    if (done) return;
    stop();
    fire();
  };
  const on = (target: EventTarget, type: string, fn: (e: any) => void) => {
    target.addEventListener(type, fn, { passive: true });
    offs.push(() => target.removeEventListener(type, fn));
  };
  const kind = spec.kind;
  if (kind === "immediate") {
    // A microtask, not a timer: right after the caller has kept the returned stop (a timer would wait behind the page's own tasks).
    void Promise.resolve().then(go);
  } else if (kind === "delayed") {
    const timer = set(go, spec.delay);
    offs.push(() => clear(timer));
  } else if (kind === "scroll") {
    const check = () => {
      const el = doc.documentElement;
      if (
        scrollPercent(
          win.scrollY ?? el.scrollTop,
          win.innerHeight,
          Math.max(el.scrollHeight, doc.body?.scrollHeight || 0),
        ) >= spec.scroll
      )
        go();
    };
    on(win, "scroll", check);
    const timer = set(check, 0);
    offs.push(() => clear(timer));
  } else if (kind === "exit") {
    on(doc, "mouseout", (e: MouseEvent) => isExitIntent(e) && go());
    if (env.mobile && win.history?.pushState) {
      // A guard entry: the back button lands on it first and shows the CTA instead of leaving.
      try {
        if (!win.history.state?.beckonExit) win.history.pushState({ ...win.history.state, beckonExit: 1 }, "");
        on(win, "popstate", (e: PopStateEvent) => !e.state?.beckonExit && go());
      } catch {
        /* history locked down (sandboxed frames) */
      }
    }
  } else if (kind === "add-to-cart" && env.cart) {
    offs.push(env.cart(spec, go));
  }
  return stop;
}
