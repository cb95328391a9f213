/** The HyperLogLog sketches of unique people (app/models/results/hll.ts). */
import { describe, expect, it } from "vitest";
import { seededRandom } from "#test/support/seeded-random";
import {
  HLL_REGISTERS,
  HLL_STANDARD_ERROR,
  SPARSE_MAX_BYTES,
  addEntries,
  entriesOf,
  estimate,
  hashPerson,
  isApproximate,
  mergeInto,
  registerOf,
  toDense,
} from "#app/models/results/hll";

const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

describe("HyperLogLog sketches", () => {
  it("hashes ids without collisions and into valid registers and ranks", () => {
    const seen = new Set(range(1, 100_000).map(hashPerson));
    expect(seen.size).toBe(100_000);
    for (const id of [0, 1, 2 ** 31 - 1, 123456]) {
      const { index, rank } = registerOf(id);
      expect(index).toBeGreaterThanOrEqual(0);
      expect(index).toBeLessThan(HLL_REGISTERS);
      expect(rank).toBeGreaterThanOrEqual(1);
      expect(rank).toBeLessThanOrEqual(21);
    }
  });

  it("counts small sets exactly and ignores repeats (8 people seen 36 times are 8)", () => {
    const people = range(500, 8);
    const repeated = Array.from({ length: 36 }, (_, i) => people[i % 8]);
    expect(estimate(toDense(entriesOf(repeated)))).toBe(8);
    expect(estimate(new Uint8Array(HLL_REGISTERS))).toBe(0);
    expect(isApproximate(8)).toBe(false);
  });

  it.each([1_000, 20_000, 300_000])("estimates %i people within three standard errors", (n) => {
    const got = estimate(toDense(entriesOf(range(7, n))));
    expect(Math.abs(got - n) / n).toBeLessThan(3 * HLL_STANDARD_ERROR);
  });

  it("merges to the union, whatever the order, and adding twice changes nothing", () => {
    const a = entriesOf(range(1, 3000));
    const b = entriesOf(range(2000, 3000));
    const ab = toDense(a);
    mergeInto(ab, b);
    const ba = toDense(b);
    mergeInto(ba, a);
    expect(Buffer.from(ab).equals(Buffer.from(ba))).toBe(true);
    expect(Buffer.from(ab).equals(Buffer.from(toDense(entriesOf(range(1, 4999)))))).toBe(true);
    const twice = toDense(addEntries(addEntries(null, a), a));
    expect(Buffer.from(twice).equals(Buffer.from(toDense(a)))).toBe(true);
  });

  it("merges dense sketches register by register, for any byte, at any offset in their buffers", () => {
    const random = seededRandom(12);
    const byteWise = (into: Uint8Array, from: Uint8Array) => {
      for (let i = 0; i < into.length; i++) into[i] = Math.max(into[i], from[i]);
    };
    for (const [intoOffset, fromOffset] of [
      [0, 0],
      [4, 8],
      [1, 0],
      [0, 3],
    ]) {
      // Equal bytes, top bits set on either side, stored ranks and anything a corrupt row could hold.
      const a = new Uint8Array(HLL_REGISTERS + 8).subarray(intoOffset, intoOffset + HLL_REGISTERS);
      const b = new Uint8Array(HLL_REGISTERS + 8).subarray(fromOffset, fromOffset + HLL_REGISTERS);
      for (let i = 0; i < HLL_REGISTERS; i++) {
        a[i] = random.int(256);
        b[i] = i % 5 === 0 ? a[i] : i % 3 === 0 ? random.int(22) : random.int(256);
      }
      const expected = a.slice();
      byteWise(expected, b);
      mergeInto(a, b);
      expect(Buffer.from(a).equals(Buffer.from(expected))).toBe(true);
    }
  });

  it("stays sparse while short and turns dense past SPARSE_MAX_BYTES", () => {
    let sketch: Uint8Array | null = null;
    for (let i = 0; i < 40; i++) sketch = addEntries(sketch, entriesOf(range(i * 50, 50)));
    expect(sketch!.length).toBe(HLL_REGISTERS);
    expect(Buffer.from(sketch!).equals(Buffer.from(toDense(entriesOf(range(0, 2000)))))).toBe(true);
    const small = addEntries(entriesOf([1]), entriesOf([2]));
    expect(small.length).toBe(6);
    expect(small.length).toBeLessThanOrEqual(SPARSE_MAX_BYTES);
  });

  it("reads a truncated or odd stored sketch without throwing", () => {
    const registers = new Uint8Array(HLL_REGISTERS);
    mergeInto(registers, new Uint8Array([0xff, 0xff, 3, 1]));
    expect(registers[0x0fff]).toBe(0);
    expect(estimate(registers)).toBeGreaterThanOrEqual(0);
  });
});
