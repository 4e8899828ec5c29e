import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APIError } from 'openai';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { startScriptedUpstream } from '../../scripted-upstream/server';
import { CallsStore } from '../../../store/calls';
import { startChatHarness, simpleCall, waitFor, type ChatHarness } from './harness';

let h: ChatHarness;
let calls: CallsStore;

beforeAll(async () => {
  h = await startChatHarness({ env: { HOLDLINE_MODELS: 'holdline-big=big-base', HOLDLINE_CHAT_KEEPALIVE_MS: '300' } });
  calls = new CallsStore(h.service.mongo.db);
});
afterAll(async () => h?.stop());
beforeEach(() => {
  h.upstream.setDefault({ content: 'ok' });
  h.sent.count = 0;
});

const ask = [{ role: 'user' as const, content: 'What is 2 + 3?' }];

async function collect(stream: AsyncIterable<ChatCompletionChunk>): Promise<ChatCompletionChunk[]> {
  const chunks: ChatCompletionChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}
const reasoningOf = (chunks: ChatCompletionChunk[]) =>
  chunks.map((c) => ((c.choices[0]?.delta ?? {}) as { reasoning_content?: string }).reasoning_content ?? '').join('');

async function apiError(promise: Promise<unknown>): Promise<APIError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof APIError) return error;
    throw error;
  }
  throw new Error('expected an API error');
}

describe('POST /v1/chat/completions with the official client', () => {
  it('answers a non-streamed call with the checked answer, summed usage and the run object', async () => {
    const { apiKey } = await h.newKey();
    const before = h.upstream.requests.length;
    h.upstream.script(simpleCall('Two plus three is five.'));
    const res = await h.client(apiKey).chat.completions.create({ model: 'holdline', messages: ask });
    expect(res.id).toMatch(/^call_[0-9a-f]{24}$/);
    expect(res.object).toBe('chat.completion');
    expect(res.model).toBe('holdline');
    expect(res.choices).toEqual([{ index: 0, message: { role: 'assistant', content: 'Two plus three is five.' }, logprobs: null, finish_reason: 'stop' }]);
    expect(res.usage).toEqual({ prompt_tokens: 600, completion_tokens: 35, total_tokens: 635 });
    expect((res as unknown as { holdline: unknown }).holdline).toEqual({
      call_id: res.id,
      base_model: 'base-model',
      steps: 3,
      tools_used: [],
      stopped: 'done',
    });

    const sentUp = h.upstream.requests.slice(before);
    expect(sentUp).toHaveLength(3);
    for (const request of sentUp) {
      expect(request.body.model).toBe('base-model');
      expect(request.body.max_tokens).toBe(4096);
      expect(request.body.stream).toBe(true);
      expect(request.headers.authorization).toBe('Bearer upstream-key');
    }
    const [plan, act, check] = sentUp;
    expect(plan?.body.tools).toBeUndefined();
    expect(act?.body.tools?.map((t) => (t as { function: { name: string } }).function.name)).toEqual([
      'write_file',
      'read_file',
      'list_files',
      'run',
      'read_url',
    ]);
    // The checker may recompute the result: it is offered `run` alone.
    expect(check?.body.tools?.map((t) => (t as { function: { name: string } }).function.name)).toEqual(['run']);
    expect(JSON.stringify(check?.body.messages)).toContain('Answer to check:\\nTwo plus three is five.');

    const usage = await h.client(apiKey).get('/usage');
    expect(usage).toMatchObject({ plan: 'signal', calls_this_month: 1, calls_left: 24, tokens_used: 635, scans_this_month: 0, scans_left: 30 });
  });

  it('runs the base model of another configured id', async () => {
    const { apiKey } = await h.newKey();
    h.upstream.script(simpleCall('fine'));
    const before = h.upstream.requests.length;
    const res = await h.client(apiKey).chat.completions.create({ model: 'holdline-big', messages: ask });
    expect(res.model).toBe('holdline-big');
    expect((res as unknown as { holdline: { base_model: string } }).holdline.base_model).toBe('big-base');
    expect(h.upstream.requests.slice(before).map((r) => r.body.model)).toEqual(['big-base', 'big-base', 'big-base']);
  });

  it('streams progress as reasoning deltas, the answer as content, one finish chunk and a usage chunk', async () => {
    const { apiKey } = await h.newKey();
    h.upstream.script(
      simpleCall('five', {
        plan: { reasoning: 'thinking via reasoning field', reasoningField: 'reasoning' },
        act: { reasoning: 'thinking via reasoning_content' },
      }),
    );
    const stream = await h.client(apiKey).chat.completions.create({ model: 'holdline', messages: ask, stream: true, stream_options: { include_usage: true } });
    const chunks = await collect(stream);
    const first = chunks[0];
    expect(first?.choices[0]?.delta.role).toBe('assistant');
    for (const chunk of chunks) {
      expect(chunk.id).toBe(first?.id);
      expect(chunk.created).toBe(first?.created);
      expect(chunk.model).toBe('holdline');
      expect(chunk.object).toBe('chat.completion.chunk');
    }
    const reasoning = reasoningOf(chunks);
    expect(reasoning).toContain(`accepted ${first?.id} (base model base-model); planning…`);
    expect(reasoning).toContain('thinking via reasoning field');
    expect(reasoning).toContain('plan:\n1. answer directly');
    expect(reasoning).toContain('thinking via reasoning_content');
    expect(reasoning).toContain('check: APPROVE — correct');
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe('five');
    const finishing = chunks.filter((c) => c.choices[0]?.finish_reason);
    expect(finishing).toHaveLength(1);
    expect(finishing[0]?.choices[0]?.finish_reason).toBe('stop');
    expect((finishing[0] as unknown as { holdline: unknown }).holdline).toEqual({
      call_id: first?.id,
      base_model: 'base-model',
      steps: 3,
      tools_used: [],
      stopped: 'done',
    });
    const last = chunks.at(-1);
    expect(last?.choices).toEqual([]);
    expect(last?.usage).toEqual({ prompt_tokens: 600, completion_tokens: 35, total_tokens: 635 });
    // The content comes after every reasoning delta.
    const contentAt = chunks.findIndex((c) => (c.choices[0]?.delta.content ?? '') !== '');
    expect(chunks.slice(contentAt + 1).some((c) => ((c.choices[0]?.delta ?? {}) as { reasoning_content?: string }).reasoning_content)).toBe(false);
  });

  it('works with the .stream() helper and finalChatCompletion()', async () => {
    const { apiKey } = await h.newKey();
    h.upstream.script(simpleCall('helper answer'));
    const runner = h.client(apiKey).chat.completions.stream({ model: 'holdline', messages: ask });
    const final = await runner.finalChatCompletion();
    expect(final.choices[0]?.message.content).toBe('helper answer');
    expect(final.choices[0]?.finish_reason).toBe('stop');
    expect(final.id).toMatch(/^call_/);
  });

  it('cancels the workflow when the client aborts mid-stream, and the slot is released so the next call on the key is admitted', async () => {
    const { apiKey } = await h.newKey();
    // The plan answers (the stream starts), then the act step hangs.
    h.upstream.script([{ content: '1. answer' }, { content: 'slow act', delayMs: 60_000 }]);
    const seen = h.upstream.requests.length;
    const client = h.client(apiKey);
    const stream = await client.chat.completions.create({ model: 'holdline', messages: ask, stream: true });
    let callId = '';
    for await (const chunk of stream) {
      callId = chunk.id;
      if (reasoningOf([chunk]).includes('accepted')) break;
    }
    await h.upstream.waitForRequests(seen + 2);
    stream.controller.abort();
    // The abort frees the key's slot (a lapse of its lease would take the whole time limit and more);
    // then the next call on the key is admitted on its first request.
    await waitFor(async () => (await calls.slots.countDocuments({ call_id: callId })) === 0, 60_000, 'the slot to be released');
    h.upstream.script(simpleCall('second'));
    h.sent.count = 0;
    const second = await client.chat.completions.create({ model: 'holdline', messages: ask }, { maxRetries: 0 });
    expect(h.sent.count).toBe(1);
    expect(second.choices[0]?.message.content).toBe('second');
    const doc = await waitFor(
      async () => {
        const call = await calls.get(callId);
        return call?.status === 'finished' ? call : undefined;
      },
      15_000,
      'the cancelled call to be recorded',
    );
    expect(doc.stopped).toBe('cancelled');
    // The call is recorded just before the workflow itself ends as cancelled.
    const status = await waitFor(
      async () => {
        const description = await h.service.temporal.workflow.getHandle(`chat-${callId}`).describe();
        return description.status.name === 'RUNNING' ? undefined : description.status.name;
      },
      15_000,
      'the workflow to end',
    );
    expect(status).toBe('CANCELLED');
  });

  /**
   * Scripts a call whose act step is held until `release()`: the plan answers at once, the act
   * request waits on the gate, then the check approves. No fixed delay orders anything.
   */
  function heldCall(answer: string): { release: () => void; actArrived: Promise<unknown> } {
    const [plan, act, check] = simpleCall(answer);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const actArrived = new Promise<void>((resolve) => (arrived = resolve));
    const turns = [act!, check!];
    h.upstream.script([plan!]);
    h.upstream.setResponder(async () => {
      const turn = turns.shift() ?? { content: 'unexpected extra step' };
      if (turn === act) {
        arrived();
        await gate;
      }
      return turn;
    });
    return { release, actArrived };
  }

  /** Reads `body` until `seen(text)` holds, returning the reader and what was read. */
  async function readUntil(body: ReadableStream<Uint8Array>, seen: (text: string) => boolean) {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!seen(text)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the body ended before the awaited part: ${JSON.stringify(text)}`);
      text += decoder.decode(value, { stream: true });
    }
    return { reader, text, decoder };
  }
  async function readRest(part: Awaited<ReturnType<typeof readUntil>>): Promise<string> {
    let { text } = part;
    for (;;) {
      const { value, done } = await part.reader.read();
      if (done) return text + part.decoder.decode();
      text += part.decoder.decode(value, { stream: true });
    }
  }

  it('keeps an idle stream alive with comment lines once the first step has answered', async () => {
    const { apiKey } = await h.newKey();
    const held = heldCall('late');
    try {
      const res = await fetch(`${h.service.apiUrl}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'holdline', messages: ask, stream: true }),
      });
      // The status and headers came while the act step is still held upstream.
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      await held.actArrived;
      const part = await readUntil(res.body!, (t) => t.includes('\n: keep-alive\n\n'));
      expect(part.text).not.toContain('late');
      held.release();
      const text = await readRest(part);
      expect(text).toContain('"content":"late"');
      expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
    } finally {
      held.release();
      h.upstream.setResponder(undefined);
    }
  });

  it('sends the status once the first step has answered and keeps a non-streamed body alive with leading spaces', async () => {
    const { apiKey } = await h.newKey();
    const held = heldCall('patient');
    try {
      const res = await fetch(`${h.service.apiUrl}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'holdline', messages: ask }),
      });
      // The header was sent before the body: the act step has not answered yet.
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      await held.actArrived;
      const part = await readUntil(res.body!, (t) => t.length > 0);
      expect(part.text).toMatch(/^ +$/);
      held.release();
      const text = await readRest(part);
      expect(text).toMatch(/^ +\{/);
      expect(JSON.parse(text).choices[0].message.content).toBe('patient');
    } finally {
      held.release();
      h.upstream.setResponder(undefined);
    }
  });
});

describe('admission errors in the OpenAI shape', () => {
  it('401 without a key or with an unknown key', async () => {
    for (const key of ['', 'sk_sig_unknownunknownunknownunknownunknown12']) {
      const res = await fetch(`${h.service.apiUrl}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
        body: JSON.stringify({ model: 'holdline', messages: ask }),
      });
      expect(res.status).toBe(401);
      const body = (await res.json()) as { error: { type: string; code: string; param: null } };
      expect(body.error.type).toBe('invalid_request_error');
      expect(body.error.code).toBe('invalid_api_key');
    }
    const error = await apiError(h.client('sk_sig_nope').models.list());
    expect(error.status).toBe(401);
  });

  it('400 naming the parameter for missing or empty messages and an unknown model', async () => {
    const { apiKey } = await h.newKey();
    const client = h.client(apiKey);
    const missing = await apiError(client.chat.completions.create({ model: 'holdline' } as never));
    expect([missing.status, missing.param]).toEqual([400, 'messages']);
    const empty = await apiError(client.chat.completions.create({ model: 'holdline', messages: [] }));
    expect([empty.status, empty.param, empty.type]).toEqual([400, 'messages', 'invalid_request_error']);
    const unknown = await apiError(client.chat.completions.create({ model: 'gpt-4o', messages: ask }));
    expect([unknown.status, unknown.param]).toEqual([400, 'model']);
    expect((await client.get('/usage')) as object).toMatchObject({ calls_this_month: 0 });
  });

  it('413 for a body over 256 KB', async () => {
    const { apiKey } = await h.newKey();
    const error = await apiError(
      h.client(apiKey).chat.completions.create({ model: 'holdline', messages: [{ role: 'user', content: 'x'.repeat(300 * 1024) }] }),
    );
    expect(error.status).toBe(413);
    expect(error.code).toBe('request_too_large');
  });

  it('429 rate_limit while a call runs for the key: exactly one request reaches the server under default retries', async () => {
    const { apiKey } = await h.newKey();
    h.upstream.script([{ content: 'slow plan', delayMs: 3000 }, { content: 'done' }, { content: 'APPROVE' }]);
    const first = h.client(apiKey).chat.completions.create({ model: 'holdline', messages: ask });
    await h.upstream.waitForRequests(h.upstream.requests.length + 1);
    h.sent.count = 0;
    const error = await apiError(h.client(apiKey).chat.completions.create({ model: 'holdline', messages: ask }));
    expect(h.sent.count).toBe(1);
    expect(error.status).toBe(429);
    expect(error.code).toBe('rate_limit');
    expect(error.type).toBe('rate_limit_error');
    expect(error.headers?.get('retry-after')).toMatch(/^\d+$/);
    expect(error.headers?.get('x-should-retry')).toBe('false');
    expect((await first).choices[0]?.message.content).toBe('done');
    expect((await h.client(apiKey).get('/usage')) as object).toMatchObject({ calls_this_month: 1 });
  });

  it('429 quota_exceeded after 25 accepted calls this month, with nothing locked', async () => {
    const { apiKey, accountId } = await h.newKey();
    for (let i = 0; i < 25; i++) expect(await h.service.deps.usage.take(accountId, 'calls', 25)).toBe(true);
    const error = await apiError(h.client(apiKey).chat.completions.create({ model: 'holdline', messages: ask }));
    expect(h.sent.count).toBe(1);
    expect(error.status).toBe(429);
    expect(error.code).toBe('quota_exceeded');
    expect(Number(error.headers?.get('retry-after'))).toBeGreaterThan(0);
    expect(error.headers?.get('x-should-retry')).toBe('false');
    expect(await calls.slots.countDocuments({ account_id: accountId })).toBe(0);
    expect((await h.client(apiKey).get('/usage')) as object).toMatchObject({ calls_this_month: 25, calls_left: 0 });
  });

  it('503 when the upstream is down, charging and locking nothing', async () => {
    const { apiKey, accountId } = await h.newKey();
    const port = h.upstream.port;
    await h.upstream.close();
    try {
      const error = await apiError(h.client(apiKey, { maxRetries: 0 }).chat.completions.create({ model: 'holdline', messages: ask }));
      expect(error.status).toBe(503);
      expect(error.code).toBe('model_unavailable');
      expect(await calls.slots.countDocuments({ account_id: accountId })).toBe(0);
      expect((await h.service.deps.usage.month(accountId)).calls).toBe(0);
    } finally {
      h.upstream = await startScriptedUpstream({ port, modelId: 'base-model' });
    }
    h.upstream.script(simpleCall('back'));
    const res = await h.client(apiKey).chat.completions.create({ model: 'holdline', messages: ask });
    expect(res.choices[0]?.message.content).toBe('back');
  });
});

describe('GET /v1/models and /v1/usage', () => {
  it('lists holdline and the configured ids with their base models, available while the model server answers', async () => {
    const { apiKey } = await h.newKey();
    const models = await h.client(apiKey).models.list();
    expect(models.data).toEqual([
      { id: 'holdline', object: 'model', created: 1735689600, owned_by: 'holdline', base_model: 'base-model', available: true },
      { id: 'holdline-big', object: 'model', created: 1735689600, owned_by: 'holdline', base_model: 'big-base', available: true },
    ]);
  });

  it('reports plan, period and counters of a fresh account', async () => {
    const { apiKey } = await h.newKey();
    const usage = await h.client(apiKey).get('/usage');
    const now = new Date();
    expect(usage).toEqual({
      plan: 'signal',
      period: {
        start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
        end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
      },
      calls_this_month: 0,
      calls_left: 25,
      tokens_used: 0,
      scans_this_month: 0,
      scans_left: 30,
    });
  });
});
