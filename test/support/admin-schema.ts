/**
 * Shopify's Admin GraphQL schema as the tests hold it: the hand-maintained
 * subset in app/integrations/shopify-admin/admin.schema.graphql that codegen
 * generates the Admin operation types from. Every stand-in for the Admin API
 * checks each query it receives against it first, as Shopify does before it
 * runs one: a query that does not parse, asks for a field or passes an
 * argument the schema does not have, or whose variables do not fit their
 * declared types, is answered with GraphQL errors (HTTP 200, no data) instead
 * of data. So a misspelt or unsupported field fails in the tests, not in a
 * merchant's shop. The messages are graphql-js's wording, not Shopify's.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  buildSchema,
  getVariableValues,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from "graphql";

const root = fileURLToPath(new URL("../..", import.meta.url));

export const ADMIN_SCHEMA_FILE = path.join(root, "app/integrations/shopify-admin/admin.schema.graphql");

export const adminSchema: GraphQLSchema = buildSchema(readFileSync(ADMIN_SCHEMA_FILE, "utf8"));

/** One entry of a GraphQL `errors` array. */
export interface AdminGraphqlError {
  message: string;
  locations?: { line: number; column: number }[];
}

const toError = (e: unknown): AdminGraphqlError => {
  const { message, locations } = e as { message: string; locations?: readonly { line: number; column: number }[] };
  return locations?.length ? { message, locations: [...locations] } : { message };
};

/** The parsed document, or why it does not parse or validate against the Admin schema. */
function checked(
  query: string,
): { document: DocumentNode; errors: [] } | { document: null; errors: AdminGraphqlError[] } {
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (e) {
    return { document: null, errors: [toError(e)] };
  }
  const invalid = validate(adminSchema, document);
  return invalid.length ? { document: null, errors: invalid.map(toError) } : { document, errors: [] };
}

/** Why the document does not parse or validate against the Admin schema; empty when it does. */
export function adminDocumentErrors(query: string): AdminGraphqlError[] {
  return checked(query).errors;
}

/** Why Shopify would refuse to run this operation with these variables; empty when it would run it. */
export function adminOperationErrors(
  query: string,
  variables?: Record<string, unknown> | null,
  operationName?: string | null,
): AdminGraphqlError[] {
  const { document, errors } = checked(query);
  if (!document) return errors;
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const operation = operationName
    ? operations.find((o) => o.name?.value === operationName)
    : operations.length === 1
      ? operations[0]
      : undefined;
  if (!operation)
    return [
      {
        message: operationName
          ? `Unknown operation named "${operationName}".`
          : "Must provide operation name if query contains multiple operations.",
      },
    ];
  const coerced = getVariableValues(adminSchema, operation.variableDefinitions ?? [], variables ?? {});
  return coerced.errors ? coerced.errors.map(toError) : [];
}

/** The answer Shopify gives an operation it refuses (`{ errors }`, with HTTP 200), or null when it would run it. */
export function adminRefusal(
  query: string,
  variables?: Record<string, unknown> | null,
  operationName?: string | null,
): { errors: AdminGraphqlError[] } | null {
  const errors = adminOperationErrors(query, variables, operationName);
  return errors.length ? { errors } : null;
}

/** Generated code in app/ (the Prisma client, the Admin operation types): no operations of ours. */
const GENERATED_DIRS = ["app/generated", "app/integrations/shopify-admin/generated"];

/**
 * Every Admin operation in app/, as the app sends it: the text of each
 * `#graphql` template string (what codegen.ts plucks), with the file it is in.
 */
export function adminOperationsInApp(): { file: string; text: string }[] {
  const files = readdirSync(path.join(root, "app"), { recursive: true, encoding: "utf8" })
    .map((f) => path.join("app", f))
    .filter((f) => /\.tsx?$/.test(f) && !GENERATED_DIRS.some((dir) => f.startsWith(dir + path.sep)));
  return files.flatMap((file) =>
    [...readFileSync(path.join(root, file), "utf8").matchAll(/`(#graphql\b[^`]*)`/g)].map((m) => ({
      file,
      text: m[1],
    })),
  );
}
