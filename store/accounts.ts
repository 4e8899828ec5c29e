import { EmailTakenError, isDuplicateKey } from './duplicate-key';
import { randomBytes } from 'node:crypto';
import type { Db } from 'mongodb';
import { isWebhookSecret } from '../core/webhook';
import { PLANS, type PlanId } from '../core/plans';
import { hashSecret, keyPrefix, newAccountId, newApiKey } from './ids';
import { ReadCache } from './read-cache';

export interface AccountDoc {
  _id: string;
  email: string;
  plan: PlanId;
  created_at: Date;
  /** '' while the account has no key yet (made by the website's sign-up until its first sign-in). */
  key_prefix: string;
  /**
   * sha256 of the one live key; '' while the account has no key yet. Rotation swaps it in a single-document update,
   * so concurrent rotations leave exactly one working key (FerretDB has no
   * transactions). Accounts made before this field fall back to `api_keys`.
   */
  key_hash?: string;
  /**
   * Signs the account's completion webhooks (Standard Webhooks, `whsec_…`). Made at
   * sign-up; accounts older than webhooks get one on first use (`webhookSecret`).
   */
  webhook_secret?: string;
  /**
   * Set when the owner asked to close the account: from then on its key and sessions
   * answer 401 while its `close-account-` workflow removes everything of it.
   */
  closing_at?: Date;
  /** Days a scan's media is kept (null or absent: the operator's `HOLDLINE_MEDIA_RETENTION_DAYS`; 0: kept for good). */
  media_retention_days?: number | null;
  /** Whether retention removes published scans' media too (default false: published videos stay watchable). */
  retention_includes_published?: boolean;
}

/** `whsec_` and the base64 of 24 random bytes: the secret format the standardwebhooks libraries read. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

interface ApiKeyDoc {
  /** sha256 of the key: the key itself is never stored. */
  _id: string;
  account_id: string;
  prefix: string;
  created_at: Date;
  revoked_at?: Date;
}

export interface AuthenticatedKey {
  account: AccountDoc;
  keyHash: string;
}

export class AccountsStore {
  /**
   * Key lookups of this process, reused for AUTH_CACHE_MS: a poller's requests
   * then cost no database read for the key. A key revoked or an account changed
   * here is forgotten at once; by another API instance, within AUTH_CACHE_MS.
   */
  static readonly AUTH_CACHE_MS = 1000;
  private static readonly authCache = new ReadCache<AuthenticatedKey | null>(AccountsStore.AUTH_CACHE_MS);

  constructor(private readonly db: Db) {}

  private get accounts() {
    return this.db.collection<AccountDoc>('accounts');
  }
  private get keys() {
    return this.db.collection<ApiKeyDoc>('api_keys');
  }

  /**
   * Creates an account with a fresh key; the key is returned in full only here.
   * `passwordHash` (store/password-hash.ts) lets it sign in on the website too,
   * written in the same insert, so the account never exists without it.
   */
  async create(input: { email: string; plan?: PlanId; now?: Date; passwordHash?: string }): Promise<{ account: AccountDoc; apiKey: string }> {
    const now = input.now ?? new Date();
    const apiKey = newApiKey();
    const account: AccountDoc = {
      _id: newAccountId(),
      email: input.email.trim().toLowerCase(),
      plan: input.plan ?? 'signal',
      created_at: now,
      key_prefix: keyPrefix(apiKey),
      key_hash: hashSecret(apiKey),
      webhook_secret: newWebhookSecret(),
    };
    // The key document first: the account never points at a key that is not there.
    await this.keys.insertOne({ _id: account.key_hash!, account_id: account._id, prefix: account.key_prefix, created_at: now });
    try {
      // The hash is not part of AccountDoc: it is read only through SessionsStore, never handed around with the account.
      await this.accounts.insertOne(input.passwordHash ? ({ ...account, password_hash: input.passwordHash } as AccountDoc) : account);
    } catch (error) {
      // A taken email (unique index) leaves no orphan key behind.
      await this.keys.deleteOne({ _id: account.key_hash! }).catch(() => undefined);
      throw isDuplicateKey(error) ? new EmailTakenError(account.email) : error;
    }
    return { account, apiKey };
  }

  /**
   * An account without a key, with its password hash (one insert: never an account
   * half made). The website's sign-up makes these: the key is issued and shown at
   * the first sign-in (`issueFirstKey`), so the sign-up answer is the same whether
   * or not the email already had an account.
   */
  async createUnkeyed(input: { email: string; passwordHash: string; now?: Date }): Promise<AccountDoc> {
    const account: AccountDoc = {
      _id: newAccountId(),
      email: input.email.trim().toLowerCase(),
      plan: 'signal',
      created_at: input.now ?? new Date(),
      key_prefix: '',
      key_hash: '',
      webhook_secret: newWebhookSecret(),
    };
    try {
      await this.accounts.insertOne({ ...account, password_hash: input.passwordHash } as AccountDoc);
    } catch (error) {
      throw isDuplicateKey(error) ? new EmailTakenError(account.email) : error;
    }
    return account;
  }

  /**
   * The first key of an account made without one, or null when it already has a
   * key. The switch is conditional on the account still having none; FerretDB
   * does not isolate that condition, so two first sign-ins at the very same moment
   * could both issue one: the later wins and the account page names its prefix.
   */
  async issueFirstKey(accountId: string, now = new Date()): Promise<string | null> {
    const apiKey = newApiKey();
    const keyHash = hashSecret(apiKey);
    await this.keys.insertOne({ _id: keyHash, account_id: accountId, prefix: keyPrefix(apiKey), created_at: now });
    const result = await this.accounts.updateOne({ _id: accountId, key_hash: '' }, { $set: { key_hash: keyHash, key_prefix: keyPrefix(apiKey) } });
    if (result.modifiedCount === 0) {
      await this.keys.deleteOne({ _id: keyHash });
      return null;
    }
    AccountsStore.authCache.clear();
    return apiKey;
  }

  /**
   * Deletes key documents revoked before `cutoff` (for the maintenance schedule:
   * every rotation leaves one). A revoked key never authenticates, kept or not.
   */
  async deleteRevokedKeysBefore(cutoff: Date): Promise<number> {
    return (await this.keys.deleteMany({ revoked_at: { $lt: cutoff } })).deletedCount;
  }

  /**
   * Issues a new key and makes it the account's only live one. The switch is one
   * update of the account document; of concurrent rotations the last applied
   * wins and every other new key is dead on arrival.
   */
  async rotateKey(accountId: string, now = new Date()): Promise<string> {
    const apiKey = newApiKey();
    const keyHash = hashSecret(apiKey);
    await this.keys.insertOne({ _id: keyHash, account_id: accountId, prefix: keyPrefix(apiKey), created_at: now });
    const before = await this.accounts.findOneAndUpdate(
      { _id: accountId },
      { $set: { key_hash: keyHash, key_prefix: keyPrefix(apiKey) } },
      { returnDocument: 'before' },
    );
    if (!before) {
      await this.keys.deleteOne({ _id: keyHash });
      throw new Error(`no account ${accountId}`);
    }
    // Bookkeeping only: the replaced key can never become current again, so marking it is race-free.
    if (before.key_hash) await this.keys.updateOne({ _id: before.key_hash }, { $set: { revoked_at: now } });
    else {
      await this.keys.updateMany({ account_id: accountId, _id: { $ne: keyHash }, revoked_at: { $exists: false } }, { $set: { revoked_at: now } });
    }
    AccountsStore.authCache.clear();
    return apiKey;
  }

  async revokeKey(apiKey: string, now = new Date()): Promise<void> {
    await this.keys.updateOne({ _id: hashSecret(apiKey) }, { $set: { revoked_at: now } });
    AccountsStore.authCache.clear();
  }

  /** The account behind a live key, or null for an unknown or revoked one. */
  async authenticate(apiKey: string): Promise<AuthenticatedKey | null> {
    const keyHash = hashSecret(apiKey);
    return AccountsStore.authCache.get(`${this.db.databaseName}:${keyHash}`, async () => {
      const key = await this.keys.findOne({ _id: keyHash });
      if (!key || key.revoked_at) return null;
      const account = await this.accounts.findOne({ _id: key.account_id });
      if (!account || account.closing_at) return null;
      // The account names its live key; a key replaced by a concurrent rotation is dead even before it is marked.
      if (account.key_hash !== undefined && account.key_hash !== keyHash) return null;
      return { account, keyHash };
    });
  }

  async byId(accountId: string): Promise<AccountDoc | null> {
    return this.accounts.findOne({ _id: accountId });
  }

  /** Which of `accountIds` still have an account document (closing ones included). */
  async existingIds(accountIds: string[]): Promise<string[]> {
    if (accountIds.length === 0) return [];
    return (await this.accounts.find({ _id: { $in: accountIds } }, { projection: { _id: 1 } }).toArray()).map((doc) => doc._id);
  }

  async byEmail(email: string): Promise<AccountDoc | null> {
    return this.accounts.findOne({ email: email.trim().toLowerCase() });
  }

  /**
   * Marks the account as closing (idempotent: the first time is kept); its key stops
   * authenticating here at once, on other API instances within AUTH_CACHE_MS.
   * Null: no such account.
   */
  async markClosing(accountId: string, now = new Date()): Promise<AccountDoc | null> {
    await this.accounts.updateOne({ _id: accountId, closing_at: { $exists: false } }, { $set: { closing_at: now } });
    AccountsStore.authCache.clear();
    return this.accounts.findOne({ _id: accountId });
  }

  /** Every key document of the account (live and revoked), for its closure; their hashes name its rate windows. */
  async keyHashesOf(accountId: string): Promise<string[]> {
    return (await this.keys.find({ account_id: accountId }, { projection: { _id: 1 } }).toArray()).map((doc) => doc._id);
  }

  /** Removes the account's keys, then the account itself (the closure's last step; idempotent). */
  async removeWithKeys(accountId: string): Promise<void> {
    await this.keys.deleteMany({ account_id: accountId });
    await this.accounts.deleteOne({ _id: accountId });
    AccountsStore.authCache.clear();
  }

  /** One page of the accounts' retention fields by `_id`, after `after` (the previous page's last): the retention run walks them all. */
  async retentionSettingsPage(
    after: string | null,
    limit: number,
  ): Promise<Array<Pick<AccountDoc, '_id' | 'media_retention_days' | 'retention_includes_published' | 'closing_at'>>> {
    return this.accounts
      .find(after === null ? {} : { _id: { $gt: after } }, {
        projection: { _id: 1, media_retention_days: 1, retention_includes_published: 1, closing_at: 1 },
        sort: { _id: 1 },
        limit,
      })
      .toArray();
  }

  /** Sets the account's media retention (`days` null: the operator's default). */
  async setRetention(accountId: string, setting: { days: number | null; includePublished: boolean }): Promise<void> {
    await this.accounts.updateOne({ _id: accountId }, { $set: { media_retention_days: setting.days, retention_includes_published: setting.includePublished } });
    AccountsStore.authCache.clear();
  }

  async setPlan(accountId: string, plan: PlanId): Promise<void> {
    if (!(plan in PLANS)) throw new Error(`unknown plan ${plan}`);
    await this.accounts.updateOne({ _id: accountId }, { $set: { plan } });
    AccountsStore.authCache.clear();
  }

  /**
   * The account's webhook signing secret, made now if it has none (an account
   * older than webhooks), then read back: of two first uses at once the first
   * write wins on MongoDB (the guard rides in the filter). FerretDB does not
   * isolate the guard, so there two first uses could briefly disagree; the
   * delivery then fails verification once and its retry signs with the stored
   * secret. Null: no such account.
   */
  async webhookSecret(accountId: string): Promise<string | null> {
    const account = await this.accounts.findOne({ _id: accountId });
    if (!account) return null;
    if (isWebhookSecret(account.webhook_secret)) return account.webhook_secret;
    await this.accounts.updateOne({ _id: accountId, webhook_secret: { $exists: false } }, { $set: { webhook_secret: newWebhookSecret() } });
    return (await this.accounts.findOne({ _id: accountId }))?.webhook_secret ?? null;
  }

  /** Replaces the webhook signing secret; the next delivery attempt signs with the new one. */
  async rotateWebhookSecret(accountId: string): Promise<string> {
    const secret = newWebhookSecret();
    const result = await this.accounts.updateOne({ _id: accountId }, { $set: { webhook_secret: secret } });
    if (result.matchedCount === 0) throw new Error(`no account ${accountId}`);
    AccountsStore.authCache.clear();
    return secret;
  }
}
