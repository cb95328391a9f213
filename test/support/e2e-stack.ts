/**
 * What most end-to-end files start from: a fresh database (with the demo seed),
 * the real server on it and Chromium, set up before the file's tests and
 * closed after them. A file calls withE2eStack() at its top and reads the
 * live bindings below as plain names; what it adds of its own goes in its
 * own beforeAll (run after this one) and afterAll (run before this one).
 */
import { afterAll, beforeAll } from "vitest";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { createTestDatabase, type TestDatabase } from "./test-database";
import { startTestServer, type TestServer } from "./server";
import { launchChromium } from "./chromium";
import { seedIfEmpty } from "#prisma/seed";
import { buildDemo } from "#scripts/build-demo";

// Live bindings: set by withE2eStack()'s beforeAll, read by the tests as plain names.
export let tdb: TestDatabase;
export let server: TestServer;
export let browser: Browser;
/** The seeded Swedish website (the one selling in SEK); unset when the file asks for no seed. */
export let svId: number;

export interface E2eStackOptions {
  /** Seed the demo data (default); files that make all their rows themselves start empty. */
  seed?: boolean;
  /** Build the Swedish demo site (/demo/sv) first, for files that open its pages. */
  demo?: boolean;
  /** Rows the file adds to the database (tdb and svId are set), before the server starts and caches them. */
  beforeServer?: () => Promise<void>;
  /** The server's environment on top of the test defaults. */
  env?: Record<string, string>;
  /** Another browser than Debian's plain Chromium (e.g. one that treats the host page as third party). */
  launch?: () => Promise<Browser>;
  /** Milliseconds the set-up may take, when more than the project's hook timeout. */
  setupTimeout?: number;
}

/** Registers the file's database, server and browser: before its tests, closed after them. */
export function withE2eStack(options: E2eStackOptions = {}): void {
  beforeAll(async () => {
    if (options.demo) await buildDemo({ quiet: true });
    tdb = await createTestDatabase();
    if (options.seed ?? true) {
      await seedIfEmpty(tdb.db);
      svId = (await tdb.db.website.findFirstOrThrow({ where: { currency: "SEK" } })).id;
    }
    await options.beforeServer?.();
    server = await startTestServer({ databaseUrl: tdb.url, env: options.env });
    browser = await (options.launch ?? launchChromium)();
  }, options.setupTimeout);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await tdb?.drop();
  });
}

/** A page in a browser context of its own (the visitor's cookies and storage start empty), its uncaught errors collected. */
export async function newWatchedPage(
  options?: BrowserContextOptions,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { context, page, errors };
}
