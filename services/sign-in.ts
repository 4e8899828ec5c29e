import { rateLimited } from '../core/errors';
import { SemaphoreFullError } from '../core/bounded-semaphore';
import { hashSecret } from '../store/ids';
import type { SessionDoc } from '../store/sessions';
import type { AppDeps } from './ports';

/**
 * Sign-in throttling. Every attempt, a successful one too, counts per client
 * address in one-hour windows (`HOLDLINE_SIGNINS_PER_HOUR`, default 30): each
 * attempt runs scrypt, so even right passwords must not arrive without bound.
 * Failures count per address as well: an address with `failuresPerAddress`
 * failures in the window is refused (429) until it ends. Failures also count per
 * email, and past `freeFailuresPerEmail` every further wrong password for that
 * email is answered only after `slowDownMs`: guessing slows down, yet the owner's
 * right password from an address that has not been failing is never delayed.
 */
export const SIGNIN_THROTTLE = {
  windowMs: 15 * 60_000,
  attemptWindowMs: 3_600_000,
  failuresPerAddress: 10,
  freeFailuresPerEmail: 5,
  slowDownMs: 2000,
} as const;

/** Seconds a sign-in refused because the hashing queue is full is told to wait. */
export const HASH_BUSY_RETRY_SEC = 5;

export type SignInOutcome =
  | { kind: 'throttled'; retryAfterSec: number }
  | { kind: 'wrong' }
  /** `firstKey`: the account's first API key, issued by this sign-in, to be shown once. */
  | { kind: 'signed_in'; accountId: string; token: string; session: SessionDoc; firstKey?: string };

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A full password-hashing queue as the 429 the website shows. */
export async function hashingOrBusy<T>(task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (error) {
    if (error instanceof SemaphoreFullError)
      throw rateLimited('too many sign-ins are being checked right now; try again in a few seconds', HASH_BUSY_RETRY_SEC);
    throw error;
  }
}

/**
 * Checks the password under the throttle and starts a session (replacing
 * `previousSessionToken`'s). An account made by the website's sign-up has no key
 * until here: its first sign-in issues it (`firstKey`).
 */
export async function signIn(
  deps: Pick<AppDeps, 'sessions' | 'accounts' | 'rateLimiter' | 'config' | 'now'>,
  input: { email: string; password: string; clientIp: string; previousSessionToken?: string },
  sleep: (ms: number) => Promise<void> = pause,
): Promise<SignInOutcome> {
  const { windowMs, attemptWindowMs, failuresPerAddress, freeFailuresPerEmail, slowDownMs } = SIGNIN_THROTTLE;
  const now = deps.now();
  const attempts = await deps.rateLimiter.takeSlot(hashSecret(`signin-attempt:${input.clientIp}`), 'signin', deps.config.signinsPerHour, now, attemptWindowMs);
  if (!attempts.allowed) return { kind: 'throttled', retryAfterSec: attempts.retryAfterSec };
  // A failure slot is taken up front and given back on success, so concurrent
  // guesses from one address cannot all slip past the failure limit together.
  const failures = await deps.rateLimiter.takeSlot(hashSecret(`signin-address:${input.clientIp}`), 'signin-fail', failuresPerAddress, now, windowMs);
  if (!failures.allowed) return { kind: 'throttled', retryAfterSec: failures.retryAfterSec };
  let accountId: string | null;
  try {
    accountId = await hashingOrBusy(() => deps.sessions.checkPassword(input.email, input.password));
  } catch (error) {
    // Refused before its password was checked: not a failure of this address.
    if (failures.slot) await deps.rateLimiter.releaseSlot(failures.slot);
    throw error;
  }
  if (!accountId) {
    const forEmail = await deps.rateLimiter.hit(hashSecret(`signin-email:${input.email}`), 'signin-fail', freeFailuresPerEmail, now, windowMs);
    if (!forEmail.allowed) await sleep(slowDownMs);
    return { kind: 'wrong' };
  }
  if (failures.slot) await deps.rateLimiter.releaseSlot(failures.slot);
  if (input.previousSessionToken) await deps.sessions.remove(input.previousSessionToken);
  const { token, session } = await deps.sessions.create(accountId, deps.now(), input.clientIp);
  const account = await deps.accounts.byId(accountId);
  const firstKey = account?.key_hash === '' ? await deps.accounts.issueFirstKey(accountId, deps.now()) : null;
  return { kind: 'signed_in', accountId, token, session, ...(firstKey ? { firstKey } : {}) };
}
