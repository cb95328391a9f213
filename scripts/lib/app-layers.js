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
 * returns to its page.
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
  ["lib"], // helpers, schemas, process infrastructure (rate limits, caches)
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

const appLayerRules = [...forbiddenByEntry()]
  .filter(([, forbidden]) => forbidden.length > 0)
  .map(([entry, forbidden]) => ({
    files: filesOf(entry),
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: forbidden.map((other) => ({
            regex: specifierRegex(other),
            allowTypeImports: true,
            message: `app/${entry} may not import from app/${other}, a layer above it or beside it (scripts/lib/app-layers.js): move what both need down a layer, e.g. into app/lib.`,
          })),
        },
      ],
    },
  }));

/**
 * The widget runs in visitors' browsers and shares only app/lib with the
 * server (the CTA schema, pure helpers): anything else there is server or
 * admin code it must never bundle.
 */
const widgetRule = {
  files: ["widget/**/*.{ts,tsx}"],
  rules: {
    "@typescript-eslint/no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            regex: "^(~/(?!lib/)|(\\.\\./)+app/(?!lib/))",
            allowTypeImports: true,
            message:
              "The widget may import from app/ only app/lib (scripts/lib/app-layers.js): the rest is server and admin code.",
          },
        ],
      },
    ],
  },
};

/** The flat-config objects that enforce the layers. */
export const layerRules = [...appLayerRules, widgetRule];
