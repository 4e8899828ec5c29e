import { describe, expect, it } from 'vitest';
import { BoundedSemaphore } from '../../../core/bounded-semaphore';
import { DomainError } from '../../../core/errors';
import { changePlan, KEY_ROTATIONS_PER_HOUR, rotateKey } from '../../../services/account';
import { publishScan } from '../../../services/publish-scan';
import { HASH_BUSY_RETRY_SEC, SIGNIN_THROTTLE, signIn } from '../../../services/sign-in';
import { signUp } from '../../../services/sign-up';
import type { ScanDoc } from '../../../store/scan-docs';
import { accountWithKey, fakeDeps } from '../fake-deps';

describe('rotateKey', () => {
  it('revokes the old key, and the summary shows the new one once', async () => {
    const deps = fakeDeps();
    const { account, apiKey } = await accountWithKey(deps);
    const summary = await rotateKey(deps, account._id);
    expect(summary.newKey).toMatch(/^sk_sig_/);
    expect(await deps.accounts.authenticate(apiKey)).toBeNull();
    expect((await deps.accounts.authenticate(summary.newKey!))?.account._id).toBe(account._id);
    expect(summary.keyPrefix).toBe(summary.newKey!.slice(0, 11) + '…');
  });

  it(`allows ${KEY_ROTATIONS_PER_HOUR} rotations an hour per account; the next is 429 with Retry-After and leaves the key as it was`, async () => {
    const deps = fakeDeps();
    const { account } = await accountWithKey(deps);
    let last = '';
    for (let i = 0; i < KEY_ROTATIONS_PER_HOUR; i++) last = (await rotateKey(deps, account._id)).newKey!;
    const refused = await rotateKey(deps, account._id).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({
      code: 'rate_limited',
      message: `you can rotate your key ${KEY_ROTATIONS_PER_HOUR} times an hour; try again in 60 minutes`,
      extra: { retryAfterSec: 3600 },
    });
    expect((await deps.accounts.authenticate(last))?.account._id).toBe(account._id);
    // Another account is not affected; the next hour this one rotates again.
    expect((await rotateKey(deps, (await accountWithKey(deps)).account._id)).newKey).toMatch(/^sk_sig_/);
    deps.clock.advance(3_600_000);
    expect((await rotateKey(deps, account._id)).newKey).toMatch(/^sk_sig_/);
  });

  it('an account with a password must give it: missing is 400, wrong is 403 (counted), and neither touches the key', async () => {
    const deps = fakeDeps();
    const { account, apiKey } = await accountWithKey(deps);
    await deps.sessions.setPassword(account._id, 'the password');
    await expect(rotateKey(deps, account._id)).rejects.toMatchObject({ code: 'bad_request', reason: 'current_required', extra: { param: 'password' } });
    await expect(rotateKey(deps, account._id, '')).rejects.toMatchObject({ code: 'bad_request', reason: 'current_required' });
    await expect(rotateKey(deps, account._id, 'a guess')).rejects.toMatchObject({ code: 'forbidden', reason: 'current_wrong' });
    expect([...deps.rateLimiter.counts].filter(([id]) => id.includes(':password-fail:')).map(([, count]) => count)).toEqual([1]);
    expect((await deps.accounts.authenticate(apiKey))?.account._id).toBe(account._id);
    const summary = await rotateKey(deps, account._id, 'the password');
    expect(summary.newKey).toMatch(/^sk_sig_/);
    expect(await deps.accounts.authenticate(apiKey)).toBeNull();
  });

  it('changePlan refuses an unknown plan with 400 and changes nothing', async () => {
    const deps = fakeDeps();
    const { account } = await accountWithKey(deps);
    await expect(changePlan(deps, account._id, 'gold')).rejects.toMatchObject({ code: 'bad_request' });
    expect(account.plan).toBe('signal');
    await changePlan(deps, account._id, 'agents');
    expect(account.plan).toBe('agents');
  });
});

describe('signUp', () => {
  const input = { email: 'new@example.com', password: 'long enough', clientIp: '203.0.113.9' };

  it('answers a new and an existing email the same; only the new one gets an account, without a key or a session', async () => {
    const deps = fakeDeps();
    const hashed: string[] = [];
    const hashNewPassword = deps.sessions.hashNewPassword.bind(deps.sessions);
    deps.sessions.hashNewPassword = async (password) => (hashed.push(password), hashNewPassword(password));
    const { account: existing } = await accountWithKey(deps);
    await deps.sessions.setPassword(existing._id, 'the owner password');
    const before = { ...existing };

    const fresh = await signUp(deps, input);
    const taken = await signUp(deps, { ...input, email: existing.email, password: 'an attacker password' });
    expect(fresh).toEqual({ kind: 'received' });
    expect(taken).toEqual(fresh);
    // Both ran the password hash (the time of a sign-up is nearly all scrypt).
    expect(hashed).toEqual(['long enough', 'an attacker password']);

    const created = await deps.accounts.byEmail('new@example.com');
    expect(created).toMatchObject({ key_hash: '', key_prefix: '', plan: 'signal' });
    expect(await deps.sessions.checkPassword('new@example.com', 'long enough')).toBe(created!._id);
    expect([...deps.sessions.sessions.values()]).toEqual([]);
    // The existing account is untouched: same document, same password.
    expect(await deps.accounts.byId(existing._id)).toEqual(before);
    expect(await deps.sessions.checkPassword(existing.email, 'the owner password')).toBe(existing._id);
    expect(await deps.sessions.checkPassword(existing.email, 'an attacker password')).toBeNull();
    expect(deps.accounts.docs.size).toBe(2);
  });

  it('refuses bad emails and passwords, and throttles an address past HOLDLINE_SIGNUPS_PER_HOUR, existing emails counted too', async () => {
    const deps = fakeDeps({ HOLDLINE_SIGNUPS_PER_HOUR: '3' });
    expect(await signUp(deps, { ...input, email: 'not-an-email' })).toEqual({ kind: 'invalid', message: 'Enter a valid email address.' });
    expect(await signUp(deps, { ...input, password: 'short' })).toEqual({ kind: 'invalid', message: 'Choose a password of 8 to 200 characters.' });
    expect(await signUp(deps, input)).toEqual({ kind: 'received' });
    expect(await signUp(deps, { ...input, email: 'other@example.com' })).toMatchObject({ kind: 'throttled', retryAfterSec: expect.any(Number) });
    expect(await deps.accounts.byEmail('other@example.com')).toBeNull();
    // Another address is not affected.
    expect(await signUp(deps, { ...input, email: 'other@example.com', clientIp: '198.51.100.1' })).toEqual({ kind: 'received' });
    expect(await deps.accounts.byEmail('other@example.com')).not.toBeNull();
  });

  it('a full hashing queue is a 429 with Retry-After, and creates nothing', async () => {
    const deps = fakeDeps();
    deps.sessions.gate = new BoundedSemaphore({ concurrency: 1, queueLimit: 0 });
    let release!: () => void;
    const holding = deps.sessions.gate.run(() => new Promise<void>((resolve) => (release = resolve)));
    await expect(signUp(deps, input)).rejects.toMatchObject({ code: 'rate_limited', extra: { retryAfterSec: HASH_BUSY_RETRY_SEC } });
    expect(await deps.accounts.byEmail(input.email)).toBeNull();
    release();
    await holding;
    expect(await signUp(deps, { ...input, clientIp: '198.51.100.1' })).toEqual({ kind: 'received' });
  });
});

describe('signIn', () => {
  it('signs in with the right password; past the free failures for an email each wrong one waits, and an address is refused after 10', async () => {
    const deps = fakeDeps();
    const { account } = await accountWithKey(deps);
    await deps.sessions.setPassword(account._id, 'right password');
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    const attempt = (password: string, clientIp = '203.0.113.9') => signIn(deps, { email: account.email, password, clientIp }, sleep);
    for (let i = 0; i < SIGNIN_THROTTLE.freeFailuresPerEmail; i++) expect(await attempt('wrong')).toEqual({ kind: 'wrong' });
    expect(waits).toEqual([]);
    expect(await attempt('wrong')).toEqual({ kind: 'wrong' });
    expect(waits).toEqual([SIGNIN_THROTTLE.slowDownMs]);
    for (let i = SIGNIN_THROTTLE.freeFailuresPerEmail + 1; i < SIGNIN_THROTTLE.failuresPerAddress; i++) await attempt('wrong');
    expect(await attempt('right password')).toMatchObject({ kind: 'throttled' });
    // The owner from another address is neither refused nor delayed.
    const waited = waits.length;
    expect(await attempt('right password', '198.51.100.1')).toMatchObject({ kind: 'signed_in', accountId: account._id });
    expect(waits).toHaveLength(waited);
  });

  it('counts every attempt per address, right passwords too: past HOLDLINE_SIGNINS_PER_HOUR even the right one is refused until the hour ends', async () => {
    const deps = fakeDeps({ HOLDLINE_SIGNINS_PER_HOUR: '3' });
    const { account } = await accountWithKey(deps);
    await deps.sessions.setPassword(account._id, 'right password');
    const attempt = (clientIp = '203.0.113.9') => signIn(deps, { email: account.email, password: 'right password', clientIp });
    for (let i = 0; i < 3; i++) expect(await attempt()).toMatchObject({ kind: 'signed_in' });
    const refused = await attempt();
    expect(refused).toEqual({ kind: 'throttled', retryAfterSec: 3600 });
    expect(await attempt('198.51.100.1')).toMatchObject({ kind: 'signed_in' });
    deps.clock.advance(3_600_000);
    expect(await attempt()).toMatchObject({ kind: 'signed_in' });
  });

  it('the first sign-in of an account made by sign-up issues its key, once; later sign-ins do not', async () => {
    const deps = fakeDeps();
    await signUp(deps, { email: 'new@example.com', password: 'long enough', clientIp: '203.0.113.9' });
    const first = await signIn(deps, { email: 'new@example.com', password: 'long enough', clientIp: '203.0.113.9' });
    expect(first).toMatchObject({ kind: 'signed_in', firstKey: expect.stringMatching(/^sk_sig_[0-9A-Za-z]{40}$/) });
    const key = first.kind === 'signed_in' ? first.firstKey! : '';
    expect((await deps.accounts.authenticate(key))?.account.email).toBe('new@example.com');
    const second = await signIn(deps, { email: 'new@example.com', password: 'long enough', clientIp: '203.0.113.9' });
    expect(second.kind).toBe('signed_in');
    expect(second).not.toHaveProperty('firstKey');
    expect((await deps.accounts.authenticate(key))?.account.email).toBe('new@example.com');
  });

  it('a full hashing queue is a 429 with Retry-After that does not count as a failure of the address', async () => {
    const deps = fakeDeps();
    const { account } = await accountWithKey(deps);
    await deps.sessions.setPassword(account._id, 'right password');
    deps.sessions.gate = new BoundedSemaphore({ concurrency: 1, queueLimit: 0 });
    let release!: () => void;
    const holding = deps.sessions.gate.run(() => new Promise<void>((resolve) => (release = resolve)));
    for (let i = 0; i < SIGNIN_THROTTLE.failuresPerAddress + 2; i++) {
      await expect(signIn(deps, { email: account.email, password: 'right password', clientIp: '203.0.113.9' })).rejects.toMatchObject({
        code: 'rate_limited',
        message: 'too many sign-ins are being checked right now; try again in a few seconds',
        extra: { retryAfterSec: HASH_BUSY_RETRY_SEC },
      });
    }
    release();
    await holding;
    expect(await signIn(deps, { email: account.email, password: 'right password', clientIp: '203.0.113.9' })).toMatchObject({ kind: 'signed_in' });
  });
});

describe('publishScan', () => {
  it('publishes the owner’s complete scan under a trimmed title; another account’s is not found, one in flight not complete', async () => {
    const deps = fakeDeps();
    const now = deps.now();
    const base = {
      account_id: 'acct_a',
      title: 'T',
      pct: 0,
      source: { type: 'upload', filename: null },
      priority: false,
      created_at: now,
      updated_at: now,
    } as const;
    deps.scans.docs.set('scn_done', { ...base, _id: 'scn_done', scan_id: 'scn_done', status: 'complete' } as ScanDoc);
    deps.scans.docs.set('scn_busy', { ...base, _id: 'scn_busy', scan_id: 'scn_busy', status: 'processing' } as ScanDoc);
    expect(await publishScan(deps, { accountId: 'acct_b', scanId: 'scn_done', title: 'x' })).toEqual({ outcome: 'not_found' });
    expect(await publishScan(deps, { accountId: 'acct_a', scanId: 'scn_busy', title: 'x' })).toEqual({ outcome: 'not_complete' });
    const published = await publishScan(deps, { accountId: 'acct_a', scanId: 'scn_done', title: '  Shown  ' });
    expect(published).toMatchObject({ outcome: 'published', doc: { title: 'Shown', published_at: now } });
  });
});
