// Load benchmark of the hot reads: `GET /v1/scans/{id}` (the poll) and
// `GET /v1/scans?limit=20` (a history page) at 50 connections with 10,000
// scans in the database, 500 of them complete 10-minute reads (600-second
// timelines), next to a bare Fastify route on the same machine, all in one run.
// The per-key read limit is raised by configuration for this run only. Then
// the same poll again while a scan worker decodes a 10-minute 1080p scan and
// 400 MB uploads stream into the same API (one after another for the window).
//
//   npm run bench            (this runs after the scan and chat benchmarks)
//   node --import tsx bench/load.ts [--duration 10] [--quick]
//     --quick: 5 s per figure, and the busy poll runs beside the 60 s scan
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { assembleRead } from '../core/read';
import type { ScanRead } from '../core/wire/read';
import type { RawMeasurements } from '../core/measurements';
import { open, stat } from 'node:fs/promises';
import { openAsBlob } from 'node:fs';
import { LIMITS } from '../core/plans';
import { makeFixtures } from '../tooling/fixtures/make';
import { startStack, type Stack } from '../tooling/stack/start';
import { AccountsStore } from '../store/accounts';
import { newAccountId, newScanId } from '../store/ids';
import { connectMongo } from '../store/mongo';
import { OrderedIndex } from '../store/ordered-index';
import { mediaUrl } from '../services/scan-view';
import type { ScanDoc, ScanReadDoc } from '../store/scan-docs';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const quick = process.argv.includes('--quick');
const DURATION_SEC = arg('duration', quick ? 5 : 10);
const BUSY_FIXTURE = quick ? 'bench-60s-720p' : 'bench-10min-1080p';
const MAX_UPLOADS = 6;
const CONNECTIONS = 50;
const SCANS = 10_000;
const LONG_READS = 500;
const ACCOUNTS = 100;
const TARGETS = { pollP99Ms: 20, pageP99Ms: 50, pollThroughputRatio: 0.4 };

/** Measurements of a `seconds`-long video with some motion, sound and speech, for a realistic read. */
function measurements(seconds: number): RawMeasurements {
  const frameDiffs = Array.from({ length: seconds * 4 }, (_, k) => (k === 0 ? 0 : k % 97 === 0 ? 80 : 5 + 3 * Math.sin(k / 3)));
  const loudnessRms = Array.from({ length: seconds }, (_, t) => 0.1 + 0.05 * Math.sin(t / 7));
  const words = Array.from({ length: seconds * 2 }, (_, i) => ({
    word: ['studies', 'show', 'this', 'works', 'today'][i % 5]!,
    start: i / 2,
    end: i / 2 + 0.3,
  }));
  return { durationSec: seconds, frameDiffs, skipDiffs: frameDiffs.map(() => Number.NaN), loudnessRms, words };
}

async function seed(mongoUri: string, ferretdbSqliteDir: string) {
  const mongo = await connectMongo(mongoUri, { ferretdbSqliteDir });
  const db = mongo.db;
  const { account, apiKey } = await new AccountsStore(db).create({ email: 'bench@example.com', plan: 'agents' });
  const accounts = [account._id, ...Array.from({ length: ACCOUNTS - 1 }, newAccountId)];
  const short = assembleRead(measurements(60));
  const long = assembleRead(measurements(600));
  const owned = new Map<string, string[]>(accounts.map((a) => [a, []]));
  const started = Date.now() - SCANS * 60_000;
  let inflight = '';
  let longComplete = '';
  const status: ScanDoc[] = [];
  const reads: ScanReadDoc[] = [];
  for (let i = 0; i < SCANS; i++) {
    const scanId = newScanId();
    const accountId = accounts[i % ACCOUNTS]!;
    const read: ScanRead = i % (SCANS / LONG_READS) === 0 ? long : short;
    const created = new Date(started + i * 60_000);
    const ownedList = owned.get(accountId)!;
    const doc: ScanDoc = {
      _id: scanId,
      scan_id: scanId,
      account_id: accountId,
      title: `scan ${i}`,
      status: 'complete',
      pct: 100,
      source: { type: 'upload', filename: 'video.mp4' },
      priority: false,
      created_at: created,
      updated_at: created,
      completed_at: created,
      media_url: mediaUrl(scanId),
      seq: ownedList.length,
      duration_sec: read.duration_sec,
      score: read.score,
      grade: read.grade,
      label: read.label,
    };
    // The bench account's newest scan is in flight: that is what a poller reads.
    if (i === SCANS - ACCOUNTS) {
      Object.assign(doc, { status: 'processing', pct: 40, progress: { decode: 0.5 } });
      delete doc.completed_at;
      delete doc.duration_sec;
      delete doc.score;
      delete doc.grade;
      delete doc.label;
      inflight = scanId;
    } else {
      reads.push({ _id: scanId, ...read });
      if (accountId === account._id && read === long) longComplete = scanId;
    }
    ownedList.push(scanId);
    status.push(doc);
  }
  for (let i = 0; i < status.length; i += 500) await db.collection<ScanDoc>('scans').insertMany(status.slice(i, i + 500));
  for (let i = 0; i < reads.length; i += 100) await db.collection<ScanReadDoc>('scan_reads').insertMany(reads.slice(i, i + 100));
  const history = new OrderedIndex(db, 'scan_history');
  for (const [accountId, ids] of owned) await history.seed(accountId, ids);
  await mongo.close();
  return { apiKey, inflight, longComplete, ownScans: owned.get(account._id)!.length };
}

function startServer(env: Record<string, string>): Promise<{ urls: { api: string; bare: string }; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'load-server.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`load server exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve({ urls: JSON.parse(line), stop: () => child.kill('SIGTERM') }));
  });
}

interface Figure {
  name: string;
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

async function load(name: string, url: string, headers: Record<string, string> = {}): Promise<Figure> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SEC, headers });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { name, p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, errors };
}

/** A file of exactly the upload limit (sparse: it costs no disk). It is no video: its scans end in error at probe, after the upload. */
async function bigUpload(dir: string): Promise<string> {
  const path = join(dir, 'upload-400mib.bin');
  const handle = await open(path, 'w');
  await handle.truncate(LIMITS.uploadBytes);
  await handle.write(Buffer.from('not a video'), 0);
  await handle.close();
  return path;
}

async function submit(apiUrl: string, auth: Record<string, string>, path: string): Promise<string> {
  const form = new FormData();
  form.append('file', await openAsBlob(path), 'bench.mp4');
  const response = await fetch(`${apiUrl}/v1/scans`, { method: 'POST', headers: auth, body: form });
  const body = (await response.json()) as { scan_id?: string; detail?: string };
  if (response.status !== 202 || !body.scan_id) throw new Error(`upload refused: ${response.status} ${body.detail ?? ''}`);
  return body.scan_id;
}

async function pctOf(apiUrl: string, auth: Record<string, string>, scanId: string): Promise<{ status: string; pct: number }> {
  const scan = (await (await fetch(`${apiUrl}/v1/scans/${scanId}`, { headers: auth })).json()) as { status: string; pct?: number };
  // A complete scan's view carries the read, not `pct`.
  return { status: scan.status, pct: scan.pct ?? (scan.status === 'complete' ? 100 : 0) };
}

/**
 * The poll of the seeded in-flight scan at 50 connections while a scan worker
 * decodes a real file (submitted first, measured once its decode runs) and
 * uploads of the full 400 MiB limit follow one another for the whole window.
 */
async function busyPoll(stack: Stack, apiUrl: string, seeded: { inflight: string }, auth: Record<string, string>) {
  const [fixture] = await makeFixtures({ only: [BUSY_FIXTURE], bench: true, log: () => undefined });
  const upload = await bigUpload(dataDir);
  const worker = await stack.startWorker({ HOLDLINE_WORKER_QUEUES: 'scans', HOLDLINE_MEDIA_DIR: join(dataDir, 'media') }, { waitQueues: ['holdline-scans'] });
  try {
    const scanId = await submit(apiUrl, auth, fixture!.path);
    // Decoding: past probe (10 %), not yet transcribing.
    for (
      let scan = await pctOf(apiUrl, auth, scanId);
      scan.pct < 11 && scan.status !== 'complete' && scan.status !== 'error';
      scan = await pctOf(apiUrl, auth, scanId)
    ) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // The same window with the scan alone first: what the uploads add.
    const scanOnly = await load('GET /v1/scans/{id} (scan decoding)', `${apiUrl}/v1/scans/${seeded.inflight}`, auth);
    const pctAtStart = (await pctOf(apiUrl, auth, scanId)).pct;
    let uploads = 0;
    let uploadMs = 0;
    let stopUploads = false;
    const uploading = (async () => {
      while (!stopUploads && uploads < MAX_UPLOADS) {
        const t0 = performance.now();
        await submit(apiUrl, auth, upload);
        uploadMs += performance.now() - t0;
        uploads += 1;
      }
    })();
    const poll = await load('GET /v1/scans/{id} (busy)', `${apiUrl}/v1/scans/${seeded.inflight}`, auth);
    stopUploads = true;
    await uploading;
    const pctAtEnd = (await pctOf(apiUrl, auth, scanId)).pct;
    const size = (await stat(upload)).size;
    return { poll, scanOnly, uploads, pctAtStart, pctAtEnd, uploadMbPerSec: (uploads * size) / 1e6 / (uploadMs / 1000) };
  } finally {
    await worker.stop();
  }
}

const verdict = (ok: boolean) => (ok ? 'MET' : 'NOT MET');
const dataDir = await mkdtemp(join(tmpdir(), 'holdline-load-'));
const stack = await startStack({ dataDir, handleSignals: true });
try {
  const t0 = Date.now();
  const seeded = await seed(stack.mongodbUri, join(dataDir, 'ferretdb'));
  console.log(
    `load: ${SCANS} scans seeded (${LONG_READS} of them 10-minute reads, ${seeded.ownScans} in the benchmark account) in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  const server = await startServer({
    MONGODB_URI: stack.mongodbUri,
    TEMPORAL_ADDRESS: stack.temporalAddress,
    HOLDLINE_SCAN_READS_PER_MINUTE: String(100_000_000),
    // The uploads of the window follow one another faster than their scans may end: no per-account cap on scans in flight.
    HOLDLINE_SCANS_IN_FLIGHT_SIGNAL: '1000',
    HOLDLINE_SCANS_IN_FLIGHT_AGENTS: '1000',
    HOLDLINE_MEDIA_DIR: join(dataDir, 'media'),
    HOLDLINE_FERRETDB_SQLITE_DIR: join(dataDir, 'ferretdb'),
  });
  try {
    const auth = { authorization: `Bearer ${seeded.apiKey}` };
    // A short warm-up, so JIT and connection pools are in their steady state.
    await autocannon({ url: `${server.urls.api}/v1/scans/${seeded.inflight}`, connections: 10, duration: 2, headers: auth });
    const bare = await load('bare Fastify route', `${server.urls.bare}/bare`);
    const poll = await load('GET /v1/scans/{id} (in flight)', `${server.urls.api}/v1/scans/${seeded.inflight}`, auth);
    const page = await load('GET /v1/scans?limit=20', `${server.urls.api}/v1/scans?limit=20`, auth);
    const full = await load('GET /v1/scans/{id} (complete, 600 s)', `${server.urls.api}/v1/scans/${seeded.longComplete}`, auth);
    console.log(`\nload: ${CONNECTIONS} connections, ${DURATION_SEC} s each, same machine, one run`);
    console.log('figure                                  p50 ms   p99 ms     req/s  errors');
    for (const f of [bare, poll, page, full]) {
      console.log(
        `${f.name.padEnd(38)} ${String(f.p50).padStart(7)} ${String(f.p99).padStart(8)} ${f.rps.toFixed(0).padStart(9)} ${String(f.errors).padStart(7)}`,
      );
    }
    const ratio = poll.rps / bare.rps;
    console.log('');
    console.log(`poll p99: ${poll.p99} ms (target ≤ ${TARGETS.pollP99Ms} ms): ${verdict(poll.p99 <= TARGETS.pollP99Ms)}`);
    console.log(`page p99: ${page.p99} ms (target ≤ ${TARGETS.pageP99Ms} ms): ${verdict(page.p99 <= TARGETS.pageP99Ms)}`);
    console.log(
      `poll throughput / bare Fastify: ${(ratio * 100).toFixed(1)} % (target ≥ ${TARGETS.pollThroughputRatio * 100} %): ${verdict(ratio >= TARGETS.pollThroughputRatio)}`,
    );
    console.log(`complete 600 s read p99: ${full.p99} ms (shown for scale; the poll target applies to in-flight scans)`);
    const busy = await busyPoll(stack, server.urls.api, seeded, auth);
    console.log(
      `\npoll while ${BUSY_FIXTURE} decodes (scan at ${busy.pctAtStart}→${busy.pctAtEnd} %) and ${busy.uploads} upload(s) of ${(LIMITS.uploadBytes / 1024 / 1024).toFixed(0)} MiB stream in ` +
        `(${busy.uploadMbPerSec.toFixed(0)} MB/s, back to back from the window's start): ` +
        `p50 ${busy.poll.p50} ms, p99 ${busy.poll.p99} ms, ${busy.poll.rps.toFixed(0)} req/s, ${busy.poll.errors} errors; target p99 ≤ ${TARGETS.pollP99Ms} ms: ${verdict(busy.poll.p99 <= TARGETS.pollP99Ms)}`,
    );
    console.log(
      `  the window before, scan decoding without uploads: p50 ${busy.scanOnly.p50} ms, p99 ${busy.scanOnly.p99} ms, ${busy.scanOnly.rps.toFixed(0)} req/s, ${busy.scanOnly.errors} errors`,
    );
  } finally {
    server.stop();
  }
} finally {
  await stack.stop();
  await rm(dataDir, { recursive: true, force: true });
}
