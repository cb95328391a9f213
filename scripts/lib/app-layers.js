/**
 * The layers of app/ (DESIGN.md's layout), as ESLint rules: a module may
 * import from the layers below its own, never from a layer above it or from
 * a peer in its own layer, so the folders cannot form import cycles. What two
 * layers both need moves down, usually into app/lib.
 *
 * Type-only imports (`import type`, `import { type X }`) are allowed across
 * layers: they are erased at build, so they neither order module loading nor
 * carry server code into a browser bundle, and DESIGN.md has one set of
 * types flow everywhere (a CTA document's types serve the admin, the server
 * and the widget). That is how a component is typed by the rows a model
 * returns to its page. The folders around app/ (contract/, widget/, demo/)
 * have stricter borders, types included (below).
 *
 * Plain JavaScript: eslint.config.js loads it without a TypeScript loader.
 */

/**
 * Top first. Entries are folders of app/ or files at its root. Peers share a
 * row: the admin's views and the domain services never import each other's
 * values, nor do the outside-tool adapters and the CTA templates.
 */
export const APP_LAYERS = [
  ["routes", "root.tsx", "entry.server.tsx"], // Remix routes and the document: wire everything together
  ["pages"], // an admin page's loader, action and view, shared by the owner and Shopify admins
  ["shopify.server.ts"], // the one shopifyApp() call; authenticates admin requests
  ["components", "models"], // admin React components | domain services (*.server.ts), the only users of the database
  ["integrations", "templates"], // adapters to outside services | CTA templates (documents as data)
  ["db.server.ts"], // the one PrismaClient
  ["lib"], // helpers and process infrastructure (HTTP answers, CSRF, sessions, rate limits, caches)
  ["i18n"], // the admin's word catalogues
  ["db"], // database plumbing: URLs, migrations, drivers
];

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const moduleName = (entry) => entry.replace(/\.tsx?$/, "");
const isFile = (entry) => /\.tsx?$/.test(entry);

/** Matches an import of `entry` written as `~/entry...` or `../entry...` (relative from anywhere in app/). */
function specifierRegex(entry) {
  const name = escape(moduleName(entry));
  return isFile(entry) ? `^(~/|(\\.\\./)+)${name}$` : `^(~/|(\\.\\./)+)${name}(/|$)`;
}

function filesOf(entry) {
  return isFile(entry) ? [`app/${entry}`] : [`app/${entry}/**/*.{ts,tsx}`];
}

/** For each layer entry: the entries above it and its peers, which it may not import values from. */
function forbiddenByEntry() {
  const forbidden = new Map();
  APP_LAYERS.forEach((row, i) => {
    const aboveOrPeer = APP_LAYERS.slice(0, i + 1).flat();
    for (const entry of row)
      forbidden.set(
        entry,
        aboveOrPeer.filter((other) => other !== entry),
      );
  });
  return forbidden;
}

/**
 * app/ never imports widget/: what both need lives in contract/, and what
 * the build makes (the bundles, the snippet's template) is read from its
 * output. No folder of app/ is named widget, so climbing out and naming it
 * can only mean the top-level one.
 */
const APP_NOT_WIDGET = {
  regex: "^(~/)?(\\.\\./)+widget(/|$)",
  allowTypeImports: false,
  message:
    "app/ may not import widget/ (scripts/lib/app-layers.js): what both need lives in contract/, and what the widget build makes (the bundles, the snippet's template) is read from its output.",
};

const restrictImports = (patterns) => ({ "@typescript-eslint/no-restricted-imports": ["error", { patterns }] });

/**
 * ESLint keeps one set of options per rule and file (a later object
 * replaces an earlier one's), so every object for app/ carries the widget
 * pattern with its layer's own: first one for all of app/ (the routes and
 * the document, at the top, have no layer above them), then one per entry.
 */
const appLayerRules = [
  { files: ["app/**/*.{ts,tsx}"], rules: restrictImports([APP_NOT_WIDGET]) },
  ...[...forbiddenByEntry()]
    .filter(([, forbidden]) => forbidden.length > 0)
    .map(([entry, forbidden]) => ({
      files: filesOf(entry),
      rules: restrictImports([
        ...forbidden.map((other) => ({
          regex: specifierRegex(other),
          allowTypeImports: true,
          message: `app/${entry} may not import from app/${other}, a layer above it or beside it (scripts/lib/app-layers.js): move what both need down a layer, e.g. into app/lib.`,
        })),
        APP_NOT_WIDGET,
      ]),
    })),
];

/**
 * The folders around app/ (DESIGN.md: one contract between browser and
 * server). A rule says which folder a file may not leave for which others,
 * so it is written per depth: from a file N folders deep, an import that
 * climbs N levels has left the folder, and what follows names where it
 * went. Type-only imports count too: contract/ is the one set of types
 * both sides share.
 */
const MAX_DEPTH = 8;

/** `files` globs for the files of `folder` exactly `depth` folders below the project (1: its own files). */
function filesAtDepth(folder, depth) {
  return [`${folder}/${"*/".repeat(depth - 1)}*.{ts,tsx}`];
}

/**
 * One flat-config object per depth: imports of ours leaving `folder` are
 * refused unless they go into one of `allowed` (folders of the project);
 * `~/` (app/) always counts as leaving.
 */
function boundaryRules(folder, allowed, message) {
  const into = allowed.map((target) => escape(target) + "(/|$)").join("|");
  return Array.from({ length: MAX_DEPTH }, (_, i) => {
    const up = `^(\\.\\./){${i + 1}}`;
    return {
      files: filesAtDepth(folder, i + 1),
      rules: restrictImports(
        [{ regex: allowed.length ? `${up}(?!(${into}))` : up }, { regex: "^~/" }].map((pattern) => ({
          ...pattern,
          allowTypeImports: false,
          message,
        })),
      ),
    };
  });
}

/** contract/: the schema, words and rules the browser and the server share; it imports only npm packages. */
const contractRules = boundaryRules(
  "contract",
  [],
  "contract/ may import nothing of ours, only npm packages (scripts/lib/app-layers.js): both the widget and the server import it, so it must stand alone.",
);

/** The widget runs in visitors' browsers: of ours it may bundle only the contract, never server, admin or demo code. */
const widgetRules = boundaryRules(
  "widget",
  ["contract"],
  "The widget may import of ours only contract/ (scripts/lib/app-layers.js): app/, demo/, prisma/ and the rest are server, admin or host-site code.",
);

/**
 * demo/ is a host site: it has Beckon's script, its public API and the
 * contract, and its own data (prisma/seed-data is data, not the database),
 * never the database, the app's code or the widget's internals.
 */
const demoRules = boundaryRules(
  "demo",
  ["contract", "prisma/seed-data"],
  "demo/ is a host site and may import of ours only contract/ and prisma/seed-data/ (scripts/lib/app-layers.js): not the database, app/ code or widget/ internals; what Beckon tells it comes over HTTP or from the server that hosts it (demo/host.ts).",
);

/** The flat-config objects that enforce the layers. */
export const layerRules = [...appLayerRules, ...contractRules, ...widgetRules, ...demoRules];
