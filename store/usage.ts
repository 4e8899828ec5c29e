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

/** One unit of a monthly quota: `<account>:<month>:<counter>#<n>`, n from 1 to the plan's limit. */
interface UsageUnitDoc {
  _id: string;
  account_id: string;
  month: string;
  counter: 'scans' | 'calls';
  taken_at: Date;
}

/**
 * Monthly usage per account (calendar month, UTC). Scans and calls are quota
 * units, one document each with a numbered `_id`, so the limit holds under any
 * concurrency: a unique `_id` is the one guarantee FerretDB v1 keeps, while its
 * updates are read-then-write (measured: 41 concurrent conditional `$inc` takes
 * passed a limit of 30). Tokens are a plain counter: they are only reported.
 */
export class UsageStore {
  constructor(private readonly db: Db) {}

  private get usage() {
    return this.db.collection<UsageDoc>('usage');
  }
  private get units() {
    return this.db.collection<UsageUnitDoc>('usage_units');
  }

  /** Takes one unit of `counter` if fewer than `limit` were taken this month. */
  async take(accountId: string, counter: 'scans' | 'calls', limit: number, now = new Date()): Promise<boolean> {
    const { key } = monthPeriod(now);
    const ids = Array.from({ length: limit }, (_, n) => `${accountId}:${key}:${counter}#${n + 1}`);
    const taken = new Set((await this.units.find({ _id: { $in: ids } }, { projection: { _id: 1 } }).toArray()).map((doc) => doc._id));
    for (const id of ids) {
      if (taken.has(id)) continue;
      try {
        await this.units.insertOne({ _id: id, account_id: accountId, month: key, counter, taken_at: now });
        return true;
      } catch (error) {
        // Taken by a concurrent request since the look-up: try the next one.
        if ((error as { code?: number } | null)?.code !== 11000) throw error;
      }
    }
    return false;
  }

  /** Gives back a unit taken for a request that was not accepted after all. */
  async giveBack(accountId: string, counter: 'scans' | 'calls', now = new Date()): Promise<void> {
    const { key } = monthPeriod(now);
    const held = await this.units.find({ account_id: accountId, month: key, counter }, { projection: { _id: 1 } }).toArray();
    // Highest first; a unit deleted by a concurrent give-back is skipped, so each call returns exactly one.
    held.sort((a, b) => unitNumber(b._id) - unitNumber(a._id));
    for (const unit of held) {
      if ((await this.units.deleteOne({ _id: unit._id })).deletedCount === 1) return;
    }
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
    const [doc, scans, calls] = await Promise.all([
      this.usage.findOne({ _id: `${accountId}:${key}` }),
      this.units.countDocuments({ account_id: accountId, month: key, counter: 'scans' }),
      this.units.countDocuments({ account_id: accountId, month: key, counter: 'calls' }),
    ]);
    return { period: { start, end }, scans, calls, tokens: doc?.tokens ?? 0 };
  }
}

const unitNumber = (id: string) => Number(id.slice(id.lastIndexOf('#') + 1));

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
