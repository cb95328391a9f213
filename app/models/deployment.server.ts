/**
 * This database's identity: the one Deployment row, with a random id made
 * the first time it is asked for. Identity tokens are signed with the
 * session secret bound to that id (identityTokenSecret), because servers
 * started from one folder share the secret it keeps (.beckon/session-secret)
 * while each may have a database of its own: a token made against one of
 * them must prove nothing on another.
 */
import { randomBytes } from "node:crypto";
import type { Db } from "#app/db.server";
import { isUniqueViolation } from "#app/db/db-errors.server";
import { deploymentBoundSecret } from "#app/server/identity-token.server";
import { resolveSessionSecret } from "#app/server/session-secret.server";

/** The primary key of the one row. */
const DEPLOYMENT_ROW = 1;

/** Per client (one database each): the id never changes once made, so it is read once per process. */
const knownIds = new WeakMap<Db, Promise<string>>();

/** This database's deployment id, made (once, whichever process asks first) when it has none. */
export function deploymentId(db: Db): Promise<string> {
  const known = knownIds.get(db);
  if (known) return known;
  const reading = readOrCreate(db);
  knownIds.set(db, reading);
  // A failure (a busy database) is not kept: the next call asks again.
  reading.catch(() => {
    if (knownIds.get(db) === reading) knownIds.delete(db);
  });
  return reading;
}

async function readOrCreate(db: Db): Promise<string> {
  const existing = await db.deployment.findUnique({ where: { id: DEPLOYMENT_ROW } });
  if (existing) return existing.deploymentId;
  try {
    const created = await db.deployment.create({
      data: { id: DEPLOYMENT_ROW, deploymentId: randomBytes(16).toString("hex") },
    });
    return created.deploymentId;
  } catch (e) {
    // Another process made the row first: its id is this database's.
    if (!isUniqueViolation(e)) throw e;
    return (await db.deployment.findUniqueOrThrow({ where: { id: DEPLOYMENT_ROW } })).deploymentId;
  }
}

/** The secret this database's identity tokens are signed and checked with. */
export async function identityTokenSecret(db: Db, sessionSecret: string = resolveSessionSecret()): Promise<string> {
  return deploymentBoundSecret(sessionSecret, await deploymentId(db));
}
