-- CreateTable
-- UNLOGGED (edited by hand; Prisma's schema cannot say it): rate-limit
-- buckets are worth seconds, so their updates skip the write-ahead log, and
-- a crash empties the table, which only refills every bucket. fillfactor 70
-- leaves room on each page for HOT updates (no indexed column changes).
CREATE UNLOGGED TABLE "RateLimitBucket" (
    "key" TEXT NOT NULL,
    "tokens" DOUBLE PRECISION NOT NULL,
    "allowed" BOOLEAN NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "fullAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RateLimitBucket_pkey" PRIMARY KEY ("key")
) WITH (fillfactor = 70);
