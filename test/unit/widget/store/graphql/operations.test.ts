import {
  buildClientSchema,
  parse,
  print,
  validate,
  type IntrospectionQuery,
  type OperationDefinitionNode,
} from "graphql";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import * as operations from "#widget/store/graphql/operations";
import { STOREFRONT_OPERATIONS } from "#widget/store/graphql/operations";

const require = createRequire(import.meta.url);
const schemaFile = require.resolve("@shopify/hydrogen-react/storefront.schema.json");
const schema = buildClientSchema(JSON.parse(readFileSync(schemaFile, "utf8")) as IntrospectionQuery);

describe("Storefront API operations (validated against @shopify/hydrogen-react's schema)", () => {
  it("lists every exported operation constant", () => {
    const exported = Object.keys(operations).filter((k) => /_(QUERY|MUTATION)$/.test(k));
    expect(Object.keys(STOREFRONT_OPERATIONS).sort()).toEqual(exported.sort());
    expect(exported).toHaveLength(10);
  });

  it.each(Object.entries(STOREFRONT_OPERATIONS))("%s is valid", (_name, source) => {
    const document = parse(source);
    expect(validate(schema, document).map((e) => e.message)).toEqual([]);
  });

  it("gives each constant exactly one named operation, names unique", () => {
    const names = Object.values(STOREFRONT_OPERATIONS).map((source) => {
      const ops = parse(source).definitions.filter(
        (d): d is OperationDefinitionNode => d.kind === "OperationDefinition",
      );
      expect(ops).toHaveLength(1);
      return ops[0].name?.value;
    });
    expect(names.every((n) => n?.startsWith("Beckon"))).toBe(true);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(Object.entries(STOREFRONT_OPERATIONS))("%s takes the buyer's market through @inContext", (_name, source) => {
    const op = parse(source).definitions.find((d): d is OperationDefinitionNode => d.kind === "OperationDefinition")!;
    const directive = op.directives?.find((d) => d.name.value === "inContext");
    expect(
      directive?.arguments?.map((a) => [a.name.value, a.value.kind === "Variable" ? a.value.name.value : a.value.kind]),
    ).toEqual([
      ["country", "country"],
      ["language", "language"],
    ]);
    const vars = Object.fromEntries((op.variableDefinitions ?? []).map((v) => [v.variable.name.value, print(v.type)]));
    // Nullable, so a storefront without a market sends null and Shopify uses the primary market.
    expect(vars).toMatchObject({ country: "CountryCode", language: "LanguageCode" });
  });

  it("uses no deprecated fields", () => {
    const deprecated = new Set<string>();
    for (const t of (JSON.parse(readFileSync(schemaFile, "utf8")) as IntrospectionQuery).__schema.types)
      if (t.kind === "OBJECT") for (const f of t.fields ?? []) if (f.isDeprecated) deprecated.add(f.name);
    const selected = Object.values(STOREFRONT_OPERATIONS).join("\n");
    // Checked by name on the product and cart selections the adapters map.
    for (const name of ["productByHandle", "collectionByHandle", "estimatedCost", "checkoutChargeAmount"]) {
      if (deprecated.has(name)) expect(selected).not.toMatch(new RegExp(`\\b${name}\\b`));
    }
  });
});
