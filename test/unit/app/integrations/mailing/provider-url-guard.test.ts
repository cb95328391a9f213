/**
 * An owner-supplied ActiveCampaign API URL cannot make the server call into
 * its own network: loopback, private, link-local and metadata addresses are
 * refused in every spelling (decimal, hex, IPv6, IPv4-mapped), also when a
 * name resolves to them only at connect time (DNS rebinding); redirects are
 * not followed; the owner reads neither the answer's text nor how a
 * connection failed; and a changed API URL needs the key again.
 */
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeCampaignProvider } from "#app/integrations/mailing/activecampaign.server";
import { assertPublicUrl, type ResolveAddresses } from "#app/integrations/mailing/public-fetch.server";
import { ProviderError, type SyncPayload } from "#app/integrations/mailing/types";
import { isPublicAddress } from "#app/server/public-address";
import { connectIntegration, updateIntegration } from "#app/models/integration-admin.server";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { websiteMock } from "#test/support/row-factories";

const payload: SyncPayload = { contact: { email: "anna@acme.se", phone: null }, consents: {} };

async function failure(p: Promise<unknown>): Promise<ProviderError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ProviderError);
  return e as ProviderError;
}

/** A resolver answering from a table (a name missing from it does not exist). */
const table =
  (names: Record<string, string[]>): ResolveAddresses =>
  async (hostname) => {
    const found = names[hostname];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return found.map((address) => ({ address, family: net.isIP(address) }));
  };

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "127.255.0.9",
    "0.0.0.0",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fc00::1",
    "fd00:ec2::254",
    "fe80::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:a9fe:a9fe",
    "::127.0.0.1",
    "64:ff9b::a9fe:a9fe",
    "2002:7f00:1::",
    "fe80::1%eth0",
  ])("refuses %s", (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each([
    "8.8.8.8",
    "93.184.216.34",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:808:808::",
  ])("accepts %s", (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it("refuses what is not an address", () => {
    expect(isPublicAddress("localhost")).toBe(false);
    expect(isPublicAddress("2130706433")).toBe(false);
  });
});

describe("ActiveCampaign calls", () => {
  // Stands for anything inside the server's network: every connection that reaches it is counted.
  let inside: net.Server;
  let port = 0;
  let connections = 0;
  let ipv6 = true;

  beforeAll(async () => {
    inside = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    // Dual-stack where the machine has IPv6, so [::1] and 127.0.0.1 reach the same listener.
    await new Promise<void>((resolve) => {
      inside.once("error", () => {
        ipv6 = false;
        inside.listen(0, "127.0.0.1", () => resolve());
      });
      inside.listen(0, "::", () => resolve());
    });
    port = (inside.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => inside.close(() => resolve())));

  const forms = () => [
    `https://127.0.0.1:${port}`,
    `https://localhost:${port}`,
    `https://0x7f000001:${port}`,
    `https://2130706433:${port}`,
    `https://0177.0.0.1:${port}`,
    `https://127.1:${port}`,
    ...(ipv6 ? [`https://[::1]:${port}`, `https://[::ffff:127.0.0.1]:${port}`, `https://[::ffff:7f00:1]:${port}`] : []),
  ];

  it("never connects to a loopback address, however it is written", async () => {
    for (const apiUrl of forms()) {
      const e = await failure(activeCampaignProvider({ apiKey: "k", apiUrl, timeoutMs: 2000 }).subscribe(payload, "1"));
      expect(e.message, apiUrl).toMatch(/ActiveCampaign could not be reached$/);
    }
    expect(connections).toBe(0);
  });

  it("refuses names that resolve to metadata or private addresses, at connect time", async () => {
    const resolve = table({
      "metadata.google.internal": ["169.254.169.254"],
      "intranet.example.com": ["10.0.0.5"],
      "mixed.example.com": ["93.184.216.34", "127.0.0.1"],
      "sneaky.example.com": ["::ffff:127.0.0.1"],
    });
    for (const host of Object.keys({
      "metadata.google.internal": 1,
      "intranet.example.com": 1,
      "mixed.example.com": 1,
      "sneaky.example.com": 1,
    })) {
      const e = await failure(
        activeCampaignProvider({ apiKey: "k", apiUrl: `https://${host}:${port}`, resolve, timeoutMs: 2000 }).subscribe(
          payload,
          "1",
        ),
      );
      expect(e.message, host).toMatch(/could not be reached$/);
      await expect(assertPublicUrl(new URL(`https://${host}`), { resolve }), host).rejects.toThrow(/not a public/);
    }
    expect(connections).toBe(0);
  });

  it("refuses a name that was public when checked and points inside when connected (DNS rebinding)", async () => {
    let answers = 0;
    // The first answer (when the owner saves the URL) is public; every later one is loopback.
    const rebinding: ResolveAddresses = async () => [
      { address: answers++ === 0 ? "93.184.216.34" : "127.0.0.1", family: 4 },
    ];
    await assertPublicUrl(new URL(`https://rebind.example.com:${port}`), { resolve: rebinding });
    const e = await failure(
      activeCampaignProvider({
        apiKey: "k",
        apiUrl: `https://rebind.example.com:${port}`,
        resolve: rebinding,
        timeoutMs: 2000,
      }).subscribe(payload, "1"),
    );
    expect(e.message).toMatch(/could not be reached$/);
    expect(answers).toBeGreaterThan(1);
    expect(connections).toBe(0);
  });

  it("refuses plain http for an address that is not allowed", async () => {
    // A permanent failure, as for missing credentials: the outbox marks the job failed with this reason.
    expect(() => activeCampaignProvider({ apiKey: "k", apiUrl: "http://api.example.com" })).toThrow(
      /must start with https/,
    );
    expect(connections).toBe(0);
  });

  describe("against a tool on an allowed local address", () => {
    let tool: http.Server;
    let toolUrl = "";
    const seenByInside: string[] = [];
    let inner: http.Server;
    let innerUrl = "";
    let reply: (res: http.ServerResponse) => void = (res) => res.end();

    beforeAll(async () => {
      inner = http.createServer((req, res) => {
        seenByInside.push(req.url ?? "");
        res.end("{}");
      });
      tool = http.createServer((req, res) => {
        req.resume();
        reply(res);
      });
      for (const s of [inner, tool]) await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", () => resolve()));
      toolUrl = `http://127.0.0.1:${(tool.address() as AddressInfo).port}`;
      innerUrl = `http://127.0.0.1:${(inner.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      for (const s of [inner, tool]) await new Promise<void>((resolve) => s.close(() => resolve()));
    });

    const provider = (timeoutMs = 5000) =>
      activeCampaignProvider({
        apiKey: "k",
        apiUrl: toolUrl,
        timeoutMs,
        allowPrivate: [`127.0.0.1:${(tool.address() as AddressInfo).port}`],
      });

    it("follows no redirect: a 3xx is a permanent failure", async () => {
      reply = (res) => res.writeHead(302, { Location: `${innerUrl}/latest/meta-data/` }).end();
      const e = await failure(provider().subscribe(payload, "1"));
      expect(e).toMatchObject({ retryable: false, status: 302 });
      expect(e.message).toContain("answered 302");
      expect(seenByInside).toEqual([]);
    });

    it("shows the owner the status, never the answer's text", async () => {
      reply = (res) => res.writeHead(404, { "Content-Type": "text/plain" }).end("root:x:0:0:SECRET-INTERNAL-PAGE");
      const e = await failure(provider().subscribe(payload, "1"));
      expect(e.message).toContain("answered 404");
      expect(e.message).not.toContain("SECRET");
      reply = (res) =>
        res
          .writeHead(400, { "Content-Type": "application/json" })
          .end(JSON.stringify({ message: "SECRET-JSON", errors: [{ title: "SECRET-TITLE" }] }));
      const e2 = await failure(provider().subscribe(payload, "1"));
      expect(e2.message).not.toContain("SECRET");
    });

    it("reads the same whether the port is closed, silent, or the address refused", async () => {
      const closed = net.createServer();
      await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", () => resolve()));
      const closedPort = (closed.address() as AddressInfo).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      const refusedPort = await failure(
        activeCampaignProvider({
          apiKey: "k",
          apiUrl: `http://127.0.0.1:${closedPort}`,
          allowPrivate: [`127.0.0.1:${closedPort}`],
        }).subscribe(payload, "1"),
      );
      reply = () => undefined; // never answers
      const silent = await failure(provider(200).subscribe(payload, "1"));
      const refusedAddress = await failure(
        activeCampaignProvider({ apiKey: "k", apiUrl: `https://127.0.0.1:${closedPort}` }).subscribe(payload, "1"),
      );
      expect(new Set([refusedPort.message, silent.message, refusedAddress.message])).toEqual(
        new Set(["POST /api/3/contact/sync: ActiveCampaign could not be reached"]),
      );
      expect([refusedPort.retryable, silent.retryable, refusedAddress.retryable]).toEqual([true, true, true]);
    });
  });
});

describe("saving an ActiveCampaign integration", () => {
  let t: TestDatabase;
  let websiteId: number;
  const resolve = table({
    "acme.api-us1.com": ["93.184.216.34"],
    "metadata.google.internal": ["169.254.169.254"],
    "evil.example.com": ["192.168.0.10"],
  });

  beforeAll(async () => {
    t = await createTestDatabase();
    websiteId = (await websiteMock(t.db)).id;
  });
  afterAll(() => t.drop());

  it.each([
    "https://169.254.169.254",
    "https://metadata.google.internal",
    "https://localhost",
    "https://[::1]",
    "https://0x7f000001",
    "https://2130706433",
    "https://[::ffff:169.254.169.254]",
    "https://evil.example.com",
    "https://unknown-name.example.com",
    "https://user:pass@acme.api-us1.com",
  ])("refuses %s with a 4xx on apiUrl", async (apiUrl) => {
    await expect(
      connectIntegration(t.db, websiteId, { type: "activecampaign", apiKey: "k", apiUrl }, { resolve }),
    ).rejects.toMatchObject({
      field: "apiUrl",
      status: 422,
    });
  });

  it("needs the key again when the API URL changes, and keeps it otherwise", async () => {
    const id = await connectIntegration(
      t.db,
      websiteId,
      { type: "activecampaign", apiKey: "secret-key-1", apiUrl: "https://acme.api-us1.com" },
      { resolve },
    );
    const creds = async () =>
      (await t.db.integration.findUniqueOrThrow({ where: { id } })).credentials as Record<string, string>;
    await expect(
      updateIntegration(t.db, websiteId, id, { apiKey: "", apiUrl: "https://elsewhere.example.com" }, { resolve }),
    ).rejects.toMatchObject({
      field: "apiKey",
      status: 422,
    });
    expect(await creds()).toEqual({ api_key: "secret-key-1", api_url: "https://acme.api-us1.com" });
    await updateIntegration(
      t.db,
      websiteId,
      id,
      { name: "Renamed", apiKey: "", apiUrl: "https://acme.api-us1.com" },
      { resolve },
    );
    expect(await creds()).toEqual({ api_key: "secret-key-1", api_url: "https://acme.api-us1.com" });
    await expect(
      updateIntegration(
        t.db,
        websiteId,
        id,
        { apiKey: "new-key", apiUrl: "https://metadata.google.internal" },
        { resolve },
      ),
    ).rejects.toMatchObject({
      field: "apiUrl",
    });
    expect(await creds()).toEqual({ api_key: "secret-key-1", api_url: "https://acme.api-us1.com" });
  });
});
