// PUT /v1/account/password through app.inject over fakes: set with the key alone, change with the current one, errors in {detail}.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/app';
import { accountWithKey, fakeDeps } from '../fake-deps';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function setUp() {
  const deps = fakeDeps();
  app = await buildApp(deps);
  const { account, auth } = await accountWithKey(deps);
  const put = (payload: unknown, headers: Record<string, string> = auth) =>
    app!.inject({ method: 'PUT', url: '/v1/account/password', headers, payload: payload as Record<string, unknown> });
  return { deps, account, put };
}

describe('PUT /v1/account/password', () => {
  it('without a key is 401 {detail}; a key alone sets the first password and signs out the web sessions', async () => {
    const { deps, account, put } = await setUp();
    expect((await put({ password: 'a new password' }, {})).statusCode).toBe(401);
    await deps.sessions.create(account._id, deps.now());
    const set = await put({ password: 'a new password' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ status: 'set', signed_out_sessions: 1 });
    expect(await deps.sessions.checkPassword(account.email, 'a new password')).toBe(account._id);
  });

  it('once there is a password: without current_password 400, a wrong one 403, the right one 200 changed', async () => {
    const { deps, account, put } = await setUp();
    await deps.sessions.setPassword(account._id, 'the old password');
    const missing = await put({ password: 'a new password' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ detail: 'this account has a password: send it as current_password to change it' });
    const wrong = await put({ password: 'a new password', current_password: 'a guess' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ detail: "current_password is not this account's password; nothing was changed" });
    expect(await deps.sessions.checkPassword(account.email, 'the old password')).toBe(account._id);
    const changed = await put({ password: 'a new password', current_password: 'the old password' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ status: 'changed', signed_out_sessions: 0 });
    expect(await deps.sessions.checkPassword(account.email, 'a new password')).toBe(account._id);
  });

  it('a password outside the rule, or a missing one is 400 {detail}, and nothing is set', async () => {
    const { deps, account, put } = await setUp();
    const cases: [unknown, string][] = [
      [{ password: 'short' }, 'body/password must NOT have fewer than 8 characters'],
      [{ password: 'x'.repeat(201) }, 'body/password must NOT have more than 200 characters'],
      // Counted in characters, as the website's rule counts them: four emoji are four.
      [{ password: '🔑🔑🔑🔑' }, 'body/password must NOT have fewer than 8 characters'],
      [{}, "body must have required property 'password'"],
    ];
    for (const [payload, detail] of cases) {
      const refused = await put(payload);
      expect({ payload, status: refused.statusCode, body: refused.json() }).toEqual({ payload, status: 400, body: { detail } });
    }
    expect(await deps.sessions.hasPassword(account._id)).toBe(false);
    expect((await put({ password: '🔑'.repeat(8) })).json()).toEqual({ status: 'set', signed_out_sessions: 0 });
  });
});
