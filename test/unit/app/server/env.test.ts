/**
 * The server's one reader of the environment (app/server/env.server.ts): values
 * parsed and defaulted, malformed settings refused naming the variable,
 * hostile and oversized values refused without being echoed, reads lazy
 * (a changed variable is seen at once), and no other server module reading
 * process.env itself.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  assertServerEnv,
  EnvError,
  MAX_ENV_VALUE_LENGTH,
  SERVER_ENV,
  serverEnv,
  serverEnvProblems,
} from "#app/server/env.server";
import { PROJECT_ROOT } from "#test/support/project-root";

describe("serverEnv: valid values", () => {
  it("parses each kind of setting", () => {
    const env = serverEnv({
      PORT: " 8080 ",
      HOST: "0.0.0.0",
      TRUST_PROXY: "1",
      DATABASE_URL: "postgresql://u:p@db:5432/beckon",
      DATABASE_POOL_SIZE: "25",
      BECKON_PUBLIC_URL: " https://beckon.example.com/ ",
      BECKON_REDIS_URL: "rediss://:pw@cache.example:6380/2",
      BECKON_EVENT_RETENTION_MONTHS: "13",
      BECKON_SCRIPT_CACHE_MS: "0",
      BECKON_DNS_SERVERS: "127.0.0.1:5353, ,10.0.0.2",
      BECKON_ALLOW_PRIVATE_PROVIDER_HOSTS: "LOCALHOST:8080,127.0.0.1",
      BECKON_OUTBOX_WORKER: "0",
      BECKON_OUTBOX_INTERVAL_MS: "250",
      BECKON_PROVIDER_TIMEOUT_MS: "1500",
      SESSION_SECRET: "  s3cret  ",
      BECKON_DEMO: "1",
      LOG_LEVEL: " WARN ",
    });
    expect(env.port).toBe(8080);
    expect(env.host).toBe("0.0.0.0");
    expect(env.trustProxy).toBe(true);
    expect(env.databaseUrl).toBe("postgresql://u:p@db:5432/beckon");
    expect(env.databasePoolSize).toBe(25);
    expect(env.publicUrl).toBe("https://beckon.example.com/");
    expect(env.redisUrl).toBe("rediss://:pw@cache.example:6380/2");
    expect(env.eventRetentionMonths).toBe(13);
    expect(env.scriptCacheMs).toBe(0);
    expect(env.dnsServers).toEqual(["127.0.0.1:5353", "10.0.0.2"]);
    expect(env.allowPrivateProviderHosts).toEqual(["localhost:8080", "127.0.0.1"]);
    expect(env.outboxWorker).toBe(false);
    expect(env.outboxIntervalMs).toBe(250);
    expect(env.providerTimeoutMs).toBe(1500);
    expect(env.sessionSecret).toBe("s3cret");
    expect(env.demo).toBe(true);
    expect(env.logLevel).toBe("warn");
    for (const level of ["trace", "debug", "info", "warn", "error", "fatal", "silent"])
      expect(serverEnv({ LOG_LEVEL: level }).logLevel).toBe(level);
  });
});

describe("serverEnv: missing values", () => {
  it("gives each setting its documented default", () => {
    const env = serverEnv({});
    expect(env.port).toBe(3000);
    expect(env.host).toBe("127.0.0.1");
    expect(env.trustProxy).toBe(false);
    expect(env.databaseUrl).toBeUndefined();
    expect(env.databasePoolSize).toBe(10);
    expect(env.pgIngestPoolSize).toBe(4);
    expect(env.pgLockTimeoutMs).toBe(10_000);
    expect(env.sqliteBusyTimeoutMs).toBe(10_000);
    expect(env.eventRetentionMonths).toBeNull();
    expect(env.publicUrl).toBeNull();
    expect(env.redisUrl).toBeNull();
    expect(env.rateLimitStoreTimeoutMs).toBe(1000);
    expect(env.scriptCacheMs).toBe(10_000);
    expect(env.geoipDatabase).toBeNull();
    expect(env.recaptchaVerifyUrl).toBeNull();
    expect(env.dnsServers).toEqual([]);
    expect(env.allowPrivateProviderHosts).toEqual([]);
    expect(env.outboxWorker).toBe(true);
    expect(env.outboxIntervalMs).toBeNull();
    expect(env.outboxBaseDelayMs).toBeNull();
    expect(env.providerTimeoutMs).toBe(10_000);
    expect(env.sessionSecret).toBeNull();
    expect(env.demo).toBe(false);
    expect(env.shopifyApiKey).toBeUndefined();
    expect(env.logLevel).toBe("info");
    expect(serverEnv({ LOG_LEVEL: "  " }).logLevel).toBe("info");
  });

  it("treats blank values as unset", () => {
    const env = serverEnv({
      PORT: "  ",
      BECKON_PUBLIC_URL: " ",
      BECKON_REDIS_URL: "",
      SESSION_SECRET: "   ",
      GEOIP_DATABASE: "",
    });
    expect(env.port).toBe(3000);
    expect(env.publicUrl).toBeNull();
    expect(env.redisUrl).toBeNull();
    expect(env.sessionSecret).toBeNull();
    expect(env.geoipDatabase).toBeNull();
  });

  it("passes every variable when none is set", () => {
    expect(serverEnvProblems({})).toEqual([]);
    expect(() => assertServerEnv({})).not.toThrow();
  });
});

describe("serverEnv: malformed values", () => {
  it("refuses an SMTP_URL that is not smtp:// or smtps://, without echoing its password", () => {
    expect(serverEnv({}).smtpUrl).toBeNull();
    expect(serverEnv({ SMTP_URL: " smtp://u:p@127.0.0.1:2525 " }).smtpUrl).toBe("smtp://u:p@127.0.0.1:2525");
    for (const bad of ["http://mail.example", "smtp://", "mail.example:25", "smtp://a b@host", "smtps://u:secret@"])
      expect(() => serverEnv({ SMTP_URL: bad }).smtpUrl, bad).toThrow(/^SMTP_URL must be smtp:\/\/(?!.*secret)/);
    expect(serverEnv({ BECKON_EMAILS_PER_MINUTE: "junk" }).emailsPerMinute).toBe(60);
  });

  it("refuses a port that is not a whole number from 0 to 65535, naming PORT", () => {
    for (const bad of ["abc", "-1", "65536", "3000.5", "1e3", "0x50", "80 81", "٣٠٠٠"]) {
      expect(() => serverEnv({ PORT: bad }).port, bad).toThrow(/^PORT must be a whole number from 0 to 65535; got /);
    }
    expect(serverEnv({ PORT: "0" }).port).toBe(0);
  });

  it("refuses an address that is not http(s), naming the variable", () => {
    for (const bad of [
      "beckon.example.com",
      "javascript:alert(1)",
      "ftp://files.example",
      "https://",
      "http://exa mple.com",
    ]) {
      expect(() => serverEnv({ BECKON_PUBLIC_URL: bad }).publicUrl, bad).toThrow(
        /^BECKON_PUBLIC_URL must be an http:\/\/ or https:\/\/ address/,
      );
      expect(() => serverEnv({ RECAPTCHA_VERIFY_URL: bad }).recaptchaVerifyUrl, bad).toThrow(
        /^RECAPTCHA_VERIFY_URL must be/,
      );
      expect(() => serverEnv({ BECKON_KLAVIYO_API_URL: bad }).klaviyoApiUrl, bad).toThrow(
        /^BECKON_KLAVIYO_API_URL must be/,
      );
    }
  });

  it("refuses a Redis address, a database URL, a pool size and a retention that are wrong", () => {
    expect(() => serverEnv({ BECKON_REDIS_URL: "not a url" }).redisUrl).toThrow("BECKON_REDIS_URL is not a URL");
    expect(() => serverEnv({ BECKON_REDIS_URL: "http://cache.example" }).redisUrl).toThrow(
      "BECKON_REDIS_URL must start with redis:// or rediss://, not http://",
    );
    expect(() => serverEnv({ DATABASE_URL: "mysql://u@h/db" }).databaseUrl).toThrow(
      /^DATABASE_URL must start with file: \(SQLite\) or postgresql:\/\//,
    );
    expect(() => serverEnv({ DATABASE_POOL_SIZE: "ten" }).databasePoolSize).toThrow(
      /^DATABASE_POOL_SIZE must be a whole number from 1 to 1000/,
    );
    expect(() => serverEnv({ DATABASE_POOL_SIZE: "0" }).databasePoolSize).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => serverEnv({ BECKON_EVENT_RETENTION_MONTHS: "0" }).eventRetentionMonths).toThrow(
      /^BECKON_EVENT_RETENTION_MONTHS must be a whole number of months/,
    );
  });

  it("refuses a LOG_LEVEL that is not one of pino's levels, naming it and listing the levels", () => {
    for (const bad of ["verbose", "30", "warning", "info,debug", "<script>", "inf o"]) {
      expect(() => serverEnv({ LOG_LEVEL: bad }).logLevel, bad).toThrow(
        /^LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent; got "/,
      );
    }
    expect(serverEnvProblems({ LOG_LEVEL: "loud" }).map((p) => p.variable)).toEqual(["LOG_LEVEL"]);
  });

  it("throws an EnvError that names the variable", () => {
    try {
      void serverEnv({ PORT: "http" }).port;
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(EnvError);
      expect((e as EnvError).variable).toBe("PORT");
    }
  });

  it("keeps the documented default for an out-of-range tuning number", () => {
    for (const bad of ["-1", "abc", "1.5", "1e9", "600001"]) {
      const env = serverEnv({
        BECKON_SQLITE_BUSY_TIMEOUT_MS: bad,
        BECKON_PG_LOCK_TIMEOUT_MS: bad,
        BECKON_PG_INGEST_POOL_SIZE: bad,
      });
      expect(env.sqliteBusyTimeoutMs, bad).toBe(10_000);
      expect(env.pgLockTimeoutMs, bad).toBe(10_000);
      expect(env.pgIngestPoolSize, bad).toBe(4);
    }
    for (const bad of ["-5", "0", "abc", "Infinity"]) {
      expect(serverEnv({ BECKON_OUTBOX_INTERVAL_MS: bad }).outboxIntervalMs, bad).toBeNull();
      expect(serverEnv({ BECKON_PROVIDER_TIMEOUT_MS: bad }).providerTimeoutMs, bad).toBe(10_000);
    }
  });

  it("fails only the reader of a bad variable, and lists every bad one at the start", () => {
    const source = { PORT: "eighty", BECKON_PUBLIC_URL: "nope", BECKON_SCRIPT_CACHE_MS: "500" };
    expect(serverEnv(source).scriptCacheMs).toBe(500);
    expect(serverEnvProblems(source).map((p) => p.variable)).toEqual(["PORT", "BECKON_PUBLIC_URL"]);
    expect(() => assertServerEnv(source)).toThrow(
      /2 environment variables have bad values:\n- PORT must be .*\n- BECKON_PUBLIC_URL must be/,
    );
    expect(() => assertServerEnv({ BECKON_REDIS_URL: "x" })).toThrow(/^BECKON_REDIS_URL is not a URL/);
  });
});

describe("serverEnv: hostile and oversized values", () => {
  it("refuses a value past the length limit without echoing it", () => {
    const huge = "9".repeat(MAX_ENV_VALUE_LENGTH + 1);
    for (const [name, read] of [
      ["PORT", (e: ReturnType<typeof serverEnv>) => e.port],
      ["BECKON_SCRIPT_CACHE_MS", (e: ReturnType<typeof serverEnv>) => e.scriptCacheMs],
      ["SESSION_SECRET", (e: ReturnType<typeof serverEnv>) => e.sessionSecret],
      ["LOG_LEVEL", (e: ReturnType<typeof serverEnv>) => e.logLevel],
    ] as const) {
      let message = "";
      try {
        read(serverEnv({ [name]: huge }));
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message, name).toMatch(new RegExp(`^${name} is longer than ${MAX_ENV_VALUE_LENGTH} characters`));
      expect(message.length, name).toBeLessThan(200);
    }
  });

  it("quotes a refused value short and escaped", () => {
    let message = "";
    try {
      void serverEnv({ BECKON_PUBLIC_URL: `https://a.example/\n${"<script>".repeat(500)}` }).publicUrl;
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(
      /^BECKON_PUBLIC_URL must be an http:\/\/ or https:\/\/ address; got "https:\/\/a\.example\/\\n<script>/,
    );
    expect(message).not.toContain("\n");
    expect(message.length).toBeLessThan(150);
  });

  it("refuses addresses the URL parser would silently mend (tabs, newlines, control characters)", () => {
    for (const bad of [
      "https://beckon.example.com/\tpath",
      "https://beck\non.example.com",
      "https://beckon.example.com/\u0000",
    ]) {
      expect(() => serverEnv({ BECKON_PUBLIC_URL: bad }).publicUrl, JSON.stringify(bad)).toThrow(
        /BECKON_PUBLIC_URL must be/,
      );
    }
  });

  it("does not take a hostile TRUST_PROXY or BECKON_OUTBOX_WORKER for anything but its exact value", () => {
    for (const v of ["true", "yes", " 1", "1 ", "01"]) expect(serverEnv({ TRUST_PROXY: v }).trustProxy, v).toBe(false);
    for (const v of ["false", "no", " 0"]) expect(serverEnv({ BECKON_OUTBOX_WORKER: v }).outboxWorker, v).toBe(true);
  });
});

describe("serverEnv reads lazily", () => {
  const saved = process.env.BECKON_SCRIPT_CACHE_MS;
  afterEach(() => {
    if (saved === undefined) delete process.env.BECKON_SCRIPT_CACHE_MS;
    else process.env.BECKON_SCRIPT_CACHE_MS = saved;
  });

  it("sees a change to process.env at the next read, through the same object", () => {
    const env = serverEnv();
    process.env.BECKON_SCRIPT_CACHE_MS = "1234";
    expect(env.scriptCacheMs).toBe(1234);
    process.env.BECKON_SCRIPT_CACHE_MS = "4321";
    expect(env.scriptCacheMs).toBe(4321);
    expect(serverEnv().scriptCacheMs).toBe(4321);
  });
});

describe("the list of variables", () => {
  it("names each variable once, in upper case, with a description", () => {
    const names = Object.values(SERVER_ENV).map((v) => v.name);
    expect(new Set(names).size).toBe(names.length);
    for (const v of Object.values(SERVER_ENV)) {
      expect(v.name).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(v.doc.length, v.name).toBeGreaterThan(5);
    }
  });

  it("is the only server module that reads process.env", () => {
    const root = path.join(PROJECT_ROOT, "app");
    const readers: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (name === "generated") continue;
        if (statSync(file).isDirectory()) walk(file);
        else if (/\.(ts|tsx)$/.test(name) && /process\.env\b/.test(readFileSync(file, "utf8")))
          readers.push(path.relative(root, file));
      }
    };
    walk(root);
    expect(readers).toEqual(["server/env.server.ts"]);
  });
});
