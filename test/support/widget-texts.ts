/**
 * Checks that a CTA speaks one language (DESIGN "Words are data"): the
 * visible texts of CTAs drawn in Chromium, sorted into the owner's own words,
 * texts of the expected widget catalogue, and texts of the other catalogue
 * that must not show. Shared by the render-page test
 * (test/e2e/widget-language.test.ts) and the demo-site test
 * (test/e2e/demo-language.test.ts).
 */
import type { Page } from "playwright-core";
import type { WidgetTexts } from "#contract/i18n";

const norm = (s: string) => s.replace(/\s+/g, " ").trim();
const decode = (s: string) =>
  s
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

/** Every string in a value, HTML tags stripped: what the owner wrote (and ids, which do no harm). */
export function ownerStrings(v: unknown, out: string[] = []): string[] {
  if (typeof v == "string") out.push(norm(decode(v.replace(/<[^>]*>/g, " "))));
  else if (Array.isArray(v)) v.forEach((x) => ownerStrings(x, out));
  else if (v && typeof v == "object") Object.values(v).forEach((x) => ownerStrings(x, out));
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A catalogue text as a pattern: placeholders match anything. */
export const patternOf = (text: string) =>
  new RegExp(
    "^" +
      text
        .split(/\{\w+\}/)
        .map(escape)
        .join(".+?") +
      "$",
  );
/** Literal pieces of catalogue texts, longest first (what is left between placeholders). */
export const piecesOf = (c: WidgetTexts) =>
  Object.values(c)
    .flatMap((t) => t.split(/\{\w+\}/))
    .map((p) => p.trim())
    .filter((p) => /\p{L}/u.test(p))
    .sort((a, b) => b.length - a.length);

/**
 * The visible texts and accessible labels inside each CTA's shadow root, by
 * the host's data-beckon-cta (the CTA id on a real site; the host's index
 * where there is none).
 */
export function visibleTextsByCta(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(() => {
    const out: Record<string, string[]> = {};
    Array.from(document.querySelectorAll("beckon-cta")).forEach((host, i) => {
      const root = host.shadowRoot;
      if (!root) return;
      const texts = (out[host.getAttribute("data-beckon-cta") ?? `#${i}`] ??= []);
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const parent = n.parentElement;
        if (!parent || parent.closest("style,script,template")) continue;
        if (!parent.checkVisibility({ checkVisibilityCSS: true } as never) && !parent.closest(".bk-sr")) continue;
        texts.push(n.textContent ?? "");
      }
      for (const el of Array.from(root.querySelectorAll("*"))) {
        for (const a of ["aria-label", "placeholder", "title", "alt", "aria-valuetext"]) {
          const v = el.getAttribute(a);
          if (v) texts.push(v);
        }
      }
    });
    for (const k of Object.keys(out))
      out[k] = out[k].map((s) => s.replace(/\s+/g, " ").trim()).filter((s) => /\p{L}/u.test(s));
    return out;
  });
}

/** The visible texts and accessible labels inside every CTA's shadow root. */
export async function visibleTexts(page: Page): Promise<string[]> {
  return Object.values(await visibleTextsByCta(page)).flat();
}

/**
 * Submits every form of every CTA on the page, so its validation messages
 * show: as it is, or with each e-mail field holding `email` (a wrong address
 * shows the e-mail error rather than the required one).
 */
export async function submitForms(page: Page, email?: string): Promise<void> {
  await page.evaluate(async (email) => {
    // Each form's submit is handled once the form has answered it (the submit code is a chunk of its own, fetched on
    // the first submit): with errors it focuses the first field in error (FormElement.tsx), so nothing may be focused
    // before; without any it turns busy sending; a form that went away has nothing more to show.
    const handled: Promise<unknown>[] = [];
    for (const host of Array.from(document.querySelectorAll("beckon-cta"))) {
      (host.shadowRoot?.activeElement as HTMLElement | null)?.blur();
      for (const form of Array.from(host.shadowRoot?.querySelectorAll("form") ?? [])) {
        if (email !== undefined)
          for (const input of Array.from(form.querySelectorAll<HTMLInputElement>('input[type="email"]'))) {
            input.value = email;
            input.dispatchEvent(new Event("input", { bubbles: true }));
          }
        handled.push(
          new Promise<void>((done) => {
            form.addEventListener("focusin", () => done(), { once: true });
            new MutationObserver((_, watch) => {
              if (form.getAttribute("aria-busy") !== "true" && form.isConnected) return;
              done();
              watch.disconnect();
            }).observe(host.shadowRoot!, { attributes: true, childList: true, subtree: true });
          }),
        );
        form.requestSubmit();
      }
    }
    await Promise.all(handled);
    // The errors are set just before that focus: rendered by the next frame.
    await new Promise(requestAnimationFrame);
  }, email);
}

/** Submits every form of the CTA empty, so its validation messages show. */
export const submitEmpty = (page: Page) => submitForms(page);

/** Sorts texts a CTA showed, for a CTA whose owner wrote `corpusParts` and whose visitor should read `mine`. */
export function languageCheck(mine: WidgetTexts, other: WidgetTexts) {
  const patterns = Object.values(mine).map(patternOf);
  const pieces = piecesOf(mine);
  // The other language's texts that differ from ours (Video and Variant are both languages' words).
  const foreign = (Object.keys(other) as (keyof WidgetTexts)[])
    .filter((k) => other[k] !== mine[k])
    .map((k) => ({ key: k, re: patternOf(other[k]) }));
  return (texts: string[], corpusParts: string[]): { strangers: string[]; leaks: string[] } => {
    const corpus = " " + corpusParts.join(" \u0000 ") + " ";
    const strangers: string[] = [];
    const leaks: string[] = [];
    for (const text of texts) {
      const isOwner = corpus.includes(text);
      if (!isOwner && foreign.some((f) => f.re.test(text))) leaks.push(text);
      if (isOwner || patterns.some((p) => p.test(text))) continue;
      // A composed label ("Tid kvar: 1 dagar, 2 timmar"): what is left after our texts must be the owner's words.
      let rest = text;
      for (const p of pieces) rest = rest.split(p).join(" ");
      const words = rest.match(/\p{L}{2,}/gu) ?? [];
      if (words.some((w) => !corpus.includes(w))) strangers.push(text);
    }
    return { strangers, leaks };
  };
}
