/**
 * The results benchmark writes its events straight into the database, past
 * the ingestion code. A build whose results come from aggregates kept at
 * ingestion must rebuild them from the raw events before the page is timed,
 * or the page would show nothing and time nothing. This is the one place
 * that knows how: it uses the app's own backfill, never aggregates made up
 * here.
 *
 * Until the app has a backfill, it finds none and says so. Once it has one,
 * wire it in directly (one line), e.g.
 *   const backfill = (await import("../app/models/<module>.server")).<function>;
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Db } from "../app/db.server";
import { ROOT } from "./lib";

type Backfill = (db: Db) => Promise<unknown>;

/** The app's aggregate backfill: an exported rebuild…/backfill… function of a rollup or aggregate module under app/. */
async function findBackfill(): Promise<{ name: string; run: Backfill } | null> {
  const files = (readdirSync(path.join(ROOT, "app"), { recursive: true }) as string[]).filter(
    (f) => /(rollup|aggregate)[^/]*\.server\.ts$/i.test(f) && !f.includes("generated"),
  );
  for (const file of files.sort()) {
    const mod = (await import(pathToFileURL(path.join(ROOT, "app", file)).href)) as Record<string, unknown>;
    const name = Object.keys(mod).find((k) => /^(rebuild|backfill)/i.test(k) && typeof mod[k] === "function");
    if (name) return { name: `app/${file} ${name}()`, run: mod[name] as Backfill };
  }
  return null;
}

/** Rebuilds the app's result aggregates from the raw events, when the build keeps any; returns what ran and how long it took. */
export async function rebuildAggregates(db: Db): Promise<{ backfill: string | null; seconds: number }> {
  const started = Date.now();
  const backfill = await findBackfill();
  if (!backfill) {
    console.log("[bench] rebuildAggregates: this build has no aggregate backfill; the results are read from the raw events");
    return { backfill: null, seconds: 0 };
  }
  console.log(`[bench] rebuildAggregates: ${backfill.name}`);
  await backfill.run(db);
  return { backfill: backfill.name, seconds: (Date.now() - started) / 1000 };
}
