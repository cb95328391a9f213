/**
 * The project's ESLint (eslint.config.js) through its Node API, on source
 * text placed in the project: the lint-*.test.ts files check that a rule
 * still catches what it is for, wherever the text would live.
 */
import path from "node:path";
import { ESLint } from "eslint";
import { PROJECT_ROOT } from "#test/support/project-root";

const root = PROJECT_ROOT;
const eslint = new ESLint({ cwd: root });

/** The messages of rule `ruleId` for `code` as if it were the file at `file` (relative to the project). */
export async function ruleFindings(ruleId: string, file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((message) => message.ruleId === ruleId).map((message) => message.message);
}
