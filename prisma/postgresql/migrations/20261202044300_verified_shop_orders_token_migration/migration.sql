-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "checkoutToken" TEXT,
ALTER COLUMN "personId" DROP NOT NULL;

-- CreateTable
CREATE TABLE "ShopOrderClaim" (
    "id" SERIAL NOT NULL,
    "websiteId" INTEGER NOT NULL,
    "personId" INTEGER NOT NULL,
    "orderId" TEXT NOT NULL,
    "checkoutToken" TEXT,
    "amount" DOUBLE PRECISION NOT NULL,
    "currency" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ShopOrderClaim_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OfflineTokenMigration" (
    "shop" TEXT NOT NULL,
    "availableAt" TIMESTAMP(3) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OfflineTokenMigration_pkey" PRIMARY KEY ("shop")
);

-- CreateIndex
CREATE INDEX "ShopOrderClaim_personId_idx" ON "ShopOrderClaim"("personId");

-- CreateIndex
CREATE INDEX "ShopOrderClaim_websiteId_createdAt_idx" ON "ShopOrderClaim"("websiteId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "ShopOrderClaim_websiteId_orderId_personId_key" ON "ShopOrderClaim"("websiteId", "orderId", "personId");

-- AddForeignKey
ALTER TABLE "ShopOrderClaim" ADD CONSTRAINT "ShopOrderClaim_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShopOrderClaim" ADD CONSTRAINT "ShopOrderClaim_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person"("id") ON DELETE CASCADE ON UPDATE CASCADE;

