import { badRequest, notFound, rateLimited } from '../core/errors';
import { isPlanId, PLANS, type PlanId } from '../core/plans';
import { hashSecret } from '../store/ids';
import { confirmCurrentPassword } from './change-password';
import type { AppDeps } from './ports';

/**
 * Key rotations per account per hour. Each rotation leaves a revoked key document
 * (swept after `REVOKED_KEY_GRACE_MS` by the maintenance schedule); this bounds how
 * fast a session can make them.
 */
export const KEY_ROTATIONS_PER_HOUR = 10;

/** What the account page shows: the key's prefix (never the key, but for the one answer that made it), plan and usage. */
export interface AccountSummary {
  email: string;
  plan: PlanId;
  /** '' while the account has no key yet (its first sign-in issues one). */
  keyPrefix: string;
  /** Signs the completion webhooks (`whsec_…`); shown on every visit, as receivers need it to verify. */
  webhookSecret: string;
  /** Present only on the one response that created or rotated the key. */
  newKey?: string;
  notice?: string;
  usage: { scans: number; calls: number; tokens: number; periodEnd: Date };
}

export async function accountSummary(
  deps: Pick<AppDeps, 'accounts' | 'usage' | 'now'>,
  accountId: string,
  extra: Pick<AccountSummary, 'newKey' | 'notice'> = {},
): Promise<AccountSummary> {
  const account = await deps.accounts.byId(accountId);
  if (!account) throw notFound('This account no longer exists.');
  const month = await deps.usage.month(account._id, deps.now());
  // An account older than webhooks gets its secret the first time it is looked at.
  const webhookSecret = account.webhook_secret ?? (await deps.accounts.webhookSecret(account._id));
  if (!webhookSecret) throw notFound('This account no longer exists.');
  return {
    email: account.email,
    plan: account.plan,
    keyPrefix: account.key_prefix,
    webhookSecret,
    usage: { scans: month.scans, calls: month.calls, tokens: month.tokens, periodEnd: month.period.end },
    ...extra,
  };
}

/**
 * Revokes the account's key and issues a new one, shown once in the returned summary; 429 past
 * KEY_ROTATIONS_PER_HOUR. An account with a password must give it (`confirmCurrentPassword`, its
 * throttle included): a session left open on a shared computer would otherwise hand out a fresh key.
 */
export async function rotateKey(
  deps: Pick<AppDeps, 'accounts' | 'usage' | 'rateLimiter' | 'sessions' | 'now'>,
  accountId: string,
  password?: string,
): Promise<AccountSummary> {
  await confirmCurrentPassword(deps, accountId, password, 'rotate');
  const slot = await deps.rateLimiter.takeSlot(hashSecret(`rotate-key:${accountId}`), 'key-rotation', KEY_ROTATIONS_PER_HOUR, deps.now(), 3_600_000);
  if (!slot.allowed) {
    throw rateLimited(
      `you can rotate your key ${KEY_ROTATIONS_PER_HOUR} times an hour; try again in ${Math.ceil(slot.retryAfterSec / 60)} minutes`,
      slot.retryAfterSec,
    );
  }
  const apiKey = await deps.accounts.rotateKey(accountId, deps.now());
  return accountSummary(deps, accountId, { newKey: apiKey, notice: 'Your old key is revoked. Here is the new one.' });
}

/** Replaces the webhook signing secret; deliveries sign with the new one from their next attempt. */
export async function rotateWebhookSecret(deps: Pick<AppDeps, 'accounts' | 'usage' | 'now'>, accountId: string): Promise<AccountSummary> {
  await deps.accounts.rotateWebhookSecret(accountId);
  return accountSummary(deps, accountId, { notice: 'Your webhook signing secret is replaced: deliveries from now on are signed with the new one.' });
}

/** Moves the account to another plan (free while the beta lasts). */
export async function changePlan(deps: Pick<AppDeps, 'accounts'>, accountId: string, plan: string | undefined): Promise<void> {
  if (!isPlanId(plan)) throw badRequest(`Choose one of the plans: ${Object.keys(PLANS).join(', ')}.`);
  await deps.accounts.setPlan(accountId, plan);
}
