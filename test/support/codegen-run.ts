/**
 * Runs GraphQL Code Generator in memory with the repository's codegen.ts
 * (nothing is written), for the tests that check the committed generated
 * types are current and that the generator refuses an invalid operation.
 */
import { generate } from "@graphql-codegen/cli";
import type { Types } from "@graphql-codegen/plugin-helpers";
import path from "node:path";
import { fileURLToPath } from "node:url";
import config from "#codegen";

export const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));

/** The generator's outputs for these generates entries, by file name relative to the repository. */
export async function generatedFiles(generates: typeof config.generates): Promise<Map<string, string>> {
  const outputs = await generate({ ...config, generates, cwd: repositoryRoot, silent: true }, false);
  return new Map(
    (outputs as Types.FileOutput[]).map((o) => [
      path.relative(repositoryRoot, path.resolve(repositoryRoot, o.filename)),
      o.content,
    ]),
  );
}
