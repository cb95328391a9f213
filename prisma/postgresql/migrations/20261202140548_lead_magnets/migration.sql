-- AlterTable
ALTER TABLE "MailingListMembership" ADD COLUMN     "magnetElementId" INTEGER;

-- CreateTable
CREATE TABLE "LeadMagnetFile" (
    "id" SERIAL NOT NULL,
    "websiteId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "bytes" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LeadMagnetFile_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "LeadMagnetFile_websiteId_idx" ON "LeadMagnetFile"("websiteId");

-- AddForeignKey
ALTER TABLE "LeadMagnetFile" ADD CONSTRAINT "LeadMagnetFile_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

