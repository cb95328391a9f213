/**
 * The secret that signs owner cookies (DESIGN.md, Configuration).
 * SESSION_SECRET wins. Without it, development (and the demo `npm start`,
 * BECKON_DEMO=1) generates one once and keeps it in .beckon/session-secret so
 * owners stay signed in across restarts; production refuses to guess.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { serverEnv, type EnvSource } from "./env.server";

export const MIN_SESSION_SECRET_LENGTH = 32;
export const SESSION_SECRET_FILE = path.join(".beckon", "session-secret");

/** Thrown when the server cannot sign cookies; the message says what to set. */
export class SessionSecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SessionSecretError";
  }
}

export interface SessionSecretOptions {
  env?: EnvSource;
  /** Folder that holds .beckon/ (the project folder). */
  root?: string;
}

/** Whether a generated, locally stored secret is acceptable here. */
export function mayGenerateSecret(source?: EnvSource): boolean {
  const env = serverEnv(source);
  return env.nodeEnv !== "production" || env.demo;
}

/** Reads SESSION_SECRET, or the local generated secret where that is allowed. Never cached. */
export function resolveSessionSecret({ env, root = process.cwd() }: SessionSecretOptions = {}): string {
  const configured = serverEnv(env).sessionSecret;
  if (configured) {
    if (configured.length < MIN_SESSION_SECRET_LENGTH) {
      throw new SessionSecretError(`SESSION_SECRET must be at least ${MIN_SESSION_SECRET_LENGTH} characters long`);
    }
    return configured;
  }
  if (!mayGenerateSecret(env)) {
    throw new SessionSecretError(
      "SESSION_SECRET is required in production: set it to a random string of at least 32 characters (for example `openssl rand -hex 32`)",
    );
  }
  const file = path.join(root, SESSION_SECRET_FILE);
  const existing = readSecretFile(file);
  if (existing) return existing;
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const generated = randomBytes(32).toString("hex");
  try {
    // "wx": when two processes start at once, the second keeps the first's secret.
    writeFileSync(file, `${generated}\n`, { flag: "wx", mode: 0o600 });
    return generated;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const again = readSecretFile(file);
    if (again) return again;
    // The file exists but holds no usable secret (emptied by hand): replace it.
    writeFileSync(file, `${generated}\n`, { mode: 0o600 });
    return generated;
  }
}

function readSecretFile(file: string): string | null {
  try {
    const value = readFileSync(file, "utf8").trim();
    return value.length >= MIN_SESSION_SECRET_LENGTH ? value : null;
  } catch {
    return null;
  }
}

let cached: string | undefined;

/** The application's session secret, resolved once per process. */
export function sessionSecret(): string {
  cached ??= resolveSessionSecret();
  return cached;
}
