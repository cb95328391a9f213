/**
 * test/unit mirrors the project: the unit tests of `X/Y/z.ts` live in
 * test/unit/X/Y/ (named z.test.ts, or after the behaviour they pin down when
 * a module has several), so a test is found from its subject's path and a
 * folder of tests cannot outlive the folder it tests.
 */
import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "#test/support/project-root";

const unitFiles = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "test/unit"], {
  cwd: PROJECT_ROOT,
  encoding: "utf8",
})
  .split("\n")
  .filter((file) => file && existsSync(path.join(PROJECT_ROOT, file)));

describe("test/unit's folders", () => {
  it("are all folders of the project itself", () => {
    expect(unitFiles.length).toBeGreaterThan(100);
    const folders = new Set(unitFiles.map((file) => path.dirname(path.relative("test/unit", file))));
    for (const folder of folders) {
      if (folder === ".") continue;
      const mirrored = path.join(PROJECT_ROOT, folder);
      expect(existsSync(mirrored) && statSync(mirrored).isDirectory(), `test/unit/${folder} mirrors ${folder}/`).toBe(
        true,
      );
    }
  });
});
