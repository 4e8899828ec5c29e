import type { Db } from 'mongodb';
import { PLANS, type PlanId } from '../core/plans';
import { hashSecret, keyPrefix, newAccountId, newApiKey } from './ids';
import { ReadCache } from './read-cache';

export interface AccountDoc {
  _id: string;
  email: string;
  plan: PlanId;
  created_at: Date;
  key_prefix: string;
}

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

  /** Creates an account with a fresh key; the key is returned in full only here. */
  async create(input: { email: string; plan?: PlanId; now?: Date }): Promise<{ account: AccountDoc; apiKey: string }> {
    const now = input.now ?? new Date();
    const apiKey = newApiKey();
    const account: AccountDoc = {
      _id: newAccountId(),
      email: input.email.trim().toLowerCase(),
      plan: input.plan ?? 'signal',
      created_at: now,
      key_prefix: keyPrefix(apiKey),
    };
    await this.accounts.insertOne(account);
    await this.keys.insertOne({ _id: hashSecret(apiKey), account_id: account._id, prefix: account.key_prefix, created_at: now });
    return { account, apiKey };
  }

  /** Revokes every live key of the account and issues a new one. */
  async rotateKey(accountId: string, now = new Date()): Promise<string> {
    const apiKey = newApiKey();
    await this.keys.insertOne({ _id: hashSecret(apiKey), account_id: accountId, prefix: keyPrefix(apiKey), created_at: now });
    await this.keys.updateMany(
      { account_id: accountId, _id: { $ne: hashSecret(apiKey) }, revoked_at: { $exists: false } },
      { $set: { revoked_at: now } },
    );
    await this.accounts.updateOne({ _id: accountId }, { $set: { key_prefix: keyPrefix(apiKey) } });
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
      return account ? { account, keyHash } : null;
    });
  }

  async byId(accountId: string): Promise<AccountDoc | null> {
    return this.accounts.findOne({ _id: accountId });
  }

  async byEmail(email: string): Promise<AccountDoc | null> {
    return this.accounts.findOne({ email: email.trim().toLowerCase() });
  }

  async setPlan(accountId: string, plan: PlanId): Promise<void> {
    if (!(plan in PLANS)) throw new Error(`unknown plan ${plan}`);
    await this.accounts.updateOne({ _id: accountId }, { $set: { plan } });
    AccountsStore.authCache.clear();
  }
}
