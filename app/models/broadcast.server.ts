/**
 * Broadcasts (campaigns: which CTAs show to whom, and when) and targeting
 * conditions, SPEC section 3. Conditions are rows owned by a broadcast, an
 * action group (written by cta.server.ts) or the website itself (site-wide
 * conditions every CTA must pass).
 */
import { z } from "zod";
import type { Prisma } from "#app/db.server";
import type { Broadcast as BroadcastRow, Condition as ConditionRow } from "#app/generated/prisma-sqlite";
import { text } from "#contract/schema/common";
import { conditionSchema, type Condition } from "#contract/schema/condition";
import type { PublicBroadcast } from "#contract/schema/public-config";
import {
  ModelValidationError,
  NotFoundError,
  inTransaction,
  issueAt,
  nulIssues,
  toJson,
  type DbClient,
} from "./model-kit.server";
import { asRecord } from "#contract/json-record";
import { sitesChanged } from "./site-publication.server";

/** A broadcast failed validation. */
export class BroadcastValidationError extends ModelValidationError {
  constructor(issues: z.ZodIssue[]) {
    super(issues);
    this.name = "BroadcastValidationError";
  }
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const isoDate = z
  .string()
  .datetime({ offset: true, message: "An ISO 8601 date and time, e.g. 2026-03-01T09:00:00+01:00" });

/** What an owner sends to create or update a broadcast. */
export const broadcastInputSchema = z
  .object({
    name: text(200).min(1, { message: "Give the broadcast a name" }),
    status: z.boolean().default(true),
    quick: z.boolean().default(false),
    timezone: z
      .string()
      .max(100)
      .refine(isTimeZone, { message: "Unknown time zone; use a name like Europe/Stockholm" })
      .default("UTC"),
    timeframe: z.boolean().default(false),
    range_start: isoDate.nullish(),
    range_end: isoDate.nullish(),
    conditions: z.array(conditionSchema).max(50).default([]),
  })
  .superRefine((broadcast, ctx) => {
    if (broadcast.timeframe && (!broadcast.range_start || !broadcast.range_end)) {
      const missing = broadcast.range_start ? "range_end" : "range_start";
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: [missing],
        message: "A timed broadcast needs a start and an end",
      });
    }
    if (
      broadcast.range_start &&
      broadcast.range_end &&
      Date.parse(broadcast.range_end) <= Date.parse(broadcast.range_start)
    ) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["range_end"], message: "The end must be after the start" });
    }
  });
/** A broadcast as an owner sends it (defaults not yet applied). */
export type BroadcastInput = z.input<typeof broadcastInputSchema>;

/** A broadcast as the admin reads and writes it: the widget's view plus its status; cta_ids lists every CTA attached, whatever its status. */
export interface BroadcastDocument extends PublicBroadcast {
  status: boolean;
}

// ---------------------------------------------------------------- conditions

const byPosition = [{ position: "asc" as const }, { id: "asc" as const }];

/** A Condition row as the document the admin and widget use. */
export function conditionOf(row: ConditionRow): Condition {
  return {
    id: row.id,
    position: row.position,
    condition_type: row.conditionType as Condition["condition_type"],
    operator: row.operator === "or" ? "or" : "and",
    url: row.url,
    tag_id: row.tagId,
    keyword: row.keyword,
    count: row.count,
    data_name: row.dataName,
    area_id: row.areaId,
    cta_id: row.ctaId,
    condition_cta: row.conditionCta,
    country: row.country,
    data: asRecord(row.data),
  };
}

/** A condition document's columns (without its owner). */
export function conditionColumns(condition: Condition) {
  return {
    position: condition.position,
    conditionType: condition.condition_type,
    operator: condition.operator,
    url: condition.url ?? null,
    tagId: condition.tag_id ?? null,
    keyword: condition.keyword ?? null,
    count: condition.count ?? null,
    dataName: condition.data_name ?? null,
    areaId: condition.area_id ?? null,
    ctaId: condition.cta_id ?? null,
    conditionCta: condition.condition_cta ?? null,
    country: condition.country ?? null,
    data: toJson(condition.data),
  };
}

// The column a condition type cannot work without; the widget would
// otherwise evaluate an empty rule (and an empty "contains" matches every page).
const REQUIRED_COLUMN: Partial<Record<Condition["condition_type"], keyof Condition>> = {
  url: "url",
  host_path: "url",
  category: "tag_id",
  post_tag: "tag_id",
  post: "tag_id",
  page: "tag_id",
  tag: "tag_id",
  keyword: "keyword",
  data_field: "data_name",
  area: "area_id",
  cta: "cta_id",
  country: "country",
};

/** Issues for conditions that lack the value their type needs. */
export function conditionShapeIssues(conditions: Condition[], prefix: (string | number)[]): z.ZodIssue[] {
  const issues: z.ZodIssue[] = [];
  conditions.forEach((condition, index) => {
    const column = REQUIRED_COLUMN[condition.condition_type];
    const value = column ? condition[column] : "ok";
    if (value === null || value === undefined || value === "") {
      issues.push(
        issueAt(
          [...prefix, index, column as string],
          `A ${condition.condition_type} condition needs ${String(column)}`,
        ),
      );
    }
  });
  return issues;
}

/** Ids among `ids` that are not CTAs of the website. */
export async function foreignCtaIds(db: DbClient, websiteId: number, ids: number[]): Promise<Set<number>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Set();
  const found = await db.cta.findMany({ where: { websiteId, id: { in: unique } }, select: { id: true } });
  const ok = new Set(found.map((c) => c.id));
  return new Set(unique.filter((id) => !ok.has(id)));
}

/** Issues for conditions that point at another website's CTA. */
async function conditionRefIssues(
  db: DbClient,
  websiteId: number,
  conditions: Condition[],
  prefix: (string | number)[],
): Promise<z.ZodIssue[]> {
  const foreign = await foreignCtaIds(
    db,
    websiteId,
    conditions.flatMap((c) => (c.cta_id ? [c.cta_id] : [])),
  );
  return conditions.flatMap((c, i) =>
    c.cta_id && foreign.has(c.cta_id) ? [issueAt([...prefix, i, "cta_id"], `No CTA ${c.cta_id} on this website`)] : [],
  );
}

type ConditionOwner = { broadcastId: number } | { actionGroupId: number } | { site: true };

function ownerWhere(websiteId: number, owner: ConditionOwner): Prisma.ConditionWhereInput {
  if ("broadcastId" in owner) return { websiteId, broadcastId: owner.broadcastId };
  if ("actionGroupId" in owner) return { websiteId, actionGroupId: owner.actionGroupId };
  return { websiteId, broadcastId: null, actionGroupId: null };
}

function ownerColumns(owner: ConditionOwner): { broadcastId: number | null; actionGroupId: number | null } {
  if ("broadcastId" in owner) return { broadcastId: owner.broadcastId, actionGroupId: null };
  if ("actionGroupId" in owner) return { broadcastId: null, actionGroupId: owner.actionGroupId };
  return { broadcastId: null, actionGroupId: null };
}

/**
 * Replaces an owner's conditions with `conditions`: rows whose id is given are
 * updated in place, the rest created, and the owner's rows left out deleted.
 * Ids must already have been checked to belong to this owner.
 */
export async function syncConditions(
  tx: Prisma.TransactionClient,
  websiteId: number,
  owner: ConditionOwner,
  conditions: Condition[],
): Promise<void> {
  const keep: number[] = [];
  for (const condition of conditions) {
    const data = { ...conditionColumns(condition), ...ownerColumns(owner), websiteId };
    if (condition.id) {
      await tx.condition.update({ where: { id: condition.id }, data });
      keep.push(condition.id);
    } else {
      keep.push((await tx.condition.create({ data, select: { id: true } })).id);
    }
  }
  await tx.condition.deleteMany({ where: { ...ownerWhere(websiteId, owner), id: { notIn: keep } } });
}

/** Issues for condition ids that are not (yet) the owner's own. */
async function conditionIdIssues(
  db: DbClient,
  websiteId: number,
  owner: ConditionOwner | null,
  conditions: Condition[],
  prefix: (string | number)[],
): Promise<z.ZodIssue[]> {
  const existing = owner
    ? await db.condition.findMany({ where: ownerWhere(websiteId, owner), select: { id: true } })
    : [];
  const own = new Set(existing.map((c) => c.id));
  const seen = new Set<number>();
  const issues: z.ZodIssue[] = [];
  conditions.forEach((condition, index) => {
    if (!condition.id) return;
    if (!own.has(condition.id))
      issues.push(issueAt([...prefix, index, "id"], `Condition ${condition.id} does not belong here`));
    else if (seen.has(condition.id))
      issues.push(issueAt([...prefix, index, "id"], `Condition ${condition.id} appears twice`));
    seen.add(condition.id);
  });
  return issues;
}

// ---------------------------------------------------------------- broadcasts

type BroadcastWithRefs = BroadcastRow & { conditions: ConditionRow[]; ctas: { id: number }[] };

const broadcastInclude = {
  conditions: { orderBy: byPosition },
  ctas: { select: { id: true }, orderBy: { id: "asc" as const } },
} satisfies Prisma.BroadcastInclude;

function broadcastOf(row: BroadcastWithRefs): BroadcastDocument {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    quick: row.quick,
    timezone: row.timezone,
    timeframe: row.timeframe,
    range_start: row.rangeStart ? row.rangeStart.toISOString() : null,
    range_end: row.rangeEnd ? row.rangeEnd.toISOString() : null,
    conditions: row.conditions.map(conditionOf),
    cta_ids: row.ctas.map((c) => c.id),
  };
}

type ParsedBroadcast = z.infer<typeof broadcastInputSchema>;

async function parseBroadcast(
  db: DbClient,
  websiteId: number,
  owner: ConditionOwner | null,
  input: unknown,
): Promise<ParsedBroadcast> {
  const result = broadcastInputSchema.safeParse(input);
  if (!result.success) throw new BroadcastValidationError(result.error.issues);
  const broadcast = result.data;
  const issues = [
    ...nulIssues(broadcast),
    ...conditionShapeIssues(broadcast.conditions, ["conditions"]),
    ...(await conditionIdIssues(db, websiteId, owner, broadcast.conditions, ["conditions"])),
    ...(await conditionRefIssues(db, websiteId, broadcast.conditions, ["conditions"])),
  ];
  if (issues.length) throw new BroadcastValidationError(issues);
  return broadcast;
}

function broadcastColumns(broadcast: ParsedBroadcast) {
  return {
    name: broadcast.name,
    status: broadcast.status,
    quick: broadcast.quick,
    timezone: broadcast.timezone,
    timeframe: broadcast.timeframe,
    rangeStart: broadcast.range_start ? new Date(broadcast.range_start) : null,
    rangeEnd: broadcast.range_end ? new Date(broadcast.range_end) : null,
  };
}

/** A website's broadcast, or null. */
export async function getBroadcast(
  db: DbClient,
  websiteId: number,
  broadcastId: number,
): Promise<BroadcastDocument | null> {
  const row = await db.broadcast.findFirst({ where: { id: broadcastId, websiteId }, include: broadcastInclude });
  return row ? broadcastOf(row) : null;
}

/** Creates a broadcast with its conditions (throws BroadcastValidationError naming the field). */
export async function createBroadcast(db: DbClient, websiteId: number, input: unknown): Promise<BroadcastDocument> {
  return inTransaction(db, async (tx) => {
    const broadcast = await parseBroadcast(tx, websiteId, null, input);
    const row = await tx.broadcast.create({
      data: { ...broadcastColumns(broadcast), websiteId },
      select: { id: true },
    });
    await syncConditions(tx, websiteId, { broadcastId: row.id }, broadcast.conditions);
    await sitesChanged(tx);
    return (await getBroadcast(tx, websiteId, row.id))!;
  });
}

/** Updates a broadcast; conditions with an id are kept, new ones created, missing ones deleted. */
export async function updateBroadcast(
  db: DbClient,
  websiteId: number,
  broadcastId: number,
  input: unknown,
): Promise<BroadcastDocument> {
  return inTransaction(db, async (tx) => {
    const found = await tx.broadcast.findFirst({ where: { id: broadcastId, websiteId }, select: { id: true } });
    if (!found) throw new NotFoundError("broadcast", broadcastId);
    const broadcast = await parseBroadcast(tx, websiteId, { broadcastId }, input);
    await tx.broadcast.update({ where: { id: broadcastId }, data: broadcastColumns(broadcast) });
    await syncConditions(tx, websiteId, { broadcastId }, broadcast.conditions);
    await sitesChanged(tx);
    return (await getBroadcast(tx, websiteId, broadcastId))!;
  });
}

/** Deletes a broadcast; its CTAs stay and lose the link. */
export async function deleteBroadcast(db: DbClient, websiteId: number, broadcastId: number): Promise<void> {
  const { count } = await db.broadcast.deleteMany({ where: { id: broadcastId, websiteId } });
  if (count === 0) throw new NotFoundError("broadcast", broadcastId);
  await sitesChanged(db);
}

/** A website's broadcasts with their conditions, oldest first. */
export async function listBroadcasts(db: DbClient, websiteId: number): Promise<BroadcastDocument[]> {
  const rows = await db.broadcast.findMany({ where: { websiteId }, include: broadcastInclude, orderBy: { id: "asc" } });
  return rows.map(broadcastOf);
}

/** What the widget receives: active broadcasts only, each with its published CTAs. */
export async function listPublicBroadcasts(db: DbClient, websiteId: number): Promise<PublicBroadcast[]> {
  const rows = await db.broadcast.findMany({
    where: { websiteId, status: true },
    include: {
      conditions: { orderBy: byPosition },
      ctas: { where: { status: "published" }, select: { id: true }, orderBy: { id: "asc" } },
    },
    orderBy: { id: "asc" },
  });
  return rows.map((row) => {
    const { status: _status, ...rest } = broadcastOf(row);
    return rest;
  });
}

// ---------------------------------------------------------------- site-wide conditions

/** The website's site-wide conditions (no broadcast, no action group), in order. */
export async function listSiteConditions(db: DbClient, websiteId: number): Promise<Condition[]> {
  const rows = await db.condition.findMany({
    where: { websiteId, broadcastId: null, actionGroupId: null },
    orderBy: byPosition,
  });
  return rows.map(conditionOf);
}

/** Replaces the website's site-wide conditions (same id rules as a broadcast's). */
export async function saveSiteConditions(db: DbClient, websiteId: number, input: unknown): Promise<Condition[]> {
  const result = z.array(conditionSchema).max(50).safeParse(input);
  if (!result.success) throw new BroadcastValidationError(result.error.issues);
  const conditions = result.data;
  return inTransaction(db, async (tx) => {
    const issues = [
      ...nulIssues(conditions),
      ...conditionShapeIssues(conditions, []),
      ...(await conditionIdIssues(tx, websiteId, { site: true }, conditions, [])),
      ...(await conditionRefIssues(tx, websiteId, conditions, [])),
    ];
    if (issues.length) throw new BroadcastValidationError(issues);
    await syncConditions(tx, websiteId, { site: true }, conditions);
    await sitesChanged(tx);
    return listSiteConditions(tx, websiteId);
  });
}
