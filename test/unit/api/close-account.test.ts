// DELETE /v1/account through app.inject over fakes: confirmation, the key dead at once, 204 or 202.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/app';
import { accountWithKey, fakeDeps } from '../fake-deps';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('DELETE /v1/account', () => {
  it("refuses a body whose email is not the account's: 400 with a detail, nothing started, the key still works", async () => {
    const deps = fakeDeps();
    app = await buildApp(deps);
    const { account, auth } = await accountWithKey(deps);
    const wrong = await app.inject({ method: 'DELETE', url: '/v1/account', headers: auth, payload: { email: 'someone@else.example' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toMatch(/^email does not match/);
    const missing = await app.inject({ method: 'DELETE', url: '/v1/account', headers: auth, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(deps.workflows.closures).toEqual([]);
    expect(deps.accounts.docs.get(account._id)?.closing_at).toBeUndefined();
    expect((await app.inject({ url: '/v1/scans', headers: auth })).statusCode).toBe(200);
  });

  it('closes with the matching email (any case): 204 when done, and the key answers 401 after', async () => {
    const deps = fakeDeps();
    app = await buildApp(deps);
    const { account, auth } = await accountWithKey(deps);
    const closed = await app.inject({ method: 'DELETE', url: '/v1/account', headers: auth, payload: { email: account.email.toUpperCase() } });
    expect(closed.statusCode).toBe(204);
    expect(closed.body).toBe('');
    expect(deps.workflows.closures).toEqual([account._id]);
    expect((await app.inject({ url: '/v1/scans', headers: auth })).statusCode).toBe(401);
  });

  it('the key alone cannot close an account with a password: missing is 400, wrong is 403 (counted, then 429), the right one closes', async () => {
    const deps = fakeDeps();
    app = await buildApp(deps);
    const { account, auth } = await accountWithKey(deps);
    await deps.sessions.setPassword(account._id, 'the password');
    const close = (payload: Record<string, unknown>) => app!.inject({ method: 'DELETE', url: '/v1/account', headers: auth, payload });
    const missing = await close({ email: account.email });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ detail: 'this account has a password: send it as password to close the account (the key alone cannot close it)' });
    for (let i = 0; i < 10; i++) {
      const wrong = await close({ email: account.email, password: `guess ${i}` });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toEqual({ detail: "password is not this account's password; the account is still open" });
    }
    // The throttle PUT /v1/account/password uses: past 10 wrong ones even the right password waits.
    const throttled = await close({ email: account.email, password: 'the password' });
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(deps.workflows.closures).toEqual([]);
    expect(deps.accounts.docs.get(account._id)?.closing_at).toBeUndefined();
    expect((await app.inject({ url: '/v1/scans', headers: auth })).statusCode).toBe(200);
    deps.clock.advance(15 * 60_000);
    const closed = await close({ email: account.email, password: 'the password' });
    expect(closed.statusCode).toBe(204);
    expect(deps.workflows.closures).toEqual([account._id]);
  });

  it('a field the route does not take is 400 naming it, and nothing is closed', async () => {
    const deps = fakeDeps();
    app = await buildApp(deps);
    const { account, auth } = await accountWithKey(deps);
    const refused = await app.inject({ method: 'DELETE', url: '/v1/account', headers: auth, payload: { email: account.email, dry_run: true } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: 'unknown body field "dry_run"; this route takes email, password' });
    expect(deps.workflows.closures).toEqual([]);
    expect((await app.inject({ url: '/v1/scans', headers: auth })).statusCode).toBe(200);
  });

  it('answers 202 {account_id, status: "closing"} when the closure outlasts the wait; the key is dead already', async () => {
    const deps = fakeDeps();
    deps.workflows.deletionFinishes = false;
    app = await buildApp(deps);
    const { account, auth } = await accountWithKey(deps);
    const closing = await app.inject({ method: 'DELETE', url: '/v1/account', headers: auth, payload: { email: account.email } });
    expect(closing.statusCode).toBe(202);
    expect(closing.json()).toEqual({ account_id: account._id, status: 'closing' });
    expect((await app.inject({ url: '/v1/scans', headers: auth })).statusCode).toBe(401);
  });
});
