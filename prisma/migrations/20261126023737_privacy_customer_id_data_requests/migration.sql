-- AlterTable
ALTER TABLE "Person" ADD COLUMN "shopifyCustomerId" TEXT;

-- CreateTable
CREATE TABLE "CustomerDataRequest" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "websiteId" INTEGER NOT NULL,
    "webhookId" TEXT NOT NULL,
    "requestId" TEXT,
    "shopifyCustomerId" TEXT,
    "email" TEXT,
    "people" INTEGER NOT NULL,
    "report" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CustomerDataRequest_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_SyncJob" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "websiteId" INTEGER NOT NULL,
    "integrationId" INTEGER NOT NULL,
    "personId" INTEGER,
    "operation" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" DATETIME,
    "lastError" TEXT,
    "completedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "SyncJob_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SyncJob_integrationId_fkey" FOREIGN KEY ("integrationId") REFERENCES "Integration" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SyncJob_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_SyncJob" ("attempts", "completedAt", "createdAt", "id", "idempotencyKey", "integrationId", "lastError", "lockedUntil", "nextAttemptAt", "operation", "payload", "personId", "status", "updatedAt", "websiteId") SELECT "attempts", "completedAt", "createdAt", "id", "idempotencyKey", "integrationId", "lastError", "lockedUntil", "nextAttemptAt", "operation", "payload", "personId", "status", "updatedAt", "websiteId" FROM "SyncJob";
DROP TABLE "SyncJob";
ALTER TABLE "new_SyncJob" RENAME TO "SyncJob";
CREATE INDEX "SyncJob_status_nextAttemptAt_idx" ON "SyncJob"("status", "nextAttemptAt");
CREATE INDEX "SyncJob_personId_idx" ON "SyncJob"("personId");
CREATE UNIQUE INDEX "SyncJob_integrationId_idempotencyKey_key" ON "SyncJob"("integrationId", "idempotencyKey");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "CustomerDataRequest_websiteId_createdAt_idx" ON "CustomerDataRequest"("websiteId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "CustomerDataRequest_websiteId_webhookId_key" ON "CustomerDataRequest"("websiteId", "webhookId");

-- CreateIndex
CREATE INDEX "Person_websiteId_shopifyCustomerId_idx" ON "Person"("websiteId", "shopifyCustomerId");

