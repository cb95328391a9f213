/**
 * A test server that can be stopped and started again on the same port, so
 * a browser page keeps talking to the same origin across an outage (the
 * widget's queue must deliver everything once the server is back).
 * Wraps startTestServer: its env PORT overrides the default free port.
 */
import { startTestServer, type TestServer } from "./server";

export interface RestartableServer {
  /** Fixed for the server's whole life, across restarts. */
  origin: string;
  /** Everything the current process printed so far. */
  output(): string;
  stop(): Promise<void>;
  /** Starts a new process on the same port (after stop()). */
  restart(): Promise<void>;
}

export async function startRestartableServer(options: { databaseUrl: string; env?: Record<string, string> }): Promise<RestartableServer> {
  let server: TestServer | null = await startTestServer(options);
  const origin = server.origin;
  const port = new URL(origin).port;
  return {
    origin,
    output: () => server?.output() ?? "",
    async stop() {
      await server?.stop();
      server = null;
    },
    async restart() {
      if (server) throw new Error("The server is running: stop() it first");
      server = await startTestServer({ ...options, env: { ...options.env, PORT: port } });
      if (server.origin !== origin) throw new Error(`Restarted on ${server.origin}, not ${origin}`);
    },
  };
}
