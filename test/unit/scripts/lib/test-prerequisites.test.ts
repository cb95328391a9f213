/** `npm test` on a fresh machine: installs Chromium and PostgreSQL as root with apt-get, else stops with the command. */
import { describe, expect, it } from "vitest";
import { planPrerequisites, type Prerequisite } from "#scripts/lib/test-prerequisites";

const chromium: Prerequisite = { pkg: "chromium", why: "the browser tests" };
const postgresql: Prerequisite = { pkg: "postgresql", why: "the PostgreSQL run" };

describe("planPrerequisites", () => {
  it("does nothing when everything is there", () => {
    expect(planPrerequisites([], { isRoot: false, hasAptGet: false })).toEqual({ action: "none" });
  });

  it("installs the missing packages as root with apt-get, updating the lists once", () => {
    expect(planPrerequisites([chromium, postgresql], { isRoot: true, hasAptGet: true })).toEqual({
      action: "install",
      packages: ["chromium", "postgresql"],
      commands: [
        ["apt-get", "update", "-qq"],
        ["apt-get", "install", "-y", "-qq", "chromium", "postgresql"],
      ],
    });
  });

  it("stops with the exact command when it may not install", () => {
    const plan = planPrerequisites([postgresql], { isRoot: false, hasAptGet: true });
    expect(plan.action).toBe("fail");
    expect(plan.action === "fail" && plan.message).toContain(
      "sudo sh -c 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql'",
    );
  });

  it("names the packages when there is no apt-get", () => {
    const plan = planPrerequisites([chromium], { isRoot: true, hasAptGet: false });
    expect(plan.action === "fail" && plan.message).toMatch(/install chromium with your system's package manager/);
  });
});
