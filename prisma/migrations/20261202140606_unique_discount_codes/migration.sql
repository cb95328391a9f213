-- AlterTable
ALTER TABLE "Cta" ADD COLUMN "codesLeasedUntil" DATETIME;
ALTER TABLE "Cta" ADD COLUMN "uniqueCodes" JSONB;

-- CreateTable
CREATE TABLE "DiscountCode" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "websiteId" INTEGER NOT NULL,
    "ctaId" INTEGER NOT NULL,
    "code" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'available',
    "personId" INTEGER,
    "variantId" INTEGER,
    "issuedAt" DATETIME,
    "expiresAt" DATETIME,
    "redeemedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "DiscountCode_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "DiscountCode_ctaId_fkey" FOREIGN KEY ("ctaId") REFERENCES "Cta" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "DiscountCode_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "DiscountCode_ctaId_status_idx" ON "DiscountCode"("ctaId", "status");

-- CreateIndex
CREATE INDEX "DiscountCode_personId_ctaId_idx" ON "DiscountCode"("personId", "ctaId");

-- CreateIndex
CREATE UNIQUE INDEX "DiscountCode_websiteId_code_key" ON "DiscountCode"("websiteId", "code");

