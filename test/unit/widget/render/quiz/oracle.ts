/**
 * An independent reading of SPEC 4 "Quiz" for the property tests: given the
 * raw fields, action groups, the path so far and the answers, which question
 * comes next and by which rule. Written straight from the rules, with loops
 * instead of the engine's helpers, and only for data_field conditions on answers.
 */
import type { ActionGroup, Field } from "#contract/schema/cta";
import type { Condition } from "#contract/schema/condition";

type Value = string | number | (string | number)[];

const SINGLE_TYPES = ["dropdown", "radio", "select", "image", "color", "emoji", "icon", "letter"];

function numeric(v: unknown): number | null {
  if (typeof v == "number") return v;
  if (typeof v == "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return parseFloat(v);
  return null;
}

function same(a: unknown, b: unknown): boolean {
  const x = numeric(a);
  const y = numeric(b);
  if (x !== null && y !== null) return x === y;
  return String(a).trim().toLowerCase() === String(b).trim().toLowerCase();
}

function conditionHolds(c: Condition, data: Map<string, Value | undefined>): boolean {
  if (c.condition_type !== "data_field" || !c.data_name || !data.has(c.data_name)) return false;
  const value = data.get(c.data_name);
  const items: unknown[] = value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value];
  const expected = c.data.value;
  const comparison = (c.data.comparison as string | undefined) ?? "is";
  if (comparison === "is") return items.some((v) => same(v, expected));
  if (comparison === "is_not") return !items.some((v) => same(v, expected));
  if (comparison === "contains")
    return items.some((v) => String(v).toLowerCase().includes(String(expected).toLowerCase()));
  if (comparison === "greater" || comparison === "less") {
    const e = numeric(expected);
    return items.some((v) => {
      const n = numeric(v);
      if (n === null || e === null) return false;
      return comparison === "greater" ? n > e : n < e;
    });
  }
  if (comparison === "is_empty") return items.length === 0;
  return false;
}

function allHold(conditions: Condition[], data: Map<string, Value | undefined>): boolean {
  const sorted = conditions.map((c, i) => ({ c, i })).sort((a, b) => a.c.position - b.c.position || a.i - b.i);
  if (sorted.length === 0) return true;
  let result = conditionHolds(sorted[0].c, data);
  for (let k = 1; k < sorted.length; k++) {
    const v = conditionHolds(sorted[k].c, data);
    result = sorted[k].c.operator === "or" ? result || v : result && v;
  }
  return result;
}

export interface OracleAnswerMap {
  [fieldId: number]: Value | undefined;
}

/** The next question's id (null: the quiz completes) and the rule that chose it. */
export function oracleNext(
  fields: Field[],
  groups: ActionGroup[],
  path: number[],
  answers: OracleAnswerMap,
): { id: number | null; rule: string } {
  const order = fields
    .map((f, i) => ({ f, i }))
    .sort((a, b) => a.f.position - b.f.position || a.i - b.i)
    .map((x) => x.f);
  const byId = (id: unknown) => fields.find((f) => f.id === id);
  const isSet = (v: unknown) => v != null && v !== "";
  const parent = (f: Field) => (f.field_id != null && f.field_id !== f.id ? byId(f.field_id) : undefined);
  const rootOf = (f: Field): Field => {
    const chain = [f];
    let p = parent(f);
    while (p) {
      if (chain.includes(p)) return f; // a loop: top-level
      chain.push(p);
      p = parent(p);
    }
    return chain[chain.length - 1];
  };
  const shown = (f: Field) => f.field_type !== "hidden";
  const current = byId(path[path.length - 1])!;
  const top = rootOf(current);
  const visited = (f: Field) => path.includes(f.id!);

  const inOrder = (): { id: number | null; rule: string } => {
    for (let i = order.indexOf(top) + 1; i < order.length; i++) {
      const q = order[i];
      if (rootOf(q) === q && shown(q) && !visited(q)) return { id: q.id!, rule: top === current ? "order" : "parent" };
    }
    return { id: null, rule: "end" };
  };
  const jump = (target: unknown, rule: string): { id: number | null; rule: string } => {
    if (target === "complete_quiz") return { id: null, rule };
    if (target === "next_sub_question") {
      const subs = order.filter((q) => q !== top && rootOf(q) === top && shown(q));
      for (let i = current === top ? 0 : subs.indexOf(current) + 1; i < subs.length; i++) {
        if (!visited(subs[i])) return { id: subs[i].id!, rule };
      }
      return inOrder();
    }
    const q = byId(Number(target));
    return q && shown(q) && !visited(q) ? { id: q.id!, rule } : inOrder();
  };

  const data = new Map<string, Value | undefined>();
  for (const f of fields) data.set(f.slug, f.field_type === "hidden" && f.value ? f.value : undefined);
  for (const id of path) if (answers[id] !== undefined) data.set(byId(id)!.slug, answers[id]);

  // 1. a matching conditional action group of this question (the first by position with a jump)
  const mine = groups
    .map((g, i) => ({ g, i }))
    .filter(({ g }) => g.status !== false && g.field_id === current.id)
    .sort((a, b) => a.g.position - b.g.position || a.i - b.i);
  for (const { g } of mine) {
    if (isSet(g.data["jump-field-id"]) && allHold(g.conditions, data)) return jump(g.data["jump-field-id"], "group");
  }
  // 2. the chosen option's jump, single-select only
  const answer = answers[current.id!];
  if (SINGLE_TYPES.includes(current.field_type) && !current.multi_select && typeof answer == "string") {
    const option = current.field_options.find((o) => o.value === answer);
    if (option && isSet(option.jump_field_id)) return jump(option.jump_field_id, "option");
  }
  // 3. the question's own jump
  if (isSet(current.options["jump-field-id"])) return jump(current.options["jump-field-id"], "question");
  // 4. and 5.
  return inOrder();
}
