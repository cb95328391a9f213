/**
 * Token buckets in PostgreSQL, for several server processes on one database
 * without Redis. A take is one INSERT ... ON CONFLICT DO UPDATE: PostgreSQL
 * locks the bucket's row for the statement, so concurrent takes on any
 * process queue on that row and each sees the one before it. The time is the
 * database's (now()), one clock for every process.
 *
 * Why this and what it costs: one short statement per take (the public API
 * takes one bucket per read and at most two per write), on an UNLOGGED table
 * (its migration says why) whose updates touch no indexed column, so they
 * are HOT updates without write-ahead logging: about a tenth of a
 * millisecond of database time, plus a round trip from a small pool of the
 * limiter's own (a prepared statement on plain pg, not Prisma). A row
 * lock, not an advisory lock or a SERIALIZABLE transaction: no retries, and
 * a flood on one bucket waits on that row only. Rows of buckets that are
 * full again are deleted every minute (an absent bucket is a full one).
 */
import { bucketKey, checkedTake, verdictOf, type BucketTake, type RateLimitStore } from "./rate-limit-store.server";
import type { RateLimitVerdict } from "./rate-limit.server";

/** Runs one statement with positional parameters and answers its rows (the application's Prisma client, or a pg client in tests). */
export type SqlQuery = <Row>(sql: string, params: unknown[]) => Promise<Row[]>;

const NOW = `(now() AT TIME ZONE 'UTC')`;
const CAPACITY = "$2::float8";
const RATE = "$3::float8";
const COST = "$4::float8";
/** The bucket refilled to this statement's time, from the row as it was. */
const REFILLED = `LEAST(${CAPACITY}, b."tokens" + GREATEST(0, EXTRACT(EPOCH FROM (EXCLUDED."at" - b."at"))::float8) * ${RATE})`;
/** Tokens after the take from `held`: less the cost when the bucket holds it (a negative cost refunds). */
const after = (held: string) =>
  `(CASE WHEN ${held} >= ${COST} THEN LEAST(${CAPACITY}, ${held} - ${COST}) ELSE ${held} END)`;
const fullAt = (at: string, tokens: string) => `${at} + make_interval(secs => (${CAPACITY} - ${tokens}) / ${RATE})`;

/** $1 key, $2 capacity, $3 refill per second, $4 cost. */
export const TAKE_SQL = `INSERT INTO "RateLimitBucket" AS b ("key", "tokens", "allowed", "at", "fullAt")
VALUES ($1::text, ${after(CAPACITY)}, ${CAPACITY} >= ${COST}, ${NOW}, ${fullAt(NOW, after(CAPACITY))})
ON CONFLICT ("key") DO UPDATE SET
  "tokens" = ${after(REFILLED)},
  "allowed" = ${REFILLED} >= ${COST},
  "at" = EXCLUDED."at",
  "fullAt" = ${fullAt(`EXCLUDED."at"`, after(REFILLED))}
RETURNING "allowed", "tokens"`;

export const PRUNE_SQL = `DELETE FROM "RateLimitBucket" WHERE "fullAt" < ${NOW}`;

const PRUNE_EVERY_MS = 60_000;

/** The PostgreSQL store of token buckets. */
export class PostgresRateLimitStore implements RateLimitStore {
  readonly kind = "postgresql" as const;
  private pruner: NodeJS.Timeout | null = null;

  constructor(private readonly query: SqlQuery) {}

  async take(take: BucketTake): Promise<RateLimitVerdict> {
    const checked = checkedTake(take);
    this.pruner ??= setInterval(() => this.prune().catch(() => {}), PRUNE_EVERY_MS).unref();
    const [row] = await this.query<{ allowed: boolean; tokens: number }>(TAKE_SQL, [
      bucketKey(checked),
      checked.capacity,
      checked.refillPerSecond,
      checked.cost,
    ]);
    return verdictOf(row.allowed, Number(row.tokens), checked);
  }

  /** Deletes the buckets that are full again; answers how many. */
  async prune(): Promise<number> {
    const rows = await this.query<{ n: number }>(
      `WITH gone AS (${PRUNE_SQL} RETURNING 1) SELECT count(*)::int AS n FROM gone`,
      [],
    );
    return Number(rows[0]?.n ?? 0);
  }

  async close(): Promise<void> {
    if (this.pruner) clearInterval(this.pruner);
    this.pruner = null;
  }
}
