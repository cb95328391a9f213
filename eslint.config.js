/**
 * ESLint for Beckon's TypeScript: typescript-eslint's recommended rules
 * (syntax only: the type-checked set would run the compiler a second time
 * over the whole tree, and `tsc --noEmit` already does), React's rules of
 * hooks, and the layers of app/ that DESIGN.md describes. Formatting and
 * line length are left to Prettier (.prettierrc.json): eslint-config-prettier
 * comes last and turns off every rule that could disagree with it.
 * `npm run lint`; `npm test` runs it.
 */
import js from "@eslint/js";
import eslintConfigPrettier from "eslint-config-prettier/flat";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import { layerRules } from "./scripts/lib/app-layers.js";

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "app/generated/**",
      // GraphQL result types written by `npm run graphql:types` (codegen.ts).
      "widget/store/generated/**",
      "app/integrations/shopify-admin/generated/**",
      // Build output: the widget bundles for the theme extension and the demo site's scripts.
      "extensions/cta-embed/assets/**",
      "demo/sv/assets/**",
      "test-results/**",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // A leading underscore marks a name kept on purpose: a property taken out of a rest copy, a parameter a signature requires.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // The widget writes `ok && run()` and `a ? f() : g()` as statements where a minifier would anyway; other bare expressions are still found.
      "@typescript-eslint/no-unused-expressions": ["error", { allowShortCircuit: true, allowTernary: true }],
      // Stripping and refusing control characters is deliberate here (strings are checked at every boundary: CSV cells, headers, URLs, storage keys).
      "no-control-regex": "off",
    },
  },
  {
    // The widget reads JSON option bags and host-page globals (window.Shopify, dataLayer, players) whose shapes it does not
    // own, and tests stub them; narrowing each read would cost bytes in the budgeted bundles. app/ and scripts/ keep the rule.
    files: ["widget/**/*.{ts,tsx}", "test/**/*.{ts,tsx}"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Names say what they hold (one-letter locals saved no bytes: the widget's minifier shortens them anyway).
    // `i` and `j` stay for counting loops; tiny callbacks' parameters (`(x) => x.id`) are not declarations.
    files: ["app/**/*.{ts,tsx}", "contract/**/*.ts", "widget/**/*.{ts,tsx}", "demo/**/*.{ts,tsx}", "scripts/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...[
          "VariableDeclarator > Identifier.id",
          "VariableDeclarator > ObjectPattern > Property > Identifier.value",
          "VariableDeclarator > ArrayPattern > Identifier",
        ].map((declared) => ({
          selector: `${declared}[name=/^[a-hk-zA-Z]$/]`,
          message: "Name the local for what it holds: one-letter names are for counting loops (i, j) only.",
        })),
      ],
    },
  },
  {
    // End-to-end tests await what they wait for (a request, an element, a widget event, eventually()) or move the page's
    // clock: a fixed wait races the network and the frames, and fails on a busy machine.
    files: ["test/e2e/**/*.ts", "test/support/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message:
            "No fixed waits: await the event (expect-request.ts, locator.waitFor, eventually) or use page.clock.",
        },
        {
          selector: "CallExpression[callee.name='setTimeout'][arguments.0.type='Identifier'][arguments.1.value>0]",
          message:
            "No sleeping setTimeout: await the event (expect-request.ts, locator.waitFor, eventually) or use page.clock.",
        },
      ],
    },
  },
  ...layerRules,
  eslintConfigPrettier,
);
