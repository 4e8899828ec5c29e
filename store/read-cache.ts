import { onceMoreIfConnectionLost } from './lost-connection';

/**
 * A small in-process cache of point reads: concurrent reads of one key share one
 * database round trip, and a result is reused for `ttlMs`. Past that, for up to
 * `staleMs` more, the old value is still answered while one refresh runs in the
 * background, so no request waits on a refresh under steady load. Fifty clients
 * polling one scan then cost the database a few reads per second instead of
 * fifty per round. Only for reads whose answer may be that old (progress polls,
 * pages, key lookups); writers that need the current document read the store
 * directly, and a write in this process deletes what it changes. A read that
 * meets a lost store connection is made once more (`onceMoreIfConnectionLost`).
 */
export class ReadCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T>; refreshing: boolean }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly staleMs = ttlMs * 3,
  ) {}

  get(key: string, read: () => Promise<T>, now = Date.now()): Promise<T> {
    const load = () => onceMoreIfConnectionLost(read);
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    if (hit && now - hit.at < this.ttlMs + this.staleMs) {
      if (!hit.refreshing) {
        hit.refreshing = true;
        const fresh = load();
        fresh.then(
          () => {
            if (this.entries.get(key) === hit) this.entries.set(key, { at: now, value: fresh, refreshing: false });
          },
          () => {
            hit.refreshing = false;
          },
        );
      }
      return hit.value;
    }
    const value = load();
    const entry = { at: now, value, refreshing: false };
    this.entries.set(key, entry);
    // A failed read is not remembered.
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    if (this.entries.size > this.maxEntries) this.evict(now);
    return value;
  }

  private evict(now: number) {
    for (const [k, entry] of this.entries) {
      if (now - entry.at >= this.ttlMs + this.staleMs || this.entries.size > this.maxEntries / 2) this.entries.delete(k);
      if (this.entries.size <= this.maxEntries / 2) break;
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
