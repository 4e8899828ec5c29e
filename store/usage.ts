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

/** What this process knows of one window: the shared count at its last write, and hits not yet written. */
interface WindowState {
  shared: number;
  pending: number;
  synced: boolean;
  flushing: Promise<void> | null;
  windowEnd: Date;
}

/**
 * Fixed one-minute windows per key and kind, shared by every API instance
 * through one `_id`-addressed document per window. Far below the limit a hit is
 * counted in this process and written in batches (at most every FLUSH_MS), so a
 * busy poller costs no database round trip per request; the first hit of a
 * window and every hit near the limit (≥ 90 %) wait for their own `$inc`, so
 * the limit holds exactly within one instance and, across instances, to within
 * the hits of one flush interval.
 */
export class RateLimiter {
  static FLUSH_MS = 100;
  private readonly windows = new Map<string, WindowState>();

  constructor(private readonly db: Db) {}

  private get collection() {
    return this.db.collection<RateWindowDoc>('rate_windows');
  }

  private async write(id: string, state: WindowState, amount: number): Promise<number> {
    const doc = await upsertRetrying(() =>
      this.collection.findOneAndUpdate(
        { _id: id },
        { $inc: { count: amount }, $setOnInsert: { window_end: state.windowEnd } },
        { upsert: true, returnDocument: 'after' },
      ),
    );
    return doc?.count ?? amount;
  }

  /** Writes the window's pending hits (one write at a time per window). */
  private flush(id: string, state: WindowState): Promise<void> {
    state.flushing ??= (async () => {
      try {
        while (state.pending > 0) {
          const amount = state.pending;
          state.pending -= amount;
          try {
            state.shared = await this.write(id, state, amount);
            state.synced = true;
          } catch (error) {
            state.pending += amount;
            throw error;
          }
        }
      } finally {
        state.flushing = null;
      }
    })();
    return state.flushing;
  }

  async hit(keyHash: string, kind: string, limitPerMinute: number, now = new Date()): Promise<{ allowed: boolean; retryAfterSec: number }> {
    const windowStart = Math.floor(now.getTime() / 60_000) * 60_000;
    const windowEnd = new Date(windowStart + 60_000);
    const retryAfterSec = Math.max(1, Math.ceil((windowEnd.getTime() - now.getTime()) / 1000));
    const id = `${keyHash}:${kind}:${windowStart}`;
    let state = this.windows.get(id);
    if (!state) {
      state = { shared: 0, pending: 0, synced: false, flushing: null, windowEnd };
      this.windows.set(id, state);
      this.forgetEndedWindows(now);
    }
    if (!state.synced || state.shared + state.pending + 1 >= limitPerMinute * 0.9) {
      // Exact: this hit is its own `$inc`, and its count is the one that answer returns.
      const count = await this.write(id, state, 1);
      state.shared = Math.max(state.shared, count);
      state.synced = true;
      return { allowed: count <= limitPerMinute, retryAfterSec };
    }
    state.pending += 1;
    const count = state.shared + state.pending;
    const windowState = state;
    setTimeout(() => void this.flush(id, windowState).catch(() => undefined), RateLimiter.FLUSH_MS).unref();
    return { allowed: count <= limitPerMinute, retryAfterSec };
  }

  private forgetEndedWindows(now: Date) {
    for (const [id, state] of this.windows) {
      if (state.windowEnd.getTime() < now.getTime() - 60_000 && state.pending === 0 && !state.flushing) this.windows.delete(id);
    }
  }

  /** Old windows are removed by the maintenance schedule (FerretDB v1 has no TTL indexes). */
  async deleteEndedBefore(cutoff: Date): Promise<number> {
    const result = await this.db.collection<RateWindowDoc>('rate_windows').deleteMany({ window_end: { $lt: cutoff } });
    return result.deletedCount;
  }
}
