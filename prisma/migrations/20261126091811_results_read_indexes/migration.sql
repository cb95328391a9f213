-- CreateIndex
CREATE INDEX "Order_websiteId_createdAt_idx" ON "Order"("websiteId", "createdAt");

-- PostgreSQL's migration of the same name also makes order attribution's
-- indexes covering (INCLUDE, which SQLite lacks); SQLite already seeks a
-- touch by rowid in TrackedEvent_personId_createdAt_idx.
