/**
 * Publishing: the step that makes an owner's committed change reach the
 * sites. A model that writes what a public config is built from (a CTA's
 * document or status, a broadcast and its conditions, site-wide conditions,
 * an integration, a website's settings, a website's removal) ends with
 * sitesChanged(db). Once the write is committed, this process's cache of
 * site scripts is emptied and every other server process is told to empty
 * its own (app/server/config-change-notice.server.ts, over PostgreSQL
 * NOTIFY or Redis: config-change-channel.server.ts), so the next page on
 * any process gets the change.
 *
 * Never before the commit: another process told too early would rebuild
 * from the old rows and keep them. Inside a transaction the step waits for
 * inTransaction's commit (model-kit.server.ts) and runs once however many
 * writes asked for it; a transaction that rolls back publishes nothing.
 * What does not change a site (a draft, a contact, an event) does not call it.
 */
import { configChangeCommitted } from "#app/server/config-change-notice.server";
import { afterCommit, type DbClient } from "./model-kit.server";

/** What sites show has changed in `db`: publish it to every process once committed. */
export function sitesChanged(db: DbClient): Promise<void> {
  return afterCommit(db, configChangeCommitted);
}
