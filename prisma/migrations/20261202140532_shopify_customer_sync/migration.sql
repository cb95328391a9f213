-- AlterTable
ALTER TABLE "Person" ADD COLUMN "shopifyCustomerGid" TEXT;
ALTER TABLE "Person" ADD COLUMN "shopifyCustomerSyncedAt" DATETIME;

