-- AlterTable
ALTER TABLE "Person" ADD COLUMN     "shopifyCustomerGid" TEXT,
ADD COLUMN     "shopifyCustomerSyncedAt" TIMESTAMP(3);

