/**
 * The committed Admin API result types
 * (app/integrations/shopify-admin/generated/admin.generated.d.ts) are what
 * `npm run graphql:types` makes now from the Admin schema subset
 * (admin.schema.graphql) and the `#graphql` operations in app/: the generator
 * runs in memory with the repository's codegen.ts and must write the same
 * text. It keys each operation's types by the exact text the app sends, so a
 * query edited without regenerating no longer type-checks; and it refuses an
 * operation that does not validate against the subset, so a field the subset
 * lacks (misspelt, or not added to it yet) fails here rather than in a shop.
 */
import type { Types } from "@graphql-codegen/plugin-helpers";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import config, { ADMIN_SCHEMA, ADMIN_TYPES_FILE } from "#codegen";
import { adminOperationsInApp } from "#test/support/admin-schema";
import { generatedFiles as generated, repositoryRoot as root } from "#test/support/codegen-run";

const scratch = mkdtempSync(path.join(tmpdir(), "beckon-admin-codegen-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("generated Admin API types", () => {
  it("match what the generator makes from the schema and the operations now (run npm run graphql:types when this fails)", async () => {
    const outputs = await generated({ [ADMIN_TYPES_FILE]: config.generates[ADMIN_TYPES_FILE] });
    expect([...outputs.keys()]).toEqual([ADMIN_TYPES_FILE]);
    expect(outputs.get(ADMIN_TYPES_FILE)).toBe(readFileSync(path.join(root, ADMIN_TYPES_FILE), "utf8"));
  }, 60_000);

  it("key each operation's types by the exact text the app sends", () => {
    const committed = readFileSync(path.join(root, ADMIN_TYPES_FILE), "utf8");
    const operations = adminOperationsInApp();
    expect(operations.length).toBeGreaterThanOrEqual(7);
    for (const { text } of operations) expect(committed).toContain(`  ${JSON.stringify(text)}: {return: `);
  });

  it("refuses an operation with a field the schema does not have", async () => {
    const bad = path.join(scratch, "vendor-operation.ts");
    writeFileSync(
      bad,
      "export const BAD_QUERY = `#graphql\n  query BeckonProductVendors { products(first: 1) { nodes { id vendor } } }\n`;\n",
    );
    const output = path.join(scratch, "bad.generated.d.ts");
    const entry = config.generates[ADMIN_TYPES_FILE] as Types.ConfiguredOutput;
    await expect(generated({ [output]: { ...entry, schema: ADMIN_SCHEMA, documents: [bad] } })).rejects.toThrow(
      /vendor/,
    );
  }, 60_000);
});
