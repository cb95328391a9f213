/**
 * The layers of app/ (DESIGN.md's layout) and the borders of the folders
 * around it, as ESLint rules. Every import of ours that leaves its own
 * folder names a root (`#app/…`, `#contract/…`, `#widget/…`, `#test/…`,
 * tsconfig.json's "paths"); `./` reaches the folder itself and those below
 * it. So a rule reads an import's target from its text, however deep the
 * importing file sits, and the spellings that hide a target (`../` climbing,
 * the old `~/`) are refused everywhere.
 *
 * In app/ a module may import from the layers below its own, never from a
 * layer above it or from a peer in its own layer, so the folders cannot form
 * import cycles. Type-only imports (`import type`, `import { type X }`) are
 * allowed across app/'s layers: they are erased at build, so they neither
 * order module loading nor carry server code into a browser bundle, and
 * DESIGN.md has one set of types flow everywhere. The folders around app/
 * (contract/, widget/, demo/) have stricter borders, types included.
 *
 * Plain JavaScript: eslint.config.js loads it without a TypeScript loader.
 */

/**
 * Top first: [entries, what lives there]. Entries are folders of app/ or
 * files at its root. Peers share a row: the admin's views and the domain
 * services never import each other's values, nor do the outside-tool
 * adapters and the CTA templates. The roles are the rule's messages: they
 * say where a helper two layers need belongs.
 */
export const APP_LAYER_ROLES = [
  [["routes", "root.tsx", "entry.server.tsx"], "Remix routes and the document: they wire everything together"],
  [["pages"], "an admin page's loader, action and view, shared by the owner and Shopify admins"],
  [["shopify.server.ts"], "the one shopifyApp() call, which authenticates admin requests"],
  [["components", "models"], "admin React components | domain services (*.server.ts), the only users of the database"],
  [["integrations", "templates"], "adapters to outside services (Shopify's Admin API, e-mail tools) | CTA templates"],
  [["db.server.ts"], "the one PrismaClient"],
  [["view"], "pure helpers of what the admin shows: summaries, previews, links, CSV, names, URL state"],
  [
    ["server"],
    "the HTTP edge and process infrastructure: answers, CSRF, CSP, sessions, rate limits, caches, the environment",
  ],
  [["i18n"], "the admin's word catalogues"],
  [["db"], "database plumbing: URLs, migrations, drivers, database errors"],
];

/** app/'s layers, top first; each row's entries are folders of app/ or files at its root. */
export const APP_LAYERS = APP_LAYER_ROLES.map(([entries]) => entries);

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const moduleName = (entry) => entry.replace(/\.tsx?$/, "");
const isFile = (entry) => /\.tsx?$/.test(entry);

/** Matches an import of `entry` of app/: `#app/entry` (a file) or `#app/entry/...` (a folder). */
function specifierRegex(entry) {
  const name = escape(moduleName(entry));
  return isFile(entry) ? `^#app/${name}$` : `^#app/${name}(/|$)`;
}

function filesOf(entry) {
  return isFile(entry) ? [`app/${entry}`] : [`app/${entry}/**/*.{ts,tsx}`];
}

/** The layers below row `index`, with their roles: where a helper that two layers need can go. */
function belowOf(index) {
  return APP_LAYER_ROLES.slice(index + 1)
    .map(([entries, role]) => `${entries.map((entry) => `app/${entry}`).join(" | ")} (${role})`)
    .join("; ");
}

/** For each layer entry: the entries above it and its peers, which it may not import values from, and its row. */
function forbiddenByEntry() {
  const forbidden = new Map();
  APP_LAYERS.forEach((row, index) => {
    const aboveOrPeer = APP_LAYERS.slice(0, index + 1).flat();
    for (const entry of row)
      forbidden.set(entry, {
        index,
        others: aboveOrPeer.filter((other) => other !== entry),
      });
  });
  return forbidden;
}

/** Everywhere: one spelling per target. */
const ONE_IMPORT_STYLE = [
  {
    regex: "^\\.\\.(/|$)",
    allowTypeImports: false,
    message:
      "Name the root instead of climbing (#app/…, #contract/…, #widget/…, #test/…: tsconfig.json's paths); `./` is for the file's own folder and those below it.",
  },
  {
    regex: "^~/",
    allowTypeImports: false,
    message: "Write #app/… for app/ (tsconfig.json's paths): one spelling per import.",
  },
];

/**
 * app/ never imports widget/: what both need lives in contract/, and what
 * the build makes (the bundles, the snippet's template) is read from its
 * output. Nor the tests or the build scripts.
 */
const APP_NOT_OUTSIDE = {
  regex: "^#(widget|test|scripts|bench)(/|$)",
  allowTypeImports: false,
  message:
    "app/ may not import widget/ (scripts/lib/app-layers.js), nor test/, scripts/ or bench/: what app/ and the widget both need lives in contract/, and what the widget build makes (the bundles, the snippet's template) is read from its output.",
};

/**
 * The demo host sites are served by routes (app/routes/demo.*), the top
 * layer; below it only their types are known (a model implements the
 * interface demo/host.ts says a host site gets from Beckon).
 */
const ONLY_ROUTES_SERVE_THE_DEMO = {
  regex: "^#demo(/|$)",
  allowTypeImports: true,
  message:
    "Only app/routes may import demo/ (scripts/lib/app-layers.js): the routes serve the demo host site; the rest of app/ serves every site alike.",
};

const restrictImports = (patterns) => ({
  "@typescript-eslint/no-restricted-imports": ["error", { patterns: [...patterns, ...ONE_IMPORT_STYLE] }],
});

/**
 * ESLint keeps one set of options per rule and file (a later object
 * replaces an earlier one's), so every object carries the import-style
 * patterns with its own: first one for every file, then one for all of
 * app/ (the routes and the document, at the top, have no layer above
 * them), then one per entry.
 */
const appLayerRules = [
  { files: ["**/*.{ts,tsx}"], rules: restrictImports([]) },
  { files: ["app/**/*.{ts,tsx}"], rules: restrictImports([APP_NOT_OUTSIDE]) },
  ...[...forbiddenByEntry()]
    .filter(([, { others }]) => others.length > 0)
    .map(([entry, { index, others }]) => ({
      files: filesOf(entry),
      rules: restrictImports([
        ...others.map((other) => ({
          regex: specifierRegex(other),
          allowTypeImports: true,
          message: `app/${entry} may not import from app/${other}, a layer above it or beside it (scripts/lib/app-layers.js). Move what both need down to a layer below app/${entry}: ${belowOf(index) || "none is left"}.`,
        })),
        APP_NOT_OUTSIDE,
        ...(index > 0 ? [ONLY_ROUTES_SERVE_THE_DEMO] : []),
      ]),
    })),
];

/**
 * A folder around app/ whose files may import of ours only the named
 * roots (the folder itself through `./`). Type-only imports count too:
 * contract/ is the one set of types both sides share.
 */
function boundaryRules(folder, allowedRoots, message) {
  const allowed = allowedRoots.map((root) => `${escape(root)}(/|$)`).join("|");
  return [
    {
      files: [`${folder}/**/*.{ts,tsx}`],
      rules: restrictImports([{ regex: allowed ? `^#(?!(${allowed}))` : "^#", allowTypeImports: false, message }]),
    },
  ];
}

/** contract/: the schema, words and rules the browser and the server share; it imports only npm packages. */
const contractRules = boundaryRules(
  "contract",
  ["contract"],
  "contract/ may import nothing of ours but itself, only npm packages (scripts/lib/app-layers.js): both the widget and the server import it, so it must stand alone.",
);

/** The widget runs in visitors' browsers: of ours it may bundle only the contract, never server, admin or demo code. */
const widgetRules = boundaryRules(
  "widget",
  ["widget", "contract"],
  "The widget may import of ours only contract/ (scripts/lib/app-layers.js): app/, demo/, prisma/ and the rest are server, admin or host-site code.",
);

/**
 * demo/ is a host site: it has Beckon's script, its public API and the
 * contract, and its own data (prisma/seed-data is data, not the database),
 * never the database, the app's code or the widget's internals.
 */
const demoRules = boundaryRules(
  "demo",
  ["demo", "contract", "prisma/seed-data"],
  "demo/ is a host site and may import of ours only contract/ and prisma/seed-data/ (scripts/lib/app-layers.js): not the database, app/ code or widget/ internals; what Beckon tells it comes over HTTP or from the server that hosts it (demo/host.ts).",
);

/** The flat-config objects that enforce the layers. */
export const layerRules = [...appLayerRules, ...contractRules, ...widgetRules, ...demoRules];
