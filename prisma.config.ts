/**
 * Prisma CLI configuration. The CLI here is only used to generate clients and
 * to compute migration SQL (`migrate diff`), offline: `engine: "js"` makes it
 * use the Wasm schema engine shipped in the `prisma` package instead of
 * downloading a native binary. Migrations are applied by Beckon's own runner
 * (app/db/migrate.server.ts), never by `migrate dev`, so the adapter below
 * never touches a real database: SQLite opens a throwaway in-memory database,
 * and PostgreSQL (chosen with BECKON_PRISMA_PROVIDER=postgresql, because the
 * adapter must match the schema's provider) is never connected by `diff`.
 */
import { defineConfig } from "prisma/config";

const postgres = process.env.BECKON_PRISMA_PROVIDER === "postgresql";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: postgres ? "prisma/postgresql/schema.prisma" : "prisma/schema.prisma",
  async adapter() {
    if (postgres) {
      const { PrismaPg } = await import("@prisma/adapter-pg");
      // `diff` between two schema files still opens a connection: the
      // migration script points it at a throwaway cluster.
      return new PrismaPg({
        host: "127.0.0.1",
        port: Number(process.env.BECKON_PRISMA_PG_PORT ?? 5432),
        user: process.env.BECKON_PRISMA_PG_USER ?? "beckon",
        database: process.env.BECKON_PRISMA_PG_DATABASE ?? "beckon",
      });
    }
    const { PrismaBetterSQLite3 } = await import("@prisma/adapter-better-sqlite3");
    return new PrismaBetterSQLite3({ url: ":memory:" });
  },
});
