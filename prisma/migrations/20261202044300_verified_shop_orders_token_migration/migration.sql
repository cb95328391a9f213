-- CreateTable
CREATE TABLE "ShopOrderClaim" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "websiteId" INTEGER NOT NULL,
    "personId" INTEGER NOT NULL,
    "orderId" TEXT NOT NULL,
    "checkoutToken" TEXT,
    "amount" REAL NOT NULL,
    "currency" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ShopOrderClaim_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ShopOrderClaim_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "OfflineTokenMigration" (
    "shop" TEXT NOT NULL PRIMARY KEY,
    "availableAt" DATETIME NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "updatedAt" DATETIME NOT NULL
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Order" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "websiteId" INTEGER NOT NULL,
    "personId" INTEGER,
    "orderId" TEXT NOT NULL,
    "revenue" REAL NOT NULL,
    "ctaId" INTEGER,
    "variantId" INTEGER,
    "checkoutToken" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Order_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Order_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Order" ("createdAt", "ctaId", "id", "orderId", "personId", "revenue", "variantId", "websiteId") SELECT "createdAt", "ctaId", "id", "orderId", "personId", "revenue", "variantId", "websiteId" FROM "Order";
DROP TABLE "Order";
ALTER TABLE "new_Order" RENAME TO "Order";
CREATE INDEX "Order_personId_idx" ON "Order"("personId");
CREATE INDEX "Order_websiteId_createdAt_idx" ON "Order"("websiteId", "createdAt");
CREATE UNIQUE INDEX "Order_websiteId_orderId_key" ON "Order"("websiteId", "orderId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "ShopOrderClaim_personId_idx" ON "ShopOrderClaim"("personId");

-- CreateIndex
CREATE INDEX "ShopOrderClaim_websiteId_createdAt_idx" ON "ShopOrderClaim"("websiteId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "ShopOrderClaim_websiteId_orderId_personId_key" ON "ShopOrderClaim"("websiteId", "orderId", "personId");

