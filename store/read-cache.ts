/**
 * A small in-process cache of point reads: concurrent reads of one key share one
 * database round trip, and a result is reused for `ttlMs`. Fifty clients polling
 * one scan then cost the database a few reads per second instead of fifty per
 * round. Only for reads whose answer may be `ttlMs` old (progress polls, pages,
 * key lookups); writers that need the current document read the store directly.
 */
export class ReadCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    const value = load();
    this.entries.set(key, { at: now, value });
    // A failed read is not remembered.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    if (this.entries.size > this.maxEntries) {
      for (const [k, entry] of this.entries) {
        if (now - entry.at >= this.ttlMs || this.entries.size > this.maxEntries) this.entries.delete(k);
        if (this.entries.size <= this.maxEntries / 2) break;
      }
    }
    return value;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
