// The account's password, sessions and the account page's closure (services/change-password.ts,
// account-sessions.ts, close-account.ts) over the in-memory ports.
import { describe, expect, it } from 'vitest';
import { BoundedSemaphore } from '../../../core/bounded-semaphore';
import { passwordMeetsRule } from '../../../core/password-rule';
import { accountSecurity, signOutOtherSessions } from '../../../services/account-sessions';
import {
  changePassword,
  confirmCurrentPassword,
  CURRENT_PASSWORD_THROTTLE,
  PASSWORD_CHANGES_PER_HOUR,
  PasswordRefusedError,
} from '../../../services/change-password';
import { closeAccount } from '../../../services/close-account';
import { HASH_BUSY_RETRY_SEC } from '../../../services/sign-in';
import { accountWithKey, fakeDeps, type FakeDeps } from '../fake-deps';

const refusal = (reason: PasswordRefusedError['reason']) => expect.objectContaining({ name: 'PasswordRefusedError', reason });

/** An account with a key and `sessions` web sessions; with `password` it has one (as the website's accounts do). */
async function accountWithSessions(deps: FakeDeps, sessions: number, password?: string) {
  const { account } = await accountWithKey(deps);
  if (password !== undefined) await deps.sessions.setPassword(account._id, password);
  const made = [];
  for (let i = 0; i < sessions; i++) {
    made.push((await deps.sessions.create(account._id, deps.now(), `203.0.113.${i + 1}`)).session);
    deps.clock.advance(60_000);
  }
  return { account, sessions: made };
}

const liveSessionIds = (deps: FakeDeps, accountId: string) =>
  [...deps.sessions.sessions.values()].filter((session) => session.account_id === accountId).map((session) => session._id);

describe('the password rule (core/password-rule.ts)', () => {
  it.each([
    ['1234567', false],
    ['12345678', true],
    ['x'.repeat(200), true],
    ['x'.repeat(201), false],
    // Four emoji are four characters (eight UTF-16 units): too short, as the API schema counts them.
    ['🔑🔑🔑🔑', false],
    ['🔑'.repeat(8), true],
    ['🔑'.repeat(200), true],
  ])('%j meets it: %s', (password, meets) => {
    expect(passwordMeetsRule(password)).toBe(meets);
  });
});

describe('changePassword', () => {
  it('an account without a password (made by account:create) sets one with no current password; every web session is signed out', async () => {
    const deps = fakeDeps();
    const { account, sessions } = await accountWithSessions(deps, 2);
    expect(await deps.sessions.hasPassword(account._id)).toBe(false);
    expect(await changePassword(deps, { accountId: account._id, password: 'a new password' })).toEqual({ result: 'set', signedOut: 2 });
    expect(await deps.sessions.checkPassword(account.email, 'a new password')).toBe(account._id);
    expect(liveSessionIds(deps, account._id)).toEqual([]);
    expect(sessions).toHaveLength(2);
  });

  it('an account with a password must give it: none is 400 current_required, a wrong one 403 current_wrong; neither changes anything', async () => {
    const deps = fakeDeps();
    const { account, sessions } = await accountWithSessions(deps, 2, 'the old password');
    const missing = await changePassword(deps, { accountId: account._id, password: 'a new password' }).catch((error: unknown) => error);
    expect(missing).toEqual(refusal('current_required'));
    expect(missing).toMatchObject({ code: 'bad_request', extra: { param: 'current_password' } });
    const wrong = await changePassword(deps, { accountId: account._id, password: 'a new password', currentPassword: 'not it at all' }).catch(
      (error: unknown) => error,
    );
    expect(wrong).toEqual(refusal('current_wrong'));
    expect(wrong).toMatchObject({ code: 'forbidden', message: "current_password is not this account's password; nothing was changed" });
    expect(await deps.sessions.checkPassword(account.email, 'the old password')).toBe(account._id);
    expect(await deps.sessions.checkPassword(account.email, 'a new password')).toBeNull();
    expect(liveSessionIds(deps, account._id)).toEqual(sessions.map((session) => session._id));
  });

  it('the right current password changes it and signs out the other sessions, keeping the one asking', async () => {
    const deps = fakeDeps();
    const { account, sessions } = await accountWithSessions(deps, 3, 'the old password');
    const other = await accountWithSessions(deps, 1, 'theirs is theirs');
    const asking = sessions[1]!;
    const changed = await changePassword(deps, {
      accountId: account._id,
      password: 'a new password',
      currentPassword: 'the old password',
      keepSessionId: asking._id,
    });
    expect(changed).toEqual({ result: 'changed', signedOut: 2 });
    expect(liveSessionIds(deps, account._id)).toEqual([asking._id]);
    expect(await deps.sessions.checkPassword(account.email, 'a new password')).toBe(account._id);
    expect(await deps.sessions.checkPassword(account.email, 'the old password')).toBeNull();
    // Another account's sessions and password are untouched.
    expect(liveSessionIds(deps, other.account._id)).toEqual([other.sessions[0]!._id]);
    expect(await deps.sessions.checkPassword(other.account.email, 'theirs is theirs')).toBe(other.account._id);
  });

  it('a new password the rule refuses is 400 on `password`, before the current one is checked (no guess spent)', async () => {
    const deps = fakeDeps();
    const { account } = await accountWithSessions(deps, 1, 'the old password');
    for (const password of ['short', 'x'.repeat(201), '🔑🔑🔑🔑']) {
      const refused = await changePassword(deps, { accountId: account._id, password, currentPassword: 'wrong guess' }).catch((error: unknown) => error);
      expect(refused).toEqual(refusal('rule'));
      expect(refused).toMatchObject({ code: 'bad_request', message: 'password must be 8 to 200 characters long', extra: { param: 'password' } });
    }
    expect([...deps.rateLimiter.counts.values()].every((count) => count === 0)).toBe(true);
    expect(await deps.sessions.checkPassword(account.email, 'the old password')).toBe(account._id);
  });

  it(`after ${CURRENT_PASSWORD_THROTTLE.failures} wrong current passwords the account is refused with 429, even the right one, until the window ends`, async () => {
    const deps = fakeDeps();
    const { account } = await accountWithSessions(deps, 1, 'the old password');
    const attempt = (currentPassword: string) =>
      changePassword(deps, { accountId: account._id, password: 'a new password', currentPassword }).catch((error: unknown) => error);
    for (let i = 0; i < CURRENT_PASSWORD_THROTTLE.failures; i++) expect(await attempt(`guess ${i}`)).toEqual(refusal('current_wrong'));
    const refused = await attempt('the old password');
    // Windows are fixed 15-minute spans from 12:00; the clock stands at 12:01 (one session made, a minute passed).
    expect(refused).toMatchObject({
      code: 'rate_limited',
      message: 'too many wrong passwords for this account; try again in 14 minutes',
      extra: { retryAfterSec: 840 },
    });
    expect(await deps.sessions.checkPassword(account.email, 'the old password')).toBe(account._id);
    // Another account is not affected; this one changes it once the window has passed.
    const other = await accountWithSessions(deps, 0, 'theirs is theirs');
    expect(await changePassword(deps, { accountId: other.account._id, password: 'theirs is new', currentPassword: 'theirs is theirs' })).toMatchObject({
      result: 'changed',
    });
    deps.clock.advance(CURRENT_PASSWORD_THROTTLE.windowMs);
    expect(await attempt('the old password')).toEqual({ result: 'changed', signedOut: 1 });
  });

  it(`allows ${PASSWORD_CHANGES_PER_HOUR} changes an hour per account; refused attempts do not count, and the next change is 429`, async () => {
    const deps = fakeDeps();
    const { account } = await accountWithSessions(deps, 0);
    expect(await changePassword(deps, { accountId: account._id, password: 'password 0' })).toMatchObject({ result: 'set' });
    await expect(changePassword(deps, { accountId: account._id, password: 'password x', currentPassword: 'wrong' })).rejects.toEqual(refusal('current_wrong'));
    for (let i = 1; i < PASSWORD_CHANGES_PER_HOUR; i++) {
      expect(await changePassword(deps, { accountId: account._id, password: `password ${i}`, currentPassword: `password ${i - 1}` })).toMatchObject({
        result: 'changed',
      });
    }
    const last = `password ${PASSWORD_CHANGES_PER_HOUR - 1}`;
    await expect(changePassword(deps, { accountId: account._id, password: 'one too many', currentPassword: last })).rejects.toMatchObject({
      code: 'rate_limited',
      message: `you can change your password ${PASSWORD_CHANGES_PER_HOUR} times an hour; try again in 60 minutes`,
    });
    expect(await deps.sessions.checkPassword(account.email, last)).toBe(account._id);
  });

  it('a full hashing queue is a 429 with Retry-After; nothing changes and no failure is counted', async () => {
    const deps = fakeDeps();
    const { account } = await accountWithSessions(deps, 1);
    deps.sessions.gate = new BoundedSemaphore({ concurrency: 1, queueLimit: 0 });
    let release!: () => void;
    const holding = deps.sessions.gate.run(() => new Promise<void>((resolve) => (release = resolve)));
    await deps.sessions.setPassword(account._id, 'the old password');
    await expect(confirmCurrentPassword(deps, account._id, 'the old password')).rejects.toMatchObject({
      code: 'rate_limited',
      extra: { retryAfterSec: HASH_BUSY_RETRY_SEC },
    });
    expect([...deps.rateLimiter.counts.values()].every((count) => count === 0)).toBe(true);
    release();
    await holding;
  });
});

describe("the account page's sessions", () => {
  it('lists the live sessions newest first with their times and addresses, marks the one asking, and says whether the account has a password', async () => {
    const deps = fakeDeps();
    const { account, sessions } = await accountWithSessions(deps, 3, 'a password');
    await accountWithSessions(deps, 2);
    const [first, second, third] = sessions as [(typeof sessions)[0], (typeof sessions)[0], (typeof sessions)[0]];
    await deps.sessions.touch(first, new Date(deps.now().getTime() + 5_000), '198.51.100.7');
    const view = await accountSecurity(deps, account._id, second._id);
    expect(view).toEqual({
      hasPassword: true,
      now: deps.now(),
      sessions: [
        { createdAt: third.created_at, lastSeenAt: third.created_at, clientIp: '203.0.113.3', current: false },
        { createdAt: second.created_at, lastSeenAt: second.created_at, clientIp: '203.0.113.2', current: true },
        { createdAt: first.created_at, lastSeenAt: new Date(deps.now().getTime() + 5_000), clientIp: '198.51.100.7', current: false },
      ],
    });
    expect((await accountSecurity(deps, (await accountWithKey(deps)).account._id, second._id)).hasPassword).toBe(false);
  });

  it('signs out the other sessions of the account only, keeping the one asking', async () => {
    const deps = fakeDeps();
    const { account, sessions } = await accountWithSessions(deps, 3, 'a password');
    const other = await accountWithSessions(deps, 2);
    expect(await signOutOtherSessions(deps, account._id, sessions[0]!._id)).toBe(2);
    expect(liveSessionIds(deps, account._id)).toEqual([sessions[0]!._id]);
    expect(liveSessionIds(deps, other.account._id)).toHaveLength(2);
    expect(await signOutOtherSessions(deps, account._id, sessions[0]!._id)).toBe(0);
  });
});

describe("closeAccount (the account page's closure and DELETE /v1/account)", () => {
  it('a wrong email is 400 on `email` before the password is checked; a missing or wrong password refuses; nothing is closed', async () => {
    const deps = fakeDeps();
    const { account } = await accountWithSessions(deps, 1, 'the password');
    await expect(closeAccount(deps, { account, email: 'someone@else.example', password: 'the password' })).rejects.toMatchObject({
      code: 'bad_request',
      extra: { param: 'email' },
    });
    expect([...deps.rateLimiter.counts.values()]).toEqual([]);
    await expect(closeAccount(deps, { account, email: account.email, password: '' })).rejects.toEqual(refusal('current_required'));
    await expect(closeAccount(deps, { account, email: account.email, password: 'not the password' })).rejects.toEqual(refusal('current_wrong'));
    expect(deps.workflows.closures).toEqual([]);
    expect(deps.accounts.docs.get(account._id)?.closing_at).toBeUndefined();
  });

  it('with the email (any case) and the right password it runs the closure of DELETE /v1/account: marked closing, workflow started', async () => {
    const deps = fakeDeps();
    const { account } = await accountWithSessions(deps, 1, 'the password');
    expect(await closeAccount(deps, { account, email: ` ${account.email.toUpperCase()} `, password: 'the password', requestId: 'req_web' })).toBe('closed');
    expect(deps.workflows.closures).toEqual([account._id]);
    expect(deps.accounts.docs.get(account._id)?.closing_at).toEqual(expect.any(Date));
  });

  it('an account without a password closes with its email alone; a closure outlasting the wait is `closing`', async () => {
    const deps = fakeDeps();
    deps.workflows.deletionFinishes = false;
    const { account } = await accountWithSessions(deps, 1);
    expect(await closeAccount(deps, { account, email: account.email })).toBe('closing');
    expect(deps.workflows.closures).toEqual([account._id]);
  });
});
