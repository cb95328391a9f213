/**
 * Reading a Vitest run for the end of `npm test`'s output: the failed tests by file and name with the
 * first lines of their errors, or why a run failed without a failed test. A CI log keeps only its tail.
 */
import path from "node:path";

/** The parts of Vitest's JSON report (Jest's format) read here. */
export interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

export function describeFailures(title: string, report: VitestJsonReport, root: string): string[] {
  const firstLines = (text: string) =>
    text
      .split("\n")
      .slice(0, 6)
      .map((l) => `      ${l}`)
      .join("\n");
  const out: string[] = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name);
    const failedInFile = file.assertionResults.filter((a) => a.status === "failed");
    for (const assertion of failedInFile)
      out.push(`  [${title}] ${where} > ${assertion.fullName}\n${firstLines(assertion.failureMessages?.[0] ?? "")}`);
    // A file can fail outside any test (an error in a hook or at import).
    if (failedInFile.length === 0 && file.status === "failed")
      out.push(`  [${title}] ${where}\n${firstLines(file.message ?? "")}`);
  }
  return out;
}

/**
 * A Vitest run can fail with every test passed: an error thrown outside any test (a timer or socket
 * after its test ended) is an "unhandled error", reported only in the text output, with the file it
 * came from. That section is kept; failing that, the run's last lines.
 */
export function whyNoTestFailed(title: string, output: string, exit: string): string {
  const lines = output.replace(/\x1b\[[0-9;]*m/g, "").split("\n");
  const start = lines.findIndex((l) => /Unhandled (Errors?|Rejection)/.test(l));
  const shown = start >= 0 ? lines.slice(start, start + 40) : lines.slice(-40);
  const what = start >= 0 ? "unhandled errors" : "no failed test; its last lines";
  return `  [${title}] ${exit}, ${what}:\n${shown.map((l) => `      ${l}`).join("\n")}`;
}
