// The fault suite's harness: the real stack (Temporal dev server, FerretDB, a
// worker process and the API process, as `npm run up` runs them) on free ports,
// under the same supervisor, plus the checks run after every fault.

import { Client, Connection } from '@temporalio/client';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient, type Db } from 'mongodb';
import type { ManagedProcess } from '../../tooling/stack/processes';
import { startStack, type Stack } from '../../tooling/stack/start';
import { superviseStack, type RestartEvent, type Supervisor } from '../../tooling/stack/supervise';
import { AccountsStore } from '../../store/accounts';
import { MediaStore, type MediaBucket } from '../../store/media';
import { FsMediaStore } from '../../store/media-directory';
import { ScansStore } from '../../store/scans';
import { startScriptedUpstream, type ScriptedUpstream } from '../scripted-upstream/server';

export type FaultsMode = 'short' | 'full';

export const MODE: FaultsMode = process.env.HOLDLINE_FAULTS_MODE === 'full' ? 'full' : 'short';

/**
 * How much work each fault sees: the full form is the figures, the short form keeps
 * `npm test` quick with the same rows and fewer scans (each upload row's scans are what a row
 * spends most of its time on: the FerretDB upload row uploads the largest fixture, 12.9 MB but 20 s at 360p).
 */
export const SIZES =
  MODE === 'full'
    ? { workerKillScans: 10, workerKills: 10, otherScans: 4, pollers: 50, uploaders: 5 }
    : { workerKillScans: 2, workerKills: 1, otherScans: 1, pollers: 50, uploaders: 2 };

export interface Row {
  fault: string;
  submitted: number;
  completedOnce: number;
  duplicated: number;
  lost: number;
  error: number;
  clientFailures: number;
  clientRequests: number;
  recoverSec: number | null;
  notes: string[];
}

/**
 * What the checks after a fault read: the document store, Temporal, the media store and the names
 * of its stored objects, and the accounts whose counters are compared. The single-machine harness
 * (the media directory) and the rehearsal's (MinIO) both provide it.
 */
export interface Checked {
  db: Db;
  temporal: Client;
  media: MediaStore;
  /** The names of the objects stored in `bucket`, half-written ones included where the store shows them. */
  storedObjects(bucket: MediaBucket): Promise<string[]>;
  /** Accounts whose quota counters the next check compares (the current row's); default all. */
  checkAccounts: string[] | null;
  keys: { accounts: string[] };
}

export interface Harness extends Checked {
  stack: Stack;
  supervisor: Supervisor;
  upstream: ScriptedUpstream;
  db: Db;
  temporal: Client;
  apiUrl: string;
  poisonFile: string;
  scratchDir: string;
  keys: { scans: string; chat: string; accounts: string[] };
  restarts: RestartEvent[];
  newAccount(plan?: 'signal' | 'agents'): Promise<{ accountId: string; apiKey: string }>;
  current(name: string): ManagedProcess;
  stop(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'holdline-faults-'));
  const poisonFile = join(dataDir, 'poison.txt');
  writeFileSync(poisonFile, '');
  const upstream = await startScriptedUpstream({ modelId: 'base-model', defaultTurn: { content: 'ok' } });
  const stack = await startStack({
    dataDir,
    worker: true,
    api: true,
    // Its own ear too, as `npm run up` starts one: one row kills it mid-request.
    ear: true,
    // Hearing every chunk afresh: rows scan the same video again and again and kill the ear or a
    // worker while it transcribes, which kept answers would leave no time for (ear/answers.py).
    earEnv: { HOLDLINE_EAR_CACHE_ENTRIES: '0' },
    // The stack's own Temporal and FerretDB, never the shared test ones: this suite kills them.
    externalEnv: {},
    handleSignals: true,
    env: {
      MODEL_BASE_URL: upstream.baseUrl,
      MODEL_API_KEY: 'upstream-key',
      MODEL_BASE_NAME: 'base-model',
      HOLDLINE_TEST_POISON_FILE: poisonFile,
      // Scratch of a killed worker's scans goes within seconds of their end, not the default 30 s: rows settle sooner.
      HOLDLINE_SCRATCH_SWEEP_MS: '2000',
      HOLDLINE_WORKER_LOG_LEVEL: 'WARN',
      HOLDLINE_LOG_LEVEL: 'warn',
      // Its rows keep up to 10 scans of one account in flight at once: past the per-account cap (3 on Signal).
      HOLDLINE_SCANS_IN_FLIGHT_SIGNAL: '1000',
      HOLDLINE_SCANS_IN_FLIGHT_AGENTS: '1000',
    },
  });
  const restarts: RestartEvent[] = [];
  const supervisor = superviseStack(stack, {
    log: (line) => process.stderr.write(`faults: ${line.split('\n')[0]}\n`),
    onRestart: (event) => restarts.push(event),
    onGiveUp: (part, reason) => process.stderr.write(`faults: supervisor gave up on ${part}: ${reason}\n`),
  });
  const mongo = new MongoClient(stack.mongodbUri, { serverSelectionTimeoutMS: 30_000 });
  await mongo.connect();
  const db = mongo.db();
  const connection = await Connection.connect({ address: stack.temporalAddress });
  const temporal = new Client({ connection });
  const accounts = new AccountsStore(db);
  const accountIds: string[] = [];
  const newAccount = async (plan: 'signal' | 'agents' = 'agents') => {
    const { account, apiKey } = await accounts.create({ email: `faults-${randomBytes(6).toString('hex')}@example.com`, plan });
    accountIds.push(account._id);
    return { accountId: account._id, apiKey };
  };
  const scans = await newAccount('agents');
  const chat = await newAccount('agents');
  const mediaDir = stack.env.HOLDLINE_MEDIA_DIR!;
  return {
    stack,
    supervisor,
    upstream,
    db,
    temporal,
    media: new FsMediaStore(mediaDir),
    // Objects are stored as `<bucket>_<scan_id>` (":" becomes "_"), with `.meta.json` beside and `.part` while written.
    storedObjects: (bucket) => readdir(join(mediaDir, bucket)).catch(() => [] as string[]),
    apiUrl: stack.apiUrl!,
    poisonFile,
    scratchDir: stack.env.HOLDLINE_SCRATCH_DIR!,
    keys: { scans: scans.apiKey, chat: chat.apiKey, accounts: accountIds },
    checkAccounts: null,
    restarts,
    newAccount,
    current(name: string) {
      const proc = stack.processes.find((p) => p.name === name && stack.isCurrent(p));
      if (!proc) throw new Error(`no running ${name}`);
      return proc;
    },
    async stop() {
      supervisor.stop();
      await connection.close().catch(() => undefined);
      await mongo.close().catch(() => undefined);
      await stack.stop();
      await upstream.close();
      if (process.env.HOLDLINE_KEEP_TEST_DATA !== '1') rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------
// Processes

export interface GroupMember {
  pid: number;
  comm: string;
}

/** Every live process in process group `pgid` (Linux /proc). */
export function groupMembers(pgid: number): GroupMember[] {
  const out: GroupMember[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      // fields[0] state, [1] ppid, [2] pgrp
      if (fields[0] !== 'Z' && Number(fields[2]) === pgid) out.push({ pid: Number(name), comm });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Waits until the process group has a child whose name starts with `comm` (e.g. ffmpeg); false when it never does. */
export async function waitForChild(proc: ManagedProcess, comm: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (groupMembers(proc.pid).some((m) => m.pid !== proc.pid && m.comm.startsWith(comm))) return true;
    await sleep(50);
  }
  return false;
}

/** CPU time (user + system, in clock ticks) the process has used so far; null once it is gone. */
function cpuTicks(pid: number): number | null {
  try {
    // Fields after the command name (which may hold spaces) start at state: utime and stime are the 12th and 13th of them.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/**
 * Waits until the process is busy: it used at least half a core over the
 * last 200 ms (an idle server uses next to nothing). For the ear this means
 * a transcription is in flight. False when it never is.
 */
export async function waitForBusy(proc: ManagedProcess, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  let before = cpuTicks(proc.pid);
  while (Date.now() < deadline && before !== null) {
    await sleep(200);
    const now = cpuTicks(proc.pid);
    if (now === null) return false;
    // Clock ticks are 1/100 s: 10 ticks in 200 ms is half a core.
    if (now - before >= 10) return true;
    before = now;
  }
  return false;
}

/**
 * SIGKILL to the worker process alone (as the kernel's OOM killer would), then
 * the group's leftovers as seen once the supervisor noticed: ffmpeg, pocketsphinx
 * or sandbox children still alive count as orphans.
 */
export async function killAlone(proc: ManagedProcess): Promise<{ orphans: GroupMember[] }> {
  process.kill(proc.pid, 'SIGKILL');
  await proc.exited;
  // The stack ends the dead leader's group as it notices the exit; give the kernel a moment to reap.
  for (let i = 0; i < 40 && groupMembers(proc.pid).length > 0; i++) await sleep(50);
  return { orphans: groupMembers(proc.pid) };
}

// ---------------------------------------------------------------------------
// Clients

export interface ClientTally {
  requests: number;
  failures: number;
  failureKinds: Record<string, number>;
  /** Milliseconds from sending each request to its whole answer (failed ones included). */
  latenciesMs: number[];
}

export const newTally = (): ClientTally => ({ requests: 0, failures: 0, failureKinds: {}, latenciesMs: [] });

/** `p50 … s, max … s` of a tally's requests, for a row's notes. */
export function latencyNote(tally: ClientTally): string {
  const sorted = [...tally.latenciesMs].sort((a, b) => a - b);
  if (sorted.length === 0) return 'no requests';
  const p50 = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return `client latency p50 ${(p50 / 1000).toFixed(2)} s, max ${(sorted.at(-1)! / 1000).toFixed(2)} s over ${sorted.length} requests`;
}

/** One HTTP request as a client would make it, counted: a network error or 5xx is a failure. */
export async function call(tally: ClientTally, url: string, init: RequestInit & { apiKey: string }): Promise<{ status: number; body: any } | null> {
  tally.requests++;
  const started = Date.now();
  try {
    const response = await fetch(url, { ...init, headers: { authorization: `Bearer ${init.apiKey}`, ...(init.headers ?? {}) } });
    const text = await response.text();
    tally.latenciesMs.push(Date.now() - started);
    if (response.status >= 500) {
      tally.failures++;
      tally.failureKinds[String(response.status)] = (tally.failureKinds[String(response.status)] ?? 0) + 1;
    }
    let body: any = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    return { status: response.status, body };
  } catch (error) {
    tally.latenciesMs.push(Date.now() - started);
    tally.failures++;
    const kind = (error as { cause?: { code?: string } }).cause?.code ?? 'network';
    tally.failureKinds[kind] = (tally.failureKinds[kind] ?? 0) + 1;
    return null;
  }
}

/** Uploads a file; the scan id when accepted (202), else null. On 5xx, 429 or a network error it retries with backoff, as a client should. */
export async function upload(h: Harness, tally: ClientTally, path: string, apiKey = h.keys.scans, retries = 0): Promise<string | null> {
  for (let attempt = 0; attempt <= retries; attempt++) {
    const form = new FormData();
    form.append('file', new Blob([readFileSync(path)]), 'video.mp4');
    const result = await call(tally, `${h.apiUrl}/v1/scans`, { method: 'POST', body: form, apiKey });
    if (result?.status === 202) return result.body.scan_id as string;
    if (result && result.status < 500 && result.status !== 429) throw new Error(`upload refused: ${result.status} ${JSON.stringify(result.body)}`);
    // A client backs off: 0.5, 1, 2, 4, 8, 8… s.
    await sleep(Math.min(8000, 500 * 2 ** attempt));
  }
  return null;
}

// ---------------------------------------------------------------------------
// Outcomes

export interface ScanOutcome {
  scanId: string;
  status: 'complete' | 'error' | 'lost';
  detail?: string;
  docs: number;
}

/** Waits (up to `timeoutMs` in all) for every scan to end; one still running then is lost. */
export async function settleScans(h: Pick<Checked, 'db' | 'temporal'>, scanIds: string[], timeoutMs = 420_000): Promise<ScanOutcome[]> {
  const deadline = Date.now() + timeoutMs;
  const outcomes: ScanOutcome[] = [];
  for (const scanId of scanIds) {
    const handle = h.temporal.workflow.getHandle(`scan-${scanId}`);
    const left = Math.max(1000, deadline - Date.now());
    const ended = await Promise.race([
      handle.result().then(
        () => true,
        () => true,
      ),
      sleep(left).then(() => false),
    ]);
    const docs = await h.db.collection('scans').find({ scan_id: scanId }).toArray();
    const doc = docs[0];
    const status = ended && doc && (doc.status === 'complete' || doc.status === 'error') ? (doc.status as 'complete' | 'error') : 'lost';
    outcomes.push({ scanId, status, detail: doc?.detail, docs: docs.length });
  }
  return outcomes;
}

/** Problems with the stored state once all work has ended: half-written documents, orphans, wrong counters. */
export async function storedStateProblems(h: Checked, outcomes: ScanOutcome[]): Promise<string[]> {
  const problems: string[] = [];
  const scans = new ScansStore(h.db);
  const media = h.media;
  for (const o of outcomes) {
    const doc = await scans.get(o.scanId);
    if (!doc) {
      problems.push(`${o.scanId}: no document`);
      continue;
    }
    if (doc.status === 'complete') {
      const timeline = doc.timeline as unknown[] | undefined;
      if (!Array.isArray(timeline) || timeline.length === 0 || typeof doc.score !== 'number' || doc.pct !== 100) {
        problems.push(`${o.scanId}: complete but half-written (timeline ${Array.isArray(timeline) ? timeline.length : 'missing'}, pct ${doc.pct})`);
      }
    } else if (doc.status === 'error') {
      if (!doc.detail || doc.detail.length < 10) problems.push(`${o.scanId}: error without a clear detail`);
    }
    if (await scans.getParts(o.scanId)) problems.push(`${o.scanId}: intermediate parts left`);
    if (await media.stat(media.audio, MediaStore.audioId(o.scanId))) problems.push(`${o.scanId}: audio left in the media store`);
    if (doc.status === 'error' && (await media.stat(media.media, MediaStore.mediaId(o.scanId)))) {
      problems.push(`${o.scanId}: media of a failed scan left in the media store`);
    }
  }
  problems.push(...(await orphanProblems(h)), ...(await quotaProblems(h)));
  return problems;
}

/** Stored media that belongs to no scan, audio that outlived its scan, and half-written objects. */
export async function orphanProblems(h: Checked): Promise<string[]> {
  const problems: string[] = [];
  const scanIds = new Set(
    (
      await h.db
        .collection('scans')
        .find({}, { projection: { scan_id: 1 } })
        .toArray()
    ).map((d) => d.scan_id as string),
  );
  const running = new Set(
    (
      await h.db
        .collection('scans')
        .find({ status: { $nin: ['complete', 'error'] } }, { projection: { scan_id: 1 } })
        .toArray()
    ).map((d) => d.scan_id as string),
  );
  for (const bucket of ['media', 'audio'] as const) {
    for (const name of await h.storedObjects(bucket)) {
      // `media_scn_…` in the directory, `media:scn_…` in S3.
      const scanId = /^[a-z]+[_:](scn_[0-9a-f]+)/.exec(name)?.[1];
      if (name.endsWith('.part') || name.endsWith('.part.meta')) problems.push(`${bucket}: ${name} is a half-written object`);
      else if (!scanId || !scanIds.has(scanId)) problems.push(`${bucket}: ${name} belongs to no scan`);
      else if (bucket === 'audio' && !running.has(scanId)) problems.push(`${bucket}: ${name} outlived its scan`);
    }
  }
  return problems;
}

/** Every account's counters equal the work it has: scans counter = scan documents, calls counter = call documents. */
export async function quotaProblems(h: Checked): Promise<string[]> {
  const problems: string[] = [];
  for (const accountId of h.checkAccounts ?? h.keys.accounts) {
    const usage = await h.db.collection('usage').find({ account_id: accountId }).toArray();
    const counted = { scans: 0, calls: 0 };
    for (const u of usage) {
      counted.scans += (u.scans as number) ?? 0;
      counted.calls += (u.calls as number) ?? 0;
    }
    const scans = await h.db.collection('scans').countDocuments({ account_id: accountId });
    // A call that never answered was given back (marked `charged: false`) and does not count.
    const calls = await h.db.collection('calls').countDocuments({ account_id: accountId, charged: { $ne: false } });
    if (counted.scans !== scans) problems.push(`account ${accountId}: scans counter ${counted.scans}, accepted scans ${scans}`);
    if (counted.calls !== calls) problems.push(`account ${accountId}: calls counter ${counted.calls}, accepted calls ${calls}`);
  }
  return problems;
}

/** Scratch entries of ended scans in the workers' scratch directories (default the stack's one), after giving their sweep (every 2 s here) time to run. */
export async function scratchLeftovers(h: Pick<Harness, 'db' | 'scratchDir'>, timeoutMs = 30_000, scratchDirs = [h.scratchDir]): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const running = new Set(
      (
        await h.db
          .collection('scans')
          .find({ status: { $nin: ['complete', 'error'] } }, { projection: { scan_id: 1 } })
          .toArray()
      ).map((d) => d.scan_id as string),
    );
    const left: string[] = [];
    for (const dir of scratchDirs.flatMap((d) => [d, join(d, 'media')])) {
      if (!existsSync(dir)) continue;
      for (const name of readdirSync(dir)) {
        const scanId = /^(scn_[0-9a-f]{24})/.exec(name)?.[1];
        if (scanId && !running.has(scanId)) left.push(join(dir, name));
      }
    }
    if (left.length === 0 || Date.now() > deadline) return left;
    await sleep(1000);
  }
}

export function rowOf(fault: string, outcomes: ScanOutcome[], tally: ClientTally, recoverSec: number | null, notes: string[] = []): Row {
  return {
    fault,
    submitted: outcomes.length,
    completedOnce: outcomes.filter((o) => o.status === 'complete' && o.docs === 1).length,
    duplicated: outcomes.filter((o) => o.docs > 1).length,
    lost: outcomes.filter((o) => o.status === 'lost').length,
    error: outcomes.filter((o) => o.status === 'error').length,
    clientFailures: tally.failures,
    clientRequests: tally.requests,
    recoverSec,
    notes,
  };
}

export function formatTable(rows: Row[]): string {
  const header = '| Fault | Submitted | Completed once | Duplicated | Lost | Ended in error | Client requests failed | Seconds to recover |';
  const rule = '|---|---:|---:|---:|---:|---:|---:|---:|';
  const lines = rows.map(
    (r) =>
      `| ${r.fault} | ${r.submitted} | ${r.completedOnce} | ${r.duplicated} | ${r.lost} | ${r.error} | ${r.clientFailures} of ${r.clientRequests} | ${r.recoverSec === null ? '–' : r.recoverSec.toFixed(1)} |`,
  );
  return [header, rule, ...lines].join('\n');
}
