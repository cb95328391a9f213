/**
 * Creates a migration for both databases from the change in
 * prisma/schema.prisma since the last migration:
 *
 *   npm run migrations:create -- add_order_currency
 *
 * Each migration folder keeps a snapshot of the schema it leads to, so the next
 * diff is computed offline from two schema files (no shadow database, which the
 * adapter-based CLI handles badly). PostgreSQL's diff still needs a server, so a
 * throwaway cluster is started for it.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { postgresSchemaFrom } from "./prisma-generate";
import { startPostgresCluster } from "./lib/postgres-cluster";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const prismaBin = path.join(root, "node_modules/.bin/prisma");

const targets = [
  { provider: "sqlite", dir: "prisma/migrations", schema: "prisma/schema.prisma", url: "file:./unused.db" },
  { provider: "postgresql", dir: "prisma/postgresql/migrations", schema: "prisma/postgresql/schema.prisma", url: "" },
] as const;

function lastMigration(dir: string): string | null {
  if (!existsSync(dir)) return null;
  const names = readdirSync(dir)
    .filter((n) => /^\d{14}_/.test(n))
    .sort();
  return names.length ? path.join(dir, names[names.length - 1]) : null;
}

async function main() {
  const name = (process.argv[2] ?? "").trim();
  if (!/^[a-z0-9_]{1,60}$/.test(name)) {
    console.error("usage: npm run migrations:create -- <name_in_snake_case>");
    process.exit(2);
  }
  // Keep the PostgreSQL schema in step before diffing.
  const pgText = postgresSchemaFrom(readFileSync(path.join(root, "prisma/schema.prisma"), "utf8"));
  writeFileSync(path.join(root, "prisma/postgresql/schema.prisma"), pgText);

  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const cluster = await startPostgresCluster();
  try {
    for (const target of targets) {
      const dir = path.join(root, target.dir);
      const previous = lastMigration(dir);
      const from = previous ? ["--from-schema-datamodel", path.join(previous, "snapshot.prisma")] : ["--from-empty"];
      const sql = execFileSync(
        prismaBin,
        ["migrate", "diff", ...from, "--to-schema-datamodel", target.schema, "--script"],
        {
          cwd: root,
          encoding: "utf8",
          env: {
            ...process.env,
            DATABASE_URL: target.provider === "sqlite" ? target.url : cluster.url,
            BECKON_PRISMA_PROVIDER: target.provider,
            BECKON_PRISMA_PG_PORT: String(cluster.port),
            BECKON_PRISMA_PG_USER: cluster.user,
            BECKON_PRISMA_PG_DATABASE: cluster.database,
          },
        },
      );
      if (!/\S/.test(sql.replace(/^--.*$/gm, ""))) {
        console.log(`${target.provider}: no changes`);
        continue;
      }
      const out = path.join(dir, `${stamp}_${name}`);
      mkdirSync(out, { recursive: true });
      writeFileSync(path.join(out, "migration.sql"), sql);
      writeFileSync(path.join(out, "snapshot.prisma"), readFileSync(path.join(root, target.schema), "utf8"));
      console.log(`${target.provider}: wrote ${path.relative(root, out)}/migration.sql`);
    }
  } finally {
    cluster.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
