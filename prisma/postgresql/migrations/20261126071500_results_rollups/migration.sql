-- DropIndex
DROP INDEX "TrackedEvent_personId_idx";

-- CreateTable
CREATE TABLE "CtaDailyRollup" (
    "websiteId" INTEGER NOT NULL,
    "day" TEXT NOT NULL,
    "ctaId" INTEGER NOT NULL,
    "variantId" INTEGER NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,
    "clicks" INTEGER NOT NULL DEFAULT 0,
    "submissions" INTEGER NOT NULL DEFAULT 0,
    "completions" INTEGER NOT NULL DEFAULT 0,
    "selections" INTEGER NOT NULL DEFAULT 0,
    "addToCarts" INTEGER NOT NULL DEFAULT 0,
    "cartValue" DOUBLE PRECISION NOT NULL DEFAULT 0,

    CONSTRAINT "CtaDailyRollup_pkey" PRIMARY KEY ("websiteId","day","ctaId","variantId")
);

-- CreateTable
CREATE TABLE "CtaDailySketch" (
    "websiteId" INTEGER NOT NULL,
    "day" TEXT NOT NULL,
    "ctaId" INTEGER NOT NULL,
    "variantId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "registers" BYTEA NOT NULL,

    CONSTRAINT "CtaDailySketch_pkey" PRIMARY KEY ("websiteId","day","ctaId","variantId","kind")
);

-- CreateTable
CREATE TABLE "RollupBackfill" (
    "id" INTEGER NOT NULL,
    "throughId" INTEGER NOT NULL,
    "doneId" INTEGER NOT NULL,

    CONSTRAINT "RollupBackfill_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TrackedEvent_personId_createdAt_idx" ON "TrackedEvent"("personId", "createdAt");

-- AddForeignKey
ALTER TABLE "CtaDailyRollup" ADD CONSTRAINT "CtaDailyRollup_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CtaDailySketch" ADD CONSTRAINT "CtaDailySketch_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Hand-written (partial indexes are beyond Prisma's schema language): the
-- results page finds a period's orders without scanning the other events.
CREATE INDEX "TrackedEvent_orders_idx" ON "TrackedEvent"("websiteId", "createdAt") WHERE "eventType" = 'Order';

-- Hand-written: events stored before the rollups existed are rolled up by
-- backfillRollups() (app/models/event-rollups.server.ts) at setup; later ones
-- as they are stored.
INSERT INTO "RollupBackfill" ("id", "throughId", "doneId") SELECT 1, COALESCE(MAX("id"), 0), 0 FROM "TrackedEvent";

-- Hand-written: adds sparse HyperLogLog entries (3 bytes each: register index
-- high, low, rank) to a sketch, in the formats of app/lib/hll.ts. Used as
-- ON CONFLICT DO UPDATE SET registers = beckon_hll_add(registers, EXCLUDED.registers),
-- so concurrent batches merge under the row lock and the order never matters
-- (a register keeps its maximum). A short sketch stays sparse (a concatenation,
-- read as the maximum per register); past 3,900 bytes it becomes the 4,096
-- dense registers.
CREATE FUNCTION "beckon_hll_add"(cur bytea, addition bytea) RETURNS bytea
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  dense bytea;
  src bytea;
  i integer := 0;
  idx integer;
  r integer;
BEGIN
  IF length(cur) <> 4096 AND length(cur) + length(addition) <= 3900 THEN
    RETURN cur || addition;
  END IF;
  IF length(cur) = 4096 THEN
    dense := cur;
    src := addition;
  ELSE
    dense := decode(repeat('00', 4096), 'hex');
    src := cur || addition;
  END IF;
  WHILE i + 2 < length(src) LOOP
    idx := get_byte(src, i) * 256 + get_byte(src, i + 1);
    r := get_byte(src, i + 2);
    IF get_byte(dense, idx) < r THEN
      dense := set_byte(dense, idx, r);
    END IF;
    i := i + 3;
  END LOOP;
  RETURN dense;
END $$;
