import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { Db } from 'mongodb';
import { hashSecret, newSessionToken } from './ids';

// Website sign-in: a password hash on the account document and browser sessions.
// Only hashes are stored: scrypt for passwords, sha256 for session tokens.

const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32, maxmem: 64 * 1024 * 1024 } as const;

function scryptAsync(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `scrypt$N$r$p$<salt b64>$<hash b64>` with a fresh 16-byte salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, SCRYPT.keylen, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** True when `password` matches a hash made by `hashPassword`; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const options = { N: Number(n), r: Number(r), p: Number(p), maxmem: SCRYPT.maxmem };
  if (!Number.isInteger(options.N) || expected.length === 0) return false;
  const key = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, options);
  return timingSafeEqual(key, expected);
}

/** Hashed once so an unknown email costs as much time as a wrong password. */
let dummyHash: Promise<string> | null = null;

interface AccountPasswordFields {
  _id: string;
  email: string;
  password_hash?: string;
}

export interface SessionDoc {
  /** sha256 of the cookie token: the token itself is never stored. */
  _id: string;
  account_id: string;
  /** Form posts of this session carry this token. */
  csrf: string;
  created_at: Date;
  expires_at: Date;
}

export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

export class SessionsStore {
  constructor(private readonly db: Db) {}

  private get accounts() {
    return this.db.collection<AccountPasswordFields>('accounts');
  }
  private get sessions() {
    return this.db.collection<SessionDoc>('sessions');
  }

  async setPassword(accountId: string, password: string): Promise<void> {
    await this.accounts.updateOne({ _id: accountId }, { $set: { password_hash: await hashPassword(password) } });
  }

  /** The account id for a matching email and password, else null (also for accounts without a password). */
  async checkPassword(email: string, password: string): Promise<string | null> {
    const account = await this.accounts.findOne({ email: email.trim().toLowerCase() });
    if (!account?.password_hash) {
      dummyHash ??= hashPassword('not a password');
      await verifyPassword(password, await dummyHash);
      return null;
    }
    return (await verifyPassword(password, account.password_hash)) ? account._id : null;
  }

  /** A new session; the returned token goes into the cookie and is not kept. */
  async create(accountId: string, now = new Date()): Promise<{ token: string; session: SessionDoc }> {
    const token = newSessionToken();
    const session: SessionDoc = {
      _id: hashSecret(token),
      account_id: accountId,
      csrf: randomBytes(24).toString('base64url'),
      created_at: now,
      expires_at: new Date(now.getTime() + SESSION_TTL_MS),
    };
    await this.sessions.insertOne(session);
    return { token, session };
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

  async remove(token: string): Promise<void> {
    await this.sessions.deleteOne({ _id: hashSecret(token) });
  }

  /** For a maintenance sweep: FerretDB v1 has no TTL indexes. */
  async deleteExpiredBefore(cutoff: Date): Promise<number> {
    return (await this.sessions.deleteMany({ expires_at: { $lt: cutoff } })).deletedCount;
  }
}
