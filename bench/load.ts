// Load benchmark of the hot reads: `GET /v1/scans/{id}` (the poll) and
// `GET /v1/scans?limit=20` (a history page) at 50 connections with 10,000
// scans in the database, 500 of them complete 10-minute reads (600-second
// timelines), next to a bare Fastify route on the same machine, all in one run.
// The per-key read limit is raised by configuration for this run only.
//
//   npm run bench            (this runs after the scan and chat benchmarks)
//   node --import tsx bench/load.ts [--duration 10]
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { assembleRead } from '../core/read';
import type { RawMeasurements, ScanRead } from '../core/shapes';
import { startStack } from '../scripts/stack';
import { AccountsStore } from '../store/accounts';
import { newAccountId, newScanId } from '../store/ids';
import { connectMongo } from '../store/mongo';
import { OrderedIndex } from '../store/ordered-index';
import { mediaUrl } from '../services/scan-view';
import type { ScanDoc, ScanReadDoc } from '../store/scans';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const DURATION_SEC = arg('duration', 10);
const CONNECTIONS = 50;
const SCANS = 10_000;
const LONG_READS = 500;
const ACCOUNTS = 100;
const TARGETS = { pollP99Ms: 20, pageP99Ms: 50, pollThroughputRatio: 0.4 };

/** Measurements of a `seconds`-long video with some motion, sound and speech, for a realistic read. */
function measurements(seconds: number): RawMeasurements {
  const frameDiffs = Array.from({ length: seconds * 4 }, (_, k) => (k === 0 ? 0 : k % 97 === 0 ? 80 : 5 + 3 * Math.sin(k / 3)));
  const loudnessRms = Array.from({ length: seconds }, (_, t) => 0.1 + 0.05 * Math.sin(t / 7));
  const words = Array.from({ length: seconds * 2 }, (_, i) => ({ word: ['studies', 'show', 'this', 'works', 'today'][i % 5]!, start: i / 2, end: i / 2 + 0.3 }));
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
      _id: scanId, scan_id: scanId, account_id: accountId, title: `scan ${i}`, status: 'complete', pct: 100,
      source: { type: 'upload', filename: 'video.mp4' }, priority: false, created_at: created, updated_at: created, completed_at: created,
      media_url: mediaUrl(scanId), seq: ownedList.length,
      duration_sec: read.duration_sec, score: read.score, grade: read.grade, label: read.label,
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

const dataDir = await mkdtemp(join(tmpdir(), 'holdline-load-'));
const stack = await startStack({ dataDir, handleSignals: true });
try {
  const t0 = Date.now();
  const seeded = await seed(stack.mongodbUri, join(dataDir, 'ferretdb'));
  console.log(`load: ${SCANS} scans seeded (${LONG_READS} of them 10-minute reads, ${seeded.ownScans} in the benchmark account) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const server = await startServer({
    MONGODB_URI: stack.mongodbUri,
    TEMPORAL_ADDRESS: stack.temporalAddress,
    HOLDLINE_SCAN_READS_PER_MINUTE: String(100_000_000),
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
      console.log(`${f.name.padEnd(38)} ${String(f.p50).padStart(7)} ${String(f.p99).padStart(8)} ${f.rps.toFixed(0).padStart(9)} ${String(f.errors).padStart(7)}`);
    }
    const verdict = (ok: boolean) => (ok ? 'met' : 'missed');
    const ratio = poll.rps / bare.rps;
    console.log('');
    console.log(`poll p99: ${poll.p99} ms (target ≤ ${TARGETS.pollP99Ms} ms): ${verdict(poll.p99 <= TARGETS.pollP99Ms)}`);
    console.log(`page p99: ${page.p99} ms (target ≤ ${TARGETS.pageP99Ms} ms): ${verdict(page.p99 <= TARGETS.pageP99Ms)}`);
    console.log(`poll throughput / bare Fastify: ${(ratio * 100).toFixed(1)} % (target ≥ ${TARGETS.pollThroughputRatio * 100} %): ${verdict(ratio >= TARGETS.pollThroughputRatio)}`);
    console.log(`complete 600 s read p99: ${full.p99} ms (shown for scale; the poll target applies to in-flight scans)`);
  } finally {
    server.stop();
  }
} finally {
  await stack.stop();
  await rm(dataDir, { recursive: true, force: true });
}
