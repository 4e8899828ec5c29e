// Chat benchmark over the scripted upstream: our overhead per model step (wall time
// of a call divided by its model steps, minus the upstream's own scripted latency,
// 0 by default: the scripted upstream answers at once) and the time to the first
// SSE delta, median and p95 over 20 calls. Targets (issue 13): overhead ≤ 30 ms
// median and ≤ 40 ms p95; first delta ≤ 500 ms. Beside them, the CPU time the counted
// calls took, per call: of this process (API, in-process workers, the client and the
// scripted upstream) and of its child processes (Temporal and FerretDB). On a shared
// machine the wall time mostly measures the scheduler; the CPU time barely moves with
// the load, so it is what tells two versions apart there.
//
//   node --no-node-snapshot --import tsx bench/chat.ts [--calls 20] [--history 10000]
//     (starts its own Temporal + FerretDB unless TEMPORAL_ADDRESS / MONGODB_URI
//     are set; BENCH_UPSTREAM_MS=100 gives the upstream a latency, BENCH_DETAIL=1
//     prints where each call's time went; --history N first stores N finished
//     calls, as a service that has run for a while keeps them: every write on a
//     call's path must stay a point write however many there are; --commands
//     also counts the MongoDB commands of the counted calls, per call, by kind;
//     BENCH_TRACE=1 prints the last two calls' timelines)
//
// Then the same over the embedded model (llama-server with Qwen2.5-Coder-1.5B-Instruct, started
// here with greedy sampling and 32 tokens a step, at most 3 steps a call; skipped with a note when it is not
// installed; `--model-calls N`, 3 by default, 0 skips it): its generation and prompt speed
// (llama-server's own timings), the time to the first SSE delta (the stream opens once the
// first step answered), the overhead per model step beside the scripted one (call time minus
// the time the model server spent on the call's requests, as a proxy in between saw them,
// divided by the steps), and the model server's resident memory after the calls (and its peak).
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import OpenAI from 'openai';
import { startInProcessService } from '../tooling/in-process-service';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { QWEN_CODER_1_5B } from '../core/chat/embedded-model';
import { embeddedModelPath, startModelServer } from '../tooling/stack/model';
import { startStack, type Stack } from '../tooling/stack/start';
import { startScriptedUpstream } from '../test/scripted-upstream/server';
import { countingProxy } from '../test/integration/helpers/model-proxy';

const callsArg = process.argv.indexOf('--calls');
const CALLS = callsArg > 0 ? Number(process.argv[callsArg + 1]) : 20;
const historyArg = process.argv.indexOf('--history');
const HISTORY = historyArg > 0 ? Number(process.argv[historyArg + 1]) : 0;
const modelCallsArg = process.argv.indexOf('--model-calls');
const MODEL_CALLS = modelCallsArg > 0 ? Number(process.argv[modelCallsArg + 1]) : 3;
const TRACE = process.env.BENCH_TRACE === '1';
const COUNT_COMMANDS = process.argv.includes('--commands') || TRACE;
const trace: { t: number; what: string }[] = [];
const mark = (what: string) => {
  if (TRACE) trace.push({ t: performance.now(), what });
};
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

// --commands: every MongoClient of this process (the API's, the workers') monitors its commands,
// counted while the counted calls run. Off by default: the monitoring costs CPU of its own.
// BENCH_TRACE=1 (with --commands) prints the last two calls' timelines: each MongoDB command's
// start and end, the upstream's requests, the workflow's start and result, its history events
// and the SSE chunks, in ms from the request.
const commands = new Map<string, number>();
let countingCommands = false;
if (COUNT_COMMANDS) {
  const monitored = new WeakSet<MongoClient>();
  const connect = MongoClient.prototype.connect;
  MongoClient.prototype.connect = function (this: MongoClient) {
    if (!monitored.has(this)) {
      monitored.add(this);
      (this as unknown as { monitorCommands: boolean }).monitorCommands = true;
      const started = new Map<number, string>();
      this.on('commandSucceeded', (event) => {
        const what = started.get(event.requestId);
        if (what) mark(`  done ${what}`);
        started.delete(event.requestId);
      });
      this.on('commandStarted', (event) => {
        if (!countingCommands) return;
        const target: unknown = event.command[event.commandName];
        const key = typeof target === 'string' ? `${event.commandName} ${target}` : event.commandName;
        commands.set(key, (commands.get(key) ?? 0) + 1);
        if (TRACE) {
          started.set(event.requestId, key);
          mark(`mongo ${key}`);
        }
      });
    }
    return connect.call(this);
  };
}

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
  env: {
    MODEL_BASE_URL: upstream.baseUrl,
    MODEL_BASE_NAME: 'bench-model',
    ...(stack?.env.HOLDLINE_FERRETDB_SQLITE_DIR ? { HOLDLINE_FERRETDB_SQLITE_DIR: stack.env.HOLDLINE_FERRETDB_SQLITE_DIR } : {}),
  },
});
const { apiUrl, deps } = service;
if (TRACE) {
  const startChat = deps.workflows.startChat.bind(deps.workflows);
  deps.workflows.startChat = async (...args) => {
    mark('temporal start');
    const run = await startChat(...args);
    mark('temporal started');
    return {
      ...run,
      result: () => {
        mark('temporal result()');
        return run.result().finally(() => mark('temporal result returned'));
      },
    };
  };
}
const tag = service.config.taskQueuePrefix;

upstream.setResponder((request) => {
  mark('upstream request');
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
        _id: callId,
        call_id: callId,
        account_id: `acct_history${(i + k) % 500}`,
        key_hash: `history${(i + k) % 500}`,
        model: 'holdline',
        base_model: 'bench-model',
        messages: [],
        stream: true,
        status: 'finished' as const,
        created_at: createdAt,
        answered_at: createdAt,
        step_starts: { '0': 1 },
        stopped: 'done' as const,
        steps: 3,
        tools_used: [],
        usage,
        finished_at: createdAt,
      };
    }),
  );
}

/** CPU time so far, ms: this process's own, and its direct child processes' (/proc; Linux's 100 ticks a second). */
function cpuMs(): { own: number; children: number } {
  const { user, system } = process.cpuUsage();
  let children = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // Fields after the command's closing parenthesis: state, ppid, …; utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[1]) === process.pid) children += (Number(fields[11]) + Number(fields[12])) * 10;
  }
  return { own: (user + system) / 1000, children };
}

const stepOverhead: number[] = [];
let cpuAtStart: { own: number; children: number } | undefined;
const firstDelta: number[] = [];
try {
  for (let i = 0; i < CALLS + 1; i++) {
    // A fresh key per call: the monthly quota is 25 calls per account.
    // The counted calls' CPU, from the end of the warm-up call (account creation included, a few ms).
    if (i === 1) {
      cpuAtStart = cpuMs();
      countingCommands = true;
    }
    const { apiKey } = await deps.accounts.create({ email: `bench-${tag}-${i}@example.com` });
    const client = new OpenAI({ baseURL: `${apiUrl}/v1`, apiKey });
    trace.length = 0;
    const started = performance.now();
    mark('request');
    const startedWall = Date.now();
    const before = upstream.requests.length;
    let first: number | undefined;
    let steps = 0;
    const stream = await client.chat.completions.create({ model: 'holdline', messages: [{ role: 'user', content: `bench ${i}` }], stream: true });
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta as { reasoning_content?: string } | undefined;
      mark(`sse ${JSON.stringify(chunk.choices[0]?.delta ?? {}).slice(0, 60)}`);
      if (first === undefined && delta?.reasoning_content) first = performance.now() - started;
      const run = (chunk as unknown as { holdline?: { steps: number } }).holdline;
      if (run) steps = run.steps;
    }
    const total = performance.now() - started;
    if (steps !== STEPS_PER_CALL) throw new Error(`call ${i} took ${steps} steps, expected ${STEPS_PER_CALL}`);
    // The first call warms the worker's caches and connections; it is not counted.
    if (i === 0) continue;
    if (TRACE && i >= CALLS - 2) {
      const callId = /accepted (call_\w+)/.exec(trace.map((e) => e.what).join(' '))?.[1];
      const history = callId ? await service.temporal.workflow.getHandle(`chat-${callId}`).fetchHistory() : undefined;
      for (const event of history?.events ?? []) {
        const at = event.eventTime ? Number(event.eventTime.seconds) * 1000 + (event.eventTime.nanos ?? 0) / 1e6 : 0;
        const type = Object.keys(event).find((k) => k.endsWith('EventAttributes')) ?? String(event.eventType);
        trace.push({ t: at - performance.timeOrigin, what: `history ${type.replace('EventAttributes', '')}` });
      }
      trace.sort((a, b) => a.t - b.t);
      for (const e of trace) console.log(`${(e.t - started).toFixed(1).padStart(7)} ${e.what}`);
    }
    if (process.env.BENCH_DETAIL) {
      const got = upstream.requests.slice(before).map((r) => r.receivedAt);
      const gaps = [got[0]! - startedWall, ...got.slice(1).map((t, k) => t - got[k]! - UPSTREAM_LATENCY_MS), Date.now() - got.at(-1)! - UPSTREAM_LATENCY_MS];
      console.log(`call ${i}: gaps ${gaps.join(' / ')} ms`);
    }
    stepOverhead.push((total - STEPS_PER_CALL * UPSTREAM_LATENCY_MS) / STEPS_PER_CALL);
    firstDelta.push(first ?? total);
  }
  const cpuAtEnd = cpuMs();
  countingCommands = false;
  const verdict = (ok: boolean) => (ok ? 'MET' : 'NOT MET');
  const line = (name: string, values: number[], medianTarget: number, p95Target: number) => {
    const median = quantile(values, 0.5);
    const p95 = quantile(values, 0.95);
    return `${name.padEnd(28)} median ${median.toFixed(1).padStart(6)} ms (target ≤ ${medianTarget}: ${verdict(median <= medianTarget)})   p95 ${p95.toFixed(1).padStart(6)} ms (target ≤ ${p95Target}: ${verdict(p95 <= p95Target)})`;
  };
  console.log(
    `\nchat: ${CALLS} calls × ${STEPS_PER_CALL} model steps, scripted upstream latency ${UPSTREAM_LATENCY_MS} ms per step, ${HISTORY} earlier calls stored`,
  );
  console.log(line('overhead per model step', stepOverhead, TARGET_STEP_MEDIAN_MS, TARGET_STEP_P95_MS));
  console.log(line('time to first SSE delta', firstDelta, TARGET_FIRST_DELTA_MS, TARGET_FIRST_DELTA_MS));
  if (cpuAtStart) {
    const per = (ms: number) => (ms / CALLS).toFixed(1).padStart(6);
    console.log(
      `${'CPU per call'.padEnd(28)} this process ${per(cpuAtEnd.own - cpuAtStart.own)} ms   Temporal + FerretDB ${per(cpuAtEnd.children - cpuAtStart.children)} ms   (load average ${loadavg()[0]!.toFixed(1)})`,
    );
  }
  if (COUNT_COMMANDS) {
    const all = [...commands.values()].reduce((sum, n) => sum + n, 0);
    const kinds = [...commands.entries()].sort((a, b) => b[1] - a[1]).map(([kind, n]) => `${kind} ${(n / CALLS).toFixed(1)}`);
    console.log(`${'MongoDB commands per call'.padEnd(28)} ${(all / CALLS).toFixed(1)}: ${kinds.join(', ')}`);
  }
  if (MODEL_CALLS > 0) await embeddedModel(quantile(stepOverhead, 0.5));
} finally {
  await service.stop();
  await upstream.close();
  await stack?.stop();
  await rm(dataDir, { recursive: true, force: true });
}

/** The embedded model: its speeds, the first delta, our overhead per step beside the scripted one's, its memory. */
async function embeddedModel(scriptedMedian: number): Promise<void> {
  const server = join(import.meta.dirname, '..', '.tools', 'bin', 'llama-server');
  if (!existsSync(server) || !existsSync(embeddedModelPath(QWEN_CODER_1_5B))) {
    console.log('\nembedded model: not installed (scripts/install-model.sh), skipped');
    return;
  }
  const model = await startModelServer({
    logFile: join(dataDir, 'model.log'),
    model: QWEN_CODER_1_5B,
    maxTokens: 32,
    extraArgs: ['--temp', '0', '--seed', '1'],
  });
  const proxy = await countingProxy(model.baseUrl.replace(/\/v1$/, ''));
  const real = await startInProcessService({
    mongodbUri: stackEnv.MONGODB_URI ?? '',
    temporalAddress: stackEnv.TEMPORAL_ADDRESS ?? '',
    // Task queues of its own: the scripted service's workers still poll theirs.
    env: {
      ...model.env,
      HOLDLINE_TASK_QUEUE_PREFIX: `${tag}-model`,
      HOLDLINE_CHAT_MAX_STEPS: '3',
      MODEL_BASE_URL: `${proxy.url}/v1`,
      ...(stack?.env.HOLDLINE_FERRETDB_SQLITE_DIR ? { HOLDLINE_FERRETDB_SQLITE_DIR: stack.env.HOLDLINE_FERRETDB_SQLITE_DIR } : {}),
    },
  });
  const overhead: number[] = [];
  const first: number[] = [];
  const generation: number[] = [];
  const prompt: number[] = [];
  let steps = 0;
  try {
    for (let i = 0; i < MODEL_CALLS + 1; i++) {
      const { apiKey } = await real.deps.accounts.create({ email: `bench-model-${tag}-${i}@example.com` });
      const client = new OpenAI({ baseURL: `${real.apiUrl}/v1`, apiKey });
      const before = proxy.answers.length;
      const started = performance.now();
      let firstAt: number | undefined;
      let callSteps = 0;
      const stream = await client.chat.completions.create({
        model: 'holdline',
        messages: [{ role: 'user', content: `Name three primary colours (${i}).` }],
        stream: true,
      });
      for await (const chunk of stream) {
        firstAt ??= performance.now() - started;
        const run = (chunk as unknown as { holdline?: { steps: number } }).holdline;
        if (run) callSteps = run.steps;
      }
      const total = performance.now() - started;
      // The first call loads the model's pages and the worker's caches; it is not counted.
      if (i === 0) continue;
      const answers = proxy.answers.slice(before);
      const modelMs = answers.reduce((sum, a) => sum + (a.endedAt - a.startedAt), 0);
      overhead.push((total - modelMs) / callSteps);
      first.push(firstAt ?? total);
      steps += callSteps;
      for (const a of answers) {
        if (a.timings) {
          generation.push(a.timings.predictedPerSecond);
          prompt.push(a.timings.promptPerSecond);
        }
      }
    }
    const status = readFileSync(`/proc/${model.proc.pid}/status`, 'utf8');
    const mib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN) / 1024;
    const q = (values: number[]) => `median ${quantile(values, 0.5).toFixed(1)}, p95 ${quantile(values, 0.95).toFixed(1)}`;
    console.log(
      `\nembedded model (${QWEN_CODER_1_5B.name} in llama-server, 2 slots, greedy, 32 tokens a step, at most 3 steps): ${MODEL_CALLS} calls, ${steps} model steps`,
    );
    console.log(`generation, tokens/s (llama-server's timings)   ${q(generation)}`);
    console.log(`prompt reading, tokens/s                        ${q(prompt)}`);
    console.log(`time to first SSE delta, ms                     ${q(first)}`);
    console.log(`overhead per model step, ms                     ${q(overhead)} (scripted upstream: median ${scriptedMedian.toFixed(1)})`);
    console.log(`model server memory, MiB                        resident ${mib('VmRSS').toFixed(0)}, peak ${mib('VmHWM').toFixed(0)}`);
  } finally {
    await real.stop();
    await proxy.close();
    await model.proc.stop();
  }
}
