/**
 * A plain HTTP server on 127.0.0.1 and a port the OS picks, for pages the
 * tests and benchmarks serve themselves (a merchant's site on an origin of
 * its own).
 */
import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";

export interface LocalHttpServer {
  /** http://127.0.0.1:{port} */
  origin: string;
  /** Closes the server and the connections browsers keep open. */
  close(): Promise<void>;
}

export async function serveLocally(handler: RequestListener): Promise<LocalHttpServer> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
