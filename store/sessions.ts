import { randomBytes } from 'node:crypto';
import type { Db } from 'mongodb';
import { hashSecret, newSessionToken } from './ids';
import { hashPassword, needsRehash, newPasswordHashGate, verifyPassword, type PasswordHashGate } from './password-hash';

// Website sign-in: a password hash on the account document and browser sessions.
// Only hashes are stored: scrypt for passwords (store/password-hash.ts), sha256 for session tokens.

/** Hashed once per gate so an unknown email costs as much time as a wrong password. */
const dummyHashes = new WeakMap<PasswordHashGate, Promise<string>>();

interface AccountPasswordFields {
  _id: string;
  email: string;
  password_hash?: string;
  closing_at?: Date;
}

export interface SessionDoc {
  /** sha256 of the cookie token: the token itself is never stored. */
  _id: string;
  account_id: string;
  /** Form posts of this session carry this token. */
  csrf: string;
  created_at: Date;
  expires_at: Date;
  /** When a request last came with this session (written at most every SESSION_TOUCH_MS). */
  last_seen_at?: Date;
  /** The client address of its sign-in, then of its latest request (as `request.ip` names it). */
  client_ip?: string;
}

/** A session's `last_seen_at` is rewritten at most this often (and when its address changes), not on every page. */
export const SESSION_TOUCH_MS = 60_000;

/** What `verifyAccountPassword` found. */
export type PasswordCheck = 'right' | 'wrong' | 'none';

export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

export interface SessionsOptions {
  /** Where password hashing queues (one per process: it guards the process's libuv pool); default 2 at once, 16 waiting. */
  hashGate?: PasswordHashGate;
  /** Live sessions an account keeps; a new one past this ends the oldest (default 10). */
  maxSessionsPerAccount?: number;
}

export class SessionsStore {
  readonly hashGate: PasswordHashGate;
  readonly maxSessionsPerAccount: number;

  constructor(
    private readonly db: Db,
    options: SessionsOptions = {},
  ) {
    this.hashGate = options.hashGate ?? newPasswordHashGate({ concurrency: 2, queueLimit: 16 });
    this.maxSessionsPerAccount = options.maxSessionsPerAccount ?? 10;
  }

  private get accounts() {
    return this.db.collection<AccountPasswordFields>('accounts');
  }
  private get sessions() {
    return this.db.collection<SessionDoc>('sessions');
  }

  /** A hash of `password` for a new account (through the gate: it may wait, or throw `SemaphoreFullError`). */
  hashNewPassword(password: string): Promise<string> {
    return hashPassword(this.hashGate, password);
  }

  async setPassword(accountId: string, password: string): Promise<void> {
    await this.accounts.updateOne({ _id: accountId }, { $set: { password_hash: await this.hashNewPassword(password) } });
  }

  /**
   * The account id for a matching email and password, else null (also for accounts
   * without a password). A hash made under older scrypt parameters is replaced by
   * one under the current parameters once the password is known to be right.
   */
  async checkPassword(email: string, password: string): Promise<string | null> {
    const account = await this.accounts.findOne({ email: email.trim().toLowerCase() });
    // An account being closed signs in no more: it is as unknown as an email never used.
    if (!account?.password_hash || account.closing_at) {
      let dummy = dummyHashes.get(this.hashGate);
      if (!dummy) {
        dummy = hashPassword(this.hashGate, 'not a password');
        dummyHashes.set(this.hashGate, dummy);
        // A refused first hash (busy gate) is not kept: the next unknown email tries again.
        dummy.catch(() => dummyHashes.delete(this.hashGate));
      }
      await verifyPassword(this.hashGate, password, await dummy);
      return null;
    }
    const stored = account.password_hash;
    if (!(await verifyPassword(this.hashGate, password, stored))) return null;
    if (needsRehash(stored)) {
      const upgraded = await this.hashNewPassword(password);
      // Guarded by the old hash: a password changed meanwhile is not overwritten.
      await this.accounts.updateOne({ _id: account._id, password_hash: stored }, { $set: { password_hash: upgraded } });
    }
    return account._id;
  }

  /**
   * Checks the account's current password (for a change of password): `none` when
   * the account has none (made by `account:create`), else `right` or `wrong`.
   */
  async verifyAccountPassword(accountId: string, password: string): Promise<PasswordCheck> {
    const account = await this.accounts.findOne({ _id: accountId });
    if (!account?.password_hash) return 'none';
    return (await verifyPassword(this.hashGate, password, account.password_hash)) ? 'right' : 'wrong';
  }

  /** Whether the account has a password (an account made by `account:create` has none until it sets one). */
  async hasPassword(accountId: string): Promise<boolean> {
    const account = await this.accounts.findOne({ _id: accountId }, { projection: { password_hash: 1 } });
    return Boolean(account?.password_hash);
  }

  /** A new session; the returned token goes into the cookie and is not kept. */
  async create(accountId: string, now = new Date(), clientIp?: string): Promise<{ token: string; session: SessionDoc }> {
    const token = newSessionToken();
    const session: SessionDoc = {
      _id: hashSecret(token),
      account_id: accountId,
      csrf: randomBytes(24).toString('base64url'),
      created_at: now,
      expires_at: new Date(now.getTime() + SESSION_TTL_MS),
      last_seen_at: now,
      ...(clientIp ? { client_ip: clientIp } : {}),
    };
    await this.sessions.insertOne(session);
    await this.endOldestBeyondCap(accountId);
    return { token, session };
  }

  /**
   * Ends the account's oldest sessions past `maxSessionsPerAccount`, so repeated
   * sign-ins cannot pile up sessions. Two sign-ins at once may both end the same
   * oldest one; either way at most the cap remains.
   */
  private async endOldestBeyondCap(accountId: string): Promise<void> {
    const surplus = await this.sessions
      .find({ account_id: accountId }, { projection: { _id: 1 } })
      .sort({ created_at: -1, _id: -1 })
      .skip(this.maxSessionsPerAccount)
      .toArray();
    if (surplus.length > 0) await this.sessions.deleteMany({ _id: { $in: surplus.map((doc) => doc._id) } });
  }

  /** How many sessions the account holds (expired ones included until the sweep). */
  async countForAccount(accountId: string): Promise<number> {
    return this.sessions.countDocuments({ account_id: accountId });
  }

  /** The live session of a cookie token; an expired one is removed and gives null. */
  async find(token: string, now = new Date()): Promise<SessionDoc | null> {
    const session = await this.sessions.findOne({ _id: hashSecret(token) });
    if (!session) return null;
    if (session.expires_at <= now) {
      await this.sessions.deleteOne({ _id: session._id });
      return null;
    }
    return session;
  }

  /** Notes a request of the session: its time and address, written only when SESSION_TOUCH_MS passed or the address changed. */
  async touch(session: SessionDoc, now: Date, clientIp: string): Promise<void> {
    const seen = session.last_seen_at?.getTime() ?? 0;
    if (now.getTime() - seen < SESSION_TOUCH_MS && session.client_ip === clientIp) return;
    await this.sessions.updateOne({ _id: session._id }, { $set: { last_seen_at: now, client_ip: clientIp } });
  }

  /** The account's live sessions, newest first (for the account page). */
  async listForAccount(accountId: string, now = new Date()): Promise<SessionDoc[]> {
    const all = await this.sessions.find({ account_id: accountId }).sort({ created_at: -1, _id: -1 }).toArray();
    return all.filter((session) => session.expires_at > now);
  }

  /**
   * Signs out every session of the account but `keepId` (the one asking), or all of
   * them when `keepId` is null (a request made with the key, not from a session);
   * returns how many ended.
   */
  async removeOthers(accountId: string, keepId: string | null): Promise<number> {
    const filter = keepId === null ? { account_id: accountId } : { account_id: accountId, _id: { $ne: keepId } };
    return (await this.sessions.deleteMany(filter)).deletedCount;
  }

  /** Every session of the account (its closure). */
  async removeAllForAccount(accountId: string): Promise<number> {
    return (await this.sessions.deleteMany({ account_id: accountId })).deletedCount;
  }

  async remove(token: string): Promise<void> {
    await this.sessions.deleteOne({ _id: hashSecret(token) });
  }

  /** For a maintenance sweep: FerretDB v1 has no TTL indexes. */
  async deleteExpiredBefore(cutoff: Date): Promise<number> {
    return (await this.sessions.deleteMany({ expires_at: { $lt: cutoff } })).deletedCount;
  }
}
