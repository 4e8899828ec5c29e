// The agents against the embedded default model (Qwen2.5-Coder-1.5B-Instruct on
// llama-server), as a user checks them: a page really read and the fact only it holds
// in the answer. Greedy sampling for repeatable runs. How often the model gets tasks
// right (the README's primes task among them) is measured by `npm run bench -- --agents`,
// not asserted here: on this model it is not yet reliable (docs/benchmarks.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QWEN_CODER_1_5B } from '../../../core/chat/embedded-model';
import { CallsStore } from '../../../store/calls';
import { startModelServer, type ModelServer } from '../../../tooling/stack/model';
import { startService, type Service } from '../helpers/service';

type Run = { call_id: string; base_model: string; steps: number; tools_used: string[]; stopped: string };
const runOf = (value: unknown) => (value as { holdline: Run }).holdline;

let dir: string;
let model: ModelServer;
let pages: Server;
let pagesUrl: string;
let service: Service;
let client: OpenAI;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'holdline-agents-real-'));
  model = await startModelServer({ logFile: join(dir, 'model.log'), model: QWEN_CODER_1_5B, extraArgs: ['--temp', '0', '--seed', '1'] });
  // A price nobody could know without reading the page.
  pages = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<html><head><title>Prices</title></head><body><h1>Price list</h1><p>The teal lamp costs 73.19 EUR this week.</p></body></html>');
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  const port = (pages.address() as { port: number }).port;
  pagesUrl = `http://127.0.0.1:${port}`;
  service = await startService({ env: { ...model.env, HOLDLINE_ALLOW_HOSTS: `127.0.0.1:${port}` } });
  const { apiKey } = await service.createAccount('agents');
  client = new OpenAI({ baseURL: `${service.apiUrl}/v1`, apiKey, maxRetries: 0, timeout: 15 * 60_000 });
}, 300_000);
afterAll(async () => {
  await service?.stop();
  await model?.proc.stop();
  pages?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the agents on the embedded default model', { timeout: 900_000 }, () => {
  it('reads a page to answer what only the page says', async () => {
    const completion = await client.chat.completions.create({
      model: 'holdline',
      messages: [{ role: 'user', content: `Read ${pagesUrl}/lamps.html and tell me what the teal lamp costs.` }],
    });
    const run = runOf(completion);
    // On a failure, the call's turns say which step went wrong (the model's path differs between CPUs).
    const turns = await new CallsStore(service.mongo.db).turnLog(run.call_id);
    const log = turns.map((t) => JSON.stringify({ ...t, _id: undefined, call_id: undefined, created_at: undefined }).slice(0, 800)).join('\n');
    const reads = turns.filter((t) => t.kind === 'tool' && t.name === 'read_url');
    expect(
      reads.some((t) => t.kind === 'tool' && t.ok && t.output.includes('73.19 EUR')),
      `the page was read\n${log}`,
    ).toBe(true);
    expect(completion.choices[0]?.message.content, `the answer holds the page's price\n${log}`).toContain('73.19');
  });
});
