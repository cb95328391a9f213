/**
 * The README's folder table against the code: every layer of app/ that the
 * layer rule names (scripts/lib/app-layers.js) has a row, in the rule's
 * order, top layer first; every folder the repository tracks at its top has
 * a row; and no row names a path that does not exist. So the map cannot go
 * stale when a folder is added, moved or re-layered.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { APP_LAYERS } from "#scripts/lib/app-layers.js";
import { PROJECT_ROOT } from "#test/support/project-root";

const root = PROJECT_ROOT;

/** The paths each row of the README's "folder | what lives there" table names in its first cell, row by row. */
function folderTableRows(readme: string): string[][] {
  const start = readme.indexOf("| folder | what lives there |");
  if (start < 0) throw new Error('README.md has no "| folder | what lives there |" table');
  const rows: string[][] = [];
  for (const line of readme.slice(start).split("\n").slice(2)) {
    if (!line.startsWith("|")) break;
    const firstCell = line.split("|")[1];
    rows.push([...firstCell.matchAll(/`([^`]+)`/g)].map((match) => match[1].replace(/\/$/, "")));
  }
  return rows;
}

/** Folders at the repository's top that git tracks (build output and local data are not tracked). */
function trackedTopFolders(): string[] {
  const files = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" }).split("\n");
  const folders = new Set(files.filter((file) => file.includes("/")).map((file) => file.split("/")[0]));
  // Dot-folders are tooling (CI), not parts of the product.
  return [...folders].filter((folder) => !folder.startsWith(".")).sort();
}

const rows = folderTableRows(readFileSync(path.join(root, "README.md"), "utf8"));
const named = rows.flat();

describe("the README's folder table", () => {
  it("has a row for every entry of app/'s layer rule, in the rule's order", () => {
    const appRowIndex = (entry: string) => rows.findIndex((row) => row.includes(`app/${entry.replace(/\/$/, "")}`));
    const order = APP_LAYERS.flat().map((entry) => ({ entry, row: appRowIndex(entry) }));
    for (const { entry, row } of order) expect(row, `a row for app/${entry}`).toBeGreaterThanOrEqual(0);
    const layerOfRow = APP_LAYERS.map((layer) => Math.min(...layer.map(appRowIndex)));
    expect(layerOfRow, "app/'s rows top layer first, as scripts/lib/app-layers.js orders them").toEqual(
      [...layerOfRow].sort((a, b) => a - b),
    );
  });

  it("has a row for every folder the repository tracks at its top", () => {
    for (const folder of trackedTopFolders()) {
      expect(
        named.some((entry) => entry === folder || entry.startsWith(`${folder}/`)),
        `a row for ${folder}/`,
      ).toBe(true);
    }
  });

  it("names only paths that exist", () => {
    for (const entry of named) expect(existsSync(path.join(root, entry)), `${entry} exists`).toBe(true);
  });
});
