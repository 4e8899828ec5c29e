// Bad input and the model server's own failures, against the real embedded model (llama-server
// with SmolLM2-135M-Instruct, 8192 tokens of context a slot). Admission answers the oversized,
// the overlong and the empty first, in OpenAI's error shape, before anything reaches the model
// (the counting proxy in between sees every request that does). What gets past admission and
// then fails at the model server (a prompt longer than its context, the server killed
// mid-call) ends as the README documents: 502/503 before the first answer, charging nothing;
// after it, the stream's last chunk says `upstream_error`, the call charged once, the slot freed.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMOLLM2_135M } from '../../../core/chat/embedded-model';
import { startModelServer, type ModelServer } from '../../../tooling/stack/model';
import { CallsStore } from '../../../store/calls';
import { countingProxy, type CountingProxy } from '../helpers/model-proxy';
import { startService, type Service } from '../helpers/service';
import { waitFor } from './harness';

type OpenAiError = { error: { message: string; type: string; param: string | null; code: string | null } };
type Chunk = {
  choices: { delta: { content?: string }; finish_reason: string | null }[];
  holdline?: { stopped: string; steps: number };
  usage?: { total_tokens: number };
};

let dir: string;
let model: ModelServer;
let proxy: CountingProxy;
let service: Service;
let calls: CallsStore;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'holdline-model-'));
  model = await startModelServer({ logFile: join(dir, 'model.log'), model: SMOLLM2_135M, maxTokens: 24, extraArgs: ['--temp', '0', '--seed', '1'] });
  proxy = await countingProxy(model.baseUrl.replace(/\/v1$/, ''));
  // Three steps (plan, act, check) are all this file's calls need: what it tests is what reaches the model and what
  // a failure costs, not how long the tiny model's checker keeps sending answers back (up to 15 steps by default,
  // most of this file's time; the loop's own limits are embedded-model.test.ts's).
  service = await startService({
    env: { ...model.env, MODEL_BASE_URL: `${proxy.url}/v1`, HOLDLINE_UPSTREAM_HEALTH_TTL_MS: '0', HOLDLINE_CHAT_MAX_STEPS: '3' },
  });
  calls = new CallsStore(service.mongo.db);
}, 180_000);
afterAll(async () => {
  await service?.stop();
  await proxy?.close();
  await model?.proc.stop();
  rmSync(dir, { recursive: true, force: true });
});

function post(apiKey: string, body: unknown) {
  return fetch(`${service.apiUrl}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The month's calls and tokens, the key's slots and the account's call documents. */
async function chargesOf(accountId: string) {
  const month = await service.deps.usage.month(accountId);
  return {
    calls: month.calls,
    tokens: month.tokens,
    slots: await calls.slots.countDocuments({ account_id: accountId }),
    documents: await calls.calls.countDocuments({ account_id: accountId }),
  };
}

/** The SSE payloads of a stream body, `[DONE]` included. */
function ssePayloads(text: string): string[] {
  return text
    .split('\n')
    .filter((l) => l.startsWith('data: '))
    .map((l) => l.slice(6));
}

describe('admission answers first', { timeout: 300_000 }, () => {
  it.each([
    [
      'a 256 KB request',
      () => ({ model: 'holdline', messages: [{ role: 'user', content: 'x'.repeat(256 * 1024) }] }),
      413,
      { type: 'invalid_request_error', code: 'request_too_large' },
    ],
    // The smallest message is 30 bytes of JSON, so 10,000 of them pass the 256 KB cap.
    [
      '10,000 messages',
      () => ({ model: 'holdline', messages: Array.from({ length: 10_000 }, () => ({ role: 'user', content: 'a' })) }),
      413,
      { type: 'invalid_request_error', code: 'request_too_large' },
    ],
    [
      'a message of control characters',
      () => ({ model: 'holdline', messages: [{ role: 'user', content: String.fromCharCode(...Array.from({ length: 32 }, (_, c) => c), 0x7f).repeat(100) }] }),
      400,
      { type: 'invalid_request_error', param: 'messages' },
    ],
  ] as const)('%s: refused by admission in the OpenAI shape, nothing reaches the model, nothing charged', async (_name, body, status, shape) => {
    const { apiKey, accountId } = await service.createAccount();
    const started = proxy.started;
    const res = await post(apiKey, body());
    expect(res.status).toBe(status);
    const answer = (await res.json()) as OpenAiError;
    expect(Object.keys(answer.error).sort()).toEqual(['code', 'message', 'param', 'type']);
    expect(answer.error).toMatchObject(shape);
    expect(answer.error.message).not.toBe('');
    expect(proxy.started).toBe(started);
    expect(await chargesOf(accountId)).toEqual({ calls: 0, tokens: 0, slots: 0, documents: 0 });
  });

  it('a question with control characters inside it is admitted and answered by the model', async () => {
    const { apiKey, accountId } = await service.createAccount();
    const res = await post(apiKey, { model: 'holdline', messages: [{ role: 'user', content: '\u0000\u001b[2JWhat is\u0007 2 + 2?\u007f' }] });
    expect(res.status).toBe(200);
    const completion = JSON.parse(await res.text()) as {
      object: string;
      choices: { message: { content: string } }[];
      holdline: { base_model: string; stopped: string };
    };
    expect(completion.object).toBe('chat.completion');
    expect(completion.holdline.base_model).toBe(SMOLLM2_135M.name);
    expect(completion.holdline.stopped).not.toBe('upstream_error');
    expect(completion.choices[0]?.message.content.trim()).not.toBe('');
    expect((await chargesOf(accountId)).calls).toBe(1);
  });
});

describe('the model server trusts no other local caller', () => {
  it('refuses a call without its key, and grants a page of another origin no cross-origin read (DNS rebinding, a local web page)', async () => {
    expect((await fetch(`${model.baseUrl}/models`)).status).toBe(401);
    const preflight = await fetch(`${model.baseUrl}/chat/completions`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://evil.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization' },
    });
    const allowed = preflight.headers.get('access-control-allow-origin');
    expect(allowed === null || allowed === model.baseUrl.replace(/\/v1$/, '')).toBe(true);
    expect(preflight.headers.get('access-control-allow-credentials')).not.toBe('true');
  });
});

describe("the model server's own failures", { timeout: 300_000 }, () => {
  it('a prompt longer than its context (8,000 messages within 256 KB) is refused by the model server: 502, nothing charged, the key free', async () => {
    const { apiKey, accountId } = await service.createAccount();
    const body = JSON.stringify({ model: 'holdline', messages: Array.from({ length: 8_000 }, () => ({ role: 'user', content: 'a' })) });
    expect(Buffer.byteLength(body)).toBeLessThan(256 * 1024);
    const before = proxy.answers.length;
    const res = await post(apiKey, body);
    expect(res.status).toBe(502);
    const { error } = (await res.json()) as OpenAiError;
    expect(error).toEqual({
      message: 'the model server failed to answer; nothing was charged; try again shortly',
      type: 'server_error',
      param: null,
      code: 'upstream_unavailable',
    });
    // llama-server's own refusal, once: a 4xx is not retried.
    const refusals = proxy.answers.slice(before);
    expect(refusals).toHaveLength(1);
    expect(refusals[0]?.usage).toBeUndefined();
    expect(await chargesOf(accountId)).toMatchObject({ calls: 0, tokens: 0, slots: 0 });
    const next = await post(apiKey, { model: 'holdline', messages: [{ role: 'user', content: 'What is 2 + 2?' }] });
    expect(next.status).toBe(200);
    await next.text();
  });

  it('killed before its first answer: 503, nothing charged, the slot freed; answering again once restarted', async () => {
    const { apiKey, accountId } = await service.createAccount();
    const started = proxy.started;
    const pending = post(apiKey, { model: 'holdline', messages: [{ role: 'user', content: 'Write a long story about a lighthouse keeper.' }], stream: true });
    await proxy.waitForStarted(started + 1);
    model.proc.kill('SIGKILL');
    await model.proc.exited;
    const res = await pending;
    expect(res.status).toBe(503);
    expect(((await res.json()) as OpenAiError).error).toEqual({
      message: 'the model server is unreachable; nothing was charged; try again shortly',
      type: 'server_error',
      param: null,
      code: 'upstream_unavailable',
    });
    expect(await chargesOf(accountId)).toMatchObject({ calls: 0, tokens: 0, slots: 0 });
    model.proc = await model.restart();
    const next = await post(apiKey, { model: 'holdline', messages: [{ role: 'user', content: 'What is 2 + 2?' }] });
    expect(next.status).toBe(200);
    await next.text();
    expect((await chargesOf(accountId)).calls).toBe(1);
  });

  it('killed mid-stream after its first answer: the stream ends with upstream_error and [DONE], charged once, the slot freed', async () => {
    const { apiKey, accountId } = await service.createAccount();
    const started = proxy.started;
    const res = await post(apiKey, {
      model: 'holdline',
      messages: [{ role: 'user', content: 'Name the three primary colours of light.' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    // The status came once the plan answered; kill the server while it works on the next step.
    expect(res.status).toBe(200);
    await proxy.waitForStarted(started + 2);
    model.proc.kill('SIGKILL');
    await model.proc.exited;
    const payloads = ssePayloads(await res.text());
    expect(payloads.at(-1)).toBe('[DONE]');
    const chunks = payloads.slice(0, -1).map((p) => JSON.parse(p) as Chunk);
    const finishes = chunks.filter((c) => c.choices[0]?.finish_reason);
    expect(finishes).toHaveLength(1);
    const finish = finishes[0]!;
    expect(finish.holdline?.stopped).toBe('upstream_error');
    const content = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
    expect(content).toContain('The model server failed: the model server kept failing after several attempts.');
    const usage = chunks.at(-1)?.usage;
    expect(chunks.at(-1)?.choices).toEqual([]);
    const callId = (chunks[0] as unknown as { id: string }).id;
    const doc = await waitFor(
      async () => {
        const call = await calls.get(callId);
        return call?.status === 'finished' ? call : undefined;
      },
      30_000,
      'the call to be recorded',
    );
    expect(doc.stopped).toBe('upstream_error');
    expect(doc.usage).toEqual({ prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number), total_tokens: usage?.total_tokens });
    expect(await chargesOf(accountId)).toMatchObject({ calls: 1, tokens: usage?.total_tokens, slots: 0 });
    model.proc = await model.restart();
  });
});
