/**
 * The committed Storefront result types (widget/store/generated/) are what
 * `npm run graphql:types` makes from the operations today: the generator runs
 * in memory with the repository's codegen.ts and must write the same text.
 * And the generator refuses an operation that does not validate against the
 * schema, so a misspelt field fails there rather than in a shopper's cart.
 */
import type { Types } from "@graphql-codegen/plugin-helpers";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import config, { STOREFRONT_SCHEMA, STOREFRONT_TYPES_FILE } from "#codegen";
import { generatedFiles as generated, repositoryRoot as root } from "#test/support/codegen-run";

const scratch = mkdtempSync(path.join(tmpdir(), "beckon-codegen-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("generated Storefront API types", () => {
  it("match what the generator makes from the operations now (run npm run graphql:types when this fails)", async () => {
    // The Admin API types are the config's other output (test/unit/app/integrations/shopify-admin/admin-generated-types.test.ts).
    const outputs = await generated({ [STOREFRONT_TYPES_FILE]: config.generates[STOREFRONT_TYPES_FILE] });
    expect([...outputs.keys()]).toEqual([STOREFRONT_TYPES_FILE]);
    expect(outputs.get(STOREFRONT_TYPES_FILE)).toBe(readFileSync(path.join(root, STOREFRONT_TYPES_FILE), "utf8"));
  }, 60_000);

  it("key each operation's types by the exact text the widget sends", async () => {
    const { STOREFRONT_OPERATIONS } = await import("#widget/store/graphql/operations");
    const committed = readFileSync(path.join(root, STOREFRONT_TYPES_FILE), "utf8");
    for (const text of Object.values(STOREFRONT_OPERATIONS))
      expect(committed).toContain(`  ${JSON.stringify(text)}: {return: `);
  });

  it("refuses an operation with a field the schema does not have", async () => {
    const bad = path.join(scratch, "misspelt-operation.ts");
    writeFileSync(
      bad,
      "export const BAD_CART_QUERY = /* GraphQL */ `\n  query BeckonBadCart($id: ID!) { cart(id: $id) { id chekoutUrl } }\n`;\n",
    );
    const output = path.join(scratch, "bad.generated.d.ts");
    const entry = config.generates[STOREFRONT_TYPES_FILE] as Types.ConfiguredOutput;
    await expect(generated({ [output]: { ...entry, schema: STOREFRONT_SCHEMA, documents: [bad] } })).rejects.toThrow(
      /chekoutUrl/,
    );
  }, 60_000);
});
