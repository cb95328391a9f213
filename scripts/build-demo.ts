/**
 * Builds the Swedish demo host site's own assets into demo/sv/assets/
 * (build output, gitignored), served at /demo/assets/{file}:
 * - site.js: demo/sv/src/main.ts bundled with esbuild (the site's theme and
 *   page-builder behaviours, not Beckon);
 * - site.css: demo/sv/src/site.css;
 * - the images its pages show (PNG and SVG, drawn here so the repository
 *   holds no binaries).
 * `npx tsx scripts/build-demo.ts` builds and prints the sizes.
 */
import { build } from "esbuild";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const DEMO_SRC = path.join(root, "demo/sv/src");
export const DEMO_ASSETS = path.join(root, "demo/sv/assets");

const TARGET = ["es2019", "chrome80", "firefox78", "safari14", "edge80"];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let crc = n;
  for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  return crc >>> 0;
});

function crc32(buf: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buf) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

type Rgb = [number, number, number];

/** A PNG of width x height: a diagonal gradient between two colours with a band, enough to tell images apart. */
export function gradientPng(width: number, height: number, from: Rgb, to: Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let pixelY = 0; pixelY < height; pixelY++) {
    const row = pixelY * (width * 3 + 1);
    raw[row] = 0;
    for (let pixelX = 0; pixelX < width; pixelX++) {
      const mix = (pixelX / width + pixelY / height) / 2;
      const band = Math.abs(pixelY - height * 0.62) < height * 0.06 ? 0.35 : 1;
      for (let channel = 0; channel < 3; channel++)
        raw[row + 1 + pixelX * 3 + channel] = Math.round((from[channel] + (to[channel] - from[channel]) * mix) * band);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const DIAGRAM_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320" viewBox="0 0 480 320" role="img" aria-label="Träffsäkerhet i offerter före och efter kursen">
<rect width="480" height="320" fill="#fbfaf7"/>
<text x="24" y="36" font-family="Arial" font-size="18" fill="#12304a">Träffsäkerhet i offerter</text>
<rect x="80" y="150" width="120" height="130" fill="#9aa7b3"/><text x="98" y="300" font-family="Arial" font-size="14">Före: 31 %</text>
<rect x="280" y="90" width="120" height="190" fill="#12304a"/><text x="292" y="300" font-family="Arial" font-size="14">Efter: 54 %</text>
</svg>
`;

const IMAGES: Record<string, [Rgb, Rgb]> = {
  "galleri-1.png": [
    [18, 48, 74],
    [120, 170, 210],
  ],
  "galleri-2.png": [
    [120, 60, 20],
    [240, 190, 120],
  ],
  "galleri-3.png": [
    [20, 90, 50],
    [150, 220, 170],
  ],
  "kurs-1.png": [
    [60, 30, 90],
    [190, 160, 230],
  ],
  "kurs-2.png": [
    [140, 30, 40],
    [240, 160, 160],
  ],
  "kurs-3.png": [
    [30, 80, 110],
    [160, 210, 230],
  ],
  "kurs-4.png": [
    [90, 90, 20],
    [230, 220, 140],
  ],
  "schema.png": [
    [40, 40, 40],
    [200, 200, 200],
  ],
};

export interface DemoBuild {
  files: { file: string; bytes: number }[];
}

/** Builds every asset; quiet unless asked to print. */
export async function buildDemo(options: { quiet?: boolean } = {}): Promise<DemoBuild> {
  mkdirSync(DEMO_ASSETS, { recursive: true });
  const files: DemoBuild["files"] = [];
  const js = await build({
    entryPoints: [path.join(DEMO_SRC, "main.ts")],
    bundle: true,
    format: "iife",
    minify: true,
    sourcemap: "linked",
    target: TARGET,
    outfile: path.join(DEMO_ASSETS, "site.js"),
    write: false,
    legalComments: "none",
    logLevel: "warning",
  });
  const css = await build({
    entryPoints: [path.join(DEMO_SRC, "site.css")],
    bundle: true,
    minify: true,
    target: TARGET,
    outfile: path.join(DEMO_ASSETS, "site.css"),
    external: ["/demo/assets/*"],
    write: false,
    logLevel: "warning",
  });
  for (const out of [...js.outputFiles, ...css.outputFiles]) {
    writeFileSync(out.path, out.contents);
    files.push({ file: path.basename(out.path), bytes: out.contents.byteLength });
  }
  for (const [file, [from, to]] of Object.entries(IMAGES)) {
    const png = gradientPng(480, 320, from, to);
    writeFileSync(path.join(DEMO_ASSETS, file), png);
    files.push({ file, bytes: png.byteLength });
  }
  writeFileSync(path.join(DEMO_ASSETS, "diagram.svg"), DIAGRAM_SVG);
  files.push({ file: "diagram.svg", bytes: Buffer.byteLength(DIAGRAM_SVG) });
  if (!options.quiet) {
    for (const file of files) console.log(`${path.relative(root, path.join(DEMO_ASSETS, file.file))}  ${file.bytes} B`);
  }
  return { files };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  buildDemo().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
