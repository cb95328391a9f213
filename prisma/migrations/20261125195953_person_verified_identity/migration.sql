-- AlterTable
ALTER TABLE "Person" ADD COLUMN "verifiedAt" DATETIME;
ALTER TABLE "Person" ADD COLUMN "verifiedEmail" TEXT;

