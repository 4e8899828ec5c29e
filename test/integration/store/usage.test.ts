import { MongoClient, type Db } from 'mongodb';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiter, UsageStore } from '../../../store/usage';
import { getStackEnv } from '../helpers/stack-env';

// Quotas and throttles under concurrency, on the real FerretDB: its updates are
// read-then-write, so these counts rest on unique `_id`s instead.

let client: MongoClient;
let db: Db;

beforeAll(async () => {
  client = await MongoClient.connect(getStackEnv().mongodbUri);
  db = client.db(`usage${randomBytes(4).toString('hex')}`);
});
afterAll(async () => {
  await db?.dropDatabase().catch(() => undefined);
  await client?.close();
});

describe('monthly quota units', () => {
  it('40 simultaneous takes against a limit of 30 grant exactly 30; give-backs return exactly one each', async () => {
    const usage = new UsageStore(db);
    const now = new Date('2026-11-15T12:00:00Z');
    const granted = await Promise.all(Array.from({ length: 40 }, () => usage.take('acct_a', 'scans', 30, now)));
    expect(granted.filter(Boolean)).toHaveLength(30);
    expect((await usage.month('acct_a', now)).scans).toBe(30);

    await Promise.all(Array.from({ length: 10 }, () => usage.giveBack('acct_a', 'scans', now)));
    expect((await usage.month('acct_a', now)).scans).toBe(20);
    const again = await Promise.all(Array.from({ length: 15 }, () => usage.take('acct_a', 'scans', 30, now)));
    expect(again.filter(Boolean)).toHaveLength(10);
    expect((await usage.month('acct_a', now)).scans).toBe(30);
  });

  it('counts scans and calls apart, per account and per month; a give-back with nothing held is a no-op', async () => {
    const usage = new UsageStore(db);
    const november = new Date('2026-11-30T23:59:59Z');
    const december = new Date('2026-12-01T00:00:00Z');
    expect(await usage.take('acct_b', 'calls', 1, november)).toBe(true);
    expect(await usage.take('acct_b', 'calls', 1, november)).toBe(false);
    expect(await usage.take('acct_b', 'calls', 1, december)).toBe(true);
    expect(await usage.take('acct_c', 'calls', 1, november)).toBe(true);
    await usage.giveBack('acct_b', 'scans', november);
    await usage.add('acct_b', 'tokens', 120, november);
    expect(await usage.month('acct_b', november)).toMatchObject({ scans: 0, calls: 1, tokens: 120 });
    expect(await usage.month('acct_b', december)).toMatchObject({ scans: 0, calls: 1, tokens: 0 });
  });
});

describe('rate-limit slots', () => {
  it('25 simultaneous attempts against 10 slots get exactly 10; a released slot is taken again', async () => {
    const limiter = new RateLimiter(db);
    const now = new Date('2026-11-15T12:00:00Z');
    const results = await Promise.all(Array.from({ length: 25 }, () => limiter.takeSlot('addr', 'signin-fail', 10, now, 900_000)));
    const won = results.filter((r) => r.allowed);
    expect(won).toHaveLength(10);
    expect(new Set(won.map((r) => r.slot)).size).toBe(10);
    expect(results.filter((r) => !r.allowed).every((r) => r.retryAfterSec > 0 && r.slot === null)).toBe(true);
    await limiter.releaseSlot(won[3]!.slot!);
    expect((await limiter.takeSlot('addr', 'signin-fail', 10, now, 900_000)).allowed).toBe(true);
    expect((await limiter.takeSlot('addr', 'signin-fail', 10, now, 900_000)).allowed).toBe(false);
    // The next window starts empty.
    expect((await limiter.takeSlot('addr', 'signin-fail', 10, new Date(now.getTime() + 900_000), 900_000)).allowed).toBe(true);
  });
});

describe('leases (one piece of work in flight)', () => {
  it('10 simultaneous takes get exactly one; a release by a stale holder does nothing; an expired lease is taken over', async () => {
    const limiter = new RateLimiter(db);
    const now = new Date('2026-11-15T12:00:00Z');
    const results = await Promise.all(Array.from({ length: 10 }, () => limiter.takeLease('acct_l', 'account-export', now, 60_000)));
    const held = results.filter((result) => result.lease);
    expect(held).toHaveLength(1);
    expect(results.filter((result) => !result.allowed).map((result) => result.retryAfterSec)).toEqual(Array(9).fill(60));
    // Past its time, another takes it over; the first holder's late release leaves the new holder's lease alone.
    const later = new Date(now.getTime() + 60_001);
    const taken = await limiter.takeLease('acct_l', 'account-export', later, 60_000);
    expect(taken.allowed).toBe(true);
    await limiter.releaseLease(held[0]!.lease!);
    expect((await limiter.takeLease('acct_l', 'account-export', later, 60_000)).allowed).toBe(false);
    await limiter.releaseLease(taken.lease!);
    expect((await limiter.takeLease('acct_l', 'account-export', later, 60_000)).allowed).toBe(true);
    // Another kind or account is its own lease.
    expect((await limiter.takeLease('acct_l', 'webhook-test', later, 60_000)).allowed).toBe(true);
    expect((await limiter.takeLease('acct_m', 'account-export', later, 60_000)).allowed).toBe(true);
  });
});

describe('spending an allowance', () => {
  it('spends while it fits, refuses what would pass it with nothing spent, and starts afresh in the next window', async () => {
    const limiter = new RateLimiter(db);
    const now = new Date('2026-11-15T12:00:00Z');
    expect(await limiter.spend('acct_s', 'archive-media-mib', 6, 10, now, 3_600_000)).toEqual({ allowed: true, retryAfterSec: 3600, spent: 6 });
    expect(await limiter.spend('acct_s', 'archive-media-mib', 5, 10, now, 3_600_000)).toEqual({ allowed: false, retryAfterSec: 3600, spent: 6 });
    expect(await limiter.spend('acct_s', 'archive-media-mib', 4, 10, now, 3_600_000)).toMatchObject({ allowed: true, spent: 10 });
    expect(await limiter.spend('acct_s', 'archive-media-mib', 5, 10, new Date(now.getTime() + 3_600_000), 3_600_000)).toMatchObject({
      allowed: true,
      spent: 5,
    });
  });
});

describe('per-key rate windows', () => {
  // Batched hits and the exact hits near the limit write the same document; on
  // FerretDB two writes at once lose one, so a window must never race itself.
  it('61 hits in a row against a limit of 60: the first 60 allowed, each told its own count; the 61st refused', async () => {
    const limiter = new RateLimiter(db);
    const now = new Date('2026-11-15T12:00:10Z');
    const results = [];
    for (let i = 0; i < 61; i++) results.push(await limiter.hit('key-seq', 'submit', 60, now));
    expect(results.slice(0, 60).every((r) => r.allowed)).toBe(true);
    expect(results.map((r) => r.count)).toEqual(Array.from({ length: 61 }, (_, i) => i + 1));
    expect(results[60]).toMatchObject({ allowed: false, count: 61 });
  });

  it('70 hits at once against a limit of 60 allow exactly 60, and the window document counts all 70', async () => {
    const limiter = new RateLimiter(db);
    const now = new Date('2026-11-15T12:00:10Z');
    const results = await Promise.all(Array.from({ length: 70 }, () => limiter.hit('key-burst', 'submit', 60, now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(60);
    const stored = async () =>
      (await db.collection<{ _id: string; count: number }>('rate_windows').findOne({ _id: { $regex: '^key-burst:submit:' } } as never))?.count;
    // The last batch may still be on its way (it is written within RateLimiter.FLUSH_MS).
    const deadline = Date.now() + 10_000;
    while ((await stored()) !== 70 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await stored()).toBe(70);
  });
});
