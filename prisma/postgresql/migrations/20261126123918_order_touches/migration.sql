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


-- The results page joins each Order event to its kept touch by the event's id. With the id in the
-- orders index, the orders are still read from the index alone: without it PostgreSQL visited the
-- table once per order (2,500 pages read for 20,000 orders at 2,000,000 events).
DROP INDEX "TrackedEvent_orders_idx";
CREATE INDEX "TrackedEvent_orders_idx" ON "TrackedEvent"("websiteId", "createdAt") INCLUDE ("personId", "revenue", "ctaId", "variantId", "data", "id")
WHERE "eventType" = 'Order';
