-- AlterTable
ALTER TABLE "Cta" ADD COLUMN     "abDecidedAt" TIMESTAMP(3),
ADD COLUMN     "abTest" JSONB,
ADD COLUMN     "abWeighedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "EventLog" (
    "id" SERIAL NOT NULL,
    "websiteId" INTEGER NOT NULL,
    "ctaId" INTEGER,
    "kind" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EventLog_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "EventLog_websiteId_createdAt_idx" ON "EventLog"("websiteId", "createdAt");

-- CreateIndex
CREATE INDEX "EventLog_ctaId_idx" ON "EventLog"("ctaId");

-- AddForeignKey
ALTER TABLE "EventLog" ADD CONSTRAINT "EventLog_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EventLog" ADD CONSTRAINT "EventLog_ctaId_fkey" FOREIGN KEY ("ctaId") REFERENCES "Cta"("id") ON DELETE CASCADE ON UPDATE CASCADE;

