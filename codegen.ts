/**
 * GraphQL Code Generator: the result and variables types of every GraphQL
 * operation Beckon sends to Shopify, made the way Hydrogen makes them:
 * Shopify's preset (@shopify/graphql-codegen, which
 * @shopify/api-codegen-preset wraps) plucks each operation string, follows
 * its `${FRAGMENT}`s, and keys the operation's types by its exact text, so a
 * query edited without regenerating no longer type-checks.
 * `npm run graphql:types` rewrites both committed files;
 * test/unit/widget/store/graphql/generated-types.test.ts and
 * test/unit/app/integrations/shopify-admin/admin-generated-types.test.ts fail while one is stale.
 *
 * Storefront API (widget/store/graphql/operations.ts): the schema is the one
 * @shopify/hydrogen-react ships (Storefront API 2026-04) and the schema types
 * come from the same package.
 *
 * Admin API (every `#graphql` string in app/): no npm package ships the Admin
 * schema, and api-codegen-preset downloads it from shopify.dev, so
 * app/integrations/shopify-admin/admin.schema.graphql is a hand-maintained
 * subset of the documented 2026-07 schema holding exactly what the operations
 * use (and the demo store's code lookup, demo/store/server/shop-discounts.ts,
 * which its test validates against it); the schema types are generated into
 * the same file. Neither needs the network.
 */
import type { CodegenConfig } from "@graphql-codegen/cli";
import type { Types } from "@graphql-codegen/plugin-helpers";
import { pluckConfig, preset } from "@shopify/graphql-codegen";
import { USER_ERRORS } from "./widget/store/graphql/operations";

export const STOREFRONT_SCHEMA = "node_modules/@shopify/hydrogen-react/storefront.schema.json";
export const STOREFRONT_DOCUMENTS = ["widget/store/graphql/operations.ts"];
export const STOREFRONT_TYPES_FILE = "widget/store/generated/storefront.generated.d.ts";

export const ADMIN_SCHEMA = "app/integrations/shopify-admin/admin.schema.graphql";
/** Every module of the app, which may hold an Admin operation (a `#graphql` string); generated code left out. */
export const ADMIN_DOCUMENTS = [
  "app/**/*.{ts,tsx}",
  "!app/generated/**",
  "!app/integrations/shopify-admin/generated/**",
];
export const ADMIN_TYPES_FILE = "app/integrations/shopify-admin/generated/admin.generated.d.ts";

// Shopify's preset and plucking hooks are typed against an older @graphql-codegen/plugin-helpers than
// the CLI's (and the CLI's type omits the hooks, which graphql-tag-pluck honours); at run time they fit.
const shopifyPreset = preset as unknown as Types.OutputPreset;

/**
 * Strings interpolated into operations that are selections, not documents
 * (so they cannot be plucked as fragments). Shopify's pluck marks each
 * `${NAME}` with a `#REQUIRED_VAR=NAME` comment for the fragment it expects,
 * which would comment out the rest of the line; these are put in by value,
 * so the plucked text is the string the widget sends.
 */
const INLINED_SELECTIONS: Record<string, string> = { USER_ERRORS };

const pluckWithSelections = {
  ...pluckConfig,
  pluckStringFromFile: (code: string, node: unknown) =>
    Object.entries(INLINED_SELECTIONS).reduce(
      (text, [name, selection]) => text.replace(new RegExp(`#REQUIRED_VAR=${name}\\b`, "g"), () => selection),
      pluckConfig.pluckStringFromFile(code, node),
    ),
};
const shopifyPluck = pluckWithSelections as unknown as CodegenConfig["pluckConfig"];

const config: CodegenConfig = {
  overwrite: true,
  // Marked strings are found by their /* GraphQL */ comment, which the minifier drops: the bundle does not grow.
  pluckConfig: shopifyPluck,
  generates: {
    [STOREFRONT_TYPES_FILE]: {
      schema: STOREFRONT_SCHEMA,
      documents: STOREFRONT_DOCUMENTS,
      preset: shopifyPreset,
      presetConfig: {
        importTypes: { namespace: "StorefrontTypes", from: "@shopify/hydrogen-react/storefront-api-types" },
        // A closed map (the client's own StorefrontQueries has an index signature): an unknown operation is a type error.
        interfaceExtension: ({ queryType, mutationType }: { queryType: string; mutationType: string }) =>
          `export interface StorefrontQueries extends ${queryType} {}\nexport interface StorefrontMutations extends ${mutationType} {}\n` +
          `export type StorefrontOperations = StorefrontQueries & StorefrontMutations;\n`,
      },
    },
    [ADMIN_TYPES_FILE]: {
      schema: ADMIN_SCHEMA,
      documents: ADMIN_DOCUMENTS,
      preset: shopifyPreset,
      presetConfig: {
        // No importTypes: the preset generates the schema's types into the same file.
        interfaceExtension: ({ queryType, mutationType }: { queryType: string; mutationType: string }) =>
          `export interface AdminQueries extends ${queryType} {}\nexport interface AdminMutations extends ${mutationType} {}\n` +
          `export type AdminOperations = AdminQueries & AdminMutations;\n`,
      },
      config: {
        // Shopify's scalars as they arrive in JSON: DateTime, Decimal, Money and URL are strings.
        scalars: { DateTime: "string", Decimal: "string", Money: "string", URL: "string", JSON: "unknown" },
        // A selected field is always in the answer, null when it has no value: required keys, `| null` values.
        avoidOptionals: { field: true },
      },
    },
  },
};

export default config;
