import { isDuplicateKey } from './duplicate-key';
import type { Db } from 'mongodb';
import { randomBytes } from 'node:crypto';
import { isFerretDb } from './point';

/** What a finished submission answered, replayed to a retry with the same key. */
export interface IdempotentResult {
  status_code: number;
  body: Record<string, unknown>;
}

export interface IdempotencyDoc {
  /** `<account_id>:<key>`: the one unique index every store has, so concurrent claims admit exactly one. */
  _id: string;
  account_id: string;
  fingerprint: string;
  /** Distinguishes this claim from a later one under the same `_id` (after expiry or a release). */
  claim: string;
  state: 'pending' | 'done';
  result: IdempotentResult | null;
  created_at: Date;
  /** The key is forgotten from here (24 h after its first use). */
  expires_at: Date;
  /** A pending claim whose request died with its process is taken over from here. */
  pending_until: Date;
}

export type ClaimOutcome = { kind: 'claimed'; id: string; claim: string } | { kind: 'existing'; doc: IdempotencyDoc };

export interface ClaimInput {
  accountId: string;
  key: string;
  fingerprint: string;
  now: Date;
  ttlMs: number;
  pendingMs: number;
}

/** The document a new claim writes: pending, forgotten after `ttlMs`, taken over after `pendingMs`. */
export function newClaimDoc(input: ClaimInput, claim: string): IdempotencyDoc {
  return {
    _id: IdempotencyStore.id(input.accountId, input.key),
    account_id: input.accountId,
    fingerprint: input.fingerprint,
    claim,
    state: 'pending',
    result: null,
    created_at: input.now,
    expires_at: new Date(input.now.getTime() + input.ttlMs),
    pending_until: new Date(input.now.getTime() + input.pendingMs),
  };
}

/**
 * Idempotency keys of submissions, one document per account and key. A claim is one
 * `insertOne` on `_id` (duplicate key = someone holds it), a release deletes only the
 * caller's own claim, and expiry is checked on read: no transactions needed.
 */
export class IdempotencyStore {
  constructor(private readonly db: Db) {}

  private get collection() {
    return this.db.collection<IdempotencyDoc>('idempotency');
  }

  static id(accountId: string, key: string) {
    return `${accountId}:${key}`;
  }

  /** Claims `key` for a new request, or returns the live document that holds it (expired or abandoned ones are replaced). */
  async claim(input: ClaimInput): Promise<ClaimOutcome> {
    const id = IdempotencyStore.id(input.accountId, input.key);
    for (let attempt = 0; ; attempt++) {
      const claim = randomBytes(12).toString('hex');
      try {
        await this.collection.insertOne(newClaimDoc(input, claim));
        return { kind: 'claimed', id, claim };
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      const doc = await this.collection.findOne({ _id: id });
      if (!doc) continue;
      const dead = doc.expires_at <= input.now || (doc.state === 'pending' && doc.pending_until <= input.now);
      if (!dead || attempt >= 3) return { kind: 'existing', doc };
      await this.release(id, doc.claim);
    }
  }

  async get(accountId: string, key: string): Promise<IdempotencyDoc | null> {
    return this.collection.findOne({ _id: IdempotencyStore.id(accountId, key) });
  }

  /** Records what the claimed request answered. */
  async complete(id: string, result: IdempotentResult): Promise<void> {
    await this.collection.updateOne({ _id: id }, { $set: { state: 'done', result } });
  }

  /** Deletes the claim `claim` (and nothing a later request claimed under the same id). */
  async release(id: string, claim: string): Promise<void> {
    // FerretDB v1 reads the whole collection for any filter but `{_id}`: read by `_id`, check, delete by `_id`.
    if (await isFerretDb(this.db)) {
      const doc = await this.collection.findOne({ _id: id });
      if (doc?.claim === claim) await this.collection.deleteOne({ _id: id });
      return;
    }
    await this.collection.deleteOne({ _id: id, claim });
  }

  /** For a sweep: keys that expired before `cutoff`. */
  async deleteExpiredBefore(cutoff: Date): Promise<number> {
    return (await this.collection.deleteMany({ expires_at: { $lt: cutoff } })).deletedCount;
  }

  /** Every Idempotency-Key record of the account (its closure). */
  async deleteForAccount(accountId: string): Promise<number> {
    return (await this.collection.deleteMany({ account_id: accountId })).deletedCount;
  }

  /** Forgets the account's submissions that answered with `scanId` (for its deletion): a replay must not name a deleted scan. */
  async forgetScan(accountId: string, scanId: string): Promise<number> {
    return (await this.collection.deleteMany({ account_id: accountId, 'result.body.scan_id': scanId })).deletedCount;
  }
}
