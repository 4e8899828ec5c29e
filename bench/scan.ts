// Scan benchmark: end-to-end wall time through the API against the file's own
// floor (raw ffmpeg decode + pocketsphinx alone, run as the workflow runs
// them), measured in the same run, plus the worker's peak RSS and the speed-up
// that a second worker process gives one scan.
//
//   npm run bench            (both files)
//   npm run bench -- --quick (the 60 s file only)
import { spawn } from 'node:child_process';
import { openAsBlob, readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LoudnessMeter } from '../core/loudness';
import { planTranscriptChunks } from '../core/chunks';
import { decodeArgs } from '../activities/media/ffmpeg-args';
import { createSampleStream, readWavLayout, writeWavSlice } from '../activities/media/wav';
import { PocketsphinxTranscriber } from '../activities/media/transcriber';
import { startStack, REPO_ROOT, type ManagedProcess, type Stack } from '../scripts/stack';
import { makeFixtures } from '../scripts/make-fixtures';
import { connectMongo } from '../store/mongo';
import { AccountsStore } from '../store/accounts';

const quick = process.argv.includes('--quick');
const SLOTS_PER_WORKER = 2;

const seconds = (ms: number) => (ms / 1000).toFixed(1);

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.resume();
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited ${code}: ${stderr.slice(-500)}`))));
  });
}

async function mapLimit<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  }));
}

/** The floor: one raw ffmpeg pass, then pocketsphinx over the same chunks, `parallel` at a time. */
async function measureFloor(path: string, durationSec: number, parallel: number) {
  const dir = await mkdtemp(join(tmpdir(), 'holdline-floor-'));
  try {
    const wav = join(dir, 'audio.wav');
    const t0 = performance.now();
    await run('ffmpeg', decodeArgs({ input: path, wavOut: wav }));
    const decodeMs = performance.now() - t0;
    const layout = await readWavLayout(wav);
    const meter = new LoudnessMeter();
    for await (const chunk of createSampleStream(wav, layout)) meter.feedBytes(chunk as Buffer);
    const chunks = planTranscriptChunks(meter.windowRms(), durationSec);
    const slices = await Promise.all(
      chunks.map(async (chunk, i) => {
        const out = join(dir, `chunk-${i}.wav`);
        await writeWavSlice({ source: wav, startSec: chunk.start, endSec: chunk.end, out });
        return { out, start: chunk.start };
      }),
    );
    const transcriber = new PocketsphinxTranscriber();
    const t1 = performance.now();
    await mapLimit(slices, parallel, async (slice) => void (await transcriber.transcribe({ wavPath: slice.out, offsetSec: slice.start })));
    const transcribeMs = performance.now() - t1;
    return { decodeMs, transcribeMs, floorMs: decodeMs + transcribeMs, chunks: chunks.length };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Peak resident set of a process so far (VmHWM), in MB. */
function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function scanThroughApi(apiUrl: string, apiKey: string, path: string): Promise<number> {
  const t0 = performance.now();
  const form = new FormData();
  form.append('file', await openAsBlob(path), 'bench.mp4');
  const submitted = await fetch(`${apiUrl}/v1/scans`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}` }, body: form });
  const { scan_id: scanId } = (await submitted.json()) as { scan_id: string };
  for (;;) {
    const scan = (await (await fetch(`${apiUrl}/v1/scans/${scanId}`, { headers: { authorization: `Bearer ${apiKey}` } })).json()) as { status: string; detail?: string };
    if (scan.status === 'complete') return performance.now() - t0;
    if (scan.status === 'error') throw new Error(`bench scan failed: ${scan.detail}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function withWorkers<T>(stack: Stack, count: number, slots: number, use: (workers: ManagedProcess[]) => Promise<T>): Promise<T> {
  const workers: ManagedProcess[] = [];
  try {
    for (let i = 0; i < count; i++) {
      // Scan-only workers, as a scan fleet would run them.
      workers.push(
        await stack.startWorker(
          { HOLDLINE_WORKER_QUEUES: 'scans', HOLDLINE_SCAN_CONCURRENCY: String(slots), HOLDLINE_SCRATCH_DIR: join(stack.dataDir, `scratch-${i}`) },
          { waitQueues: ['bench-scans'] },
        ),
      );
    }
    return await use(workers);
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
  }
}

async function main() {
  const fixtures = await makeFixtures({ only: quick ? ['bench-60s-720p'] : ['bench-60s-720p', 'bench-10min-1080p'], bench: !quick, log: (line) => console.log(`fixtures: ${line}`) });
  const dataDir = await mkdtemp(join(tmpdir(), 'holdline-bench-'));
  const stack = await startStack({ dataDir, api: true, worker: false, taskQueuePrefix: 'bench', externalEnv: {} });
  const rows: Record<string, unknown>[] = [];
  try {
    const mongo = await connectMongo(stack.mongodbUri);
    const { apiKey } = await new AccountsStore(mongo.db).create({ email: `bench-${Date.now()}@example.com`, plan: 'agents' });
    await mongo.close();
    for (const f of fixtures) {
      const duration = f.truth.duration ?? 0;
      console.log(`\n${f.name} (${duration} s, ${f.truth.width}x${f.truth.height})`);
      const floor = await measureFloor(f.path, duration, SLOTS_PER_WORKER);
      console.log(`  floor: ffmpeg ${seconds(floor.decodeMs)} s + pocketsphinx ${seconds(floor.transcribeMs)} s (${floor.chunks} chunks, ${SLOTS_PER_WORKER} at a time) = ${seconds(floor.floorMs)} s`);
      const { wallMs, rssMb } = await withWorkers(stack, 1, SLOTS_PER_WORKER, async ([worker]) => {
        const wall = await scanThroughApi(stack.apiUrl!, apiKey, f.path);
        return { wallMs: wall, rssMb: peakRssMb(worker!.pid) };
      });
      const ratio = wallMs / floor.floorMs;
      console.log(`  end to end (submit → complete): ${seconds(wallMs)} s; ratio to floor ${ratio.toFixed(2)} (target ≤ 1.3)`);
      console.log(`  worker peak RSS: ${rssMb.toFixed(0)} MB (target ≤ 400 MB on the 10-minute file)`);
      const row: Record<string, unknown> = { file: f.name, durationSec: duration, floorMs: floor.floorMs, decodeMs: floor.decodeMs, transcribeMs: floor.transcribeMs, wallMs, ratio, workerPeakRssMb: rssMb };
      if (f.name === 'bench-10min-1080p' || quick) {
        // One transcription slot per worker: a second worker process doubles the chunks run at once.
        const oneWorker = await withWorkers(stack, 1, 1, () => scanThroughApi(stack.apiUrl!, apiKey, f.path));
        const twoWorkers = await withWorkers(stack, 2, 1, () => scanThroughApi(stack.apiUrl!, apiKey, f.path));
        console.log(`  1 worker × 1 slot: ${seconds(oneWorker)} s; 2 workers × 1 slot: ${seconds(twoWorkers)} s; speed-up ${(oneWorker / twoWorkers).toFixed(2)}×`);
        Object.assign(row, { oneWorkerMs: oneWorker, twoWorkersMs: twoWorkers, speedUp: oneWorker / twoWorkers });
      }
      rows.push(row);
    }
  } finally {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  const outDir = join(REPO_ROOT, 'bench', 'results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, `scan-${new Date().toISOString().replace(/[:.]/g, '-')}.json`), `${JSON.stringify(rows, null, 2)}\n`);
}

await main();
