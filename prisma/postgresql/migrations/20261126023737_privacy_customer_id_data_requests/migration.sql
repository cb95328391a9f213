-- AlterTable
ALTER TABLE "SyncJob" ALTER COLUMN "personId" DROP NOT NULL;

-- AlterTable
ALTER TABLE "Person" ADD COLUMN     "shopifyCustomerId" TEXT;

-- CreateTable
CREATE TABLE "CustomerDataRequest" (
    "id" SERIAL NOT NULL,
    "websiteId" INTEGER NOT NULL,
    "webhookId" TEXT NOT NULL,
    "requestId" TEXT,
    "shopifyCustomerId" TEXT,
    "email" TEXT,
    "people" INTEGER NOT NULL,
    "report" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CustomerDataRequest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CustomerDataRequest_websiteId_createdAt_idx" ON "CustomerDataRequest"("websiteId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "CustomerDataRequest_websiteId_webhookId_key" ON "CustomerDataRequest"("websiteId", "webhookId");

-- CreateIndex
CREATE INDEX "Person_websiteId_shopifyCustomerId_idx" ON "Person"("websiteId", "shopifyCustomerId");

-- AddForeignKey
ALTER TABLE "CustomerDataRequest" ADD CONSTRAINT "CustomerDataRequest_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

