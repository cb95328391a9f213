/** The editor's undo history: coalesced typing, bounded past, redo branch. */
import { describe, expect, it } from "vitest";
import { changedPath, COALESCE_MS, record, redo, startHistory, undo } from "#app/components/editor/history";

const doc = (name: string, heading = "Hi") => ({ name, variants: [{ steps: [{ options: { heading } }] }] });

describe("editor history", () => {
  it("names the single changed leaf, and null for structural or multiple changes", () => {
    const a = doc("A");
    expect(changedPath(a, { ...a, name: "B" })).toBe("name");
    expect(changedPath(a, doc("A", "Hello"))).toBe("variants.0.steps.0.options.heading");
    expect(changedPath(a, doc("B", "Hello"))).toBeNull();
    expect(changedPath(a, { ...a, variants: [...a.variants, ...a.variants] })).toBeNull();
    expect(changedPath(a, { ...a, extra: { x: 1 } })).toBeNull();
  });

  it("coalesces a typing burst on one field into one step, but not across fields or pauses", () => {
    let h = startHistory(doc(""));
    h = record(h, doc("H"), 1000);
    h = record(h, doc("He"), 1300);
    h = record(h, doc("Hel"), 1600);
    expect(h.past).toHaveLength(1);
    h = record(h, doc("Hel", "Yo"), 1700); // another field: a new step
    h = record(h, doc("Hel!", "Yo"), 1800); // back to the name: a new step too
    h = record(h, doc("Hel!!", "Yo"), 1800 + COALESCE_MS + 1); // after a pause: new step
    expect(h.past.map((d) => d.name)).toEqual(["", "Hel", "Hel", "Hel!"]);
    h = undo(h);
    expect(h.present.name).toBe("Hel!");
    h = undo(undo(undo(h)));
    expect(h.present).toEqual(doc(""));
    expect(undo(h)).toBe(h);
  });

  it("redoes what was undone until a new edit drops the redo branch", () => {
    let h = startHistory(doc("a"));
    h = record(h, doc("b"), 0);
    h = record(h, doc("b", "x"), 10);
    h = undo(undo(h));
    expect(h.present.name).toBe("a");
    h = redo(h);
    expect(h.present.name).toBe("b");
    expect(h.future).toHaveLength(1);
    h = record(h, doc("c"), 20);
    expect(h.future).toHaveLength(0);
    expect(redo(h)).toBe(h);
  });

  it("keeps at most the limit of steps", () => {
    let h = startHistory(0);
    for (let i = 1; i <= 150; i++) h = record(h, i, i * 10_000, 100);
    expect(h.past).toHaveLength(100);
    expect(h.past[0]).toBe(50);
  });
});
