import { describe, expect, it } from "vitest";
import { hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, verifyPassword } from "#app/server/password.server";

describe("password hashing", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[^$]+\$[^$]+$/);
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterY", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("salts every hash", async () => {
    const a = await hashPassword("same password 123");
    const b = await hashPassword("same password 123");
    expect(a).not.toBe(b);
    expect(await verifyPassword("same password 123", a)).toBe(true);
    expect(await verifyPassword("same password 123", b)).toBe(true);
  });

  it("answers false for malformed stored hashes instead of throwing", async () => {
    const good = await hashPassword("a long enough password");
    const parts = good.split("$");
    const malformed = [
      "",
      "plain-text-password",
      "bcrypt$10$abc",
      "scrypt$16384$8$1$salt",
      `scrypt$abc$8$1$${parts[4]}$${parts[5]}`,
      `scrypt$0$8$1$${parts[4]}$${parts[5]}`,
      `scrypt$-1$8$1$${parts[4]}$${parts[5]}`,
      `scrypt$${2 ** 30}$8$1$${parts[4]}$${parts[5]}`,
      `scrypt$16384$8$1$${parts[4]}$`,
      `scrypt$16384$8$1$${parts[4]}$${parts[5]}$extra`,
    ];
    for (const stored of malformed) {
      expect(await verifyPassword("a long enough password", stored), stored).toBe(false);
    }
  });

  it("answers false (never throws) for stored hashes with impossible scrypt parameters", async () => {
    const [, , , , salt, key] = (await hashPassword("a long enough password")).split("$");
    const impossible = [
      `scrypt$1000$8$1$${salt}$${key}`, // N not a power of two
      `scrypt$1048576$8$1$${salt}$${key}`, // needs more memory than allowed
      `scrypt$16384$8$1000000$${salt}$${key}`, // absurd parallelism
    ];
    for (const stored of impossible) {
      await expect(verifyPassword("a long enough password", stored), stored).resolves.toBe(false);
    }
  });

  it("refuses passwords outside the allowed length", async () => {
    await expect(hashPassword("short")).rejects.toThrow(/characters/);
    await expect(hashPassword("x".repeat(MIN_PASSWORD_LENGTH - 1))).rejects.toThrow();
    await expect(hashPassword("x".repeat(MAX_PASSWORD_LENGTH + 1))).rejects.toThrow();
    const stored = await hashPassword("x".repeat(MAX_PASSWORD_LENGTH));
    expect(await verifyPassword("x".repeat(MAX_PASSWORD_LENGTH), stored)).toBe(true);
    // A very long guess is refused before any hashing work.
    expect(await verifyPassword("x".repeat(MAX_PASSWORD_LENGTH + 1), stored)).toBe(false);
    expect(await verifyPassword("y".repeat(1_000_000), stored)).toBe(false);
  });

  it("handles non-ASCII passwords", async () => {
    const stored = await hashPassword("lösenord-åäö-🔑");
    expect(await verifyPassword("lösenord-åäö-🔑", stored)).toBe(true);
    expect(await verifyPassword("losenord-aao-🔑", stored)).toBe(false);
  });
});
