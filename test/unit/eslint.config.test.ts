/**
 * The names rule of eslint.config.js, run through ESLint's Node API on
 * source text placed in the project: a one-letter local is refused in the
 * product's code (counting loops' i and j aside), and tests keep theirs.
 */
import { describe, expect, it } from "vitest";
import { ruleFindings } from "./scripts/lib/lint-harness";

/** The number of the names rule's findings for `code` as if it were the file at `file` (relative to the project). */
async function nameFindings(file: string, code: string): Promise<number> {
  return (await ruleFindings("no-restricted-syntax", file, code)).length;
}

describe("one-letter locals", () => {
  it("are refused in every folder of the product, declared plainly or destructured", async () => {
    for (const file of [
      "app/models/example.server.ts",
      "widget/core/example.ts",
      "demo/example.ts",
      "contract/example.ts",
    ]) {
      expect(await nameFindings(file, "export const s = Number(1);\n"), file).toBe(1);
      expect(await nameFindings(file, "const { a } = { a: 1 };\nexport const seen = a;\n"), file).toBe(1);
      expect(await nameFindings(file, "const [x] = [1];\nexport const seen = x;\n"), file).toBe(1);
    }
  });

  it("allow counting loops, tiny callbacks, renamed destructuring and names that say what they hold", async () => {
    const code = [
      "export function sum(values: number[]): number {",
      "  let total = 0;",
      "  for (let i = 0; i < values.length; i++) total += values[i];",
      "  const { a: first } = { a: values[0] };",
      "  return total + values.map((v) => v * 2).length + first;",
      "}",
      "",
    ].join("\n");
    expect(await nameFindings("app/lib/example.ts", code)).toBe(0);
  });

  it("leave tests alone", async () => {
    expect(await nameFindings("test/unit/example.test.ts", "export const s = Number(1);\n")).toBe(0);
  });
});
