-- AlterTable
ALTER TABLE "MailingListMembership" ADD COLUMN "magnetElementId" INTEGER;

-- CreateTable
CREATE TABLE "LeadMagnetFile" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "websiteId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "bytes" BLOB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "LeadMagnetFile_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "LeadMagnetFile_websiteId_idx" ON "LeadMagnetFile"("websiteId");

