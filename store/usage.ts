import { randomUUID } from 'node:crypto';
import { isDuplicateKey } from './duplicate-key';
import type { Db } from 'mongodb';
import { monthPeriod } from '../core/plans';
import { onceMoreIfConnectionLost } from './lost-connection';
import { serialized, serializedAcrossProcesses, updateIf, upsertRetrying } from './point';

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
   * writes of every process are serialized per account-month (`serializedAcrossProcesses`).
   */
  async take(accountId: string, counter: 'scans' | 'calls', limit: number, now = new Date()): Promise<boolean> {
    const { key } = monthPeriod(now);
    const others = Object.fromEntries(COUNTERS.filter((c) => c !== counter).map((c) => [c, 0]));
    const id = `${accountId}:${key}`;
    return serializedAcrossProcesses(this.db, `usage:${id}`, async () => {
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
    // Never below zero: a give-back with nothing held (a retried clean-up) is a no-op.
    await serializedAcrossProcesses(this.db, `usage:${id}`, () =>
      updateIf(this.db, this.usage, id, { filter: { [counter]: { $gt: 0 } }, test: (doc) => doc[counter] > 0 }, { $inc: { [counter]: -1 } }),
    );
  }

  async add(accountId: string, counter: Counter, amount: number, now = new Date()): Promise<void> {
    const { key } = monthPeriod(now);
    const others = Object.fromEntries(COUNTERS.filter((c) => c !== counter).map((c) => [c, 0]));
    // One upsert: the month's document is created with the other counters at 0 if it is new.
    const id = `${accountId}:${key}`;
    await serializedAcrossProcesses(this.db, `usage:${id}`, () =>
      upsertRetrying(() =>
        this.usage.updateOne({ _id: id }, { $inc: { [counter]: amount }, $setOnInsert: { account_id: accountId, month: key, ...others } }, { upsert: true }),
      ),
    );
  }

  /** Every monthly counter of the account (its closure). */
  async deleteForAccount(accountId: string): Promise<number> {
    return (await this.usage.deleteMany({ account_id: accountId })).deletedCount;
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
  /** A lease's holder (`takeLease`): only it gives the lease back. */
  holder?: string;
}

/** A lease held (`takeLease`): give it back with `releaseLease` when the work ends. */
export interface Lease {
  id: string;
  holder: string;
}

/** What this process knows of one window: the shared count at its last write, and hits not yet written. */
interface WindowState {
  shared: number;
  pending: number;
  synced: boolean;
  /** A batch write is due (its timer is set). */
  flushDue: boolean;
  windowEnd: Date;
}

/**
 * Fixed windows (one minute unless told) per key and kind, shared by every API instance
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

  /** A hit count lost with the store's connection is written again: a window counted once too often is harmless. */
  private async write(id: string, state: WindowState, amount: number): Promise<number> {
    const doc = await onceMoreIfConnectionLost(() =>
      upsertRetrying(() =>
        this.collection.findOneAndUpdate(
          { _id: id },
          { $inc: { count: amount }, $setOnInsert: { window_end: state.windowEnd } },
          { upsert: true, returnDocument: 'after' },
        ),
      ),
    );
    return doc?.count ?? amount;
  }

  /**
   * Writes the window's pending hits plus `own` (this hit, when it waits for its
   * own count), one write at a time per window in this process: FerretDB loses
   * concurrent `$inc`s on one document, so an exact hit and a batch must never
   * race. Answers the shared count after the write, which includes every hit
   * counted before this one.
   */
  private writeQueued(id: string, state: WindowState, own: number): Promise<number> {
    return serialized(`rate-window:${id}`, async () => {
      const amount = state.pending + own;
      if (amount === 0) return state.shared;
      state.pending = 0;
      try {
        state.shared = await this.write(id, state, amount);
        state.synced = true;
        return state.shared;
      } catch (error) {
        state.pending += amount - own;
        throw error;
      }
    });
  }

  private static window(key: string, kind: string, now: Date, windowMs: number) {
    const windowStart = Math.floor(now.getTime() / windowMs) * windowMs;
    const windowEnd = new Date(windowStart + windowMs);
    const retryAfterSec = Math.max(1, Math.ceil((windowEnd.getTime() - now.getTime()) / 1000));
    return { id: `${key}:${kind}:${windowMs === 60_000 ? '' : `${windowMs}:`}${windowStart}`, windowEnd, retryAfterSec };
  }

  /** Counts one event; allowed while the window's count (this one included) is within the limit. */
  async hit(
    key: string,
    kind: string,
    limit: number,
    now = new Date(),
    windowMs = 60_000,
  ): Promise<{ allowed: boolean; retryAfterSec: number; count: number }> {
    const { id, windowEnd, retryAfterSec } = RateLimiter.window(key, kind, now, windowMs);
    let state = this.windows.get(id);
    if (!state) {
      state = { shared: 0, pending: 0, synced: false, flushDue: false, windowEnd };
      this.windows.set(id, state);
      this.forgetEndedWindows(now);
    }
    if (!state.synced || state.shared + state.pending + 1 >= limit * 0.9) {
      // Exact: this hit is its own `$inc`, and its count is the one that answer returns.
      const count = await this.writeQueued(id, state, 1);
      return { allowed: count <= limit, retryAfterSec, count };
    }
    state.pending += 1;
    const count = state.shared + state.pending;
    if (!state.flushDue) {
      state.flushDue = true;
      const windowState = state;
      setTimeout(() => {
        windowState.flushDue = false;
        void this.writeQueued(id, windowState, 0).catch(() => undefined);
      }, RateLimiter.FLUSH_MS).unref();
    }
    return { allowed: count <= limit, retryAfterSec, count };
  }

  private forgetEndedWindows(now: Date) {
    for (const [id, state] of this.windows) {
      if (state.windowEnd.getTime() < now.getTime() && state.pending === 0 && !state.flushDue) this.windows.delete(id);
    }
  }

  /**
   * Takes one of `limit` numbered slots of the window, exact under any
   * concurrency: each slot is a document with its own `_id`, and a unique `_id`
   * is the one guarantee FerretDB v1 keeps under load (measured: 50 concurrent
   * `$inc` on one document added 13). For small limits (the website throttles);
   * `hit` serves the per-key API limits. Returns the slot so an attempt that
   * turned out fine can give it back.
   */
  async takeSlot(
    key: string,
    kind: string,
    limit: number,
    now = new Date(),
    windowMs = 60_000,
  ): Promise<{ allowed: boolean; retryAfterSec: number; slot: string | null }> {
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
        if (!isDuplicateKey(error)) throw error;
      }
    }
    return { allowed: false, retryAfterSec, slot: null };
  }

  async releaseSlot(slot: string): Promise<void> {
    await this.db.collection<RateWindowDoc>('rate_windows').deleteOne({ _id: slot });
  }

  /**
   * Takes the one lease of `key` and `kind` (one piece of work in flight: an account's
   * webhook test, its archive), exact under any concurrency: an insert on a fixed `_id`,
   * as `takeSlot`'s. A lease whose holder never gave it back (its process died) is
   * taken over once `ttlMs` has passed; the maintenance sweep removes it like an ended
   * window. `retryAfterSec` says when a held lease runs out at the latest.
   */
  async takeLease(key: string, kind: string, now: Date, ttlMs: number): Promise<{ allowed: boolean; retryAfterSec: number; lease: Lease | null }> {
    const windows = this.db.collection<RateWindowDoc>('rate_windows');
    const lease: Lease = { id: `${key}:${kind}:lease`, holder: randomUUID() };
    const doc: RateWindowDoc = { _id: lease.id, count: 1, window_end: new Date(now.getTime() + ttlMs), holder: lease.holder };
    try {
      await windows.insertOne(doc);
      return { allowed: true, retryAfterSec: 0, lease };
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    const { _id, ...fields } = doc;
    const taken = await windows.updateOne({ _id, window_end: { $lt: now } }, { $set: fields });
    if (taken.modifiedCount === 1) return { allowed: true, retryAfterSec: 0, lease };
    const held = await windows.findOne({ _id }, { projection: { window_end: 1 } });
    const retryAfterSec = Math.max(1, Math.ceil(((held?.window_end.getTime() ?? now.getTime()) - now.getTime()) / 1000));
    return { allowed: false, retryAfterSec, lease: null };
  }

  /**
   * Spends `amount` of the window's `limit` (bytes of an archive's videos, counted in
   * MiB) when it fits; refused, nothing is spent. A read and then an `$inc`, not
   * exact under concurrency: its callers hold a lease (one archive per account in
   * flight), so one account's spends never race.
   */
  async spend(
    key: string,
    kind: string,
    amount: number,
    limit: number,
    now: Date,
    windowMs: number,
  ): Promise<{ allowed: boolean; retryAfterSec: number; spent: number }> {
    const { id, windowEnd, retryAfterSec } = RateLimiter.window(key, kind, now, windowMs);
    const windows = this.db.collection<RateWindowDoc>('rate_windows');
    const spent = (await windows.findOne({ _id: id }, { projection: { count: 1 } }))?.count ?? 0;
    if (spent + amount > limit) return { allowed: false, retryAfterSec, spent };
    const after = await upsertRetrying(() =>
      windows.findOneAndUpdate({ _id: id }, { $inc: { count: amount }, $setOnInsert: { window_end: windowEnd } }, { upsert: true, returnDocument: 'after' }),
    );
    return { allowed: true, retryAfterSec, spent: after?.count ?? spent + amount };
  }

  /**
   * Adds `amount` to the window's count, unconditionally (the seconds a download ran:
   * they were spent whatever the limit). One `$inc` upsert, serialized per window in this
   * process (FerretDB loses concurrent `$inc`s on one document; across worker processes
   * over FerretDB two downloads of one account may still lose a tick, never on MongoDB).
   */
  async add(key: string, kind: string, amount: number, now: Date, windowMs: number): Promise<void> {
    const { id, windowEnd } = RateLimiter.window(key, kind, now, windowMs);
    await serialized(`rate-window:${id}`, () =>
      upsertRetrying(() => this.collection.updateOne({ _id: id }, { $inc: { count: amount }, $setOnInsert: { window_end: windowEnd } }, { upsert: true })),
    );
  }

  /** What the window holds now, and the seconds until it ends. */
  async spent(key: string, kind: string, now: Date, windowMs: number): Promise<{ spent: number; retryAfterSec: number }> {
    const { id, retryAfterSec } = RateLimiter.window(key, kind, now, windowMs);
    const doc = await this.collection.findOne({ _id: id }, { projection: { count: 1 } });
    return { spent: doc?.count ?? 0, retryAfterSec };
  }

  /** Gives `lease` back, if its holder still holds it (one taken over after its time is someone else's now). */
  async releaseLease(lease: Lease): Promise<void> {
    await this.db.collection<RateWindowDoc>('rate_windows').deleteOne({ _id: lease.id, holder: lease.holder });
  }

  /** Every window counted under one of `keys` (an account's key hashes at its closure), whatever its kind. */
  async deleteForKeys(keys: string[]): Promise<number> {
    let deleted = 0;
    for (const key of keys) {
      if (!/^[0-9a-f]{64}$/.test(key)) throw new Error('not a key hash');
      deleted += (await this.db.collection<RateWindowDoc>('rate_windows').deleteMany({ _id: { $regex: `^${key}:` } })).deletedCount;
    }
    return deleted;
  }

  /** Old windows are removed by the maintenance schedule (FerretDB v1 has no TTL indexes). */
  async deleteEndedBefore(cutoff: Date): Promise<number> {
    const result = await this.db.collection<RateWindowDoc>('rate_windows').deleteMany({ window_end: { $lt: cutoff } });
    return result.deletedCount;
  }
}
