// Chat benchmark over the scripted upstream: our overhead per model step (wall time
// of a call divided by its model steps, minus the upstream's own scripted latency,
// 0 by default: the scripted upstream answers at once) and the time to the first
// SSE delta, median and p95 over 20 calls. Targets (issue 13): overhead ≤ 30 ms
// median and ≤ 40 ms p95; first delta ≤ 500 ms.
//
//   node --no-node-snapshot --import tsx bench/chat.ts [--calls 20] [--history 10000]
//     (starts its own Temporal + FerretDB unless TEMPORAL_ADDRESS / MONGODB_URI
//     are set; BENCH_UPSTREAM_MS=100 gives the upstream a latency, BENCH_DETAIL=1
//     prints where each call's time went; --history N first stores N finished
//     calls, as a service that has run for a while keeps them: every write on a
//     call's path must stay a point write however many there are)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { startInProcessService } from '../tooling/in-process-service';
import { startStack, type Stack } from '../tooling/stack';
import { startScriptedUpstream } from '../test/scripted-upstream/server';

const callsArg = process.argv.indexOf('--calls');
const CALLS = callsArg > 0 ? Number(process.argv[callsArg + 1]) : 20;
const historyArg = process.argv.indexOf('--history');
const HISTORY = historyArg > 0 ? Number(process.argv[historyArg + 1]) : 0;
const UPSTREAM_LATENCY_MS = Number(process.env.BENCH_UPSTREAM_MS ?? 0);
const STEPS_PER_CALL = 3;
const TARGET_STEP_MEDIAN_MS = 30;
const TARGET_STEP_P95_MS = 40;
const TARGET_FIRST_DELTA_MS = 500;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return (sorted[lo] ?? 0) + ((sorted[hi] ?? 0) - (sorted[lo] ?? 0)) * (at - lo);
};

const external = Boolean(process.env.TEMPORAL_ADDRESS && process.env.MONGODB_URI);
const dataDir = await mkdtemp(join(tmpdir(), 'holdline-bench-chat-'));
let stack: Stack | undefined;
if (!external) stack = await startStack({ dataDir });
const stackEnv = stack ? stack.env : { MONGODB_URI: process.env.MONGODB_URI ?? '', TEMPORAL_ADDRESS: process.env.TEMPORAL_ADDRESS ?? '' };

const upstream = await startScriptedUpstream({ modelId: 'bench-model' });
const service = await startInProcessService({
  mongodbUri: stackEnv.MONGODB_URI ?? '',
  temporalAddress: stackEnv.TEMPORAL_ADDRESS ?? '',
  // FerretDB's directory, so the store adds the `_id` index FerretDB lacks (store/ferret-sqlite.ts), as `npm run up` does.
  env: { MODEL_BASE_URL: upstream.baseUrl, MODEL_BASE_NAME: 'bench-model', ...(stack?.env.HOLDLINE_FERRETDB_SQLITE_DIR ? { HOLDLINE_FERRETDB_SQLITE_DIR: stack.env.HOLDLINE_FERRETDB_SQLITE_DIR } : {}) },
});
const { apiUrl, deps } = service;
const tag = service.config.taskQueuePrefix;

upstream.setResponder((request) => {
  const system = JSON.stringify(request.body.messages[0] ?? '');
  if (system.includes('You are the planner')) return { content: '1. answer', delayMs: UPSTREAM_LATENCY_MS };
  if (system.includes('You are the checker')) return { content: 'APPROVE', delayMs: UPSTREAM_LATENCY_MS };
  return { content: 'the answer', delayMs: UPSTREAM_LATENCY_MS };
});

// Old calls of other accounts, finished as the workflow leaves them (their conversations swept).
for (let i = 0; i < HISTORY; i += 1000) {
  const createdAt = new Date(Date.now() - 86_400_000);
  const usage = { prompt_tokens: 400, completion_tokens: 100, total_tokens: 500 };
  await deps.calls.calls.insertMany(
    Array.from({ length: Math.min(1000, HISTORY - i) }, (_, k) => {
      const callId = `call_history${String(i + k).padStart(12, '0')}`;
      return {
        _id: callId, call_id: callId, account_id: `acct_history${(i + k) % 500}`, key_hash: `history${(i + k) % 500}`, model: 'holdline', base_model: 'bench-model',
        messages: [], stream: true, status: 'finished' as const, created_at: createdAt, answered_at: createdAt, step_starts: { '0': 1 },
        stopped: 'done' as const, steps: 3, tools_used: [], usage, finished_at: createdAt,
      };
    }),
  );
}

const stepOverhead: number[] = [];
const firstDelta: number[] = [];
try {
  for (let i = 0; i < CALLS + 1; i++) {
    // A fresh key per call: the monthly quota is 25 calls per account.
    const { apiKey } = await deps.accounts.create({ email: `bench-${tag}-${i}@example.com` });
    const client = new OpenAI({ baseURL: `${apiUrl}/v1`, apiKey });
    const started = performance.now();
    const startedWall = Date.now();
    const before = upstream.requests.length;
    let first: number | undefined;
    let steps = 0;
    const stream = await client.chat.completions.create({ model: 'holdline', messages: [{ role: 'user', content: `bench ${i}` }], stream: true });
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta as { reasoning_content?: string } | undefined;
      if (first === undefined && delta?.reasoning_content) first = performance.now() - started;
      const run = (chunk as unknown as { holdline?: { steps: number } }).holdline;
      if (run) steps = run.steps;
    }
    const total = performance.now() - started;
    if (steps !== STEPS_PER_CALL) throw new Error(`call ${i} took ${steps} steps, expected ${STEPS_PER_CALL}`);
    // The first call warms the worker's caches and connections; it is not counted.
    if (i === 0) continue;
    if (process.env.BENCH_DETAIL) {
      const got = upstream.requests.slice(before).map((r) => r.receivedAt);
      const gaps = [got[0]! - startedWall, ...got.slice(1).map((t, k) => t - got[k]! - UPSTREAM_LATENCY_MS), Date.now() - got.at(-1)! - UPSTREAM_LATENCY_MS];
      console.log(`call ${i}: gaps ${gaps.join(' / ')} ms`);
    }
    stepOverhead.push((total - STEPS_PER_CALL * UPSTREAM_LATENCY_MS) / STEPS_PER_CALL);
    firstDelta.push(first ?? total);
  }
  const verdict = (ok: boolean) => (ok ? 'MET' : 'NOT MET');
  const line = (name: string, values: number[], medianTarget: number, p95Target: number) => {
    const median = quantile(values, 0.5);
    const p95 = quantile(values, 0.95);
    return `${name.padEnd(28)} median ${median.toFixed(1).padStart(6)} ms (target ≤ ${medianTarget}: ${verdict(median <= medianTarget)})   p95 ${p95.toFixed(1).padStart(6)} ms (target ≤ ${p95Target}: ${verdict(p95 <= p95Target)})`;
  };
  console.log(`\nchat: ${CALLS} calls × ${STEPS_PER_CALL} model steps, scripted upstream latency ${UPSTREAM_LATENCY_MS} ms per step, ${HISTORY} earlier calls stored`);
  console.log(line('overhead per model step', stepOverhead, TARGET_STEP_MEDIAN_MS, TARGET_STEP_P95_MS));
  console.log(line('time to first SSE delta', firstDelta, TARGET_FIRST_DELTA_MS, TARGET_FIRST_DELTA_MS));
} finally {
  await service.stop();
  await upstream.close();
  await stack?.stop();
  await rm(dataDir, { recursive: true, force: true });
}
