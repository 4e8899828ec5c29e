import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import OpenAI, { APIError, APIUserAbortError } from 'openai';
import type { ChatCompletionChunk, ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { startScriptedUpstream } from '../scripted-upstream/server';
import type { ScriptedUpstream } from '../scripted-upstream/server';

let upstream: ScriptedUpstream;
let client: OpenAI;

beforeAll(async () => {
  upstream = await startScriptedUpstream();
  client = new OpenAI({ baseURL: upstream.baseUrl, apiKey: 'x', maxRetries: 0 });
});
afterAll(() => upstream.close());
afterEach(() => upstream.reset());

/** Polls a condition the server reaches asynchronously (a closed connection); 10 s at most. */
async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const user = (content: string): ChatCompletionMessageParam[] => [{ role: 'user', content }];
const tools: ChatCompletionTool[] = [
  {
    type: 'function',
    function: {
      name: 'write_file',
      description: 'write a file',
      parameters: { type: 'object', properties: { path: { type: 'string' }, text: { type: 'string' } } },
    },
  },
];

async function collect(stream: AsyncIterable<ChatCompletionChunk>): Promise<ChatCompletionChunk[]> {
  const chunks: ChatCompletionChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}
const deltaField = (chunks: ChatCompletionChunk[], field: string): string =>
  chunks.map((c) => (c.choices[0]?.delta as Record<string, unknown> | undefined)?.[field] ?? '').join('');

describe('scripted upstream', () => {
  it('listens on loopback with a base URL ending in /v1', () => {
    expect(upstream.baseUrl).toBe(`http://127.0.0.1:${upstream.port}/v1`);
  });

  it('lists scripted-model at GET /v1/models', async () => {
    const models = await client.models.list();
    expect(models.data.map((m) => m.id)).toEqual(['scripted-model']);
  });

  it('answers a non-stream request with the scripted text, echoing the model, with estimated usage', async () => {
    upstream.script([{ content: 'hello there' }]);
    const messages = user('say hello');
    const res = await client.chat.completions.create({ model: 'qwen-test', messages });
    expect(res.object).toBe('chat.completion');
    expect(res.id).toMatch(/^chatcmpl-/);
    expect(res.model).toBe('qwen-test');
    expect(res.choices[0]?.message).toEqual({ role: 'assistant', content: 'hello there', refusal: null });
    expect(res.choices[0]?.finish_reason).toBe('stop');
    const prompt = Math.ceil(JSON.stringify(messages).length / 4);
    expect(res.usage).toEqual({ prompt_tokens: prompt, completion_tokens: 3, total_tokens: prompt + 3 });
  });

  it('uses given usage, then the responder, then the default turn once the queue is empty', async () => {
    upstream.script([{ content: 'first', usage: { prompt_tokens: 7, completion_tokens: 2 } }]);
    const first = await client.chat.completions.create({ model: 'm', messages: user('a') });
    expect(first.usage).toEqual({ prompt_tokens: 7, completion_tokens: 2, total_tokens: 9 });
    expect((await client.chat.completions.create({ model: 'm', messages: user('b') })).choices[0]?.message.content).toBe('ok');
    upstream.setResponder((req) => ({ content: `you said ${String(req.body.messages.at(-1)?.content)}` }));
    expect((await client.chat.completions.create({ model: 'm', messages: user('c') })).choices[0]?.message.content).toBe('you said c');
    upstream.setResponder(undefined);
    upstream.setDefault({ content: 'new default' });
    expect((await client.chat.completions.create({ model: 'm', messages: user('d') })).choices[0]?.message.content).toBe('new default');
  });

  it('puts reasoning in the chosen message field of a non-stream answer', async () => {
    upstream.script([
      { content: 'x', reasoning: 'why', reasoningField: 'reasoning' },
      { content: 'y', reasoning: 'because' },
    ]);
    const a = await client.chat.completions.create({ model: 'm', messages: user('a') });
    const b = await client.chat.completions.create({ model: 'm', messages: user('b') });
    expect(a.choices[0]?.message).toMatchObject({ content: 'x', reasoning: 'why' });
    expect(b.choices[0]?.message).toMatchObject({ content: 'y', reasoning_content: 'because' });
  });

  it.each(['reasoning_content', 'reasoning'] as const)('streams reasoning as %s deltas, then the content, then [DONE]', async (field) => {
    upstream.script([{ reasoning: 'Thinking about the cut at 3 s.', reasoningField: field, content: 'The hook is weak.' }]);
    const chunks = await collect(await client.chat.completions.create({ model: 'm', messages: user('a'), stream: true }));
    expect(chunks.every((c) => c.object === 'chat.completion.chunk' && c.model === 'm')).toBe(true);
    expect(chunks[0]?.choices[0]?.delta.role).toBe('assistant');
    expect(deltaField(chunks, field)).toBe('Thinking about the cut at 3 s.');
    expect(chunks.filter((c) => (c.choices[0]?.delta as Record<string, unknown>)[field] !== undefined).length).toBe(7);
    expect(deltaField(chunks, 'content')).toBe('The hook is weak.');
    const reasoningAt = chunks.findIndex((c) => (c.choices[0]?.delta as Record<string, unknown>)[field] !== undefined);
    const contentAt = chunks.findIndex((c) => c.choices[0]?.delta.content);
    expect(reasoningAt).toBeLessThan(contentAt);
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('stop');
    expect(chunks.some((c) => 'usage' in c)).toBe(false);
  });

  it('ends a stream with a usage chunk with no choices when include_usage is set', async () => {
    upstream.script([{ content: 'abcd efgh', usage: { prompt_tokens: 11, completion_tokens: 5 } }]);
    const chunks = await collect(
      await client.chat.completions.create({
        model: 'm',
        messages: user('a'),
        stream: true,
        stream_options: { include_usage: true },
      }),
    );
    const last = chunks.at(-1);
    expect(last?.choices).toEqual([]);
    expect(last?.usage).toEqual({ prompt_tokens: 11, completion_tokens: 5, total_tokens: 16 });
    expect(chunks.slice(0, -1).every((c) => c.usage === null && c.choices.length === 1)).toBe(true);
  });

  it('round-trips a tool call without streaming and records the messages and tools sent', async () => {
    upstream.script([{ toolCalls: [{ name: 'write_file', arguments: { path: 'a.py', text: 'print(1)' } }] }, { content: 'done' }]);
    const messages = user('write a file');
    const first = await client.chat.completions.create({ model: 'm', messages, tools });
    const call = first.choices[0]?.message.tool_calls?.[0];
    expect(first.choices[0]?.finish_reason).toBe('tool_calls');
    expect(first.choices[0]?.message.content).toBeNull();
    expect(call?.type === 'function' && call.function).toEqual({ name: 'write_file', arguments: '{"path":"a.py","text":"print(1)"}' });
    expect(call?.id).toMatch(/^call_\d+_0$/);
    const followUp: ChatCompletionMessageParam[] = [
      ...messages,
      first.choices[0]!.message as ChatCompletionMessageParam,
      { role: 'tool', tool_call_id: call!.id, content: 'wrote 8 bytes' },
    ];
    const second = await client.chat.completions.create({ model: 'm', messages: followUp, tools });
    expect(second.choices[0]?.message.content).toBe('done');

    const [req1, req2] = upstream.requests.slice(-2);
    expect(req1?.body.messages).toEqual(messages);
    expect(req1?.body.tools).toEqual(tools);
    expect(req2?.body.messages).toEqual(JSON.parse(JSON.stringify(followUp)));
    expect(req2?.headers.authorization).toBe('Bearer x');
    expect(req2?.path).toBe('/v1/chat/completions');
    expect(upstream.lastRequest()).toBe(req2);
  });

  it('streams tool calls that the stream helper assembles into finalChatCompletion', async () => {
    upstream.script([
      {
        reasoning: 'plan',
        toolCalls: [
          { name: 'write_file', arguments: { path: 'main.py', text: 'print("hello world")' }, id: 'call_fixed' },
          { name: 'run', arguments: '{"cmd":"python main.py"}' },
        ],
      },
    ]);
    const stream = client.chat.completions.stream({ model: 'm', messages: user('go'), tools });
    const final = await stream.finalChatCompletion();
    const calls = final.choices[0]?.message.tool_calls ?? [];
    expect(final.choices[0]?.finish_reason).toBe('tool_calls');
    expect(calls.map((c) => c.type === 'function' && { id: c.id, name: c.function.name, arguments: c.function.arguments })).toEqual([
      { id: 'call_fixed', name: 'write_file', arguments: '{"path":"main.py","text":"print(\\"hello world\\")"}' },
      { id: `call_${upstream.lastRequest()?.n}_1`, name: 'run', arguments: '{"cmd":"python main.py"}' },
    ]);
  });

  it('streams tool call arguments in pieces, id and name only in the first delta', async () => {
    upstream.script([{ toolCalls: [{ name: 'run', arguments: { cmd: 'ls -la /tmp/work' } }] }]);
    const chunks = await collect(await client.chat.completions.create({ model: 'm', messages: user('a'), stream: true }));
    const deltas = chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []);
    expect(deltas[0]).toMatchObject({ index: 0, type: 'function', function: { name: 'run', arguments: '' } });
    expect(deltas.length).toBeGreaterThan(2);
    expect(deltas.slice(1).every((d) => d.index === 0 && d.id === undefined && d.function?.name === undefined)).toBe(true);
    expect(deltas.map((d) => d.function?.arguments).join('')).toBe('{"cmd":"ls -la /tmp/work"}');
  });

  it('fails the next n requests with an APIError of that status, consuming no scripted turn', async () => {
    upstream.script([{ content: 'after the outage' }]);
    upstream.failNext(2, { status: 503 });
    for (let i = 0; i < 2; i++) {
      const error = await client.chat.completions.create({ model: 'm', messages: user('a') }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(APIError);
      expect((error as APIError).status).toBe(503);
      expect((error as APIError).error).toEqual({ message: 'scripted error 503', type: 'server_error', param: null, code: null });
    }
    expect((await client.chat.completions.create({ model: 'm', messages: user('a') })).choices[0]?.message.content).toBe('after the outage');
  });

  it('answers a turn with a status and its error body', async () => {
    upstream.script([
      { status: 400, errorBody: { error: { message: 'context too long', type: 'invalid_request_error', param: 'messages', code: 'context_length_exceeded' } } },
    ]);
    const error = await client.chat.completions.create({ model: 'm', messages: user('a') }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).status).toBe(400);
    expect((error as APIError).code).toBe('context_length_exceeded');
  });

  it('drops the connection mid-response, streamed or not, and keeps serving', async () => {
    upstream.script([
      { content: 'never whole', dropConnection: true },
      { content: 'one two three four five six', dropConnection: true },
    ]);
    // Headers and half the body arrive, so the client fails reading the body (undici: "terminated").
    await expect(client.chat.completions.create({ model: 'm', messages: user('a') })).rejects.toThrow('terminated');
    const received: ChatCompletionChunk[] = [];
    const streamed = (async () => {
      for await (const chunk of await client.chat.completions.create({ model: 'm', messages: user('a'), stream: true })) received.push(chunk);
    })();
    await expect(streamed).rejects.toThrow();
    expect(received.length).toBeGreaterThan(0);
    expect(deltaField(received, 'content')).not.toBe('one two three four five six');
    expect((await client.chat.completions.create({ model: 'm', messages: user('a') })).choices[0]?.message.content).toBe('ok');
  });

  it('waits delayMs before answering and survives a client that aborts meanwhile', async () => {
    upstream.script([
      { content: 'slow', delayMs: 150 },
      { content: 'too late', delayMs: 60_000 },
    ]);
    expect((await client.chat.completions.create({ model: 'm', messages: user('a') })).choices[0]?.message.content).toBe('slow');
    expect(upstream.lastRequest()?.abandoned).toBeUndefined();
    const abort = new AbortController();
    const before = upstream.requests.length;
    const pending = client.chat.completions.create({ model: 'm', messages: user('a') }, { signal: abort.signal, maxRetries: 0 });
    await upstream.waitForRequests(before + 1);
    abort.abort();
    await expect(pending).rejects.toBeInstanceOf(APIUserAbortError);
    // The answer was still held back by its delay when the client left.
    await until(() => upstream.requests[before]?.abandoned === true);
    expect((await client.chat.completions.create({ model: 'm', messages: user('a') })).choices[0]?.message.content).toBe('ok');
  });

  it('spaces stream chunks by chunkDelayMs and survives a reader that stops early', async () => {
    upstream.script([
      { content: 'a b c d e f', chunkDelayMs: 30 },
      { content: 'one two three four', chunkDelayMs: 60_000 },
    ]);
    const chunks = await collect(await client.chat.completions.create({ model: 'm', messages: user('a'), stream: true }));
    expect(chunks.length).toBe(8);
    const before = upstream.requests.length;
    const stream = await client.chat.completions.create({ model: 'm', messages: user('a'), stream: true });
    for await (const _chunk of stream) break;
    // The rest of the stream was still waiting on its chunk delay when the reader stopped.
    await until(() => upstream.requests[before]?.abandoned === true);
    expect((await client.chat.completions.create({ model: 'm', messages: user('a') })).choices[0]?.message.content).toBe('ok');
  });

  it('waitForRequests resolves once n requests arrived and rejects after its timeout', async () => {
    const n = upstream.requests.length;
    const waiting = upstream.waitForRequests(n + 2, 2000);
    await client.chat.completions.create({ model: 'm', messages: user('a') });
    await client.chat.completions.create({ model: 'm', messages: user('b') });
    expect((await waiting).length).toBe(n + 2);
    await expect(upstream.waitForRequests(n + 3, 50)).rejects.toThrow(`${n + 2} of ${n + 3} requests after 50 ms`);
  });

  it('reset empties the recorded requests in place, the queue and pending failures', async () => {
    const requests = upstream.requests;
    await client.chat.completions.create({ model: 'm', messages: user('a') });
    upstream.script([{ content: 'queued' }]);
    upstream.failNext(1, { status: 500 });
    upstream.reset();
    expect(requests).toEqual([]);
    expect(upstream.pending()).toBe(0);
    const res = await client.chat.completions.create({ model: 'm', messages: user('a') });
    expect(res.choices[0]?.message.content).toBe('ok');
    expect(requests.map((r) => r.n)).toEqual([1]);
  });

  it('answers unknown routes and non-JSON bodies with OpenAI-shaped errors', async () => {
    const missing = await fetch(`${upstream.baseUrl}/embeddings`, { method: 'POST', body: '{}' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { type: 'not_found_error' } });
    const bad = await fetch(`${upstream.baseUrl}/chat/completions`, { method: 'POST', body: 'not json' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { message: 'request body is not JSON' } });
  });
});
