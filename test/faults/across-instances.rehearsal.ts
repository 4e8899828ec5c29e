// The fault suite across instances (`npm run faults -- --rehearsal`, scripts/faults.sh): the
// production layout of `npm run rehearse` (tooling/rehearsal.ts: PostgreSQL, the Temporal
// server 1.29.1 on it, FerretDB on PostgreSQL, MinIO, the ear, two workers, two API
// processes behind HAProxy) on free ports under the same supervisor, and clients that only
// ever talk to the proxy. Each row injects one fault while clients poll and upload, then
// checks what the single-machine suite checks (every scan ended once, nothing half-written,
// orphaned or miscounted, no scratch left in either worker's directory) and that no client
// request failed that the client could not retry: an upload carries an Idempotency-Key and
// is sent again with it, so a retried upload is never a second scan.
// Not part of `npm test` (vitest.config.ts adds its project only for this command).

import { Client, Connection } from '@temporalio/client';
import { ListObjectsV2Command, ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient, type Db } from 'mongodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env';
import { createRetentionActivities } from '../../activities/retention-activities';
import { AccountsStore } from '../../store/accounts';
import { ScansStore } from '../../store/scans';
import { SubmissionsStore } from '../../store/submissions';
import { UsageStore } from '../../store/usage';
import type { MediaBucket } from '../../store/media';
import { S3MediaStore } from '../../store/media-s3';
import { startRehearsal, type Rehearsal } from '../../tooling/rehearsal';
import type { ManagedProcess } from '../../tooling/stack/processes';
import { superviseStack, type RestartEvent, type Supervisor } from '../../tooling/stack/supervise';
import { fixture } from '../integration/helpers/fixtures';
import {
  call,
  formatTable,
  groupMembers,
  killAlone,
  latencyNote,
  MODE,
  newTally,
  rowOf,
  settleScans,
  sleep,
  storedStateProblems,
  scratchLeftovers,
  waitForBusy,
  type Checked,
  type ClientTally,
  type Row,
} from './harness';

const SIZES =
  MODE === 'full'
    ? { workerKillScans: 6, workerKills: 3, otherScans: 4, pollers: 50, uploaders: 5, pgKills: 3 }
    : { workerKillScans: 2, workerKills: 1, otherScans: 2, pollers: 20, uploaders: 2, pgKills: 1 };

let r: Rehearsal;
let supervisor: Supervisor;
let mongo: MongoClient;
let connection: Connection;
let h: Checked;
let dataDir: string;
let bucketName: string;
const restarts: RestartEvent[] = [];
const rows: Row[] = [];
/** The current row's account: its key and id. */
let account: { accountId: string; apiKey: string };
/** Scans of earlier rows, which the pollers read. */
const submittedSoFar: { id: string; apiKey: string }[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'holdline-rehearsal-faults-'));
  r = await startRehearsal({
    dataDir,
    ports: {},
    env: process.env,
    // The model server and the Web UI are never used here: the 2 cores go to the parts killed.
    model: false,
    temporalUi: false,
    // Every chunk heard afresh: rows kill workers while the ear transcribes the same videos again.
    earEnv: { HOLDLINE_EAR_CACHE_ENTRIES: '0' },
    readyTimeoutMs: 300_000,
    log: (line) => process.stderr.write(`faults: rehearsal: ${line}\n`),
    appEnv: {
      MODEL_BASE_URL: 'off',
      // Scratch of a killed worker's scans goes within seconds of their end: rows settle sooner.
      HOLDLINE_SCRATCH_SWEEP_MS: '2000',
      HOLDLINE_WORKER_LOG_LEVEL: 'WARN',
      HOLDLINE_LOG_LEVEL: 'warn',
      // Rows keep several scans of one account in flight at once: past the per-account cap.
      HOLDLINE_SCANS_IN_FLIGHT_SIGNAL: '1000',
      HOLDLINE_SCANS_IN_FLIGHT_AGENTS: '1000',
    },
  });
  supervisor = superviseStack(r.stack, {
    log: (line) => process.stderr.write(`faults: ${line.split('\n')[0]}\n`),
    onRestart: (event) => restarts.push(event),
    onGiveUp: (part, reason) => process.stderr.write(`faults: supervisor gave up on ${part}: ${reason}\n`),
  });
  mongo = new MongoClient(r.mongodbUri, { serverSelectionTimeoutMS: 30_000 });
  await mongo.connect();
  const db: Db = mongo.db();
  connection = await Connection.connect({ address: r.temporalAddress });
  const config = loadConfig(r.stack.env);
  if (config.mediaStore.kind !== 's3') throw new Error('the rehearsal runs the S3 media store');
  const media = new S3MediaStore(config.mediaStore);
  bucketName = config.mediaStore.bucket;
  h = {
    db,
    temporal: new Client({ connection }),
    media,
    async storedObjects(bucket: MediaBucket) {
      const names: string[] = [];
      let token: string | undefined;
      do {
        const page = await media.client.send(new ListObjectsV2Command({ Bucket: bucketName, Prefix: `${bucket}/`, ContinuationToken: token }));
        for (const o of page.Contents ?? []) names.push(o.Key!.slice(bucket.length + 1));
        token = page.NextContinuationToken;
      } while (token);
      return names;
    },
    checkAccounts: null,
    keys: { accounts: [] },
  };
}, 600_000);

// Each row submits as its own account, so a counter that goes wrong is blamed on its fault alone.
beforeEach(async () => {
  if (!h) return;
  const { account: created, apiKey } = await new AccountsStore(h.db).create({ email: `faults-${randomBytes(6).toString('hex')}@example.com`, plan: 'agents' });
  account = { accountId: created._id, apiKey };
  h.keys.accounts.push(created._id);
  h.checkAccounts = [created._id];
});

afterAll(async () => {
  if (rows.length > 0) {
    const table = formatTable(rows);
    process.stdout.write(`\nFaults survived across instances (rehearsal, ${MODE} form, HOLDLINE_FAULTS_MODE=${MODE}):\n${table}\n`);
    for (const row of rows) if (row.notes.length) process.stdout.write(`  ${row.fault}: ${row.notes.join('; ')}\n`);
    if (process.env.HOLDLINE_FAULTS_TABLE) writeFileSync(process.env.HOLDLINE_FAULTS_TABLE, `${table}\n`);
  }
  supervisor?.stop();
  await connection?.close().catch(() => undefined);
  await mongo?.close().catch(() => undefined);
  await r?.stop();
  if (dataDir && process.env.HOLDLINE_KEEP_TEST_DATA !== '1') rmSync(dataDir, { recursive: true, force: true });
}, 180_000);

// ---------------------------------------------------------------------------
// Clients, all through the proxy

/** A row's client requests: the polls and the upload attempts apart, and the uploads given up. */
interface Tallies {
  polls: ClientTally;
  uploads: ClientTally;
  givenUp: number;
}

const newTallies = (): Tallies => ({ polls: newTally(), uploads: newTally(), givenUp: 0 });

/**
 * Uploads a file as a client should across instances: one Idempotency-Key for the upload, sent
 * again with the same key on a refused connection, a 5xx, a 429 or a 409 "still in progress"
 * (backing off), for up to `patienceMs`. The scan id, or null when it gave up.
 */
async function upload(t: Tallies, path: string, apiKey = account.apiKey, patienceMs = 90_000): Promise<string | null> {
  const tally = t.uploads;
  const key = `faults-${randomBytes(8).toString('hex')}`;
  const deadline = Date.now() + patienceMs;
  const bytes = readFileSync(path);
  for (let attempt = 0; ; attempt++) {
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'video.mp4');
    const result = await call(tally, `${r.proxyUrl}/v1/scans`, { method: 'POST', body: form, apiKey, headers: { 'idempotency-key': key } });
    if (result?.status === 202) return result.body.scan_id as string;
    const retryable = !result || result.status >= 500 || result.status === 429 || result.status === 409;
    if (!retryable) throw new Error(`upload refused: ${result.status} ${JSON.stringify(result.body)}`);
    if (result?.status === 409) tally.failureKinds['409 in progress'] = (tally.failureKinds['409 in progress'] ?? 0) + 1;
    if (Date.now() > deadline) {
      t.givenUp++;
      return null;
    }
    // A client backs off: 0.5, 1, 2, 4, 8, 8… s.
    await sleep(Math.min(8000, 500 * 2 ** attempt));
  }
}

async function submitScans(n: number, t: Tallies, name = 'talking'): Promise<string[]> {
  const f = await fixture(name);
  // One after another, as the single-machine suite: concurrent uploads of one account are the
  // upload rows' own (on FerretDB two instances' concurrent `$inc` of one counter can count once,
  // docs/operations.md), and a row about a worker or Temporal must not fail on that.
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = await upload(t, f.path);
    if (id) ids.push(id);
  }
  submittedSoFar.push(...ids.map((id) => ({ id, apiKey: account.apiKey })));
  return ids;
}

/**
 * `n` clients polling GET /v1/scans/{id} through the proxy, each every 6 s (reads are limited to
 * 600 a minute per key), over the scans submitted so far (or `ids`). Stop resolves once all stopped.
 */
function startPollers(n: number, t: Tallies, ids?: { id: string; apiKey: string }[]): { stop(): Promise<void> } {
  let polling = true;
  const targets = () => (ids && ids.length > 0 ? ids : submittedSoFar.slice(-10));
  const pollers = Array.from({ length: n }, async (_, i) => {
    await sleep((i * 6000) / n);
    while (polling) {
      const list = targets();
      const scan = list[i % Math.max(1, list.length)];
      if (scan) await call(t.polls, `${r.proxyUrl}/v1/scans/${scan.id}`, { apiKey: scan.apiKey });
      await sleep(6000);
    }
  });
  return {
    async stop() {
      polling = false;
      await Promise.all(pollers);
    },
  };
}

// ---------------------------------------------------------------------------
// Faults

/** The supervisor's restart of `proc` (by its pid) after `since`: seconds from the fault until it was ready. */
async function restartedAfter(proc: ManagedProcess, since: number, timeoutMs = 180_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const event = restarts.find((e) => e.oldPid === proc.pid && e.exitedAt >= since);
    if (event) return (event.readyAt - since) / 1000;
    if (Date.now() > deadline) throw new Error(`${proc.name} (process ${proc.pid}) was not restarted within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

const workers = () => Array.from({ length: r.instances.worker }, (_, i) => r.current('worker', i + 1));

/** The worker that has a child named `comm` (ffmpeg) running, once one has; null when none does within the time. */
async function workerWithChild(comm: string, timeoutMs: number): Promise<ManagedProcess | null> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const w of workers()) if (groupMembers(w.pid).some((m) => m.pid !== w.pid && m.comm.startsWith(comm))) return w;
    await sleep(50);
  }
  return null;
}

/** The worker running a `transcribeChunk` attempt of one of `scanIds` while the ear is transcribing; null when none is within the time. */
async function workerTranscribing(scanIds: string[], timeoutMs: number): Promise<ManagedProcess | null> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await waitForBusy(r.current('ear'), Math.min(5000, deadline - Date.now()))) {
      for (const scanId of scanIds) {
        const described = await h.temporal.workflow
          .getHandle(`scan-${scanId}`)
          .describe()
          .catch(() => null);
        for (const activity of described?.raw.pendingActivities ?? []) {
          // Identity is `<pid>@<host>` (the SDK's default): the worker process that holds the attempt.
          const pid = Number(/^(\d+)@/.exec(activity.lastWorkerIdentity ?? '')?.[1]);
          // PendingActivityState.STARTED (2): a worker holds the attempt, not just scheduled.
          const started = activity.state === 2;
          if (activity.activityType?.name === 'transcribeChunk' && started) {
            const w = workers().find((p) => p.pid === pid);
            if (w) return w;
          }
        }
      }
    }
    await sleep(100);
  }
  return null;
}

/**
 * Ends the row: every scan settled, the stored state and both workers' scratch checked. A second
 * scan document for one upload (a retried upload counted twice) counts as duplicated.
 */
async function finish(fault: string, scanIds: string[], t: Tallies, recoverSec: number | null, notes: string[] = []) {
  const outcomes = await settleScans(h, scanIds);
  await supervisor.idle();
  const problems = await storedStateProblems(h, outcomes);
  const scratch = await scratchLeftovers({ db: h.db, scratchDir: join(dataDir, 'scratch-1') }, 30_000, [
    join(dataDir, 'scratch-1'),
    join(dataDir, 'scratch-2'),
  ]);
  const accountScans = await h.db.collection('scans').countDocuments({ account_id: account.accountId });
  const both: ClientTally = {
    requests: t.polls.requests + t.uploads.requests,
    failures: t.polls.failures + t.uploads.failures,
    failureKinds: {},
    latenciesMs: [...t.polls.latenciesMs, ...t.uploads.latenciesMs],
  };
  const kinds = (tally: ClientTally) =>
    Object.entries(tally.failureKinds)
      .map(([k, v]) => `${v}× ${k}`)
      .join(', ') || 'none';
  const row = rowOf(fault, outcomes, both, recoverSec, [
    ...notes,
    `polls: ${t.polls.failures} of ${t.polls.requests} failed (${kinds(t.polls)}); upload attempts: ${t.uploads.failures} of ${t.uploads.requests} failed (${kinds(t.uploads)}), ${t.givenUp} uploads given up`,
    latencyNote(both),
  ]);
  // Scans of the account that no accepted upload answered with: a retry that made a second scan.
  const extra = accountScans - scanIds.length;
  row.duplicated += Math.max(0, extra);
  // An API killed mid-upload leaves its multipart upload unfinished (invisible, not an object): said, not failed.
  const unfinished = await (h.media as S3MediaStore).client.send(new ListMultipartUploadsCommand({ Bucket: bucketName }));
  if ((unfinished.Uploads ?? []).length > 0) row.notes.push(`${unfinished.Uploads!.length} unfinished multipart uploads in MinIO`);
  rows.push(row);
  for (const o of outcomes) if (o.status === 'error') row.notes.push(`${o.scanId}: ${o.detail}`);
  expect(problems).toEqual([]);
  expect(scratch).toEqual([]);
  expect(row.lost).toBe(0);
  expect(row.duplicated).toBe(0);
  expect(row.completedOnce).toBe(row.submitted);
  // A poll is a GET the proxy may send again itself; an upload attempt that failed was sent
  // again by the client with its key, and none was given up.
  expect(t.polls.failures, `polls failed: ${kinds(t.polls)}`).toBe(0);
  expect(t.givenUp, `uploads given up: ${kinds(t.uploads)}`).toBe(0);
  return row;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/** Kills the worker found by `find` `kills` times, ≥ 13 s apart (the supervisor allows 5 exits of a part a minute). */
async function killWorkers(find: () => Promise<ManagedProcess | null>, kills: number, what: string, notes: string[]): Promise<number[]> {
  const recover: number[] = [];
  let last = 0;
  for (let k = 0; k < kills; k++) {
    await sleep(Math.max(0, last + 13_000 - Date.now()));
    const worker = await find();
    if (!worker) {
      notes.push(`only ${k} kills: no ${what} ran any more`);
      break;
    }
    const n = workers().indexOf(worker) + 1;
    const at = Date.now();
    last = at;
    const { orphans } = await killAlone(worker);
    expect(orphans, 'children of the killed worker still running').toEqual([]);
    recover.push(await restartedAfter(worker, at));
    notes.push(`kill ${k + 1}: worker ${n}`);
  }
  return recover;
}

describe(`faults across instances (rehearsal, ${MODE} form)`, () => {
  it('a worker SIGKILLed mid-decode: the scans complete once on either worker', async () => {
    const t = newTallies();
    const ids = await submitScans(SIZES.workerKillScans, t);
    const pollers = startPollers(SIZES.pollers, t, submittedSoFar);
    const notes: string[] = [];
    const recover = await killWorkers(() => workerWithChild('ffmpeg', 90_000), SIZES.workerKills, 'decode (ffmpeg)', notes);
    await pollers.stop();
    await finish(`worker SIGKILL mid-decode (${recover.length}×, 2 workers)`, ids, t, mean(recover), notes);
    expect(recover.length).toBeGreaterThan(0);
  }, 900_000);

  it('a worker SIGKILLed mid-transcription (its transcribeChunk attempt in flight at the ear): the scans complete once', async () => {
    const t = newTallies();
    const ids = await submitScans(SIZES.workerKillScans, t);
    const pollers = startPollers(SIZES.pollers, t, submittedSoFar);
    const notes: string[] = [];
    const recover = await killWorkers(() => workerTranscribing(ids, 90_000), SIZES.workerKills, 'transcription', notes);
    await pollers.stop();
    await finish(`worker SIGKILL mid-transcription (${recover.length}×, 2 workers)`, ids, t, mean(recover), notes);
    expect(recover.length).toBeGreaterThan(0);
  }, 900_000);

  it(`an API instance SIGKILLed while ${SIZES.pollers} clients poll and ${SIZES.uploaders} upload through the proxy`, async () => {
    const t = newTallies();
    const pollers = startPollers(SIZES.pollers, t);
    await sleep(6000);
    // The largest fixture (12.9 MB): the kill lands while uploads are being received.
    const f = await fixture('th-handheld');
    const uploads = Array.from({ length: SIZES.uploaders }, () => upload(t, f.path));
    await sleep(1500);
    const api = r.current('api', 1);
    const at = Date.now();
    process.kill(api.pid, 'SIGKILL');
    const recover = await restartedAfter(api, at);
    const accepted = (await Promise.all(uploads)).filter((id): id is string => id !== null);
    submittedSoFar.push(...accepted.map((id) => ({ id, apiKey: account.apiKey })));
    await sleep(6000);
    await pollers.stop();
    // What the killed instance was receiving is left as a submission in flight, its unit taken. The
    // workers' hourly sweep ends it once no request can still be running (HOLDLINE_REQUEST_TIMEOUT_MS):
    // run here with its clock moved past that, on the real stores, so the row's counters check it.
    const config = loadConfig(r.stack.env);
    const swept = await createRetentionActivities({
      accounts: new AccountsStore(h.db),
      scans: new ScansStore(h.db),
      submissions: new SubmissionsStore(h.db),
      usage: new UsageStore(h.db),
      submissionMaxMs: config.requestTimeoutMs,
      media: h.media,
      // This process keeps no local copies; the workers never copied an upload that has no scan.
      mediaCache: { drop: async () => undefined },
      operatorDefaultDays: null,
      now: () => new Date(Date.now() + config.requestTimeoutMs + 60_000),
    }).sweepOrphans();
    const row = await finish(`API instance SIGKILL (1 of 2; ${SIZES.pollers} pollers, ${SIZES.uploaders} uploaders)`, accepted, t, recover, [
      `uploads cut by the kill and swept: ${swept.abandonedUploads.length}`,
    ]);
    expect(row.completedOnce).toBe(SIZES.uploaders);
  }, 900_000);

  it('the Temporal server SIGKILLed and restarted mid-scan (its state in PostgreSQL)', async () => {
    const t = newTallies();
    const ids = await submitScans(SIZES.otherScans, t);
    const pollers = startPollers(SIZES.pollers, t, submittedSoFar);
    expect(await workerWithChild('ffmpeg', 90_000)).not.toBeNull();
    const temporal = r.current('temporal');
    const at = Date.now();
    await killAlone(temporal);
    const recover = await restartedAfter(temporal, at);
    // An upload right after it is back: the API's Temporal client must have reconnected.
    const after = await submitScans(1, t);
    await sleep(6000);
    await pollers.stop();
    await finish('Temporal server SIGKILL mid-scan', [...ids, ...after], t, recover);
    expect(after).toHaveLength(1);
  }, 900_000);

  it("FerretDB's PostgreSQL connections terminated mid-scan (pg_terminate_backend) while clients poll and upload", async () => {
    const t = newTallies();
    const ids = await submitScans(SIZES.otherScans, t);
    const pollers = startPollers(SIZES.pollers, t, submittedSoFar);
    expect(await workerWithChild('ffmpeg', 90_000)).not.toBeNull();
    const f = await fixture('talking');
    const notes: string[] = [];
    const recover: number[] = [];
    const uploads: Promise<string | null>[] = [];
    for (let k = 0; k < SIZES.pgKills; k++) {
      if (k > 0) await sleep(5000);
      uploads.push(...Array.from({ length: SIZES.uploaders }, () => upload(t, f.path)));
      await sleep(500);
      const at = Date.now();
      const terminated = Number(
        await r.postgresSql(
          "SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'ferret' AND pid <> pg_backend_pid()) t",
        ),
      );
      notes.push(`kill ${k + 1}: ${terminated} connections`);
      expect(terminated).toBeGreaterThan(0);
      // Recovered: a read through the proxy that needs FerretDB answers 200 again.
      const probe = newTally();
      const deadline = at + 120_000;
      while ((await call(probe, `${r.proxyUrl}/v1/scans/${ids[0]}`, { apiKey: account.apiKey }))?.status !== 200) {
        if (Date.now() > deadline) throw new Error('reads through the proxy did not answer 200 within 120 s of the kill');
        await sleep(100);
      }
      recover.push((Date.now() - at) / 1000);
    }
    const accepted = (await Promise.all(uploads)).filter((id): id is string => id !== null);
    submittedSoFar.push(...accepted.map((id) => ({ id, apiKey: account.apiKey })));
    await sleep(6000);
    await pollers.stop();
    await finish(`FerretDB's PostgreSQL connections terminated (${SIZES.pgKills}×)`, [...ids, ...accepted], t, mean(recover), notes);
  }, 900_000);
});
