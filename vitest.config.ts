/**
 * Three projects, run by scripts/test.ts (`npm test`):
 * - unit: pure logic and models against a fresh database per file;
 * - api: the built server over HTTP, once on SQLite and once on PostgreSQL;
 * - e2e: the built server and Debian's Chromium through playwright-core.
 */
import { defineConfig } from "vitest/config";
import path from "node:path";

const alias = { "~": path.resolve(__dirname, "app") };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        // Hooks that seed a database (proxy-route, drafts, seed) can need more than vitest's 10 s on a busy two-core machine.
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts", "test/unit/**/*.test.tsx"],
          environment: "node",
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          include: ["test/api/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One Chromium at a time on a 2-core machine.
          pool: "forks",
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
