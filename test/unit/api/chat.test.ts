// POST /v1/chat/completions over fake deps: the order of admission's checks, what a
// refused call gives back, the service-wide cap and the upstream health cache.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/app';
import { nextPollMs } from '../../../api/chat-reply';
import { UpstreamHealth } from '../../../api/upstream-health';
import { LIMITS } from '../../../core/plans';
import { accountWithKey, fakeDeps, type FakeDeps } from '../fake-deps';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const task = { model: 'holdline', messages: [{ role: 'user', content: 'What holds in this video?' }] };

async function setUp(env: Record<string, string> = {}, prepare: (deps: FakeDeps) => void = () => undefined) {
  const deps = fakeDeps(env);
  prepare(deps);
  app = await buildApp(deps);
  return { deps, app, ...(await accountWithKey(deps)) };
}

const call = (app: FastifyInstance, headers: Record<string, string>, payload: unknown = task) =>
  app.inject({ method: 'POST', url: '/v1/chat/completions', headers, payload: payload as object });

describe('POST /v1/chat/completions', () => {
  it('answers an admitted call; the workflow gets the default 15-minute limit from the configuration', async () => {
    const { deps, app, account, auth } = await setUp();
    const response = await call(app, auth);
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({ object: 'chat.completion', choices: [{ message: { content: 'answer' } }] });
    expect(deps.workflows.started).toEqual([{ kind: 'chat', input: expect.objectContaining({ timeLimitMs: 15 * 60_000 }) }]);
    expect(deps.usage.of(account._id, deps.now()).calls).toBe(1);
    // The slot is free again once the answer is written.
    expect(deps.calls.slots.size).toBe(0);
  });

  it('passes a configured time limit to the workflow', async () => {
    const { deps, app, auth } = await setUp({ HOLDLINE_CHAT_TIME_LIMIT_MS: '60000' });
    expect((await call(app, auth)).statusCode).toBe(200);
    expect(deps.workflows.started).toEqual([{ kind: 'chat', input: expect.objectContaining({ timeLimitMs: 60_000 }) }]);
  });

  it('HOLDLINE_CHAT_MAX_RUNNING reached: 429 rate_limit, and the unit, document and slot it took are given back', async () => {
    const { deps, app, account, auth } = await setUp({ HOLDLINE_CHAT_MAX_RUNNING: '1' }, (deps) => {
      deps.calls.slots.set('another-key', { callId: 'call_other', expiresAt: Date.parse('2030-01-01') });
    });
    const response = await call(app, auth);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ error: { message: 'the service is busy; retry shortly', type: 'rate_limit_error', param: null, code: 'rate_limit' } });
    expect(response.headers['retry-after']).toBe('10');
    expect(deps.usage.of(account._id, deps.now())).toEqual({ scans: 0, calls: 0, tokens: 0 });
    expect(deps.calls.docs.size).toBe(0);
    expect([...deps.calls.slots.keys()]).toEqual(['another-key']);
    expect(deps.workflows.started).toEqual([]);
  });

  it('a workflow that cannot start is 503 and leaves the counters as they were', async () => {
    const { deps, app, account, auth } = await setUp();
    deps.workflows.failWith = new Error('Temporal unreachable');
    const response = await call(app, auth);
    expect(response.statusCode).toBe(503);
    expect(deps.usage.of(account._id, deps.now())).toEqual({ scans: 0, calls: 0, tokens: 0 });
    expect(deps.calls.docs.size).toBe(0);
    expect(deps.calls.slots.size).toBe(0);
  });

  it('a keyless oversized body is 401, not 413', async () => {
    const { app } = await setUp();
    const big = { ...task, messages: [{ role: 'user', content: 'x'.repeat(LIMITS.chatRequestBytes + 1024) }] };
    const response = await call(app, {}, big);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'invalid_api_key' } });
  });

  it('an invalid body while the upstream is down is 400 naming the field, not 503', async () => {
    const { deps, app, auth } = await setUp();
    deps.upstreamSwitch.up = false;
    const response = await call(app, auth, { model: 'holdline' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { type: 'invalid_request_error', param: 'messages' } });
  });

  it('a busy slot is refused before the quota: 429 rate_limit even with the month used up, and nothing changes', async () => {
    const { deps, app, account, auth } = await setUp();
    for (let i = 0; i < LIMITS.chatCallsPerMonth; i++) await deps.usage.take(account._id, 'calls', LIMITS.chatCallsPerMonth, deps.now());
    const keyHash = (await deps.accounts.authenticate(auth.authorization.slice('Bearer '.length)))!.keyHash;
    deps.calls.slots.set(keyHash, { callId: 'call_running', expiresAt: Date.parse('2030-01-01') });
    const response = await call(app, auth);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ error: { code: 'rate_limit' } });
    expect(deps.usage.of(account._id, deps.now()).calls).toBe(LIMITS.chatCallsPerMonth);
    expect(deps.calls.slots.get(keyHash)?.callId).toBe('call_running');
  });

  it('the month used up: 429 quota_exceeded, the counter stays at the limit and the slot is freed', async () => {
    const { deps, app, account, auth } = await setUp();
    for (let i = 0; i < LIMITS.chatCallsPerMonth; i++) await deps.usage.take(account._id, 'calls', LIMITS.chatCallsPerMonth, deps.now());
    const response = await call(app, auth);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ error: { code: 'quota_exceeded', type: 'insufficient_quota' } });
    expect(deps.usage.of(account._id, deps.now()).calls).toBe(LIMITS.chatCallsPerMonth);
    expect(deps.calls.slots.size).toBe(0);
    expect(deps.calls.docs.size).toBe(0);
  });

  it('trusts a healthy upstream answer for the configured TTL, then asks again and refuses with 503 when it is down', async () => {
    let checks = 0;
    let status = 200;
    const { deps, app, account, auth } = await setUp({}, (deps) => {
      deps.upstream = new UpstreamHealth({
        baseUrl: 'http://model.test/v1',
        apiKey: 'k',
        ttlMs: deps.config.upstreamHealthTtlMs,
        now: () => deps.now().getTime(),
        fetch: async () => {
          checks += 1;
          return new Response('{}', { status });
        },
      });
    });
    expect(deps.config.upstreamHealthTtlMs).toBe(5000);
    expect((await call(app, auth)).statusCode).toBe(200);
    expect(checks).toBe(1);
    // Within the TTL the server is not asked again, even though it now fails.
    status = 503;
    deps.clock.advance(4999);
    expect((await call(app, auth)).statusCode).toBe(200);
    expect(checks).toBe(1);
    // Past it, the next admission asks, and a failing server is a 503 that takes nothing.
    deps.clock.advance(1);
    const refused = await call(app, auth);
    expect(checks).toBe(2);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ error: { code: 'model_unavailable' } });
    expect(deps.usage.of(account._id, deps.now()).calls).toBe(2);
  });
});

describe("a stream's progress poll", () => {
  it('looks again after 60 ms while texts come, and backs off to 240 ms while none do', () => {
    const idle: number[] = [];
    for (let ms = 60, i = 0; i < 5; i++) idle.push((ms = nextPollMs(ms, false)));
    expect(idle).toEqual([120, 240, 240, 240, 240]);
    expect(nextPollMs(240, true)).toBe(60);
  });
});
