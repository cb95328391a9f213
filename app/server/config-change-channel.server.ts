/**
 * Tells the other server processes on the same database that a config write
 * was committed here, so that their site-script caches empty at once rather
 * than after BECKON_SCRIPT_CACHE_MS:
 * - Redis pub/sub when BECKON_REDIS_URL is set;
 * - else PostgreSQL LISTEN/NOTIFY when the database is PostgreSQL: one
 *   dedicated connection per process listens; a notice is sent with
 *   pg_notify once the write has committed (app/models/site-publication.server.ts);
 * - else nothing (SQLite: one process).
 * A process ignores its own notices (it emptied its cache already). A lost
 * connection is reopened, and the cache emptied then, since notices sent
 * meanwhile were missed. The time-based freshness stays as the fallback,
 * and still covers writes made by other tools (a migration script).
 * Every website's scripts are dropped, not only the changed one's: config
 * writes are rare next to page views, and one rebuild per site is cheap.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import Redis from "ioredis";
import { databaseTarget } from "#app/db/database-url";
import { serverEnv, type EnvSource } from "./env.server";
import { redisUrlFrom } from "./rate-limit/shared-rate-limit.server";
import { failFastRedisOptions } from "./rate-limit/rate-limit-redis.server";
import { setConfigChangePublisher } from "./config-change-notice.server";
import { invalidateWebsiteScripts } from "./website-script-cache.server";

/** The channel's name, in PostgreSQL and in Redis. */
export const CONFIG_CHANGE_CHANNEL = "beckon_config_changed";

export interface ConfigChangeChannel {
  readonly kind: "postgresql" | "redis";
  /** Stops listening and publishing. */
  close(): Promise<void>;
}

interface ChannelOptions {
  /** Called for another process's notice (default: empty the site-script cache). */
  onNotice?: () => void;
  log?: Pick<Console, "warn">;
  /** Delay before reopening a lost listening connection. */
  reconnectMs?: number;
}

/** Starts the channel the configuration calls for (null: one process, nothing to tell). */
export async function startConfigChangeChannel(
  env?: EnvSource,
  options: ChannelOptions = {},
): Promise<ConfigChangeChannel | null> {
  const redisUrl = redisUrlFrom(env);
  if (redisUrl) return startRedisChannel(redisUrl, options);
  const target = databaseTarget(serverEnv(env).databaseUrl);
  if (target.kind === "postgresql") return startPostgresChannel(target.location, options);
  return null;
}

/** LISTEN on a dedicated connection, which also sends this process's notices (pg_notify). */
export async function startPostgresChannel(
  connectionString: string,
  options: ChannelOptions = {},
): Promise<ConfigChangeChannel> {
  const origin = randomUUID();
  const onNotice = options.onNotice ?? invalidateWebsiteScripts;
  const log = options.log ?? console;
  const reconnectMs = options.reconnectMs ?? 1000;
  let listener: pg.Client | null = null;
  let closed = false;
  let everConnected = false;
  let retry: NodeJS.Timeout | null = null;

  const reopenLater = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void open();
    }, reconnectMs);
    retry.unref();
  };
  const open = async () => {
    const client = new pg.Client({ connectionString, application_name: "beckon-config-listener" });
    client.on("notification", (message) => {
      if (message.channel === CONFIG_CHANGE_CHANNEL && message.payload !== origin) onNotice();
    });
    client.on("error", (error) => {
      log.warn(`[beckon] config change listener lost its connection (${error.message}); reconnecting`);
      if (listener === client) listener = null;
      client.end().catch(() => {});
      reopenLater();
    });
    client.on("end", () => {
      if (listener === client) listener = null;
      reopenLater();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CONFIG_CHANGE_CHANNEL}`);
    } catch (error) {
      log.warn(`[beckon] config change listener could not connect (${(error as Error).message}); retrying`);
      client.end().catch(() => {});
      reopenLater();
      return;
    }
    if (closed) return void client.end().catch(() => {});
    listener = client;
    // Notices sent while this process was not listening are lost: start from the database again.
    if (everConnected) onNotice();
    everConnected = true;
  };
  await open();

  setConfigChangePublisher(async () => {
    const client = listener;
    // No listening connection: the other processes still see the change within their freshness time.
    if (!client) return;
    await client.query("SELECT pg_notify($1, $2)", [CONFIG_CHANGE_CHANNEL, origin]).then(
      () => {},
      (e: Error) => log.warn(`[beckon] could not tell other processes of a config change (${e.message})`),
    );
  });
  return {
    kind: "postgresql",
    async close() {
      closed = true;
      setConfigChangePublisher(null);
      if (retry) clearTimeout(retry);
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
    },
  };
}

/** SUBSCRIBE on a dedicated connection; PUBLISH on another (a subscribed connection may do nothing else). */
export async function startRedisChannel(url: string, options: ChannelOptions = {}): Promise<ConfigChangeChannel> {
  const origin = randomUUID();
  const onNotice = options.onNotice ?? invalidateWebsiteScripts;
  const log = options.log ?? console;
  const publisher = new Redis(url, failFastRedisOptions());
  // ioredis resubscribes by itself after a reconnect; the offline queue holds the first SUBSCRIBE until connected.
  const subscriber = new Redis(url, {
    ...failFastRedisOptions(),
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
  });
  let everReady = false;
  let warned = false;
  for (const connection of [publisher, subscriber]) {
    connection.on("error", (e: Error) => {
      if (!warned) log.warn(`[beckon] config change channel (Redis) unreachable (${e.message}); reconnecting`);
      warned = true;
    });
  }
  subscriber.on("ready", () => {
    warned = false;
    // A reconnect: notices published meanwhile were missed.
    if (everReady) onNotice();
    everReady = true;
  });
  subscriber.on("message", (channel: string, payload: string) => {
    if (channel === CONFIG_CHANGE_CHANNEL && payload !== origin) onNotice();
  });
  // Waited for a moment only: with Redis away at start-up the server still starts (the subscription waits in the queue).
  const subscribed = subscriber
    .subscribe(CONFIG_CHANGE_CHANNEL)
    .catch((e: Error) => log.warn(`[beckon] could not subscribe to config changes (${e.message})`));
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([subscribed, new Promise((resolve) => (timer = setTimeout(resolve, 2000)))]);
  clearTimeout(timer);
  setConfigChangePublisher(async () => {
    await publisher.publish(CONFIG_CHANGE_CHANNEL, origin).then(
      () => {},
      (e: Error) => log.warn(`[beckon] could not tell other processes of a config change (${e.message})`),
    );
  });
  return {
    kind: "redis",
    async close() {
      setConfigChangePublisher(null);
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
