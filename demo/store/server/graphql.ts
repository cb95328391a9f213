/**
 * The local Storefront GraphQL API: Shopify's real schema (the introspection
 * JSON shipped by @shopify/hydrogen-react) executed by graphql-js over the same
 * catalogue and carts as the Ajax API. The client schema has no resolvers, so
 * the root value supplies them (graphql-root.ts) and objects carry __typename
 * (for unions and interfaces) and functions for fields that take arguments
 * (graphql-objects.ts).
 */
import {
  buildClientSchema,
  execute,
  Kind,
  parse,
  validate,
  type GraphQLSchema,
  type IntrospectionQuery,
  type OperationDefinitionNode,
} from "graphql";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { rootValue } from "./graphql-root";
import type { GraphqlContext } from "./graphql-objects";

export type { GraphqlContext } from "./graphql-objects";

let schema: GraphQLSchema | null = null;

/** The Storefront API schema of @shopify/hydrogen-react, built once. */
export function storefrontSchema(): GraphQLSchema {
  if (!schema) {
    const require = createRequire(import.meta.url);
    const file = require.resolve("@shopify/hydrogen-react/storefront.schema.json");
    schema = buildClientSchema(JSON.parse(readFileSync(file, "utf8")) as IntrospectionQuery);
  }
  return schema;
}

/** A market of the local shop: its currency and the rate from the shop's currency. */
export interface StorefrontMarketSetting {
  currency: string;
  rate: number;
}

/** The @inContext arguments of a request's operation, resolved from literals or variables. */
export interface InContext {
  country: string | null;
  language: string | null;
}

/** Reads the operation's @inContext directive (null when the operation has none or does not parse). */
export function readInContext(body: {
  query?: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}): InContext | null {
  let document;
  try {
    document = parse(body.query ?? "");
  } catch {
    return null;
  }
  const op = document.definitions.find(
    (d): d is OperationDefinitionNode =>
      d.kind === "OperationDefinition" && (!body.operationName || d.name?.value === body.operationName),
  );
  const directive = op?.directives?.find((d) => d.name.value === "inContext");
  if (!directive) return null;
  const arg = (name: string): string | null => {
    const node = directive.arguments?.find((a) => a.name.value === name)?.value;
    if (!node) return null;
    if (node.kind === Kind.ENUM || node.kind === Kind.STRING) return node.value;
    if (node.kind === Kind.VARIABLE) {
      const variable = body.variables?.[node.name.value];
      return typeof variable === "string" ? variable : null;
    }
    return null;
  };
  return { country: arg("country"), language: arg("language") };
}

/** Executes one GraphQL request body ({query, variables, operationName}) against the schema. */
export async function runGraphql(
  ctx: GraphqlContext,
  body: { query?: string; variables?: Record<string, unknown>; operationName?: string },
) {
  if (!body.query) return { errors: [{ message: "Parameter Missing or Invalid: query" }] };
  let document;
  try {
    document = parse(body.query);
  } catch (e) {
    return { errors: [{ message: (e as Error).message }] };
  }
  const apiSchema = storefrontSchema();
  const errors = validate(apiSchema, document);
  if (errors.length) return { errors: errors.map((e) => ({ message: e.message, locations: e.locations })) };
  const result = await execute({
    schema: apiSchema,
    document,
    rootValue: rootValue(ctx),
    variableValues: body.variables,
    operationName: body.operationName,
  });
  return result.errors
    ? { data: result.data ?? null, errors: result.errors.map((e) => ({ message: e.message, path: e.path })) }
    : { data: result.data };
}
