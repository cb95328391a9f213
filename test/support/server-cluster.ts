/**
 * Several server processes on one database behind a round-robin proxy, as a
 * deployment runs them: for the tests that prove work is shared (or never
 * done twice) across processes.
 */
import { startRoundRobinProxy, type RoundRobinProxy } from "./round-robin-proxy";
import { startTestServer, type TestServer } from "./server";

export interface ServerCluster {
  servers: TestServer[];
  proxy: RoundRobinProxy;
}

/**
 * Starts `count` processes one after another (three cold starts at once on a busy two-core machine can outlast
 * the start-up time-out), then the proxy in front of them. Give the calling hook about 110 s per process.
 */
export async function startServerCluster(
  count: number,
  options: { databaseUrl: string; env?: Record<string, string> },
): Promise<ServerCluster> {
  const servers: TestServer[] = [];
  try {
    for (let i = 0; i < count; i++) servers.push(await startTestServer({ ...options, startTimeoutMs: 90_000 }));
    return { servers, proxy: await startRoundRobinProxy(servers.map((s) => s.origin)) };
  } catch (e) {
    await Promise.all(servers.map((s) => s.stop()));
    throw e;
  }
}

/** Stops the proxy and every process (what a failed start left, too). */
export async function stopServerCluster(cluster: Partial<ServerCluster>) {
  await cluster.proxy?.stop();
  await Promise.all((cluster.servers ?? []).map((s) => s.stop()));
}
