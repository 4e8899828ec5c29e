// The embedded model's real answers (recorded from llama-server by
// fixtures/record-model-answers.ts) through the model client and the agent loop: the
// client reads them as the server sent them (text, finish reason, the server's own token
// counts), and the loop turns each into a readable end.

import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModelClient, type ModelReply } from '../../../activities/chat/model-client';
import { newLoopState, runAgents, type AgentPorts, type ModelStepResult } from '../../../core/chat/agent-loop';
import { parseVerdict } from '../../../core/chat/conversation';
import { parseToolCall } from '../../../core/chat/tools';
import type { TokenUsage } from '../../../core/chat/shapes';

const here = dirname(fileURLToPath(import.meta.url));
type Fixture = { request: Record<string, unknown>; status: number; sse: string };
const fixture = (name: string): Fixture => JSON.parse(readFileSync(join(here, 'fixtures', `${name}.json`), 'utf8')) as Fixture;

/** The server's own numbers, read straight from the SSE text. */
function serverSaid(sse: string): { content: string; finishReason: string | null; usage: TokenUsage | undefined } {
  let content = '';
  let finishReason: string | null = null;
  let usage: TokenUsage | undefined;
  for (const line of sse.split('\n')) {
    if (!line.startsWith('data: ') || line === 'data: [DONE]') continue;
    const chunk = JSON.parse(line.slice(6)) as { choices: { delta: { content?: string | null }; finish_reason: string | null }[]; usage?: TokenUsage };
    const choice = chunk.choices[0];
    content += choice?.delta.content ?? '';
    if (choice?.finish_reason) finishReason = choice.finish_reason;
    if (chunk.usage)
      usage = { prompt_tokens: chunk.usage.prompt_tokens, completion_tokens: chunk.usage.completion_tokens, total_tokens: chunk.usage.total_tokens };
  }
  return { content, finishReason, usage };
}

let server: Server;
let baseUrl: string;
let served: Fixture | undefined;
let lastBody: { max_tokens?: number } | undefined;

beforeAll(async () => {
  // Replays the fixture being tested, byte for byte, as llama-server sent it.
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      lastBody = JSON.parse(body) as { max_tokens?: number };
      res.writeHead(served?.status ?? 500, { 'content-type': 'text/event-stream' });
      res.end(served?.sse ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function replay(name: string): Promise<ModelReply> {
  served = fixture(name);
  return createModelClient({ baseUrl, apiKey: 'embedded', timeoutMs: 10_000 }).complete({ model: 'SmolLM2-135M-Instruct-Q4_1', messages: [] });
}

const asStep = (reply: ModelReply, verdict?: ModelStepResult['verdict']): ModelStepResult => ({
  content: reply.content,
  toolCalls: reply.toolCalls.map((c) => ({ id: c.id, name: c.function.name, signature: `${c.function.name}:${c.function.arguments}` })),
  finishReason: reply.finishReason,
  usage: reply.usage,
  ...(verdict ? { verdict } : {}),
});

/** Ports answering the loop's model steps with the given replies in order; tools answer ok. */
function portsOf(steps: ModelStepResult[]): { ports: AgentPorts; tools: { name: string; repeated: boolean }[] } {
  const tools: { name: string; repeated: boolean }[] = [];
  const ports: AgentPorts = {
    modelStep: async () => {
      const next = steps.shift();
      if (!next) throw new Error('the loop asked for more model steps than the test has');
      return next;
    },
    executeTool: async (input) => {
      tools.push({ name: input.name, repeated: input.repeated ?? false });
      return { name: input.name, ok: true, summary: 'ok' };
    },
  };
  return { ports, tools };
}

describe('recorded answers of the embedded model, read by the model client', () => {
  it.each(['prose-instead-of-tools', 'cut-by-token-limit', 'check-verdict', 'token-cap-zero', 'tool-choice-required'])(
    "%s: text, finish reason and the server's token counts as sent",
    async (name) => {
      const reply = await replay(name);
      const said = serverSaid(fixture(name).sse);
      expect(said.usage).toBeDefined();
      expect(reply.usage).toEqual(said.usage);
      expect(reply.content).toBe(said.content);
      expect(reply.finishReason).toBe(said.finishReason);
    },
  );
});

describe('the token cap the client sends', () => {
  it('is max_tokens: the configured cap, never above the per-step limit', async () => {
    served = fixture('cut-by-token-limit');
    const client = (maxTokens?: number) =>
      createModelClient({ baseUrl, apiKey: 'embedded', timeoutMs: 10_000, ...(maxTokens !== undefined ? { maxTokens } : {}) });
    await client(512).complete({ model: 'm', messages: [] });
    expect(lastBody?.max_tokens).toBe(512);
    await client().complete({ model: 'm', messages: [] });
    expect(lastBody?.max_tokens).toBe(4096);
    await client(10_000).complete({ model: 'm', messages: [] });
    expect(lastBody?.max_tokens).toBe(4096);
  });
});

describe("what the small model does with the agents' requests", () => {
  it('answers the actor in prose with no tool calls, even when a tool call is required', async () => {
    for (const name of ['prose-instead-of-tools', 'tool-choice-required']) {
      const reply = await replay(name);
      expect(reply.toolCalls).toEqual([]);
      expect(reply.finishReason).toBe('stop');
      expect(reply.content).toBe('1. Write code that sums the primes below 1000.\n2. Run it.\n3. Report the sum.\n\nCarry it out.');
    }
  });

  it('stops at the token cap with finish_reason length, and a zero cap still yields one token', async () => {
    expect(await replay('cut-by-token-limit')).toMatchObject({ content: '1. 1000 = 2 * ', finishReason: 'length', usage: { completion_tokens: 12 } });
    expect(await replay('token-cap-zero')).toMatchObject({ content: '1', finishReason: 'length', usage: { completion_tokens: 1 } });
  });

  it('as the checker, echoes the answer and both verdict words: a REVISE anywhere sends the work back', async () => {
    const reply = await replay('check-verdict');
    expect(reply.content).toBe('The sum is 42.\n\nThe first word: APPROVE or REVISE.');
    // Neither word comes first; parseVerdict then takes any REVISE in the text as the verdict.
    expect(parseVerdict(reply.content).verdict).toBe('revise');
  });
});

describe('the agent loop over the recorded answers', () => {
  it('prose instead of tool calls: the prose is the answer; the recorded check sends it back once, the same prose again ends the call unchecked', async () => {
    const plan = await replay('cut-by-token-limit');
    const act = await replay('prose-instead-of-tools');
    const check = await replay('check-verdict');
    const { ports, tools } = portsOf([asStep(plan), asStep(act), { ...asStep(check), verdict: parseVerdict(check.content).verdict }, asStep(act)]);
    const state = newLoopState();
    const outcome = await runAgents(ports, state, 15);
    expect(outcome).toEqual({ content: act.content, stopped: 'done', finishReason: 'stop' });
    expect(tools).toEqual([]);
    expect(state.steps).toBe(4);
    // The run's usage is the server's counts, summed over the four steps.
    const sum = [plan, act, check, act].reduce((t, r) => t + r.usage.total_tokens, 0);
    expect(state.usage.total_tokens).toBe(sum);
  });

  it('an answer cut by the token cap ends as length', async () => {
    const cut = await replay('cut-by-token-limit');
    const check = await replay('check-verdict');
    const { ports } = portsOf([asStep(cut), asStep(cut), { ...asStep(check), verdict: 'approve' }]);
    expect(await runAgents(ports, newLoopState(), 15)).toEqual({ content: '1. 1000 = 2 * ', stopped: 'done', finishReason: 'length' });
  });

  it('tool calls the model never made correctly: the recorded prose turned into a call with cut JSON or an unknown name gets a readable error', () => {
    // The small model makes no tool calls; these are built from its recorded text to check the parser the loop relies on.
    const text = '1. Write code that sums the primes below 1000.';
    expect(parseToolCall('run', `{"code": ${JSON.stringify(text)}`)).toEqual({ ok: false, message: 'run: arguments are not valid JSON' });
    expect(parseToolCall('python', JSON.stringify({ code: text }))).toEqual({
      ok: false,
      message: 'unknown tool "python"; the tools are write_file, read_file, list_files, run, read_url',
    });
  });
});
