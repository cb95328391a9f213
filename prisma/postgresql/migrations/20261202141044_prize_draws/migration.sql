-- CreateTable
CREATE TABLE "PrizeDraw" (
    "id" SERIAL NOT NULL,
    "websiteId" INTEGER NOT NULL,
    "ctaId" INTEGER NOT NULL,
    "variantId" INTEGER,
    "elementId" INTEGER NOT NULL,
    "prizeId" TEXT NOT NULL,
    "prize" JSONB NOT NULL,
    "email" TEXT NOT NULL,
    "personId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PrizeDraw_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PrizeWinCount" (
    "elementId" INTEGER NOT NULL,
    "prizeId" TEXT NOT NULL,
    "websiteId" INTEGER NOT NULL,
    "wins" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "PrizeWinCount_pkey" PRIMARY KEY ("elementId","prizeId")
);

-- CreateIndex
CREATE INDEX "PrizeDraw_websiteId_ctaId_variantId_prizeId_idx" ON "PrizeDraw"("websiteId", "ctaId", "variantId", "prizeId");

-- CreateIndex
CREATE INDEX "PrizeDraw_personId_idx" ON "PrizeDraw"("personId");

-- CreateIndex
CREATE UNIQUE INDEX "PrizeDraw_ctaId_email_key" ON "PrizeDraw"("ctaId", "email");

-- CreateIndex
CREATE INDEX "PrizeWinCount_websiteId_idx" ON "PrizeWinCount"("websiteId");

-- AddForeignKey
ALTER TABLE "PrizeDraw" ADD CONSTRAINT "PrizeDraw_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PrizeDraw" ADD CONSTRAINT "PrizeDraw_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PrizeWinCount" ADD CONSTRAINT "PrizeWinCount_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

