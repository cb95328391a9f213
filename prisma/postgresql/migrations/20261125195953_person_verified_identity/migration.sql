-- AlterTable
ALTER TABLE "Person" ADD COLUMN     "verifiedAt" TIMESTAMP(3),
ADD COLUMN     "verifiedEmail" TEXT;

