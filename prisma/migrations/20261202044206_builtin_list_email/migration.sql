-- AlterTable
ALTER TABLE "Website" ADD COLUMN "emailFrom" TEXT;

-- CreateTable
CREATE TABLE "EmailSuppression" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "websiteId" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "detail" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "EmailSuppression_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_MailingList" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "websiteId" INTEGER NOT NULL,
    "integrationId" INTEGER NOT NULL,
    "listId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "requireConfirmation" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "MailingList_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "MailingList_integrationId_fkey" FOREIGN KEY ("integrationId") REFERENCES "Integration" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_MailingList" ("createdAt", "id", "integrationId", "listId", "name", "websiteId") SELECT "createdAt", "id", "integrationId", "listId", "name", "websiteId" FROM "MailingList";
DROP TABLE "MailingList";
ALTER TABLE "new_MailingList" RENAME TO "MailingList";
CREATE INDEX "MailingList_websiteId_idx" ON "MailingList"("websiteId");
CREATE UNIQUE INDEX "MailingList_integrationId_listId_key" ON "MailingList"("integrationId", "listId");
CREATE TABLE "new_MailingListMembership" (
    "listId" INTEGER NOT NULL,
    "personId" INTEGER NOT NULL,
    "subscribedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "unsubscribedAt" DATETIME,
    "status" TEXT NOT NULL DEFAULT 'confirmed',
    "confirmedAt" DATETIME,
    "confirmedIp" TEXT,

    PRIMARY KEY ("listId", "personId"),
    CONSTRAINT "MailingListMembership_listId_fkey" FOREIGN KEY ("listId") REFERENCES "MailingList" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "MailingListMembership_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_MailingListMembership" ("listId", "personId", "subscribedAt", "unsubscribedAt") SELECT "listId", "personId", "subscribedAt", "unsubscribedAt" FROM "MailingListMembership";
DROP TABLE "MailingListMembership";
ALTER TABLE "new_MailingListMembership" RENAME TO "MailingListMembership";
CREATE INDEX "MailingListMembership_personId_idx" ON "MailingListMembership"("personId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "EmailSuppression_websiteId_email_key" ON "EmailSuppression"("websiteId", "email");

