import { hashSecret } from '../store/ids';
import type { SessionDoc } from '../store/sessions';
import type { AppDeps } from './ports';

/**
 * Sign-in throttling. Failures count per client address: an address with
 * `failuresPerAddress` failures in the window is refused (429) until it ends.
 * Failures also count per email, and past `freeFailuresPerEmail` every further
 * wrong password for that email is answered only after `slowDownMs`: guessing
 * slows down, yet the owner's right password from an address that has not been
 * failing is never refused or delayed.
 */
export const SIGNIN_THROTTLE = { windowMs: 15 * 60_000, failuresPerAddress: 10, freeFailuresPerEmail: 5, slowDownMs: 2000 } as const;

export type SignInOutcome =
  | { kind: 'throttled'; retryAfterSec: number }
  | { kind: 'wrong' }
  | { kind: 'signed_in'; accountId: string; token: string; session: SessionDoc };

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Checks the password under the throttle and starts a session (replacing `previousSessionToken`'s). */
export async function signIn(
  deps: Pick<AppDeps, 'sessions' | 'rateLimiter' | 'now'>,
  input: { email: string; password: string; clientIp: string; previousSessionToken?: string },
  sleep: (ms: number) => Promise<void> = pause,
): Promise<SignInOutcome> {
  const { windowMs, failuresPerAddress, freeFailuresPerEmail, slowDownMs } = SIGNIN_THROTTLE;
  const now = deps.now();
  // Every attempt takes a failure slot up front and gives it back if it succeeds, so
  // concurrent guesses from one address cannot all slip past the limit together.
  const address = await deps.rateLimiter.takeSlot(hashSecret(`signin-address:${input.clientIp}`), 'signin-fail', failuresPerAddress, now, windowMs);
  if (!address.allowed) return { kind: 'throttled', retryAfterSec: address.retryAfterSec };
  const accountId = await deps.sessions.checkPassword(input.email, input.password);
  if (!accountId) {
    const forEmail = await deps.rateLimiter.hit(hashSecret(`signin-email:${input.email}`), 'signin-fail', freeFailuresPerEmail, now, windowMs);
    if (!forEmail.allowed) await sleep(slowDownMs);
    return { kind: 'wrong' };
  }
  if (address.slot) await deps.rateLimiter.releaseSlot(address.slot);
  if (input.previousSessionToken) await deps.sessions.remove(input.previousSessionToken);
  const { token, session } = await deps.sessions.create(accountId, deps.now());
  return { kind: 'signed_in', accountId, token, session };
}
