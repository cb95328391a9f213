/**
 * The local Shopify storefront for tests: the demo store's storefront
 * (demo/store/server/storefront.ts) on its own Node http server on 127.0.0.1,
 * so the widget's store adapters run real client code without a shop.
 *
 *   const shop = await startStorefront();          // free port from the OS
 *   shop.origin;  shop.state.carts;  await shop.stop();
 *
 * With `headlessExample` it also serves /headless-example: a React app with
 * hydrogen-react's CartProvider and Beckon's BeckonProvider (headless-example/), and
 * /hydrogen-example: an app shaped like Hydrogen's skeleton, its cart on the
 * server behind a CartForm route (hydrogen-example/).
 *
 * Run directly: PORT=8787 npx tsx test/storefront/server.ts
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { createStorefront } from "#demo/store/server/storefront";
import type { StorefrontOptions, StorefrontState } from "#demo/store/server/storefront-types";
import { headlessExampleRoutes, type HeadlessExampleData } from "./headless-example/page";
import { hydrogenExampleRoutes } from "./hydrogen-example/routes";

export {
  DEFAULT_DISCOUNTS,
  type CartWriteRecord,
  type GraphqlRecord,
  type RequestRecord,
  type StorefrontState,
} from "#demo/store/server/storefront-types";

export interface LocalStorefrontOptions extends StorefrontOptions {
  port?: number;
  host?: string;
  /**
   * Serve /headless-example and /hydrogen-example with this data (the CTA, the website config, the market),
   * given the storefront's origin.
   */
  headlessExample?: (origin: string) => HeadlessExampleData;
}

export interface RunningStorefront {
  origin: string;
  port: number;
  state: StorefrontState;
  stop(): Promise<void>;
}

/** Starts the storefront on 127.0.0.1 and a free port (unless told otherwise). */
export async function startStorefront(options: LocalStorefrontOptions = {}): Promise<RunningStorefront> {
  const examples = options.headlessExample
    ? [headlessExampleRoutes(options.headlessExample), hydrogenExampleRoutes(options.headlessExample)]
    : [];
  const routes: StorefrontOptions["routes"] = examples.length
    ? async (req, res, url) => {
        for (const example of examples) if (await example(req, res, url)) return true;
        return !!(await options.routes?.(req, res, url));
      }
    : options.routes;
  const shop = await createStorefront({ ...options, routes });
  const server = http.createServer((req, res) => void shop.handle(req, res));
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://${host}:${port}`,
    port,
    state: shop.state,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const shop = await startStorefront({ port: Number(process.env.PORT ?? 8787), host: process.env.HOST });
  console.log(
    `[storefront] ${shop.origin} serving ${shop.state.products.length} products (${shop.state.catalogFrom} catalogue)`,
  );
  for (const sig of ["SIGINT", "SIGTERM"] as const)
    process.once(sig, () => void shop.stop().then(() => process.exit(0)));
}
