-- CreateTable
CREATE TABLE "OrderTouch" (
    "websiteId" INTEGER NOT NULL,
    "source" TEXT NOT NULL,
    "orderRef" INTEGER NOT NULL,
    "orderAt" DATETIME NOT NULL,
    "touchCtaId" INTEGER,
    "touchVariantId" INTEGER,
    "touchAt" DATETIME,

    PRIMARY KEY ("source", "orderRef"),
    CONSTRAINT "OrderTouch_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "OrderTouch_orderAt_idx" ON "OrderTouch"("orderAt");

