import { describe, expect, it } from 'vitest';
import { changePlan, rotateKey } from '../../../services/account';
import { publishScan } from '../../../services/publish-scan';
import { SIGNIN_THROTTLE, signIn } from '../../../services/sign-in';
import { signUp } from '../../../services/sign-up';
import type { ScanDoc } from '../../../store/scans';
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

  it('creates the account with a session and the key to show once; the same email again is taken', async () => {
    const deps = fakeDeps();
    const created = await signUp(deps, input);
    expect(created).toMatchObject({ kind: 'created', apiKey: expect.stringMatching(/^sk_sig_/) });
    expect(await deps.sessions.checkPassword('new@example.com', 'long enough')).toBe(created.kind === 'created' ? created.account._id : null);
    expect(await signUp(deps, input)).toEqual({ kind: 'taken' });
  });

  it('refuses bad emails and passwords, and throttles an address past HOLDLINE_SIGNUPS_PER_HOUR', async () => {
    const deps = fakeDeps({ HOLDLINE_SIGNUPS_PER_HOUR: '3' });
    expect(await signUp(deps, { ...input, email: 'not-an-email' })).toEqual({ kind: 'invalid', message: 'Enter a valid email address.' });
    expect(await signUp(deps, { ...input, password: 'short' })).toEqual({ kind: 'invalid', message: 'Choose a password of 8 to 200 characters.' });
    expect(await signUp(deps, input)).toMatchObject({ kind: 'created' });
    expect(await signUp(deps, { ...input, email: 'other@example.com' })).toMatchObject({ kind: 'throttled', retryAfterSec: expect.any(Number) });
    // Another address is not affected.
    expect(await signUp(deps, { ...input, email: 'other@example.com', clientIp: '198.51.100.1' })).toMatchObject({ kind: 'created' });
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
});

describe('publishScan', () => {
  it('publishes the owner’s complete scan under a trimmed title; another account’s is not found, one in flight not complete', async () => {
    const deps = fakeDeps();
    const now = deps.now();
    const base = { account_id: 'acct_a', title: 'T', pct: 0, source: { type: 'upload', filename: null }, priority: false, created_at: now, updated_at: now } as const;
    deps.scans.docs.set('scn_done', { ...base, _id: 'scn_done', scan_id: 'scn_done', status: 'complete' } as ScanDoc);
    deps.scans.docs.set('scn_busy', { ...base, _id: 'scn_busy', scan_id: 'scn_busy', status: 'processing' } as ScanDoc);
    expect(await publishScan(deps, { accountId: 'acct_b', scanId: 'scn_done', title: 'x' })).toEqual({ outcome: 'not_found' });
    expect(await publishScan(deps, { accountId: 'acct_a', scanId: 'scn_busy', title: 'x' })).toEqual({ outcome: 'not_complete' });
    const published = await publishScan(deps, { accountId: 'acct_a', scanId: 'scn_done', title: '  Shown  ' });
    expect(published).toMatchObject({ outcome: 'published', doc: { title: 'Shown', published_at: now } });
  });
});
