-- AlterTable
ALTER TABLE "Cta" ADD COLUMN     "draft" JSONB;
