// The agent loop against the real embedded model (llama-server with SmolLM2-135M-Instruct,
// installed by scripts/install-model.sh), not the scripted upstream. A counting proxy between
// the service and llama-server reads the server's own token counts from each answer, so the
// call's `usage` is checked against them. Sampling is greedy (`--temp 0`) for repeatable
// answers; nothing here asserts what the small model says, only how the service carries it.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import OpenAI from 'openai';
import { fallbackAnswer, newLoopState } from '../../../core/chat/agent-loop';
import { parseVerdict, plainProblem } from '../../../core/chat/conversation';
import { SMOLLM2_135M } from '../../../core/chat/embedded-model';
import { addUsage, ZERO_USAGE, type CallTurn, type TokenUsage } from '../../../core/chat/shapes';
import { startModelServer, type ModelServer } from '../../../tooling/stack/model';
import { countingProxy, type CountingProxy, type SeenAnswer } from '../helpers/model-proxy';
import { CallsStore } from '../../../store/calls';
import { startService, type Service } from '../helpers/service';
import { waitFor } from './harness';

const sum = (answers: SeenAnswer[]) =>
  answers.reduce<TokenUsage>((total, a) => {
    if (!a.usage) throw new Error('the model server sent an answer without usage');
    return addUsage(total, a.usage);
  }, ZERO_USAGE);

type Run = { call_id: string; base_model: string; steps: number; tools_used: string[]; stopped: string };
const runOf = (value: unknown) => (value as { holdline: Run }).holdline;
const ask = [{ role: 'user' as const, content: 'Name the three primary colours of light.' }];
type AccountUsage = { calls_this_month: number; tokens_used: number };

// One model server for the file; each block starts its own service (limits are per service).
let dir: string;
let model: ModelServer;
let proxy: CountingProxy;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'holdline-model-'));
  model = await startModelServer({ logFile: join(dir, 'model.log'), model: SMOLLM2_135M, maxTokens: 24, extraArgs: ['--temp', '0', '--seed', '1'] });
  proxy = await countingProxy(model.baseUrl.replace(/\/v1$/, ''));
}, 120_000);
afterAll(async () => {
  await proxy?.close();
  await model?.proc.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the agents on the embedded model', { timeout: 300_000 }, () => {
  let service: Service;
  let calls: CallsStore;
  let client: (apiKey: string) => OpenAI;

  beforeAll(async () => {
    service = await startService({
      env: { ...model.env, MODEL_BASE_URL: `${proxy.url}/v1`, HOLDLINE_UPSTREAM_HEALTH_TTL_MS: '0' },
    });
    calls = new CallsStore(service.mongo.db);
    client = (apiKey) => new OpenAI({ baseURL: `${service.apiUrl}/v1`, apiKey, maxRetries: 0 });
  });
  afterAll(async () => service?.stop());

  it('offers the model under its base name and says plainly what it is', async () => {
    const { apiKey } = await service.createAccount();
    const models = await client(apiKey).models.list();
    expect(models.data.map((m) => [m.id, (m as unknown as { base_model: string }).base_model])).toEqual([['holdline', SMOLLM2_135M.name]]);
    expect((models.data[0] as unknown as { description: string }).description).toBe(SMOLLM2_135M.note);
  });

  it("answers a non-streamed call with the model's own text and its token counts summed over the steps", async () => {
    const { apiKey } = await service.createAccount();
    const before = proxy.answers.length;
    const completion = await client(apiKey).chat.completions.create({ model: 'holdline', messages: ask });
    const run = runOf(completion);
    expect(run.base_model).toBe(SMOLLM2_135M.name);
    expect(completion.choices[0]?.message.content?.trim()).not.toBe('');
    // Plan, act, check at least; the tiny model calls no tools.
    expect(run.steps).toBeGreaterThanOrEqual(3);
    expect(run.tools_used).toEqual([]);
    const answers = proxy.answers.slice(before);
    expect(answers).toHaveLength(run.steps);
    expect(completion.usage).toEqual(sum(answers));
    expect(completion.usage?.prompt_tokens).toBeGreaterThan(0);
    // A step the model server cut at its token cap makes the whole answer `length` only when it was the answer.
    expect(['stop', 'length']).toContain(completion.choices[0]?.finish_reason);
    const doc = await calls.get(run.call_id);
    expect(doc).toMatchObject({ status: 'finished', stopped: run.stopped, steps: run.steps, usage: completion.usage });
  });

  it("streams with include_usage: the usage chunk equals the model server's counts", async () => {
    const { apiKey } = await service.createAccount();
    const before = proxy.answers.length;
    const stream = await client(apiKey).chat.completions.create({ model: 'holdline', messages: ask, stream: true, stream_options: { include_usage: true } });
    const chunks: ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    const finish = chunks.find((c) => c.choices[0]?.finish_reason);
    expect(finish).toBeDefined();
    const run = runOf(finish);
    expect(run.base_model).toBe(SMOLLM2_135M.name);
    const content = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
    expect(content.trim()).not.toBe('');
    const last = chunks.at(-1);
    expect(last?.choices).toEqual([]);
    expect(last?.usage).toEqual(sum(proxy.answers.slice(before)));
    expect(proxy.answers.slice(before)).toHaveLength(run.steps);
  });

  it('stops the work when the client goes away mid-stream: recorded as cancelled, the slot freed, charged once', async () => {
    const { apiKey } = await service.createAccount();
    const started = proxy.started;
    proxy.holdFrom(started + 2);
    const stream = await client(apiKey).chat.completions.create({ model: 'holdline', messages: ask, stream: true });
    // Read the first chunk without leaving the loop (a `break` would abort the stream at once).
    const first = await stream[Symbol.asyncIterator]().next();
    const callId = (first.value as ChatCompletionChunk).id;
    // The stream opens once the plan has answered; leave while the act step is with the model,
    // held at the proxy so that the tiny model cannot finish the call before the client has gone.
    await proxy.waitForStarted(started + 2);
    stream.controller.abort();
    try {
      await waitFor(async () => (await calls.slots.countDocuments({ call_id: callId })) === 0, 60_000, 'the slot to be released');
    } finally {
      proxy.release();
    }
    const doc = await waitFor(
      async () => {
        const call = await calls.get(callId);
        return call?.status === 'finished' ? call : undefined;
      },
      30_000,
      'the cancelled call to be recorded',
    );
    expect(doc.stopped).toBe('cancelled');
    // The plan answered, so the call counts once; its tokens are the steps that finished, counted once.
    // Cancelled during the act step, or at the check right after it when the act answered first.
    expect([2, 3]).toContain(doc.steps);
    const tokens = doc.usage?.total_tokens ?? Number.NaN;
    expect(tokens).toBeGreaterThan(0);
    const usage = (await client(apiKey).get('/usage')) as AccountUsage;
    expect(usage.calls_this_month).toBe(1);
    expect(usage.tokens_used).toBe(tokens);
    // The key is free: the next call on it is admitted and answered.
    const next = await client(apiKey).chat.completions.create({ model: 'holdline', messages: ask });
    expect(runOf(next).stopped).not.toBe('cancelled');
    const after = (await client(apiKey).get('/usage')) as AccountUsage;
    expect(after.calls_this_month).toBe(2);
    expect(after.tokens_used).toBe(tokens + (next.usage?.total_tokens ?? Number.NaN));
  });
});

describe('the step limit on the embedded model (3 steps by configuration)', { timeout: 300_000 }, () => {
  let stepDir: string;
  let fresh: ModelServer;
  let seen: CountingProxy;
  let service: Service;

  // Its own model server, one slot, no prompt cache: the same requests on a fresh server get the
  // same greedy answers (a cache warmed by other calls shifts the numbers enough to flip a verdict).
  beforeAll(async () => {
    stepDir = mkdtempSync(join(tmpdir(), 'holdline-model-'));
    fresh = await startModelServer({
      model: SMOLLM2_135M,
      logFile: join(stepDir, 'model.log'),
      maxTokens: 24,
      parallel: 1,
      extraArgs: ['--temp', '0', '--seed', '1', '--no-cache-prompt'],
    });
    seen = await countingProxy(fresh.baseUrl.replace(/\/v1$/, ''));
    service = await startService({
      env: { ...fresh.env, MODEL_BASE_URL: `${seen.url}/v1`, HOLDLINE_UPSTREAM_HEALTH_TTL_MS: '0', HOLDLINE_CHAT_MAX_STEPS: '3' },
    });
  });
  afterAll(async () => {
    await service?.stop();
    await seen?.close();
    await fresh?.proc.stop();
    rmSync(stepDir, { recursive: true, force: true });
  });

  it('plans, answers, is checked and ends as the verdict says (step_limit when sent back with no step left), never a 500', async () => {
    const { apiKey } = await service.createAccount();
    const client = new OpenAI({ baseURL: `${service.apiUrl}/v1`, apiKey, maxRetries: 0 });
    const completion = await client.chat.completions.create({ model: 'holdline', messages: ask });
    const answers = seen.answers;
    const run = runOf(completion);
    const turns = (await new CallsStore(service.mongo.db).turnLog(run.call_id)) as unknown as CallTurn[];
    const check = turns.find((t) => t.kind === 'check');
    // The checker model is asked unless the answer's problem is plain to see (a program, a
    // number no tool printed): then its verdict is that problem, with no third request.
    const plain = plainProblem(ask, turns.slice(0, turns.indexOf(check!)))?.reasons;
    expect(answers).toHaveLength(plain === undefined ? 3 : 2);
    // What the small model's checker says depends on its wording of the day; both verdicts are real paths.
    const verdict = plain === undefined ? parseVerdict(answers[2]!.content).verdict : 'revise';
    expect(check).toMatchObject({ kind: 'check', verdict, ...(plain === undefined ? {} : { text: plain }) });
    expect(run).toMatchObject({ base_model: SMOLLM2_135M.name, steps: 3, tools_used: [] });
    expect(completion.object).toBe('chat.completion');
    if (verdict === 'revise') {
      expect(run.stopped).toBe('step_limit');
      expect(completion.choices[0]?.finish_reason).toBe('length');
      // No step was left for a final answer: the actor's answer stands, with the reason appended.
      const state = { ...newLoopState(), answer: answers[1]!.content };
      expect(completion.choices[0]?.message.content).toBe(fallbackAnswer(state, 'step_limit'));
    } else {
      expect(run.stopped).toBe('done');
      expect(completion.choices[0]?.message.content).toBe(answers[1]!.content);
    }
    expect(completion.usage).toEqual(sum(answers));
    const doc = await new CallsStore(service.mongo.db).get(run.call_id);
    expect(doc).toMatchObject({ status: 'finished', stopped: run.stopped, steps: 3, usage: completion.usage });
  });
});

describe('the time limit on the embedded model (1 s by configuration)', { timeout: 300_000 }, () => {
  let service: Service;

  beforeAll(async () => {
    service = await startService({ env: { ...model.env, HOLDLINE_UPSTREAM_HEALTH_TTL_MS: '0', HOLDLINE_CHAT_TIME_LIMIT_MS: '1000' } });
  });
  afterAll(async () => service?.stop());

  it('ends in time_limit with a readable answer, never a 500', async () => {
    const { apiKey } = await service.createAccount();
    const client = new OpenAI({ baseURL: `${service.apiUrl}/v1`, apiKey, maxRetries: 0 });
    // Long enough that plan, act and check cannot all finish within a second.
    const completion = await client.chat.completions.create({
      model: 'holdline',
      messages: [{ role: 'user', content: 'Write a detailed essay on the history of colour theory, with many examples.' }],
    });
    const run = runOf(completion);
    expect(run.stopped).toBe('time_limit');
    expect(run.base_model).toBe(SMOLLM2_135M.name);
    expect(completion.choices[0]?.finish_reason).toBe('length');
    expect(completion.choices[0]?.message.content?.trim()).not.toBe('');
  });
});
