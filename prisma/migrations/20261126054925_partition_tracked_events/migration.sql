-- Retention (app/models/event-retention.server.ts) deletes expired raw events a batch at a time by this index.
-- CreateIndex
CREATE INDEX "TrackedEvent_createdAt_idx" ON "TrackedEvent"("createdAt");

