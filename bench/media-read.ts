// How a worker should read media from the `s3` store: a local copy (parallel
// ranged GETs) then ffmpeg on the file, or ffmpeg on a pipe fed by one streamed
// GET. Starts MinIO on loopback, stores the file, times both, prints the figures.
//
//   node --import tsx bench/media-read.ts [path]   (default: the 60 s 720p fixture)
import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { decodeArgs } from '../activities/media/ffmpeg-args';
import { loadConfig } from '../config/env';
import { startMinio } from '../tooling/stack/minio';
import { REPO_ROOT } from '../tooling/repo-root';
import { createMediaStore } from '../store/media-factory';

const path = process.argv[2] ?? join(REPO_ROOT, '.data', 'fixtures', 'bench-60s-720p.mp4');

function ffmpeg(args: string[], stdin?: Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', args, { stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
    child.stdout!.resume();
    let err = '';
    child.stderr!.on('data', (c) => (err += c));
    if (stdin) stdin.pipe(child.stdin!).on('error', () => undefined);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg ${code}: ${err.slice(-300)}`))));
  });
}

const dir = await mkdtemp(join(tmpdir(), 'holdline-media-read-'));
const s3 = await startMinio({ dataDir: dir });
try {
  const store = createMediaStore(loadConfig(s3.env).mediaStore);
  const bytes = (await stat(path)).size;
  const ms = async (work: () => Promise<unknown>) => {
    const t0 = performance.now();
    await work();
    return performance.now() - t0;
  };
  const put = await ms(() => store.put('media', 'media:bench', createReadStream(path), { filename: 'bench.mp4' }));
  const copy = join(dir, 'copy.mp4');
  const rows: [string, number][] = [];
  for (let round = 0; round < 2; round++) {
    const download = await ms(() => store.download('media', 'media:bench', copy));
    const decodeLocal = await ms(() => ffmpeg(decodeArgs({ input: copy, wavOut: join(dir, 'a.wav') })));
    const decodePipe = await ms(() => ffmpeg(decodeArgs({ input: 'pipe:0', wavOut: join(dir, 'b.wav') }), store.read('media', 'media:bench')));
    const decodeBare = await ms(() => ffmpeg(decodeArgs({ input: path, wavOut: join(dir, 'c.wav') })));
    rows.push([
      `round ${round + 1}: local copy (parallel ranged GETs) ${(download / 1000).toFixed(2)} s + decode ${(decodeLocal / 1000).toFixed(2)} s`,
      download + decodeLocal,
    ]);
    rows.push([`round ${round + 1}: decode on a pipe from one streamed GET`, decodePipe]);
    rows.push([`round ${round + 1}: decode of the original file (no store)`, decodeBare]);
    await rm(copy, { force: true });
  }
  console.log(`media read: ${(bytes / 1e6).toFixed(1)} MB, upload (multipart) ${(put / 1000).toFixed(2)} s = ${(bytes / 1e6 / (put / 1000)).toFixed(0)} MB/s`);
  for (const [name, time] of rows) console.log(`${name.padEnd(78)} ${(time / 1000).toFixed(2)} s`);
} finally {
  await s3.stop();
  await rm(dir, { recursive: true, force: true });
}
