/**
 * A small in-memory cache with a time-to-live and a size bound: when full,
 * the least recently used entry goes (a Map keeps insertion order, and a hit
 * re-inserts). Per process; a restart just means a few lookups again.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached value, or undefined when missing or expired. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Stores a value (optionally with its own TTL), evicting the oldest entry when full. */
  set(key: string, value: V, ttlMs = this.ttlMs): void {
    this.entries.delete(key);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expires: this.now() + ttlMs });
  }

  get size(): number {
    return this.entries.size;
  }

  /** Drops everything (tests). */
  clear(): void {
    this.entries.clear();
  }
}
