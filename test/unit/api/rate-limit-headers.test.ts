// x-ratelimit-* headers on every keyed response (its per-minute window, or the month's
// chat calls on the model interface), refusals and the hijacked chat replies included.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/app';
import { LIMITS } from '../../../core/plans';
import { accountWithKey, fakeDeps } from '../fake-deps';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function setUp() {
  const deps = fakeDeps();
  // 12:00:15 UTC on 10 March: 45 s left in the minute; the month ends 1 April.
  deps.clock.current = new Date('2026-03-10T12:00:15.000Z');
  app = await buildApp(deps);
  return { deps, app, ...(await accountWithKey(deps)) };
}

const windowOf = (headers: Record<string, unknown>) => ({
  limit: headers['x-ratelimit-limit'],
  remaining: headers['x-ratelimit-remaining'],
  reset: headers['x-ratelimit-reset'],
});

const toMonthEnd = String((Date.parse('2026-04-01T00:00:00.000Z') - Date.parse('2026-03-10T12:00:15.000Z')) / 1000);

describe('x-ratelimit-* headers', () => {
  it('reads count down in their per-minute window, on 200 and 404 alike; reset is the seconds left in it', async () => {
    const { deps, app, auth } = await setUp();
    const reads = String(deps.config.scanReadsPerMinute);
    const first = await app.inject({ method: 'GET', url: '/v1/scans', headers: auth });
    expect(first.statusCode).toBe(200);
    expect(windowOf(first.headers)).toEqual({ limit: reads, remaining: String(deps.config.scanReadsPerMinute - 1), reset: '45' });
    deps.clock.advance(10_000);
    const missing = await app.inject({ method: 'GET', url: '/v1/scans/scn_none', headers: auth });
    expect(missing.statusCode).toBe(404);
    expect(windowOf(missing.headers)).toEqual({ limit: reads, remaining: String(deps.config.scanReadsPerMinute - 2), reset: '35' });
    // The next minute is a new window.
    deps.clock.advance(40_000);
    expect(windowOf((await app.inject({ method: 'GET', url: '/v1/recuts/rct_none', headers: auth })).headers)).toEqual({
      limit: String(LIMITS.scanReadsPerMinute),
      remaining: String(LIMITS.scanReadsPerMinute - 1),
      reset: '55',
    });
  });

  it('submissions have their own window; the refused one is 429 with remaining 0 and Retry-After', async () => {
    const { app, auth } = await setUp();
    const submit = () => app.inject({ method: 'POST', url: '/v1/scans', headers: auth, payload: {} });
    const first = await submit();
    expect(first.statusCode).toBe(400);
    expect(windowOf(first.headers)).toEqual({ limit: '60', remaining: '59', reset: '45' });
    for (let i = 1; i < 60; i++) await submit();
    const refused = await submit();
    expect(refused.statusCode).toBe(429);
    expect(windowOf(refused.headers)).toEqual({ limit: '60', remaining: '0', reset: '45' });
    expect(refused.headers['retry-after']).toBe('45');
  });

  it('a keyless or wrongly keyed request is counted in no window and carries none', async () => {
    const { app } = await setUp();
    const response = await app.inject({ method: 'GET', url: '/v1/scans', headers: { authorization: 'Bearer sk_sig_nope' } });
    expect(response.statusCode).toBe(401);
    expect(response.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('the model interface reports the month of chat calls: /v1/models, /v1/usage, and an admitted call counts', async () => {
    const { deps, app, account, auth } = await setUp();
    const models = await app.inject({ method: 'GET', url: '/v1/models', headers: auth });
    expect(windowOf(models.headers)).toEqual({ limit: String(LIMITS.chatCallsPerMonth), remaining: String(LIMITS.chatCallsPerMonth), reset: toMonthEnd });
    const answered = await app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: auth,
      payload: { model: 'holdline', messages: [{ role: 'user', content: 'hi' }] },
    });
    expect(answered.statusCode).toBe(200);
    expect(windowOf(answered.headers)).toEqual({ limit: String(LIMITS.chatCallsPerMonth), remaining: String(LIMITS.chatCallsPerMonth - 1), reset: toMonthEnd });
    expect(windowOf((await app.inject({ method: 'GET', url: '/v1/usage', headers: auth })).headers).remaining).toBe(String(LIMITS.chatCallsPerMonth - 1));
    for (let i = 1; i < LIMITS.chatCallsPerMonth; i++) await deps.usage.take(account._id, 'calls', LIMITS.chatCallsPerMonth, deps.now());
    const refused = await app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: auth,
      payload: { model: 'holdline', messages: [{ role: 'user', content: 'hi' }] },
    });
    expect(refused.statusCode).toBe(429);
    expect(windowOf(refused.headers)).toEqual({ limit: String(LIMITS.chatCallsPerMonth), remaining: '0', reset: toMonthEnd });
    expect(refused.headers['retry-after']).toBe(toMonthEnd);
  });

  it('the hijacked SSE reply carries them too', async () => {
    const { app, auth } = await setUp();
    const streamed = await app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: auth,
      payload: { model: 'holdline', stream: true, messages: [{ role: 'user', content: 'hi' }] },
    });
    expect(streamed.statusCode).toBe(200);
    expect(streamed.headers['content-type']).toContain('text/event-stream');
    expect(windowOf(streamed.headers)).toEqual({ limit: String(LIMITS.chatCallsPerMonth), remaining: String(LIMITS.chatCallsPerMonth - 1), reset: toMonthEnd });
    expect(streamed.body).toContain('data: [DONE]');
  });

  it('the account routes count in the key’s windows too: retention in the reads, password and closure in the submissions', async () => {
    const { deps, app, auth, account } = await setUp();
    const reads = deps.config.scanReadsPerMinute;
    const submits = LIMITS.scanSubmissionsPerMinute;
    const get = await app.inject({ method: 'GET', url: '/v1/account/retention', headers: auth });
    expect(windowOf(get.headers)).toEqual({ limit: String(reads), remaining: String(reads - 1), reset: '45' });
    const put = await app.inject({ method: 'PUT', url: '/v1/account/retention', headers: auth, payload: { media_retention_days: 7 } });
    expect(windowOf(put.headers)).toEqual({ limit: String(reads), remaining: String(reads - 2), reset: '45' });
    const password = await app.inject({ method: 'PUT', url: '/v1/account/password', headers: auth, payload: { password: 'a new password' } });
    expect(password.statusCode).toBe(200);
    expect(windowOf(password.headers)).toEqual({ limit: String(submits), remaining: String(submits - 1), reset: '45' });
    // A refused closure (wrong email) is counted like any request.
    const refused = await app.inject({ method: 'DELETE', url: '/v1/account', headers: auth, payload: { email: 'someone@else.example' } });
    expect(refused.statusCode).toBe(400);
    expect(windowOf(refused.headers)).toEqual({ limit: String(submits), remaining: String(submits - 2), reset: '45' });
    for (let i = 2; i < submits; i++) await app.inject({ method: 'PUT', url: '/v1/account/password', headers: auth, payload: { password: 'x' } });
    const spent = await app.inject({ method: 'DELETE', url: '/v1/account', headers: auth, payload: { email: account.email, password: 'a new password' } });
    expect(spent.statusCode).toBe(429);
    expect(windowOf(spent.headers)).toEqual({ limit: String(submits), remaining: '0', reset: '45' });
    expect(deps.workflows.closures).toEqual([]);
  });
});
