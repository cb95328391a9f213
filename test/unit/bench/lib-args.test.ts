/** The benchmarks' command-line arguments (bench/lib.ts): `--name=value`, numbers with a fallback. */
import { describe, expect, it } from "vitest";
import { argValue, numberArg } from "#bench/lib";

describe("bench arguments", () => {
  it("reads --name=value, keeping an = inside the value, and nothing for another name", () => {
    const argv = ["--duration=5", "--reuse-postgresql=postgres://u:p@h/db?x=1", "--durations=9"];
    expect(argValue(argv, "duration")).toBe("5");
    expect(argValue(argv, "reuse-postgresql")).toBe("postgres://u:p@h/db?x=1");
    expect(argValue(argv, "connections")).toBeUndefined();
    expect(argValue(["--duration"], "duration")).toBeUndefined();
  });

  it("turns a numeric argument into a number, or gives the fallback when it is absent", () => {
    expect(numberArg(["--connections=12"], "connections", 10)).toBe(12);
    expect(numberArg([], "connections", 10)).toBe(10);
    expect(numberArg(["--connections=many"], "connections", 10)).toBeNaN();
  });
});
