/**
 * HyperLogLog sketches of the people behind a CTA's events, pure (no
 * database). A sketch has 2^12 = 4096 one-byte registers; each person (a
 * Person id) sets one register to the rank of its hash, and a sketch's
 * estimate of how many distinct people it saw has a standard error of
 * 1.04 / √4096 ≈ 1.6 %. Small counts use linear counting, which is exact
 * unless two people share a register (for 8 people, under 1 % of the time).
 *
 * Why a sketch: sketches of days, variants and CTAs merge by taking the
 * maximum of each register, so "unique viewers" over any period, or over all
 * of a website's CTAs, is a true union read from a few kilobytes per day and
 * variant, never from the raw events. Adding a person twice changes nothing,
 * so a retried batch cannot inflate a count.
 *
 * Stored form (the database keeps it as bytes): either SPARSE, a list of
 * 3-byte entries (register index high byte, low byte, rank) that may repeat
 * an index (the larger rank counts), or DENSE, exactly 4096 register bytes.
 * A sparse list never has 4096 bytes (4096 is not a multiple of 3). The
 * PostgreSQL function beckon_hll_add (migration results_rollups) applies the
 * same rules as addEntries() here.
 */

export const HLL_PRECISION = 12;
export const HLL_REGISTERS = 1 << HLL_PRECISION;
/** Relative standard error of an estimate, shown on the results page. */
export const HLL_STANDARD_ERROR = 1.04 / Math.sqrt(HLL_REGISTERS);
/** A sparse sketch longer than this becomes dense. */
export const SPARSE_MAX_BYTES = 3900;

/** 32-bit hash of a person id (murmur3's finaliser over a seeded mix): a bijection, so two ids never collide. */
export function hashPerson(personId: number): number {
  let hash = (personId ^ 0x5bd1e995) >>> 0;
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

/** The register a person sets and the rank it sets it to. */
export function registerOf(personId: number): { index: number; rank: number } {
  const hash = hashPerson(personId);
  const index = hash >>> (32 - HLL_PRECISION);
  const rest = (hash << HLL_PRECISION) >>> 0;
  // Rank = position of the first 1 bit in the remaining 20 bits (21 when they are all 0).
  const rank = rest === 0 ? 32 - HLL_PRECISION + 1 : Math.clz32(rest) + 1;
  return { index, rank };
}

/** Sparse entries for a set of people: one per register, with its largest rank. */
export function entriesOf(personIds: Iterable<number>): Uint8Array {
  const best = new Map<number, number>();
  for (const id of personIds) {
    const { index, rank } = registerOf(id);
    if ((best.get(index) ?? 0) < rank) best.set(index, rank);
  }
  const out = new Uint8Array(best.size * 3);
  let offset = 0;
  for (const [index, rank] of [...best].sort((a, b) => a[0] - b[0])) {
    out[offset++] = index >> 8;
    out[offset++] = index & 0xff;
    out[offset++] = rank;
  }
  return out;
}

function isDense(sketch: Uint8Array): boolean {
  return sketch.length === HLL_REGISTERS;
}

/** Raises `registers` to a stored sketch's registers (either form). */
export function mergeInto(registers: Uint8Array, sketch: Uint8Array): void {
  if (isDense(sketch)) {
    if (registers.byteOffset % 4 === 0 && sketch.byteOffset % 4 === 0) return maxWords(registers, sketch);
    for (let i = 0; i < HLL_REGISTERS; i++) if (sketch[i] > registers[i]) registers[i] = sketch[i];
    return;
  }
  for (let i = 0; i + 2 < sketch.length; i += 3) {
    const index = (sketch[i] << 8) | sketch[i + 1];
    if (sketch[i + 2] > registers[index]) registers[index] = sketch[i + 2];
  }
}

/**
 * The byte-wise maximum of two dense sketches, four registers at a time
 * (SIMD within a 32-bit word): merging is most of the results page's work
 * in Node, and this is 2 to 3 times faster than a loop over bytes. Correct
 * for any byte values: the low seven bits are compared by a subtraction
 * that cannot borrow across bytes, the top bits apart.
 */
function maxWords(registers: Uint8Array, sketch: Uint8Array): void {
  const into = new Uint32Array(registers.buffer, registers.byteOffset, HLL_REGISTERS / 4);
  const from = new Uint32Array(sketch.buffer, sketch.byteOffset, HLL_REGISTERS / 4);
  for (let i = 0; i < into.length; i++) {
    const intoWord = into[i];
    const fromWord = from[i];
    const low = (intoWord | 0x80808080) - (fromWord & 0x7f7f7f7f);
    // Per byte, top bit set where intoWord >= fromWord: intoWord's top bit alone, or equal top bits and intoWord's low bits not below fromWord's.
    const atLeast = ((intoWord & ~fromWord) | (~(intoWord ^ fromWord) & low)) & 0x80808080;
    const keep = (atLeast >>> 7) * 0xff;
    into[i] = (intoWord & keep) | (fromWord & ~keep);
  }
}

/** The 4096 registers of a stored sketch. */
export function toDense(sketch: Uint8Array): Uint8Array {
  const registers = new Uint8Array(HLL_REGISTERS);
  mergeInto(registers, sketch);
  return registers;
}

/** A stored sketch with entries added: what beckon_hll_add does on PostgreSQL. */
export function addEntries(current: Uint8Array | null, entries: Uint8Array): Uint8Array {
  if (!current) return entries;
  if (!isDense(current) && current.length + entries.length <= SPARSE_MAX_BYTES) {
    const out = new Uint8Array(current.length + entries.length);
    out.set(current);
    out.set(entries, current.length);
    return out;
  }
  const dense = toDense(current);
  mergeInto(dense, entries);
  return dense;
}

/** 2^-rank for every rank a register can hold. */
const INVERSE_POWERS = Float64Array.from({ length: 64 }, (_, r) => 2 ** -r);

/** Estimated number of distinct people in the registers (HyperLogLog with linear counting for small counts). */
export function estimate(registers: Uint8Array): number {
  const registerCount = HLL_REGISTERS;
  let sum = 0;
  let zeros = 0;
  for (let i = 0; i < registerCount; i++) {
    sum += INVERSE_POWERS[registers[i]];
    if (registers[i] === 0) zeros++;
  }
  const alpha = 0.7213 / (1 + 1.079 / registerCount);
  const raw = (alpha * registerCount * registerCount) / sum;
  if (raw <= 2.5 * registerCount && zeros > 0) return Math.round(registerCount * Math.log(registerCount / zeros));
  return Math.round(raw);
}

/** Whether an estimate may differ from the true count (beyond linear counting's near-exact range). */
export function isApproximate(count: number): boolean {
  return count > 0.1 * HLL_REGISTERS;
}
