import { DomainError, rateLimited } from '../core/errors';
import { PASSWORD_RULE, passwordMeetsRule } from '../core/password-rule';
import { hashSecret } from '../store/ids';
import type { AppDeps } from './ports';
import { hashingOrBusy } from './sign-in';

/**
 * Wrong current passwords per account (the account page's forms and
 * `PUT /v1/account/password` together): each check runs scrypt, and a stolen key
 * or session must not be able to guess the password it does not know.
 */
export const CURRENT_PASSWORD_THROTTLE = { failures: 10, windowMs: 15 * 60_000 } as const;

/** Password changes per account per hour (each hashes with scrypt); refused ones do not count. */
export const PASSWORD_CHANGES_PER_HOUR = 10;

/** Why a change of password (or a closure asking for the password) was refused; the website words each its own way. */
export type PasswordRefusalReason = 'rule' | 'current_required' | 'current_wrong';

/** What the password confirms: a change of password (`current_password`), a closure of the account or a new key (`password`). */
export type PasswordPurpose = 'change' | 'close' | 'rotate';

export class PasswordRefusedError extends DomainError {
  constructor(
    readonly reason: PasswordRefusalReason,
    purpose: PasswordPurpose = 'change',
  ) {
    super(...PasswordRefusedError.statusAndMessage(reason, purpose));
    this.name = 'PasswordRefusedError';
  }

  private static statusAndMessage(reason: PasswordRefusalReason, purpose: PasswordPurpose): ConstructorParameters<typeof DomainError> {
    if (purpose === 'close' && reason !== 'rule') {
      return reason === 'current_required'
        ? ['bad_request', 'this account has a password: send it as password to close the account (the key alone cannot close it)', { param: 'password' }]
        : ['forbidden', "password is not this account's password; the account is still open", { param: 'password' }];
    }
    if (purpose === 'rotate' && reason !== 'rule') {
      return reason === 'current_required'
        ? ['bad_request', 'this account has a password: give it to rotate the key', { param: 'password' }]
        : ['forbidden', "password is not this account's password; the key was not rotated", { param: 'password' }];
    }
    switch (reason) {
      case 'rule':
        return ['bad_request', `password must be ${PASSWORD_RULE} long`, { param: 'password' }];
      case 'current_required':
        return ['bad_request', 'this account has a password: send it as current_password to change it', { param: 'current_password' }];
      case 'current_wrong':
        return ['forbidden', "current_password is not this account's password; nothing was changed", { param: 'current_password' }];
    }
  }
}

type PasswordDeps = Pick<AppDeps, 'sessions' | 'rateLimiter' | 'now'>;

/**
 * Checks the password the owner gave for the account: `none` when the account has
 * no password (made by `account:create`: its key or session is proof enough),
 * `right` when it matches; otherwise refuses. Wrong ones count against
 * CURRENT_PASSWORD_THROTTLE (429 past it, even for the right one).
 */
export async function confirmCurrentPassword(
  deps: PasswordDeps,
  accountId: string,
  given: string | undefined,
  purpose: PasswordPurpose = 'change',
): Promise<'none' | 'right'> {
  if (!given) {
    if (await deps.sessions.hasPassword(accountId)) throw new PasswordRefusedError('current_required', purpose);
    return 'none';
  }
  const { failures, windowMs } = CURRENT_PASSWORD_THROTTLE;
  // A failure slot is taken before the check and given back when it passes, so guesses sent at once cannot all slip under the limit.
  const slot = await deps.rateLimiter.takeSlot(hashSecret(`password-check:${accountId}`), 'password-fail', failures, deps.now(), windowMs);
  if (!slot.allowed) {
    throw rateLimited(`too many wrong passwords for this account; try again in ${Math.ceil(slot.retryAfterSec / 60)} minutes`, slot.retryAfterSec);
  }
  let check: 'right' | 'wrong' | 'none';
  try {
    check = await hashingOrBusy(() => deps.sessions.verifyAccountPassword(accountId, given));
  } catch (error) {
    if (slot.slot) await deps.rateLimiter.releaseSlot(slot.slot);
    throw error;
  }
  if (check === 'wrong') throw new PasswordRefusedError('current_wrong', purpose);
  if (slot.slot) await deps.rateLimiter.releaseSlot(slot.slot);
  return check;
}

export interface PasswordChanged {
  /** `set` when the account had no password before, else `changed`. */
  result: 'set' | 'changed';
  /** Web sessions signed out by the change. */
  signedOut: number;
}

/**
 * Sets the account's password: the new one must meet the rule (core/password-rule.ts),
 * and an account that has one must give it (`confirmCurrentPassword`). Then every web
 * session of the account but `keepSessionId` (the session asking, if any) is signed out.
 */
export async function changePassword(
  deps: PasswordDeps,
  input: { accountId: string; password: string; currentPassword?: string; keepSessionId?: string },
): Promise<PasswordChanged> {
  // Checked first: a new password the rule refuses costs no guess at the current one.
  if (!passwordMeetsRule(input.password)) throw new PasswordRefusedError('rule');
  const change = await deps.rateLimiter.takeSlot(
    hashSecret(`password-change:${input.accountId}`),
    'password-change',
    PASSWORD_CHANGES_PER_HOUR,
    deps.now(),
    3_600_000,
  );
  if (!change.allowed) {
    throw rateLimited(
      `you can change your password ${PASSWORD_CHANGES_PER_HOUR} times an hour; try again in ${Math.ceil(change.retryAfterSec / 60)} minutes`,
      change.retryAfterSec,
    );
  }
  let before: 'none' | 'right';
  try {
    before = await confirmCurrentPassword(deps, input.accountId, input.currentPassword);
    await hashingOrBusy(() => deps.sessions.setPassword(input.accountId, input.password));
  } catch (error) {
    // Nothing was changed: the attempt is not one of the hour's changes.
    if (change.slot) await deps.rateLimiter.releaseSlot(change.slot);
    throw error;
  }
  const signedOut = await deps.sessions.removeOthers(input.accountId, input.keepSessionId ?? null);
  return { result: before === 'none' ? 'set' : 'changed', signedOut };
}
