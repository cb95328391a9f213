/**
 * The @beckon/react package as a storefront gets it: built, packed with
 * `npm pack`, installed from the tarball into a clean folder (offline: the
 * package has no dependency but zod, and its peers are linked from this
 * repository's node_modules, as the storefront's own would be), and the
 * package example (test/fixtures/react-package) type-checked against it by
 * name, under the moduleResolution a Vite storefront uses and under Node's.
 */
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildReactPackage, REACT_PACKAGE_NAME, reactPackageJson } from "#scripts/build-react-package";
import { PROJECT_ROOT } from "#test/support/project-root";

const run = promisify(execFile);
const MINUTES = 60_000;
/** What the storefront brings itself; linked into the clean folder, never fetched. */
const LINKED = ["react", "react-dom", "@types/react", "@types/react-dom", "@shopify/hydrogen-react"];

let work: string;
let pkgDir: string;
let app: string;
let packed: { filename: string; files: { path: string }[] };

/**
 * The environment without npm's own variables: under `npm test` they name
 * this repository as the prefix, and the clean folder's install must not
 * take them up.
 */
function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, npm_config_update_notifier: "false" };
  for (const key of Object.keys(env)) if (/^npm_/i.test(key) && key !== "npm_config_update_notifier") delete env[key];
  return env;
}

/** Runs a command in `cwd`; its output is in the thrown error when it fails. */
async function sh(cwd: string, file: string, args: string[]): Promise<string> {
  try {
    return (await run(file, args, { cwd, env: cleanEnv() })).stdout;
  } catch (e) {
    const { stdout, stderr } = e as { stdout?: string; stderr?: string };
    throw new Error(`${file} ${args.join(" ")} failed:\n${stdout ?? ""}\n${stderr ?? ""}`);
  }
}

const link = (name: string) => {
  const target = path.join(app, "node_modules", name);
  mkdirSync(path.dirname(target), { recursive: true });
  if (!existsSync(target)) symlinkSync(path.join(PROJECT_ROOT, "node_modules", name), target, "dir");
};

const tsc = (project: string) =>
  sh(app, process.execPath, [path.join(PROJECT_ROOT, "node_modules/typescript/bin/tsc"), "-p", project]);

const tsconfig = (moduleResolution: "Bundler" | "NodeNext", include: string[]) =>
  JSON.stringify({
    compilerOptions: {
      strict: true,
      noEmit: true,
      jsx: "react-jsx",
      target: "ES2022",
      lib: ["DOM", "ES2022"],
      module: moduleResolution === "Bundler" ? "ESNext" : "NodeNext",
      moduleResolution,
      // The peers' own declarations (hydrogen-react's dependencies) are theirs to check; ours are not skipped by this.
      skipLibCheck: true,
      types: [],
    },
    include,
  });

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "beckon-react-package-"));
  pkgDir = path.join(work, "package");
  app = path.join(work, "storefront");
  await buildReactPackage({ quiet: true, dir: pkgDir });
  [packed] = JSON.parse(await sh(pkgDir, "npm", ["pack", "--json", "--pack-destination", work]));
  mkdirSync(app);
  writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "storefront", private: true, type: "module" }));
  // The package's one dependency, in place before the install so that npm finds it satisfied and fetches nothing.
  link("zod");
  await sh(app, "npm", [
    "install",
    "--offline",
    "--no-audit",
    "--no-fund",
    "--legacy-peer-deps",
    "--ignore-scripts",
    `--cache=${path.join(work, "npm-cache")}`,
    path.join(work, packed.filename),
  ]);
  for (const name of LINKED) link(name);
  cpSync(path.join(PROJECT_ROOT, "test/fixtures/react-package"), path.join(app, "src"), { recursive: true });
}, 4 * MINUTES);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("the @beckon/react package", () => {
  it("packs the bundle, its declarations and its package.json, and no source or server code", () => {
    const files = packed.files.map((f) => f.path).sort();
    expect(files).toContain("index.js");
    expect(files).toContain("package.json");
    expect(files).toContain("types/widget/react/index.d.ts");
    expect(
      files.filter((f) => !/^(index\.js|package\.json|THIRD_PARTY_LICENSES\.md|types\/.+\.d\.ts)$/.test(f)),
    ).toEqual([]);
    // The bundled Storefront API client's licence travels with it.
    expect(readFileSync(path.join(pkgDir, "THIRD_PARTY_LICENSES.md"), "utf8")).toMatch(
      /## @shopify\/storefront-api-client [\d.]+ \(MIT\)[\s\S]*Permission is hereby granted/,
    );
    expect(files.filter((f) => /^types\/(app|prisma|scripts|test)\//.test(f))).toEqual([]);
    const code = readFileSync(path.join(pkgDir, "index.js"), "utf8");
    // The peers stay imports (one React, one CartProvider context); nothing of Node's.
    expect(code).toMatch(/from\s*"react"/);
    expect(code).toMatch(/from\s*"@shopify\/hydrogen-react"/);
    expect(code).not.toMatch(/from\s*"(node:|fs"|path"|@prisma|#)/);
    expect(code).not.toMatch(/createElement\("script"\)/);
  });

  it("is versioned with the product, with exports, types and its peers", () => {
    const root = JSON.parse(readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8"));
    const pkg = JSON.parse(readFileSync(path.join(app, "node_modules", REACT_PACKAGE_NAME, "package.json"), "utf8"));
    expect(pkg).toMatchObject(reactPackageJson());
    expect(pkg.version).toBe(root.version);
    expect(pkg.exports["."]).toEqual({
      types: "./types/widget/react/index.d.ts",
      import: "./index.js",
      default: "./index.js",
    });
    expect(Object.keys(pkg.peerDependencies).sort()).toEqual(["@shopify/hydrogen-react", "react"]);
    expect(pkg.peerDependencies["@shopify/hydrogen-react"]).toBe(root.dependencies["@shopify/hydrogen-react"]);
    expect(pkg.sideEffects).toBe(false);
    expect(() => reactPackageJson({ version: "1.2.3", dependencies: {} })).toThrow(/no dependency/);
  });

  it(
    "installs from the tarball and type-checks the example that imports it by name",
    async () => {
      expect(existsSync(path.join(app, "node_modules", REACT_PACKAGE_NAME, "index.js"))).toBe(true);
      writeFileSync(path.join(app, "tsconfig.json"), tsconfig("Bundler", ["src"]));
      await expect(tsc("tsconfig.json")).resolves.toBe("");
    },
    2 * MINUTES,
  );

  it(
    "has real types: a wrong prop fails the check, under Node's resolution too",
    async () => {
      mkdirSync(path.join(app, "node"), { recursive: true });
      writeFileSync(
        path.join(app, "node/check.tsx"),
        [
          'import { BeckonProvider, fetchBeckonConfig, type PublicWebsiteConfig } from "@beckon/react";',
          "export const load = (origin: string): Promise<PublicWebsiteConfig> => fetchBeckonConfig(origin, 1);",
          "export const ok = (config: PublicWebsiteConfig) => <BeckonProvider config={config} />;",
          "// @ts-expect-error a config is not a number",
          "export const wrong = <BeckonProvider config={42} />;",
          "// @ts-expect-error there is no such export",
          'export { NoSuchThing } from "@beckon/react";',
        ].join("\n"),
      );
      writeFileSync(path.join(app, "tsconfig.node.json"), tsconfig("NodeNext", ["node"]));
      await expect(tsc("tsconfig.node.json")).resolves.toBe("");
      // And the check can fail: the same file without its expectations does not pass.
      writeFileSync(
        path.join(app, "node/check.tsx"),
        readFileSync(path.join(app, "node/check.tsx"), "utf8").replace(/\/\/ @ts-expect-error.*\n/g, ""),
      );
      await expect(tsc("tsconfig.node.json")).rejects.toThrow(/TS2322|TS2305/);
    },
    2 * MINUTES,
  );
});
