/** Small DOM helpers the behaviour modules share. */

/** Parses a JSON data attribute; null when absent or not valid JSON. */
export function jsonAttr<T = Record<string, unknown>>(el: Element, name: string): T | null {
  const text = el.getAttribute(name);
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** Calls fn at most once per animation frame while the window scrolls. */
export function onScrollFrame(win: Window, fn: () => void): void {
  let queued = false;
  win.addEventListener(
    "scroll",
    () => {
      if (queued) return;
      queued = true;
      win.requestAnimationFrame(() => {
        queued = false;
        fn();
      });
    },
    { passive: true },
  );
}

/** A function that runs fn once calls have stopped for `ms`. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number): (...args: A) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}

/** Elements matching selector in root, root itself included. */
export function within<T extends Element>(root: ParentNode, selector: string): T[] {
  const found = Array.from(root.querySelectorAll<T>(selector));
  if (root instanceof Element && root.matches(selector)) found.unshift(root as unknown as T);
  return found;
}

/** Marks an element as set up by a module; false when it already was. */
export function claim(el: Element, module: string): boolean {
  const done = (el.getAttribute("data-sv-init") ?? "").split(" ").filter(Boolean);
  if (done.includes(module)) return false;
  el.setAttribute("data-sv-init", [...done, module].join(" "));
  return true;
}

/** Dispatches a host-site event (sv:*) other scripts and tests can listen for. */
export function emit(target: EventTarget, name: string, detail?: unknown): void {
  // The event comes from the target's own window: right across frames, and a
  // late timer (a debounced layout) after its document is gone does nothing.
  const view = ("CustomEvent" in target
    ? target
    : ((target as Node).ownerDocument ?? (target as Document)).defaultView) as unknown as {
    CustomEvent: typeof CustomEvent;
  } | null;
  if (!view) return;
  target.dispatchEvent(new view.CustomEvent(`sv:${name}`, { detail, bubbles: true }));
}
