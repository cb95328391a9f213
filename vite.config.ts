import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import path from "node:path";
import { importRootAliases } from "./scripts/lib/import-roots";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

const GENERATED_CLIENT = /[\\/]generated[\\/]prisma-(sqlite|postgresql)[\\/]/;

export default defineConfig({
  resolve: { alias: importRootAliases(__dirname) },
  server: {
    port: Number(process.env.PORT ?? 3000),
    host: "127.0.0.1",
    // Under `shopify app dev` requests arrive through the CLI's tunnel with its
    // host name, which Vite's dev server refuses unless it is listed.
    allowedHosts: URL.canParse(process.env.SHOPIFY_APP_URL ?? "")
      ? [new URL(process.env.SHOPIFY_APP_URL!).hostname]
      : [],
  },
  plugins: [
    remix({
      ignoredRouteFiles: ["**/.*", "**/*.test.*"],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
        v3_singleFetch: true,
      },
    }),
  ],
  build: {
    assetsInlineLimit: 0,
    rollupOptions: {
      // The generated Prisma clients are CommonJS outside node_modules, which
      // Rollup cannot bundle with named exports; the server build imports them
      // at run time instead (rendered as relative paths).
      external: (id: string) => GENERATED_CLIENT.test(id),
      makeAbsoluteExternalsRelative: false,
      output: {
        paths: (id: string) =>
          GENERATED_CLIENT.test(id)
            ? path.relative(
                path.resolve(__dirname, "build/server"),
                path.resolve(__dirname, "app", id.replace(/^.*?generated/, "generated")),
              )
            : id,
      },
    },
  },
  // One copy of Polaris for the app and the Shopify provider, or its i18n context is lost.
  ssr: { noExternal: ["@shopify/polaris", "@shopify/shopify-app-remix"] },
});
