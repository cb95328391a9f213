/**
 * GET /demo/assets/{file}: the Swedish host site's own scripts, styles and
 * images, built into demo/sv/assets/ by `npx tsx scripts/build-demo.ts`.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { readFile } from "node:fs/promises";
import path from "node:path";

const TYPES: Record<string, string> = {
  js: "application/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  png: "image/png",
  svg: "image/svg+xml",
  map: "application/json; charset=utf-8",
};

const ASSETS = path.join(process.cwd(), "demo/sv/assets");

export async function loader({ params }: LoaderFunctionArgs) {
  const file = params.file ?? "";
  const ext = /^[a-z0-9][a-z0-9-]*(?:\.[a-z0-9]+)*\.([a-z0-9]+)$/.exec(file)?.[1];
  if (!ext || !TYPES[ext]) return new Response("Not found", { status: 404 });
  try {
    const body = await readFile(path.join(ASSETS, file));
    return new Response(body, {
      headers: {
        "Content-Type": TYPES[ext],
        "Cache-Control": "public, max-age=300",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch {
    const hint = ext === "js" || ext === "css" ? " (the demo assets are not built: npx tsx scripts/build-demo.ts)" : "";
    return new Response(`Not found${hint}`, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}
