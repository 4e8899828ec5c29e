import { PASSWORD_RULE, passwordMeetsRule } from '../core/password-rule';
import { EmailTakenError } from '../store/duplicate-key';
import { hashSecret } from '../store/ids';
import type { AppDeps } from './ports';
import { hashingOrBusy } from './sign-in';

/** Sign-ups per client address are counted in one-hour windows (the limit is `HOLDLINE_SIGNUPS_PER_HOUR`). */
const SIGNUP_WINDOW_MS = 3_600_000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type SignUpOutcome =
  | { kind: 'throttled'; retryAfterSec: number }
  | { kind: 'invalid'; message: string }
  /** The one answer to a valid sign-up, whether or not the email already had an account. */
  | { kind: 'received' };

/**
 * Creates an account with a password, without a key and without signing it in:
 * the answer is `received` whether the email was new or already had an account,
 * so sign-up cannot be used to learn which emails have accounts. The new user
 * signs in next, and that first sign-in issues and shows the key. An existing
 * email creates nothing, but its password is hashed all the same, so the two
 * cases take the same time (scrypt is nearly all of it). Every attempt counts
 * against the address's hourly limit.
 */
export async function signUp(
  deps: Pick<AppDeps, 'accounts' | 'sessions' | 'rateLimiter' | 'config' | 'now'>,
  input: { email: string; password: string; clientIp: string },
): Promise<SignUpOutcome> {
  const { email, password } = input;
  const limit = await deps.rateLimiter.takeSlot(hashSecret(`signup:${input.clientIp}`), 'signup', deps.config.signupsPerHour, deps.now(), SIGNUP_WINDOW_MS);
  if (!limit.allowed) return { kind: 'throttled', retryAfterSec: limit.retryAfterSec };
  if (!EMAIL.test(email) || email.length > 254) return { kind: 'invalid', message: 'Enter a valid email address.' };
  if (!passwordMeetsRule(password)) return { kind: 'invalid', message: `Choose a password of ${PASSWORD_RULE}.` };
  const passwordHash = await hashingOrBusy(() => deps.sessions.hashNewPassword(password));
  if (await deps.accounts.byEmail(email)) return { kind: 'received' };
  try {
    await deps.accounts.createUnkeyed({ email, passwordHash, now: deps.now() });
  } catch (error) {
    // Two sign-ups racing for one email: the unique index decides; the other changes nothing.
    if (!(error instanceof EmailTakenError)) throw error;
  }
  return { kind: 'received' };
}
