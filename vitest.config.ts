/**
 * Four projects, run by scripts/test.ts (`npm test`):
 * - unit: pure logic and models against a fresh database per file;
 * - render: the widget's renderer as it ships, its React API compiled on
 *   Preact through widget/render/react-shim.ts (the aliases below do what
 *   scripts/build-widget.ts does for the bundle);
 * - api: the built server over HTTP, once on SQLite and once on PostgreSQL;
 * - e2e: the built server and Debian's Chromium through playwright-core.
 */
import { defineConfig } from "vitest/config";
import path from "node:path";
import { importRootAliases } from "./scripts/lib/import-roots";

const alias = importRootAliases(__dirname);

/** The renderer's tests: they mount CTAs with the renderer that ships, so they get the build's React-to-Preact aliases. */
const RENDER_TESTS = ["test/unit/widget/render/**/*.test.tsx"];
const shim = path.resolve(__dirname, "widget/render/react-shim.ts");
const renderAlias = [
  ...alias,
  { find: /^react$/, replacement: shim },
  { find: /^react-dom\/client$/, replacement: shim },
  { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-dev-runtime" },
];

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
          exclude: RENDER_TESTS,
          environment: "node",
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias: renderAlias },
        test: {
          name: "render",
          include: RENDER_TESTS,
          environment: "happy-dom",
          testTimeout: 20_000,
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
