-- CreateTable
CREATE TABLE "OrderTouch" (
    "websiteId" INTEGER NOT NULL,
    "source" TEXT NOT NULL,
    "orderRef" INTEGER NOT NULL,
    "orderAt" TIMESTAMP(3) NOT NULL,
    "touchCtaId" INTEGER,
    "touchVariantId" INTEGER,
    "touchAt" TIMESTAMP(3),

    CONSTRAINT "OrderTouch_pkey" PRIMARY KEY ("source","orderRef")
);

-- CreateIndex
CREATE INDEX "OrderTouch_orderAt_idx" ON "OrderTouch"("orderAt");

-- AddForeignKey
ALTER TABLE "OrderTouch" ADD CONSTRAINT "OrderTouch_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

