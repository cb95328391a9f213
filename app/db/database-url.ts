/**
 * Which database Beckon talks to. DATABASE_URL absent means the embedded
 * default: a SQLite file under data/ in the project folder.
 */
import path from "node:path";

export type DatabaseKind = "sqlite" | "postgresql";

export interface DatabaseTarget {
  kind: DatabaseKind;
  /** For SQLite, an absolute file path (or ":memory:"); for PostgreSQL, the connection string. */
  location: string;
}

export const DEFAULT_SQLITE_FILE = path.join(process.cwd(), "data", "beckon.db");

/** Parses DATABASE_URL (or its absence) into a database target; the server's value comes from serverEnv().databaseUrl. */
export function databaseTarget(url: string | undefined): DatabaseTarget {
  if (!url || url.trim() === "") return { kind: "sqlite", location: DEFAULT_SQLITE_FILE };
  if (/^postgres(ql)?:\/\//i.test(url)) return { kind: "postgresql", location: url };
  if (url.startsWith("file:")) {
    const file = url.slice("file:".length);
    if (file === ":memory:") return { kind: "sqlite", location: file };
    return { kind: "sqlite", location: path.resolve(process.cwd(), file) };
  }
  throw new Error(
    `DATABASE_URL must start with file: (SQLite) or postgresql:// (PostgreSQL); got "${url.slice(0, 20)}…"`,
  );
}
