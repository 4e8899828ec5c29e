import { isDuplicateKey, type AccountDoc } from '../store/accounts';
import { hashSecret } from '../store/ids';
import type { SessionDoc } from '../store/sessions';
import type { AppDeps } from './ports';

/** Sign-ups per client address are counted in one-hour windows (the limit is `HOLDLINE_SIGNUPS_PER_HOUR`). */
const SIGNUP_WINDOW_MS = 3_600_000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type SignUpOutcome =
  | { kind: 'throttled'; retryAfterSec: number }
  | { kind: 'invalid'; message: string }
  | { kind: 'taken' }
  | { kind: 'created'; account: AccountDoc; apiKey: string; token: string; session: SessionDoc };

/**
 * Creates an account with a password and signs it in: the new key is in the
 * outcome, to be shown once. Every attempt counts against the address's hourly
 * limit, so the "taken" answer cannot be used to test many emails either.
 */
export async function signUp(
  deps: Pick<AppDeps, 'accounts' | 'sessions' | 'rateLimiter' | 'config' | 'now'>,
  input: { email: string; password: string; clientIp: string; previousSessionToken?: string },
): Promise<SignUpOutcome> {
  const { email, password } = input;
  const limit = await deps.rateLimiter.takeSlot(hashSecret(`signup:${input.clientIp}`), 'signup', deps.config.signupsPerHour, deps.now(), SIGNUP_WINDOW_MS);
  if (!limit.allowed) return { kind: 'throttled', retryAfterSec: limit.retryAfterSec };
  if (!EMAIL.test(email) || email.length > 254) return { kind: 'invalid', message: 'Enter a valid email address.' };
  if (password.length < 8 || password.length > 200) return { kind: 'invalid', message: 'Choose a password of 8 to 200 characters.' };
  if (await deps.accounts.byEmail(email)) return { kind: 'taken' };
  let created;
  try {
    created = await deps.accounts.create({ email, now: deps.now() });
  } catch (error) {
    // Two sign-ups racing for one email: the unique index decides, the loser is told plainly.
    if (isDuplicateKey(error)) return { kind: 'taken' };
    throw error;
  }
  const { account, apiKey } = created;
  if (input.previousSessionToken) await deps.sessions.remove(input.previousSessionToken);
  await deps.sessions.setPassword(account._id, password);
  const { token, session } = await deps.sessions.create(account._id, deps.now());
  return { kind: 'created', account, apiKey, token, session };
}
