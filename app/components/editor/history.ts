/**
 * Undo history of the CTA editor's document: pure, so its rules (typing
 * bursts coalesce, the past is bounded, a new edit drops the redo branch)
 * are tested without a browser.
 */
import { isRecord } from "#contract/json-record";

/** Past and future documents around the one being edited. */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** Path of the last recorded change and when it happened: a burst of edits to one field is one step. */
  lastPath: string | null;
  lastAt: number;
}

/** Steps kept; older ones are dropped. */
export const HISTORY_LIMIT = 100;
/** Edits to the same field closer together than this undo as one step. */
export const COALESCE_MS = 1000;

/** A history with nothing to undo or redo. */
export function startHistory<T>(present: T): History<T> {
  return { past: [], present, future: [], lastPath: null, lastAt: 0 };
}

/**
 * The path ("variants.0.steps.1.options.name") of the single leaf value that
 * differs between two documents, or null when the change is structural
 * (a node added, removed or moved) or touches several values.
 */
export function changedPath(before: unknown, after: unknown, path: string[] = []): string | null {
  if (Object.is(before, after)) return null;
  if (Array.isArray(before) && Array.isArray(after)) {
    if (before.length !== after.length) return null;
    return singleChild(
      before.map((_, i) => String(i)),
      before as unknown as Record<string, unknown>,
      after as unknown as Record<string, unknown>,
      path,
    );
  }
  if (isRecord(before) && isRecord(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    return singleChild([...keys], before, after, path);
  }
  // A leaf: strings, numbers, booleans, null. Objects turning into leaves are structural.
  if ((before !== null && typeof before === "object") || (after !== null && typeof after === "object")) return null;
  return path.join(".");
}

function singleChild(
  keys: string[],
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  path: string[],
): string | null {
  let differing: string | null = null;
  for (const key of keys) {
    if (Object.is(before[key], after[key])) continue;
    // Unchanged subtrees keep their identity in React state, but a copy may not: compare by value before giving up.
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    if (differing !== null) return null;
    differing = key;
  }
  return differing === null ? null : changedPath(before[differing], after[differing], [...path, differing]);
}

/** Records an edit: a new step, or part of the current one when it continues a burst on the same field. */
export function record<T>(timeline: History<T>, next: T, now: number, limit = HISTORY_LIMIT): History<T> {
  if (Object.is(next, timeline.present)) return timeline;
  const path = changedPath(timeline.present, next);
  if (path !== null && path === timeline.lastPath && now - timeline.lastAt < COALESCE_MS && timeline.past.length > 0) {
    return { ...timeline, present: next, future: [], lastAt: now };
  }
  const past = [...timeline.past, timeline.present];
  return {
    past: past.length > limit ? past.slice(past.length - limit) : past,
    present: next,
    future: [],
    lastPath: path,
    lastAt: now,
  };
}

/** Replaces the present without an undo step (the server's stored copy of what was sent: same content, new ids). */
export function replacePresent<T>(h: History<T>, present: T): History<T> {
  return { ...h, present, lastPath: null };
}

/** One step back; the same history when there is nothing to undo. */
export function undo<T>(timeline: History<T>): History<T> {
  if (!timeline.past.length) return timeline;
  return {
    past: timeline.past.slice(0, -1),
    present: timeline.past[timeline.past.length - 1],
    future: [timeline.present, ...timeline.future],
    lastPath: null,
    lastAt: 0,
  };
}

/** One step forward; the same history when there is nothing to redo. */
export function redo<T>(h: History<T>): History<T> {
  if (!h.future.length) return h;
  return { past: [...h.past, h.present], present: h.future[0], future: h.future.slice(1), lastPath: null, lastAt: 0 };
}
