/**
 * The end of `npm test`'s output names what failed, since a CI log keeps only its tail: each failed
 * test, and for a run that failed with every test passed, the unhandled errors Vitest printed. The
 * fixture is Vitest's real output (with colours) for a test whose timer threw after it passed.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { describeFailures, whyNoTestFailed, type VitestJsonReport } from "#scripts/lib/test-report";
import { PROJECT_ROOT } from "#test/support/project-root";

const unhandled = readFileSync(path.join(PROJECT_ROOT, "test/fixtures/vitest/unhandled-error.txt"), "utf8");

describe("whyNoTestFailed", () => {
  it("keeps Vitest's unhandled-errors section, without colours, with the file it came from", () => {
    const text = whyNoTestFailed("unit and API tests on SQLite", unhandled, "exit code 1");
    expect(text).toMatch(/^ {2}\[unit and API tests on SQLite\] exit code 1, unhandled errors:\n/);
    expect(text).toContain("Error: socket closed after the test");
    expect(text).toContain('This error originated in "u.test.ts" test file.');
    expect(text).not.toContain("\x1b[");
    expect(text).not.toContain("RUN  v"); // what came before the section is left out
  });

  it("falls back to the run's last 40 lines when there is no such section (a crash, a kill)", () => {
    const output = Array.from({ length: 100 }, (_, i) => `line ${i}`).join("\n");
    const lines = whyNoTestFailed("e2e", output, "killed by SIGKILL").split("\n");
    expect(lines[0]).toBe("  [e2e] killed by SIGKILL, no failed test; its last lines:");
    expect(lines.slice(1)).toEqual(Array.from({ length: 40 }, (_, i) => `      line ${60 + i}`));
  });

  it("copes with empty and hostile output", () => {
    expect(whyNoTestFailed("x", "", "exit code 1")).toBe("  [x] exit code 1, no failed test; its last lines:\n      ");
    const huge = "Unhandled Rejection\n" + "\u0000\x1b[31m<script>".repeat(100_000);
    expect(whyNoTestFailed("x", huge, "exit code 1").length).toBeLessThan(1_000_100);
  });
});

describe("describeFailures", () => {
  const report: VitestJsonReport = {
    numPassedTests: 1,
    numFailedTests: 1,
    testResults: [
      {
        name: "/repo/test/a.test.ts",
        status: "failed",
        assertionResults: [
          { fullName: "a passes", status: "passed" },
          {
            fullName: "a fails",
            status: "failed",
            failureMessages: ["AssertionError: 1 != 2\n" + "at x\n".repeat(20)],
          },
        ],
      },
      { name: "/repo/test/b.test.ts", status: "failed", message: "Error in beforeAll", assertionResults: [] },
      { name: "/repo/test/c.test.ts", status: "passed", assertionResults: [{ fullName: "c", status: "passed" }] },
    ],
  };

  it("names each failed test by file and name with the first six lines of its error, and a file that failed outside any test", () => {
    const [a, b, ...rest] = describeFailures("sqlite", report, "/repo");
    expect(rest).toEqual([]);
    expect(a.split("\n")[0]).toBe("  [sqlite] test/a.test.ts > a fails");
    expect(a.split("\n")).toHaveLength(7);
    expect(b).toBe("  [sqlite] test/b.test.ts\n      Error in beforeAll");
  });
});
