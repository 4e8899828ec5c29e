// Admission against hostile or unlucky conditions: no task, a keyless oversized body, a
// model server that died while its last good health check is still trusted, one that
// fails every attempt, and a client that leaves before the first step answered. The
// health check is trusted for ten minutes here, as in production.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startScriptedUpstream } from '../../scripted-upstream/server';
import { CallsStore } from '../../../store/calls';
import { startChatHarness, simpleCall, waitFor, type ChatHarness } from './harness';

let h: ChatHarness;
let calls: CallsStore;

beforeAll(async () => {
  h = await startChatHarness({ env: { HOLDLINE_UPSTREAM_HEALTH_TTL_MS: '600000', HOLDLINE_CHAT_KEEPALIVE_MS: '300' } });
  calls = new CallsStore(h.service.mongo.db);
});
afterAll(async () => h?.stop());
beforeEach(() => {
  h.upstream.setDefault({ content: 'ok' });
});

const ask = [{ role: 'user' as const, content: 'What is 2 + 3?' }];

function post(apiKey: string | undefined, body: unknown, init: RequestInit = {}) {
  return fetch(`${h.service.apiUrl}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });
}

type OpenAiError = { error: { message: string; type: string; param: string | null; code: string | null } };

async function callsOf(accountId: string) {
  return { month: (await h.service.deps.usage.month(accountId)).calls, slots: await calls.slots.countDocuments({ account_id: accountId }) };
}

describe('chat admission', () => {
  it('refuses a request with no task with 400 naming messages, charging nothing', async () => {
    const { apiKey, accountId } = await h.newKey();
    const bodies = [
      { model: 'holdline', messages: [] },
      { model: 'holdline', messages: [{ role: 'system', content: 'You are helpful.' }] },
      { model: 'holdline', messages: [{ role: 'user', content: '' }] },
      {
        model: 'holdline',
        messages: [
          { role: 'system', content: 'x' },
          { role: 'user', content: '   ' },
        ],
      },
      { model: 'holdline', messages: [{ role: 'user', content: [{ type: 'text', text: '' }] }] },
    ];
    for (const body of bodies) {
      const res = await post(apiKey, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const { error } = (await res.json()) as OpenAiError;
      expect(error).toMatchObject({ type: 'invalid_request_error', param: 'messages' });
    }
    expect(await callsOf(accountId)).toEqual({ month: 0, slots: 0 });
    expect(await calls.calls.countDocuments({ account_id: accountId })).toBe(0);
  });

  it('checks the key before reading the body: a keyless 1 MB body is 401, not 413', async () => {
    const res = await post(undefined, JSON.stringify({ model: 'holdline', messages: [{ role: 'user', content: 'x'.repeat(1024 * 1024) }] }));
    expect(res.status).toBe(401);
    expect(((await res.json()) as OpenAiError).error.code).toBe('invalid_api_key');
  });

  it('answers 502 when the model server fails every attempt of the first step, charging nothing, and the key is free', async () => {
    const { apiKey, accountId } = await h.newKey();
    h.upstream.failNext(20, { status: 500 });
    try {
      const res = await post(apiKey, { model: 'holdline', messages: ask, stream: true });
      expect(res.status).toBe(502);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const { error } = (await res.json()) as OpenAiError;
      expect(error).toMatchObject({ type: 'server_error', code: 'upstream_unavailable', param: null });
      expect(error.message).toBe('the model server failed to answer; nothing was charged; try again shortly');
    } finally {
      h.upstream.failNext(0, { status: 500 });
    }
    expect(await callsOf(accountId)).toEqual({ month: 0, slots: 0 });
    h.upstream.script(simpleCall('works again'));
    const res = await post(apiKey, { model: 'holdline', messages: ask });
    expect(res.status).toBe(200);
    expect(JSON.parse(await res.text()).choices[0].message.content).toBe('works again');
    expect(await callsOf(accountId)).toEqual({ month: 1, slots: 0 });
  });

  it('answers 503 when the model server died while its health check is still trusted, charging nothing, and asks again next time', async () => {
    const { apiKey, accountId } = await h.newKey();
    h.upstream.script(simpleCall('healthy'));
    const first = await post(apiKey, { model: 'holdline', messages: ask });
    expect(JSON.parse(await first.text()).choices[0].message.content).toBe('healthy');

    const port = h.upstream.port;
    await h.upstream.close();
    try {
      // The cached check still says healthy: this call is admitted, and its first step finds the server gone.
      const deadCall = post(apiKey, { model: 'holdline', messages: ask });
      // While Temporal retries that step, its first failed attempt has already dropped the
      // cached check: another key's request is refused before admission.
      await waitFor(() => calls.calls.findOne({ account_id: accountId, first_attempt_failed_at: { $exists: true } }), 20_000, 'a failed first attempt');
      // The API sees that failure on its next poll of the call (every 60 ms): wait for it, not a fixed time.
      await waitFor(async () => !h.service.deps.upstream.trusted, 20_000, 'the API to drop its cached health check');
      const other = await h.newKey();
      const meanwhile = await post(other.apiKey, { model: 'holdline', messages: ask });
      expect(meanwhile.status).toBe(503);
      expect(await calls.calls.countDocuments({ account_id: other.accountId })).toBe(0);
      expect(await callsOf(other.accountId)).toEqual({ month: 0, slots: 0 });

      const dead = await deadCall;
      expect(dead.status).toBe(503);
      expect(((await dead.json()) as OpenAiError).error).toMatchObject({ code: 'upstream_unavailable', type: 'server_error' });
      expect(await callsOf(accountId)).toEqual({ month: 1, slots: 0 });
      const admittedCalls = await calls.calls.countDocuments({ account_id: accountId });

      // The failure dropped the cached check: the next request is refused before admission.
      const refused = await post(apiKey, { model: 'holdline', messages: ask, stream: true });
      expect(refused.status).toBe(503);
      expect(await calls.calls.countDocuments({ account_id: accountId })).toBe(admittedCalls);
      expect(await callsOf(accountId)).toEqual({ month: 1, slots: 0 });
    } finally {
      h.upstream = await startScriptedUpstream({ port, modelId: 'base-model' });
    }
    h.upstream.script(simpleCall('back'));
    // A failed check is trusted for a second (api/upstream-health.ts): wait until a check sees the server back, not a fixed time.
    await waitFor(async () => (await h.service.deps.upstream.state()) === 'available', 20_000, 'the model server to be seen again');
    const back = await post(apiKey, { model: 'holdline', messages: ask });
    expect(JSON.parse(await back.text()).choices[0].message.content).toBe('back');
  });

  it('notices a client that leaves before the first step answered: workflow cancelled, nothing charged, key free', async () => {
    const { apiKey, accountId } = await h.newKey();
    h.upstream.script(simpleCall('never seen', { plan: { delayMs: 30_000 } }));
    const seen = h.upstream.requests.length;
    const controller = new AbortController();
    const pending = post(apiKey, { model: 'holdline', messages: ask }, { signal: controller.signal }).catch((error: unknown) => error);
    await h.upstream.waitForRequests(seen + 1);
    controller.abort();
    expect(await pending).toBeInstanceOf(Error);

    const call = await waitFor(() => calls.calls.findOne({ account_id: accountId }), 10_000, 'the call document');
    const handle = h.service.temporal.workflow.getHandle(`chat-${call.call_id}`);
    await waitFor(async () => (await handle.describe()).status.name === 'CANCELLED', 20_000, 'the workflow to be cancelled');
    await waitFor(
      async () => (await callsOf(accountId)).slots === 0 && (await callsOf(accountId)).month === 0,
      10_000,
      'the slot and the call to be given back',
    );
    expect(await callsOf(accountId)).toEqual({ month: 0, slots: 0 });

    h.upstream.reset();
    h.upstream.script(simpleCall('next'));
    const next = await post(apiKey, { model: 'holdline', messages: ask });
    expect(next.status).toBe(200);
  });
});
