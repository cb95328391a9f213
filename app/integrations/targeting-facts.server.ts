/**
 * What a website's targeting may ask about a visitor: the mailing-list ids,
 * tags and data-field names its conditions name. The targeting-sync answer
 * is cut down to these, as yes/no facts, so the browser never receives a
 * profile's other lists, tags or fields.
 */
import type { Db } from "#app/db.server";
import { asRecord, emptyRecord, ownValue } from "#contract/json-record";

export interface TargetingFacts {
  lists: Set<string>;
  /** Lower case: the widget compares tags case-insensitively. */
  tags: Set<string>;
  fields: Set<string>;
}

/** A comma list as the widget reads it (conditions.ts `list`). */
const commaList = (value: unknown): string[] =>
  (value == null ? "" : String(value))
    .toLowerCase()
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/** The lists, tags and field names the website's conditions (site-wide, broadcasts, action groups) name. */
export async function targetingFactsOf(db: Db, websiteId: number): Promise<TargetingFacts> {
  const rows = await db.condition.findMany({
    where: { websiteId, conditionType: { in: ["list", "tag", "data_field"] } },
    select: { conditionType: true, tagId: true, dataName: true, data: true },
  });
  const facts: TargetingFacts = { lists: new Set(), tags: new Set(), fields: new Set() };
  for (const row of rows) {
    const data = asRecord(row.data);
    // Same precedence as the widget's list tester: data.list_id, else tag_id.
    if (row.conditionType === "list") {
      const id = data.list_id ?? row.tagId;
      if (id != null && String(id) !== "") facts.lists.add(String(id));
    }
    if (row.conditionType === "tag") for (const tag of commaList(row.tagId)) facts.tags.add(tag);
    if (row.conditionType === "data_field" && row.dataName) facts.fields.add(row.dataName);
  }
  return facts;
}

/** Membership as yes/no for each named list or tag only. */
export function factsOf(named: Set<string>, held: Iterable<string>, fold = false): Record<string, boolean> {
  const have = new Set([...held].map((v) => (fold ? String(v).toLowerCase() : String(v))));
  // Keyed by the names conditions use: a list or tag named "__proto__" stays an entry.
  const out = emptyRecord<boolean>();
  for (const name of named) out[name] = have.has(name);
  return out;
}

/** The named fields the tool holds values for. */
export function fieldFacts(named: Set<string>, fields: Record<string, string>): Record<string, string> {
  // The tool's own fields only: a condition's "toString" is no field the tool holds.
  const out = emptyRecord<string>();
  for (const name of named) {
    const value = ownValue(fields, name);
    if (typeof value === "string") out[name] = value;
  }
  return out;
}
