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
    "cartValue" REAL NOT NULL DEFAULT 0,

    PRIMARY KEY ("websiteId", "day", "ctaId", "variantId"),
    CONSTRAINT "CtaDailyRollup_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CtaDailySketch" (
    "websiteId" INTEGER NOT NULL,
    "day" TEXT NOT NULL,
    "ctaId" INTEGER NOT NULL,
    "variantId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "registers" BLOB NOT NULL,

    PRIMARY KEY ("websiteId", "day", "ctaId", "variantId", "kind"),
    CONSTRAINT "CtaDailySketch_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RollupBackfill" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "throughId" INTEGER NOT NULL,
    "doneId" INTEGER NOT NULL
);

-- CreateIndex
CREATE INDEX "TrackedEvent_personId_createdAt_idx" ON "TrackedEvent"("personId", "createdAt");


-- Hand-written (partial indexes are beyond Prisma's schema language): the
-- results page finds a period's orders without scanning the other events.
CREATE INDEX "TrackedEvent_orders_idx" ON "TrackedEvent"("websiteId", "createdAt") WHERE "eventType" = 'Order';

-- Hand-written: events stored before the rollups existed are rolled up by
-- backfillRollups() (app/models/event-rollups.server.ts) at setup; later ones
-- as they are stored.
INSERT INTO "RollupBackfill" ("id", "throughId", "doneId") SELECT 1, COALESCE(MAX("id"), 0), 0 FROM "TrackedEvent";
