-- AlterTable
ALTER TABLE "Website" ADD COLUMN     "emailFrom" TEXT;

-- AlterTable
ALTER TABLE "MailingList" ADD COLUMN     "requireConfirmation" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "MailingListMembership" ADD COLUMN     "confirmedAt" TIMESTAMP(3),
ADD COLUMN     "confirmedIp" TEXT,
ADD COLUMN     "status" TEXT NOT NULL DEFAULT 'confirmed';

-- CreateTable
CREATE TABLE "EmailSuppression" (
    "id" SERIAL NOT NULL,
    "websiteId" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "detail" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EmailSuppression_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "EmailSuppression_websiteId_email_key" ON "EmailSuppression"("websiteId", "email");

-- AddForeignKey
ALTER TABLE "EmailSuppression" ADD CONSTRAINT "EmailSuppression_websiteId_fkey" FOREIGN KEY ("websiteId") REFERENCES "Website"("id") ON DELETE CASCADE ON UPDATE CASCADE;

