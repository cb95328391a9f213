-- AlterTable
ALTER TABLE "Website" ADD COLUMN     "language" TEXT NOT NULL DEFAULT 'en';

