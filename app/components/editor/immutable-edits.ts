/**
 * Immutable edits of the CTA document the editor makes: reads and copies by
 * path ("variants", 0, "steps", 1 ...), reordering lists whose `position` is
 * the order the owner sees, and copies without database ids. Generic over the
 * document's shape, so they are pure and unit-tested; document.ts re-exports
 * them for the editor.
 */

/** A path into the document: keys and list indexes from the root. */
export type Path = (string | number)[];

/** The value at a path ("variants", 0, "steps", 1 ...), or undefined. */
export function getIn(root: unknown, path: Path): unknown {
  let at: unknown = root;
  for (const key of path) {
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Record<string | number, unknown>)[key];
  }
  return at;
}

/** A copy of `root` with the value at `path` replaced; only the nodes along the path are copied. */
export function setIn<T>(root: T, path: Path, value: unknown): T {
  if (path.length === 0) return value as T;
  const [key, ...rest] = path;
  const node = (root ?? (typeof key === "number" ? [] : {})) as Record<string | number, unknown> | unknown[];
  const copy = (Array.isArray(node) ? [...node] : { ...node }) as Record<string | number, unknown>;
  copy[key] = setIn(copy[key], rest, value);
  return copy as T;
}

/** A copy of `root` with fn applied to the value at `path`. */
export function updateIn<T, V>(root: T, path: Path, fn: (value: V) => V): T {
  return setIn(root, path, fn(getIn(root, path) as V));
}

/** Items with position set to their index (the document's order is what the owner sees). */
export function renumber<T extends { position: number }>(items: T[]): T[] {
  return items.map((item, i) => (item.position === i ? item : { ...item, position: i }));
}

/** Moves an item up (-1) or down (+1) and renumbers; out-of-range moves change nothing. */
export function move<T extends { position: number }>(items: T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= items.length) return items;
  const copy = [...items];
  [copy[index], copy[to]] = [copy[to], copy[index]];
  return renumber(copy);
}

/**
 * Moves the item at `from` to index `to` (the others shift to make room) and
 * renumbers: what a drag and drop does. Moving to the same place returns the
 * same array; an index outside the list is a programming error and throws.
 */
export function moveTo<T extends { position: number }>(items: T[], from: number, to: number): T[] {
  for (const [name, index] of [
    ["from", from],
    ["to", to],
  ] as const) {
    if (!Number.isInteger(index) || index < 0 || index >= items.length)
      throw new RangeError(`${name}: ${index} is not an index of a list of ${items.length}`);
  }
  if (from === to) return items;
  const copy = [...items];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item);
  return renumber(copy);
}

/** Removes an item and renumbers. */
export function removeAt<T extends { position: number }>(items: T[], index: number): T[] {
  return renumber(items.filter((_, i) => i !== index));
}
