// The fault row of the embedded model server (`npm run faults`): llama-server, started and
// supervised as `npm run up` does, SIGKILLed while it works on a chat call. The call must end
// once: an answer (the step's retry reached the restarted server), a 503 in the OpenAI shape
// before the first answer, or, streamed after it, a last chunk saying `upstream_error` and
// [DONE]. Whatever the ending, the month's call counts once if the call answered and not at
// all if it did not, the tokens counted equal the call's own, the slot is freed, the
// supervisor restarts the server and the next call on the same key answers from it.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMOLLM2_135M } from '../../core/chat/embedded-model';
import type { ManagedProcess } from '../../tooling/stack/processes';
import { startStack, type Stack } from '../../tooling/stack/start';
import { superviseStack, type RestartEvent, type Supervisor } from '../../tooling/stack/supervise';
import { AccountsStore } from '../../store/accounts';
import { call, formatTable, killAlone, MODE, newTally, sleep, waitForBusy, type Row } from './harness';

let dataDir: string;
let stack: Stack;
let supervisor: Supervisor;
let mongo: MongoClient;
let db: Db;
const restarts: RestartEvent[] = [];
const rows: Row[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'holdline-faults-model-'));
  stack = await startStack({
    dataDir,
    // The worker is started below with a smaller cap on each step's tokens.
    worker: false,
    api: true,
    model: true,
    ear: false,
    externalEnv: {},
    handleSignals: true,
    env: {
      // The small model: these rows are about the process, not what it says.
      HOLDLINE_EMBEDDED_MODEL: 'small',
      HOLDLINE_UPSTREAM_HEALTH_TTL_MS: '0',
      HOLDLINE_CHAT_MAX_STEPS: '3',
      HOLDLINE_WORKER_LOG_LEVEL: 'WARN',
      LOG_LEVEL: 'warn',
    },
  });
  // Short steps: the stack's cap (512 tokens) takes minutes a step on a loaded 2-core machine.
  await stack.startWorker({ HOLDLINE_MODEL_MAX_TOKENS: '24' });
  supervisor = superviseStack(stack, {
    log: (line) => process.stderr.write(`faults: ${line.split('\n')[0]}\n`),
    onRestart: (event) => restarts.push(event),
  });
  mongo = new MongoClient(stack.mongodbUri, { serverSelectionTimeoutMS: 30_000 });
  await mongo.connect();
  db = mongo.db();
}, 300_000);

afterAll(async () => {
  if (rows.length > 0) {
    process.stdout.write(`\nFaults survived, the embedded model server (${MODE} form):\n${formatTable(rows)}\n`);
    for (const r of rows) if (r.notes.length) process.stdout.write(`  ${r.fault}: ${r.notes.join('; ')}\n`);
  }
  supervisor?.stop();
  await mongo?.close().catch(() => undefined);
  await stack?.stop();
  if (dataDir && process.env.HOLDLINE_KEEP_TEST_DATA !== '1') rmSync(dataDir, { recursive: true, force: true });
}, 120_000);

const current = (name: string): ManagedProcess => {
  const proc = stack.processes.find((p) => p.name === name && stack.isCurrent(p));
  if (!proc) throw new Error(`no running ${name}`);
  return proc;
};

type Usage = { calls_this_month: number; tokens_used: number };

describe('the embedded model server killed mid-call', () => {
  for (const stream of [false, true]) {
    it(`SIGKILL while it answers a ${stream ? 'streamed' : 'non-streamed'} call: the call ends once, charged at most once, the slot freed, the next call answers`, async () => {
      const { account, apiKey } = await new AccountsStore(db).create({ email: `faults-${randomBytes(6).toString('hex')}@example.com`, plan: 'agents' });
      const tally = newTally();
      const usage = async () => (await call(tally, `${stack.apiUrl}/v1/usage`, { apiKey }))?.body as Usage;
      const body = {
        model: 'holdline',
        stream,
        ...(stream ? { stream_options: { include_usage: true } } : {}),
        messages: [{ role: 'user', content: 'Write a long story about a lighthouse keeper.' }],
      };
      const response = call(tally, `${stack.apiUrl}/v1/chat/completions`, {
        method: 'POST',
        apiKey,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const model = current('model');
      expect(await waitForBusy(model, 120_000)).toBe(true);
      const at = Date.now();
      const { orphans } = await killAlone(model);
      expect(orphans).toEqual([]);
      const result = await response;
      const endedAfter = (Date.now() - at) / 1000;
      const restart = await waitForRestart(at);

      const text = typeof result?.body === 'string' ? result.body : JSON.stringify(result?.body ?? null);
      const error = result?.status === 503 ? (result.body as { error?: Record<string, unknown> }).error : undefined;
      const stopped = /"stopped":"(\w+)"/.exec(text)?.[1];
      const finishes = (text.match(/"finish_reason":"(stop|length)"/g) ?? []).length;
      const ending = error ? '503' : stopped === 'upstream_error' ? 'upstream_error' : stopped ? 'answered' : 'none';
      const [doc] = await db.collection('calls').find({ account_id: account._id }).toArray();
      await waitForNoRunningCall();
      const after = await usage();
      const finished = await db.collection('calls').findOne({ account_id: account._id });
      rows.push({
        fault: `embedded model server SIGKILL mid chat call (${stream ? 'streamed' : 'non-streamed'})`,
        submitted: 1,
        completedOnce: ending === 'answered' ? 1 : 0,
        duplicated: 0,
        lost: ending === 'none' ? 1 : 0,
        error: ending === '503' || ending === 'upstream_error' ? 1 : 0,
        clientFailures: tally.failures,
        clientRequests: tally.requests,
        recoverSec: restart,
        notes: [
          `the client got ${result?.status} (${ending}${stopped ? `, stopped ${stopped}` : ''}) ${endedAfter.toFixed(1)} s after the kill; charged ${after.calls_this_month} call, ${after.tokens_used} tokens`,
        ],
      });
      expect(ending).not.toBe('none');
      if (error) {
        expect(Object.keys(error).sort()).toEqual(['code', 'message', 'param', 'type']);
        expect(error).toMatchObject({ type: 'server_error', code: 'upstream_unavailable', param: null, message: expect.stringMatching(/nothing was charged/) });
        expect(after).toMatchObject({ calls_this_month: 0, tokens_used: 0 });
      } else {
        expect(result?.status).toBe(200);
        expect(finishes).toBe(1);
        if (stream) expect(text).toMatch(/data: \[DONE\]/);
        expect(after.calls_this_month).toBe(1);
        expect(after.tokens_used).toBe((finished?.usage as { total_tokens: number } | undefined)?.total_tokens);
      }
      expect(doc).toBeDefined();
      expect(await db.collection('call_slots').countDocuments({})).toBe(0);

      // The restarted server answers the next call on the same key.
      const next = await call(tally, `${stack.apiUrl}/v1/chat/completions`, {
        method: 'POST',
        apiKey,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'holdline', messages: [{ role: 'user', content: 'What is 2 + 2?' }] }),
      });
      expect(next?.status).toBe(200);
      expect((next?.body as { holdline: { base_model: string; stopped: string } }).holdline).toMatchObject({ base_model: SMOLLM2_135M.name });
      expect((next?.body as { holdline: { stopped: string } }).holdline.stopped).not.toBe('upstream_error');
    }, 600_000);
  }
});

/** Seconds from the kill until the supervisor had the model server answering again. */
async function waitForRestart(since: number, timeoutMs = 120_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const event = restarts.find((e) => e.part === 'model' && e.exitedAt >= since);
    if (event) return (event.readyAt - since) / 1000;
    if (Date.now() > deadline) throw new Error(`the model server was not restarted within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

async function waitForNoRunningCall(timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await db.collection('calls').countDocuments({ status: 'running' })) > 0) {
    if (Date.now() > deadline) throw new Error('a call was still running');
    await sleep(250);
  }
}
