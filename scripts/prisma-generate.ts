/**
 * Writes prisma/postgresql/schema.prisma from prisma/schema.prisma (the
 * provider is fixed per schema file, so PostgreSQL needs its own copy) and
 * generates a Prisma client for each database. Runs after `npm install`.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { partitionedEventsSchema } from "./lib/postgres-event-schema";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const sqliteSchema = path.join(root, "prisma/schema.prisma");
const pgSchema = path.join(root, "prisma/postgresql/schema.prisma");

/** The PostgreSQL schema text derived from the SQLite one. */
export function postgresSchemaFrom(source: string): string {
  const out = partitionedEventsSchema(source)
    .replace('provider = "sqlite"', 'provider = "postgresql"')
    .replace('output     = "../app/generated/prisma-sqlite"', 'output     = "../../app/generated/prisma-postgresql"')
    .replace(
      /^\/\/ Beckon data model\.[\s\S]*?\n\n/m,
      "// GENERATED from ../schema.prisma by scripts/prisma-generate.ts: do not edit.\n\n",
    );
  if (!out.includes('provider = "postgresql"') || !out.includes("prisma-postgresql")) {
    throw new Error("prisma/schema.prisma changed shape: update scripts/prisma-generate.ts");
  }
  return out;
}

function main() {
  mkdirSync(path.dirname(pgSchema), { recursive: true });
  writeFileSync(pgSchema, postgresSchemaFrom(readFileSync(sqliteSchema, "utf8")));
  const prismaBin = path.join(root, "node_modules/.bin/prisma");
  for (const [schema, url] of [
    [sqliteSchema, "file:./unused.db"],
    [pgSchema, "postgresql://unused@127.0.0.1/unused"],
  ] as const) {
    execFileSync(prismaBin, ["generate", "--schema", schema], {
      cwd: root,
      stdio: ["ignore", "inherit", "inherit"],
      // `generate` reads the datasource url although it never connects.
      // The url must merely look right for the provider.
      env: { ...process.env, DATABASE_URL: url, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
    });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
