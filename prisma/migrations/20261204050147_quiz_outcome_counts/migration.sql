-- AlterTable
ALTER TABLE "ContactSubmission" ADD COLUMN "quizOutcome" TEXT;

-- CreateIndex
CREATE INDEX "ContactSubmission_websiteId_quizOutcome_idx" ON "ContactSubmission"("websiteId", "quizOutcome");

