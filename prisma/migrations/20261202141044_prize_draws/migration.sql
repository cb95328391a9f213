-- CreateTable
CREATE TABLE "PrizeDraw" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "websiteId" INTEGER NOT NULL,
    "ctaId" INTEGER NOT NULL,
    "variantId" INTEGER,
    "elementId" INTEGER NOT NULL,
    "prizeId" TEXT NOT NULL,
    "prize" JSONB NOT NULL,
    "email" TEXT NOT NULL,
    "personId" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PrizeDraw_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PrizeDraw_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PrizeWinCount" (
    "elementId" INTEGER NOT NULL,
    "prizeId" TEXT NOT NULL,
    "websiteId" INTEGER NOT NULL,
    "wins" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("elementId", "prizeId"),
    CONSTRAINT "PrizeWinCount_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "PrizeDraw_websiteId_ctaId_variantId_prizeId_idx" ON "PrizeDraw"("websiteId", "ctaId", "variantId", "prizeId");

-- CreateIndex
CREATE INDEX "PrizeDraw_personId_idx" ON "PrizeDraw"("personId");

-- CreateIndex
CREATE UNIQUE INDEX "PrizeDraw_ctaId_email_key" ON "PrizeDraw"("ctaId", "email");

-- CreateIndex
CREATE INDEX "PrizeWinCount_websiteId_idx" ON "PrizeWinCount"("websiteId");

