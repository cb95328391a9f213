/**
 * Builds widget/react as its own npm package, @beckon/react, into
 * build/packages/beckon-react/ (build output, `npm pack` it from there):
 * - index.js: widget/react/index.ts bundled as one minified ES module with
 *   the widget build's target and last minification pass
 *   (scripts/build-widget.ts). react and @shopify/hydrogen-react are peer
 *   dependencies, left to the storefront (one React, one CartProvider
 *   context); the Storefront API client is bundled in. Beckon's renderer is
 *   not in it: BeckonCta imports that from the config's asset base.
 * - types/: declarations of the entry and every source it reaches, emitted
 *   by TypeScript and with the repository's named roots (#widget/, #contract/)
 *   turned into relative paths with extensions, so any moduleResolution finds
 *   them. The CTA document's type is zod's inference of Beckon's schema,
 *   which is why zod is a dependency.
 * - THIRD_PARTY_LICENSES.md: the licences of the bundled packages.
 * - package.json: version read from the root package.json (the package is
 *   versioned with the product), `exports` with types and import.
 * The bundle must hold no server code: an input from app/, prisma/ or a
 * Node built-in stops the build.
 * `npx tsx scripts/build-react-package.ts` builds and prints the size.
 */
import { build } from "esbuild";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import ts from "typescript";
import { finishMinify, TARGET } from "./build-widget";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const REACT_PACKAGE_DIR = path.join(root, "build/packages/beckon-react");
export const REACT_PACKAGE_NAME = "@beckon/react";
export const REACT_PACKAGE_FILE = path.join(REACT_PACKAGE_DIR, "index.js");
const ENTRY = "widget/react/index.ts";
const TYPES_DIR = "types";
const LICENSES_FILE = "THIRD_PARTY_LICENSES.md";
/** The entry's declarations inside the package. */
const TYPES_ENTRY = `./${TYPES_DIR}/${ENTRY.replace(/\.ts$/, ".d.ts")}`;
/** What the storefront brings: bundling them would give the app a second React or a second CartProvider context. */
const PEERS = ["react", "@shopify/hydrogen-react"];
/** Inputs that would mean server code in a browser package. */
const SERVER_INPUT = /^(app|prisma|scripts)\/|^node:|\.server\.tsx?$/;

interface RootPackage {
  version: string;
  license?: string;
  dependencies: Record<string, string>;
}

const readRootPackage = (): RootPackage => JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));

/** The package's package.json: its version and the dependency ranges are the product's. */
export function reactPackageJson(rootPackage: RootPackage = readRootPackage()) {
  const range = (name: string) => {
    const found = rootPackage.dependencies[name];
    if (!found) throw new Error(`the root package.json has no dependency ${name}`);
    return found;
  };
  return {
    name: REACT_PACKAGE_NAME,
    version: rootPackage.version,
    description: "Beckon calls to action for headless React storefronts (Hydrogen and others)",
    license: rootPackage.license ?? "UNLICENSED",
    type: "module",
    sideEffects: false,
    exports: {
      ".": { types: TYPES_ENTRY, import: "./index.js", default: "./index.js" },
      "./package.json": "./package.json",
    },
    module: "./index.js",
    types: TYPES_ENTRY,
    files: ["index.js", TYPES_DIR, LICENSES_FILE],
    peerDependencies: {
      // hydrogen-react's own range: the React versions it works with.
      react: "^18.3.1 || ^19.0.0",
      "@shopify/hydrogen-react": range("@shopify/hydrogen-react"),
    },
    dependencies: { zod: range("zod") },
  };
}

/**
 * The licences of the packages bundled in (the Storefront API client and
 * what it uses), as THIRD_PARTY_LICENSES.md: the minified bundle keeps no
 * comments, and their MIT licences ask for the notice to travel with the code.
 */
function thirdPartyLicenses(inputs: string[]): string {
  const dirs = new Set<string>();
  for (const input of inputs) {
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match) dirs.add(path.resolve(root, match[1]));
  }
  const sections = [...dirs].sort().map((dir) => {
    const { name, version, license } = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
    const file = ["LICENSE", "LICENSE.md", "LICENSE.txt", "license"].find((f) => existsSync(path.join(dir, f)));
    if (!file) throw new Error(`${name} is bundled into ${REACT_PACKAGE_NAME} but has no licence file`);
    return `## ${name} ${version} (${license})\n\n${readFileSync(path.join(dir, file), "utf8").trim()}\n`;
  });
  return `# Third-party code bundled in ${REACT_PACKAGE_NAME}\n\n${sections.join("\n")}`;
}

/** The bundle: one ES module, peers external, minified as the widget's bundles are; and the bundled code's licences. */
async function bundle(): Promise<{ code: Uint8Array; licenses: string }> {
  const out = await build({
    entryPoints: [path.join(root, ENTRY)],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: TARGET,
    jsx: "automatic",
    minify: true,
    write: false,
    metafile: true,
    legalComments: "none",
    external: PEERS.flatMap((p) => [p, `${p}/*`]),
    logLevel: "warning",
  });
  const inputs = Object.keys(out.metafile.inputs);
  const server = inputs.filter((input) => SERVER_INPUT.test(input));
  if (server.length) throw new Error(`server code in ${REACT_PACKAGE_NAME}: ${server.join(", ")}`);
  return {
    code: await finishMinify(out.outputFiles[0].contents, { module: true }),
    licenses: thirdPartyLicenses(inputs),
  };
}

/** A specifier of ours as the emitted declaration next to `fromFile` must spell it (relative, with .js). */
function declarationSpecifier(specifier: string, fromFile: string, typesRoot: string): string {
  const roots = /^#(widget|contract)\/(.*)$/.exec(specifier);
  if (!roots && !specifier.startsWith(".")) return specifier;
  const target = roots
    ? path.join(typesRoot, roots[1], roots[2])
    : path.resolve(path.dirname(fromFile), specifier.replace(/\.js$/, ""));
  const file = existsSync(`${target}.d.ts`)
    ? `${target}.js`
    : existsSync(target) && statSync(target).isDirectory()
      ? path.join(target, "index.js")
      : null;
  if (!file) throw new Error(`${path.relative(typesRoot, fromFile)}: no declaration for ${specifier}`);
  const relative = path.relative(path.dirname(fromFile), file).split(path.sep).join("/");
  return relative.startsWith(".") ? relative : `./${relative}`;
}

/** Emits the declarations of the entry and what it reaches, then rewrites their specifiers. */
function declarations(typesRoot: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  )!;
  const options: ts.CompilerOptions = {
    ...config.options,
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    outDir: typesRoot,
    rootDir: root,
    types: [],
  };
  const written: string[] = [];
  const program = ts.createProgram([path.join(root, ENTRY)], options);
  const problems = ts.getPreEmitDiagnostics(program).filter((d) => d.category === ts.DiagnosticCategory.Error);
  const emitted = program.emit(undefined, (file, text) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    written.push(file);
  });
  // Declaration files among our sources (the generated Storefront types) are not emitted again: copied as they are.
  for (const source of program.getSourceFiles()) {
    const relative = path.relative(root, source.fileName);
    if (!source.isDeclarationFile || relative.startsWith("..") || relative.includes("node_modules")) continue;
    const file = path.join(typesRoot, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, source.text);
    written.push(file);
  }
  const all = [...problems, ...emitted.diagnostics];
  if (all.length)
    throw new Error(ts.formatDiagnostics(all, { ...ts.sys, getCanonicalFileName: (f) => f, getNewLine: () => "\n" }));
  for (const file of written) {
    const text = readFileSync(file, "utf8").replace(
      /(from\s+|import\(\s*)(["'])([^"']+)\2/g,
      (_m, lead: string, quote: string, specifier: string) =>
        `${lead}${quote}${declarationSpecifier(specifier, file, typesRoot)}${quote}`,
    );
    writeFileSync(file, text);
  }
  return written;
}

export interface ReactPackageBuild {
  dir: string;
  bytes: number;
  gzip: number;
  declarations: number;
}

/** Builds the package into `dir` (default REACT_PACKAGE_DIR; emptied first). */
export async function buildReactPackage(options: { quiet?: boolean; dir?: string } = {}): Promise<ReactPackageBuild> {
  const dir = options.dir ?? REACT_PACKAGE_DIR;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const { code, licenses } = await bundle();
  const file = path.join(dir, "index.js");
  writeFileSync(file, code);
  writeFileSync(path.join(dir, LICENSES_FILE), licenses);
  const written = declarations(path.join(dir, TYPES_DIR));
  writeFileSync(path.join(dir, "package.json"), JSON.stringify(reactPackageJson(), null, 2) + "\n");
  const result = {
    dir,
    bytes: code.length,
    gzip: gzipSync(code, { level: 9 }).length,
    declarations: written.length,
  };
  if (!options.quiet)
    console.log(
      `${path.relative(root, file)}  ${result.bytes} B, ${result.gzip} B gzip; ${result.declarations} declaration files`,
    );
  return result;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildReactPackage().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
