import type { Db } from 'mongodb';
import { monthPeriod } from '../core/plans';

const COUNTERS = ['scans', 'calls', 'tokens'] as const;
type Counter = (typeof COUNTERS)[number];

interface UsageDoc {
  _id: string;
  account_id: string;
  month: string;
  scans: number;
  calls: number;
  tokens: number;
}

export interface MonthUsage {
  period: { start: Date; end: Date };
  scans: number;
  calls: number;
  tokens: number;
}

/**
 * Monthly counters per account (calendar month, UTC). Quota checks are one
 * conditional single-document update, so concurrent requests never overshoot
 * (FerretDB v1 has no transactions).
 */
export class UsageStore {
  constructor(private readonly db: Db) {}

  private get usage() {
    return this.db.collection<UsageDoc>('usage');
  }

  private async ensureMonth(accountId: string, now: Date): Promise<string> {
    const { key } = monthPeriod(now);
    const id = `${accountId}:${key}`;
    await this.usage.updateOne(
      { _id: id },
      { $setOnInsert: { account_id: accountId, month: key, scans: 0, calls: 0, tokens: 0 } },
      { upsert: true },
    );
    return id;
  }

  /** Takes one unit of `counter` if fewer than `limit` were taken this month. */
  async take(accountId: string, counter: 'scans' | 'calls', limit: number, now = new Date()): Promise<boolean> {
    const id = await this.ensureMonth(accountId, now);
    const result = await this.usage.updateOne({ _id: id, [counter]: { $lt: limit } }, { $inc: { [counter]: 1 } });
    return result.modifiedCount === 1;
  }

  /** Gives back a unit taken for a request that was not accepted after all. */
  async giveBack(accountId: string, counter: 'scans' | 'calls', now = new Date()): Promise<void> {
    const { key } = monthPeriod(now);
    await this.usage.updateOne({ _id: `${accountId}:${key}`, [counter]: { $gt: 0 } }, { $inc: { [counter]: -1 } });
  }

  async add(accountId: string, counter: Counter, amount: number, now = new Date()): Promise<void> {
    const { key } = monthPeriod(now);
    const others = Object.fromEntries(COUNTERS.filter((c) => c !== counter).map((c) => [c, 0]));
    // One upsert: the month's document is created with the other counters at 0 if it is new.
    await this.usage.updateOne(
      { _id: `${accountId}:${key}` },
      { $inc: { [counter]: amount }, $setOnInsert: { account_id: accountId, month: key, ...others } },
      { upsert: true },
    );
  }

  async month(accountId: string, now = new Date()): Promise<MonthUsage> {
    const { key, start, end } = monthPeriod(now);
    const doc = await this.usage.findOne({ _id: `${accountId}:${key}` });
    return { period: { start, end }, scans: doc?.scans ?? 0, calls: doc?.calls ?? 0, tokens: doc?.tokens ?? 0 };
  }
}

interface RateWindowDoc {
  _id: string;
  count: number;
  window_end: Date;
}

/** Fixed windows (one minute unless told) per key and kind, shared by every API instance through MongoDB. */
export class RateLimiter {
  constructor(private readonly db: Db) {}

  private static window(key: string, kind: string, now: Date, windowMs: number) {
    const windowStart = Math.floor(now.getTime() / windowMs) * windowMs;
    const windowEnd = new Date(windowStart + windowMs);
    const retryAfterSec = Math.max(1, Math.ceil((windowEnd.getTime() - now.getTime()) / 1000));
    return { id: `${key}:${kind}:${windowMs === 60_000 ? '' : `${windowMs}:`}${windowStart}`, windowEnd, retryAfterSec };
  }

  /** Counts one event; allowed while the window's count (this one included) is within the limit. */
  async hit(key: string, kind: string, limit: number, now = new Date(), windowMs = 60_000): Promise<{ allowed: boolean; retryAfterSec: number; count: number }> {
    const { id, windowEnd, retryAfterSec } = RateLimiter.window(key, kind, now, windowMs);
    const increment = () =>
      this.db.collection<RateWindowDoc>('rate_windows').findOneAndUpdate(
        { _id: id },
        { $inc: { count: 1 }, $setOnInsert: { window_end: windowEnd } },
        { upsert: true, returnDocument: 'after' },
      );
    // Two first hits of a window may both try to insert it; the loser increments the winner's document.
    const doc = await increment().catch((error: unknown) => {
      if ((error as { code?: number } | null)?.code === 11000) return increment();
      throw error;
    });
    const count = doc?.count ?? 1;
    return { allowed: count <= limit, retryAfterSec, count };
  }

  /**
   * Takes one of `limit` numbered slots of the window, exact under any
   * concurrency: each slot is a document with its own `_id`, and a unique `_id`
   * is the one guarantee FerretDB v1 keeps under load (measured: 50 concurrent
   * `$inc` on one document added 13). For small limits (the website throttles);
   * `hit` serves the per-key API limits. Returns the slot so an attempt that
   * turned out fine can give it back.
   */
  async takeSlot(key: string, kind: string, limit: number, now = new Date(), windowMs = 60_000): Promise<{ allowed: boolean; retryAfterSec: number; slot: string | null }> {
    const { id, windowEnd, retryAfterSec } = RateLimiter.window(key, kind, now, windowMs);
    const windows = this.db.collection<RateWindowDoc>('rate_windows');
    const ids = Array.from({ length: limit }, (_, k) => `${id}#${k + 1}`);
    const taken = new Set((await windows.find({ _id: { $in: ids } }, { projection: { _id: 1 } }).toArray()).map((doc) => doc._id));
    for (const slot of ids) {
      if (taken.has(slot)) continue;
      try {
        await windows.insertOne({ _id: slot, count: 1, window_end: windowEnd });
        return { allowed: true, retryAfterSec, slot };
      } catch (error) {
        // Taken by a concurrent request since the look-up: try the next one.
        if ((error as { code?: number } | null)?.code !== 11000) throw error;
      }
    }
    return { allowed: false, retryAfterSec, slot: null };
  }

  async releaseSlot(slot: string): Promise<void> {
    await this.db.collection<RateWindowDoc>('rate_windows').deleteOne({ _id: slot });
  }

  /** Old windows are removed by the maintenance schedule (FerretDB v1 has no TTL indexes). */
  async deleteEndedBefore(cutoff: Date): Promise<number> {
    const result = await this.db.collection<RateWindowDoc>('rate_windows').deleteMany({ window_end: { $lt: cutoff } });
    return result.deletedCount;
  }
}
