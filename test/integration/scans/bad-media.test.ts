// Hostile media over the real stack: the API in this process, the worker as a
// separate OS process (so a crash would show as a new pid or a dead one), real
// Temporal, FerretDB, ffprobe and ffmpeg. Each crafted file must end in
// `error` with its documented plain detail, the worker must survive it, and
// nothing may be left behind.

import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { promisify } from 'node:util';
import { createReadStream, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScanActivities } from '../../../activities/scan-activities';
import { NOT_ACCEPTED_DETAIL } from '../../../activities/media/failures';
import { LocalMediaCache } from '../../../activities/media/local-cache';
import type { ManagedProcess } from '../../../tooling/stack/processes';
import { MediaStore } from '../../../store/media';
import { ScansStore } from '../../../store/scans';
import { fixture } from '../helpers/fixtures';
import { namedByFile, ONE_SCAN_TEST_MS, ScanClient } from '../helpers/scan-client';
import { filesUnder, mediaFilesOf } from '../helpers/stored-files';
import { startService, type Service } from '../helpers/service';
import { isAlive } from '../helpers/processes';
import { inActivityContext } from '../../unit/activity-context';

const run = promisify(execFile);

let service: Service;
let client: ScanClient;
let worker: ManagedProcess;
let workerScratch: string;
let site: Server;
let siteUrl: string;

beforeAll(async () => {
  service = await startService({ inProcessWorkers: false, env: { HOLDLINE_ALLOW_HOSTS: '127.0.0.1:*' } });
  client = new ScanClient(service.apiUrl, (await service.createAccount()).apiKey);
  workerScratch = join(service.scratchRoot, 'worker-0');
  worker = await service.startWorkerProcess();
  // A server that calls every video an HTML page, as a hostile URL input would.
  const video = await fixture('hostile-script-video');
  site = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    createReadStream(video.path).pipe(response);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const address = site.address();
  siteUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/clip.html`;
});

afterAll(async () => {
  site?.close();
  await service?.stop();
});

const scansThisMonth = async () => (await client.request('GET', '/v1/usage')).body.scans_this_month as number;

/** Submits a fixture and waits for its workflow to end (so the clean-up after a failure has run, not only the status flip). */
async function scanFixture(name: string) {
  const { path } = await fixture(name);
  const submitted = await client.upload(path);
  expect(submitted.status).toBe(202);
  const scanId = submitted.body.scan_id as string;
  // A worker that dies on the file (as one did on the 10^9 s header: a V8 out-of-memory abort) fails the test at once.
  const died = worker.exited.then((code) => {
    throw new Error(`the worker exited (code ${code}) during the scan of ${name}: ${worker.logTail(20)}`);
  });
  await Promise.race([service.temporal.workflow.getHandle(`scan-${scanId}`).result(), died]);
  const { body } = await client.request('GET', `/v1/scans/${scanId}`);
  return { scanId, scan: body, path };
}

/** Everything a scan may have stored: its media and audio (files and chunks), its intermediate document. */
async function leftovers(scanId: string) {
  const media = service.deps.media;
  const files = await mediaFilesOf(service);
  return {
    media: ((await media.stat('media', MediaStore.mediaId(scanId))) ? 1 : 0) + files.filter((f) => f.includes(scanId) && f.endsWith('.part')).length,
    audio: (await media.stat('audio', MediaStore.audioId(scanId))) ? 1 : 0,
    parts: await service.mongo.db.collection('scan_parts').countDocuments({ _id: scanId as never }),
  };
}

describe('hostile media', () => {
  const LONG_1E9 = 'The video is too long: it lasts 277777 hours 46 minutes 40 seconds; the limit is 2 hours.';
  it.each([
    ['a header declaring a duration of 10^9 s', 'hostile-declared-1e9s', LONG_1E9],
    ['one frame per hour for three hours', 'hostile-frame-per-hour', 'The video is too long: it lasts 3 hours; the limit is 2 hours.'],
    ['a declared 16000×16000 frame', 'hostile-huge-frame', "The video's frames are too large: 16000×16000 pixels; the limit is 8192 pixels on a side."],
    [
      'a declared 8000×4500 frame',
      'hostile-many-pixels',
      "The video's frames are too large: 8000×4500 is 36.0 million pixels; the limit is 35.4 million pixels per frame.",
    ],
    ['300 frames a second', 'hostile-fps-300', "The video's frame rate is too high: 300 frames per second; the limit is 240."],
    ['an ffconcat list naming other files', 'hostile-concat', NOT_ACCEPTED_DETAIL],
  ])('refuses %s with its plain detail, keeps the worker alive and leaves nothing behind', async (_, name, detail) => {
    const pid = worker.pid;
    const before = await scansThisMonth();
    const { scanId, scan, path } = await scanFixture(name);
    expect(scan).toEqual({ scan_id: scanId, status: 'error', pct: expect.any(Number), detail, ...namedByFile(path), created_at: expect.any(String) });
    // The same worker process, still running.
    expect(worker.pid).toBe(pid);
    expect(isAlive(pid)).toBe(true);
    expect(await leftovers(scanId)).toEqual({ media: 0, audio: 0, parts: 0 });
    expect(await filesUnder(workerScratch)).toEqual([]);
    // Accepted at submission, so counted, exactly once.
    expect(await scansThisMonth()).toBe(before + 1);
  });

  it("logs ffmpeg's own words for the operator, never for the client", async () => {
    const { scan } = await scanFixture('hostile-concat');
    expect(scan.detail).not.toMatch(/whitelist|concat|@ 0x|Invalid|ffmpeg|ffprobe/i);
    expect(worker.logTail(400)).toMatch(/Format not on whitelist/);
  });

  it('refuses an empty upload at submission: nothing stored, nothing counted', async () => {
    const before = await scansThisMonth();
    const scans = await service.mongo.db.collection('scans').countDocuments();
    const submitted = await client.upload((await fixture('empty')).path);
    expect(submitted.status).toBe(400);
    expect(submitted.body).toEqual({ detail: 'the uploaded file is empty' });
    expect(await service.mongo.db.collection('scans').countDocuments()).toBe(scans);
    expect(await scansThisMonth()).toBe(before);
  });

  it('reads two frames 45 minutes apart as a complete 90-minute scan, sized by what was decoded', async () => {
    const { scanId, scan } = await scanFixture('hostile-sparse-90min');
    expect(scan.status).toBe('complete');
    expect(scan.duration_sec).toBe(5400);
    expect(scan.timeline).toHaveLength(5400);
    // A flat grey picture with no sound: nothing moves, nothing is cut.
    expect(scan.cuts).toEqual([]);
    expect(scan.timeline.every((t: { scores: { motion: number; loudness: number } }) => t.scores.motion === 0 && t.scores.loudness === 0)).toBe(true);
    expect(await leftovers(scanId)).toMatchObject({ audio: 0, parts: 0 });
    expect(await filesUnder(workerScratch)).toEqual([]);
  }, 300_000);
});

describe('media served inertly', () => {
  it(
    'serves a video that its server called text/html as video/mp4, not sniffable, sandboxed',
    async () => {
      const before = await scansThisMonth();
      const submitted = await client.submitUrl(siteUrl);
      expect(submitted.status).toBe(202);
      const scanId = submitted.body.scan_id as string;
      const { scan } = await client.waitForScan(scanId);
      expect(scan.status).toBe('complete');
      expect(await scansThisMonth()).toBe(before + 1);

      const response = await fetch(`${service.apiUrl}${scan.media_url}`, { headers: { authorization: `Bearer ${client.apiKey}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('video/mp4');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(response.headers.get('content-disposition')).toBe(`inline; filename="${scanId}.mp4"`);
      const bytes = Buffer.from(await response.arrayBuffer());
      const original = readFileSync((await fixture('hostile-script-video')).path);
      expect(bytes.equals(original)).toBe(true);
      expect(bytes.includes('<script>')).toBe(true);

      const ranged = await fetch(`${service.apiUrl}${scan.media_url}`, { headers: { authorization: `Bearer ${client.apiKey}`, range: 'bytes=0-99' } });
      expect(ranged.status).toBe(206);
      expect(ranged.headers.get('content-type')).toBe('video/mp4');
      expect(ranged.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(ranged.headers.get('x-content-type-options')).toBe('nosniff');
      await ranged.arrayBuffer();
    },
    ONE_SCAN_TEST_MS,
  );

  it.each([
    ['WebM', 'clip.webm', ['-c:v', 'libvpx', '-b:v', '200k', '-f', 'webm'], 'video/webm', 'webm'],
    ['Matroska', 'clip.mkv', ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-f', 'matroska'], 'video/x-matroska', 'mkv'],
    ['QuickTime', 'clip.mov', ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-f', 'mov'], 'video/quicktime', 'mov'],
  ])(
    'serves a %s upload with its own type, whatever the upload declared',
    async (_, file, codec, contentType, ext) => {
      const path = join(service.scratchRoot, file);
      await run('ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=64x48:r=24:d=2', ...codec, path]);
      // Declared as an HTML page by the uploader.
      const form = new FormData();
      form.append('file', new Blob([readFileSync(path)], { type: 'text/html' }), 'page.html');
      const submitted = await fetch(`${service.apiUrl}/v1/scans`, { method: 'POST', headers: { authorization: `Bearer ${client.apiKey}` }, body: form });
      expect(submitted.status).toBe(202);
      const scanId = ((await submitted.json()) as { scan_id: string }).scan_id;
      const { scan } = await client.waitForScan(scanId);
      expect(scan.status).toBe('complete');
      const response = await fetch(`${service.apiUrl}${scan.media_url}`, { headers: { authorization: `Bearer ${client.apiKey}`, range: 'bytes=0-15' } });
      expect(response.status).toBe(206);
      expect(response.headers.get('content-type')).toBe(contentType);
      // Named by the upload's file name, with the served container's extension for its own, which names a page (issue 32).
      expect(response.headers.get('content-disposition')).toBe(`inline; filename="page.${ext}"`);
      await response.arrayBuffer();
    },
    ONE_SCAN_TEST_MS,
  );
});

describe('after all of it', () => {
  it('the same worker process still completes a good scan', async () => {
    const pid = worker.pid;
    const { scanId, scan } = await scanFixture('no-audio');
    expect(scan.status).toBe('complete');
    expect(worker.pid).toBe(pid);
    expect(isAlive(pid)).toBe(true);
    expect(await leftovers(scanId)).toMatchObject({ media: expect.any(Number), audio: 0, parts: 0 });
    expect((await leftovers(scanId)).media).toBeGreaterThan(0);
  });

  it('failScan on a complete scan keeps it complete, with its media', async () => {
    const { scanId, scan } = await scanFixture('no-audio');
    expect(scan.status).toBe('complete');
    const media = service.deps.media;
    const activities = createScanActivities({
      scans: new ScansStore(service.mongo.db),
      media,
      probe: () => Promise.reject(new Error('not used')),
      decode: () => Promise.reject(new Error('not used')),
      decodeSoundtrack: () => Promise.reject(new Error('not used')),
      measureLoudness: () => Promise.reject(new Error('not used')),
      cutWindow: () => Promise.reject(new Error('not used')),
      transcriber: { hear: () => Promise.reject(new Error('not used')) },
      fetch: () => Promise.reject(new Error('not used')),
      scratchDir: join(service.scratchRoot, 'fail-scan'),
      mediaCache: new LocalMediaCache(join(service.scratchRoot, 'fail-scan'), media),
      allowHosts: [],
      uploadLimitBytes: 1,
    });
    const outcome = await inActivityContext(() => activities.failScan({ scanId, detail: 'a late failure' }), 'failScan');
    expect(outcome).toEqual({ status: 'complete' });
    const after = await client.request('GET', `/v1/scans/${scanId}`);
    expect(after.body.status).toBe('complete');
    expect(after.body.detail).toBeUndefined();
    const served = await fetch(`${service.apiUrl}${scan.media_url}`, { headers: { authorization: `Bearer ${client.apiKey}` } });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).length).toBe((await stat((await fixture('no-audio')).path)).size);
  });
});
