-- AlterTable
ALTER TABLE "Cta" ADD COLUMN "abDecidedAt" DATETIME;
ALTER TABLE "Cta" ADD COLUMN "abTest" JSONB;
ALTER TABLE "Cta" ADD COLUMN "abWeighedAt" DATETIME;

-- CreateTable
CREATE TABLE "EventLog" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "websiteId" INTEGER NOT NULL,
    "ctaId" INTEGER,
    "kind" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "EventLog_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "EventLog_ctaId_fkey" FOREIGN KEY ("ctaId") REFERENCES "Cta" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "EventLog_websiteId_createdAt_idx" ON "EventLog"("websiteId", "createdAt");

-- CreateIndex
CREATE INDEX "EventLog_ctaId_idx" ON "EventLog"("ctaId");

