// The poll beside uploads, narrowed to what the upload does to it: `GET /v1/scans/{id}` at
// 50 connections, first alone, then while 400 MiB uploads (the limit) stream into the same
// API one after another, in windows that alternate between this checkout's API and, with
// `--against <dir>`, another checkout's (the code before a change), so both are measured
// side by side in one run under the same load. No scan decodes here (bench/load.ts measures
// the poll beside a decode as well); the stack's Temporal receives the uploads' scans, which
// no worker runs.
//
//   node --import tsx bench/upload-poll.ts [--against ../other-checkout] [--rounds 2] [--duration 8]
import { spawn } from 'node:child_process';
import { open, mkdtemp, rm } from 'node:fs/promises';
import { openAsBlob } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { LIMITS } from '../core/plans';
import { startStack } from '../tooling/stack/start';
import { AccountsStore } from '../store/accounts';
import { newScanId } from '../store/ids';
import { connectMongo } from '../store/mongo';
import { mediaUrl } from '../services/scan-view';
import type { ScanDoc } from '../store/scan-docs';

const value = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const ROUNDS = Number(value('rounds') ?? 2);
const DURATION_SEC = Number(value('duration') ?? 8);
const AGAINST = value('against');
const CONNECTIONS = 50;
const MAX_UPLOADS = 4;
const TARGET_P99_MS = 20;

const here = resolve(import.meta.dirname, '..');
const checkouts = [{ name: 'this checkout', dir: here }, ...(AGAINST ? [{ name: `--against ${AGAINST}`, dir: resolve(AGAINST) }] : [])];

const dataDir = await mkdtemp(join(tmpdir(), 'holdline-upload-poll-'));
const stack = await startStack({ dataDir, handleSignals: true });
const stops: (() => void)[] = [];
try {
  const mongo = await connectMongo(stack.mongodbUri, { ferretdbSqliteDir: join(dataDir, 'ferretdb') });
  const { account, apiKey } = await new AccountsStore(mongo.db).create({ email: 'upload-poll@example.com', plan: 'agents' });
  const scanId = newScanId();
  const now = new Date();
  await mongo.db.collection<ScanDoc>('scans').insertOne({
    _id: scanId,
    scan_id: scanId,
    account_id: account._id,
    title: 'in flight',
    status: 'processing',
    pct: 40,
    progress: { decode: 0.5 },
    source: { type: 'upload', filename: 'video.mp4' },
    priority: false,
    created_at: now,
    updated_at: now,
    media_url: mediaUrl(scanId),
    seq: 0,
  });
  await mongo.close();
  const auth = { authorization: `Bearer ${apiKey}` };
  const upload = join(dataDir, 'upload-400mib.bin');
  // Sparse: the limit's size at no disk cost. It is no video; its scan would end at probe, were a worker running.
  const handle = await open(upload, 'w');
  await handle.truncate(LIMITS.uploadBytes);
  await handle.write(Buffer.from('not a video'), 0);
  await handle.close();

  const servers = [];
  for (const checkout of checkouts) {
    const server = await startServer(checkout.dir, {
      MONGODB_URI: stack.mongodbUri,
      TEMPORAL_ADDRESS: stack.temporalAddress,
      HOLDLINE_SCAN_READS_PER_MINUTE: String(100_000_000),
      HOLDLINE_SCANS_IN_FLIGHT_SIGNAL: '1000',
      HOLDLINE_SCANS_IN_FLIGHT_AGENTS: '1000',
      HOLDLINE_MEDIA_DIR: join(dataDir, `media-${servers.length}`),
      HOLDLINE_FERRETDB_SQLITE_DIR: join(dataDir, 'ferretdb'),
    });
    stops.push(server.stop);
    servers.push({ ...checkout, api: server.api });
  }
  const poll = (api: string) => autocannon({ url: `${api}/v1/scans/${scanId}`, connections: CONNECTIONS, duration: DURATION_SEC, headers: auth });
  for (const server of servers) await autocannon({ url: `${server.api}/v1/scans/${scanId}`, connections: 10, duration: 2, headers: auth });

  const rows: string[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const server of servers) {
      const alone = await poll(server.api);
      let uploads = 0;
      let uploadMs = 0;
      let stop = false;
      const uploading = (async () => {
        while (!stop && uploads < MAX_UPLOADS) {
          const t0 = performance.now();
          await submit(server.api, auth, upload);
          uploadMs += performance.now() - t0;
          uploads += 1;
        }
      })();
      const busy = await poll(server.api);
      stop = true;
      await uploading;
      const errors = (r: autocannon.Result) => r.errors + r.timeouts + r.non2xx;
      rows.push(
        `round ${round}  ${server.name.padEnd(34)} alone p50 ${String(alone.latency.p50).padStart(3)} p99 ${String(alone.latency.p99).padStart(4)} ms ${alone.requests.average.toFixed(0).padStart(6)} req/s` +
          `   with uploads p50 ${String(busy.latency.p50).padStart(3)} p99 ${String(busy.latency.p99).padStart(4)} ms ${busy.requests.average.toFixed(0).padStart(6)} req/s` +
          ` (${uploads} × ${(LIMITS.uploadBytes / 1024 / 1024).toFixed(0)} MiB at ${((uploads * LIMITS.uploadBytes) / 1e6 / (uploadMs / 1000)).toFixed(0)} MB/s)` +
          `   errors ${errors(alone) + errors(busy)}   p99 target ≤ ${TARGET_P99_MS} ms with uploads: ${busy.latency.p99 <= TARGET_P99_MS ? 'MET' : 'NOT MET'}`,
      );
      console.log(rows.at(-1));
    }
  }
} finally {
  for (const stop of stops) stop();
  await stack.stop();
  await rm(dataDir, { recursive: true, force: true });
}

function startServer(dir: string, env: Record<string, string>): Promise<{ api: string; stop: () => void }> {
  // The checkout's own load server, with its own tsx, so each side runs its own code.
  const child = spawn(process.execPath, ['--import', 'tsx', join(dir, 'bench', 'load-server.ts')], {
    cwd: dir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((done, fail) => {
    child.once('exit', (code) => fail(new Error(`load server of ${dir} exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (line) =>
      done({ api: (JSON.parse(line) as { api: string }).api, stop: () => child.kill('SIGTERM') }),
    );
  });
}

async function submit(apiUrl: string, auth: Record<string, string>, path: string): Promise<void> {
  const form = new FormData();
  form.append('file', await openAsBlob(path), 'bench.mp4');
  const response = await fetch(`${apiUrl}/v1/scans`, { method: 'POST', headers: auth, body: form });
  const body = (await response.json()) as { scan_id?: string; detail?: string };
  if (response.status !== 202 || !body.scan_id) throw new Error(`upload refused: ${response.status} ${body.detail ?? ''}`);
}
