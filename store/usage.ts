import type { Db } from 'mongodb';
import { monthPeriod } from '../core/plans';
import { serialized, upsertRetrying } from './point';

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

  /**
   * Takes one unit of `counter` if fewer than `limit` were taken this month: one
   * `_id` upsert that increments, and a second that gives the unit back when the
   * count passed the limit. Concurrent requests never overshoot: on MongoDB each
   * increment sees its own count; on FerretDB v1 (no isolated updates) the
   * requests of this process are serialized per account-month (`serialized`).
   */
  async take(accountId: string, counter: 'scans' | 'calls', limit: number, now = new Date()): Promise<boolean> {
    const { key } = monthPeriod(now);
    const others = Object.fromEntries(COUNTERS.filter((c) => c !== counter).map((c) => [c, 0]));
    const id = `${accountId}:${key}`;
    return serialized(`usage:${id}`, async () => {
      const doc = await upsertRetrying(() =>
        this.usage.findOneAndUpdate(
          { _id: id },
          { $inc: { [counter]: 1 }, $setOnInsert: { account_id: accountId, month: key, ...others } },
          { upsert: true, returnDocument: 'after' },
        ),
      );
      if ((doc?.[counter] ?? 1) <= limit) return true;
      await this.usage.updateOne({ _id: id }, { $inc: { [counter]: -1 } });
      return false;
    });
  }

  /** Gives back a unit taken for a request that was not accepted after all. */
  async giveBack(accountId: string, counter: 'scans' | 'calls', now = new Date()): Promise<void> {
    const { key } = monthPeriod(now);
    const id = `${accountId}:${key}`;
    await serialized(`usage:${id}`, () => this.usage.updateOne({ _id: id }, { $inc: { [counter]: -1 } }));
  }

  async add(accountId: string, counter: Counter, amount: number, now = new Date()): Promise<void> {
    const { key } = monthPeriod(now);
    const others = Object.fromEntries(COUNTERS.filter((c) => c !== counter).map((c) => [c, 0]));
    // One upsert: the month's document is created with the other counters at 0 if it is new.
    const id = `${accountId}:${key}`;
    await serialized(`usage:${id}`, () =>
      upsertRetrying(() =>
        this.usage.updateOne(
          { _id: id },
          { $inc: { [counter]: amount }, $setOnInsert: { account_id: accountId, month: key, ...others } },
          { upsert: true },
        ),
      ),
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
    const doc = await upsertRetrying(() =>
      this.db.collection<RateWindowDoc>('rate_windows').findOneAndUpdate(
        { _id: id },
        { $inc: { count: 1 }, $setOnInsert: { window_end: windowEnd } },
        { upsert: true, returnDocument: 'after' },
      ),
    );
    const count = doc?.count ?? 1;
    return { allowed: count <= limit, retryAfterSec, count };
  }

  /** The events counted so far in the current window, without counting one. */
  async count(key: string, kind: string, now = new Date(), windowMs = 60_000): Promise<{ count: number; retryAfterSec: number }> {
    const { id, retryAfterSec } = RateLimiter.window(key, kind, now, windowMs);
    const doc = await this.db.collection<RateWindowDoc>('rate_windows').findOne({ _id: id });
    return { count: doc?.count ?? 0, retryAfterSec };
  }

  /** Old windows are removed by the maintenance schedule (FerretDB v1 has no TTL indexes). */
  async deleteEndedBefore(cutoff: Date): Promise<number> {
    const result = await this.db.collection<RateWindowDoc>('rate_windows').deleteMany({ window_end: { $lt: cutoff } });
    return result.deletedCount;
  }
}
