import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retentionWorkflow } from '../../../workflows/retention';
import { taskQueues } from '../../../contracts/names';
import type { ArchiveManifest } from '../../../core/wire/export';
import { newScanId } from '../../../store/ids';
import { MediaStore } from '../../../store/media';
import { SubmissionsStore } from '../../../store/submissions';
import { SESSION_COOKIE } from '../../../http/session';
import { fixture } from '../helpers/fixtures';
import { ONE_SCAN_TEST_MS, ScanClient } from '../helpers/scan-client';
import { startService, type Service } from '../helpers/service';
import { mediaFilesOf } from '../helpers/stored-files';
import { insertCompleteScan } from '../web/helpers';

// Retention and the account archive over the real stack (Temporal, FerretDB, ffmpeg,
// the fs media store). The clock is not waited on: the scans' creation dates are moved
// back past the retention, then the schedule's workflow is run on the real worker.

let service: Service;
const dirs: string[] = [];

beforeAll(async () => {
  service = await startService();
});

afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await service?.stop();
});

const DAY_MS = 24 * 3600 * 1000;

/** Moves the scans' creation back by `days`, as if that time had passed. */
async function ageScans(scanIds: string[], days: number): Promise<void> {
  const scans = service.mongo.db.collection<{ _id: string; created_at: Date }>('scans');
  for (const doc of await scans.find({ _id: { $in: scanIds } }).toArray()) {
    await scans.updateOne({ _id: doc._id }, { $set: { created_at: new Date(doc.created_at.getTime() - days * DAY_MS) } });
  }
}

/** One run of the hourly retention schedule's workflow, on this service's scans queue. */
const runRetention = () =>
  service.temporal.workflow.execute(retentionWorkflow, {
    taskQueue: taskQueues(service.deps.config).scans,
    workflowId: `retention-test-${Date.now()}-${Math.random().toString(16).slice(2)}`,
  });

const storedFilesOf = async (scanId: string) => (await mediaFilesOf(service)).filter((path) => path.includes(scanId));
const keyed = (apiKey: string, path: string) => fetch(`${service.apiUrl}${path}`, { headers: { authorization: `Bearer ${apiKey}` } });

/** `count` complete scans of one fixture; by default the shortest (10 s, no sound): what this file checks does not depend on what a video holds. */
async function completeScans(owner: ScanClient, count: number, name = 'no-audio'): Promise<string[]> {
  const path = (await fixture(name)).path;
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push((await owner.upload(path, { title: `clip ${i}` })).body.scan_id as string);
  for (const id of ids) expect((await owner.waitForScan(id)).scan.status).toBe('complete');
  return ids;
}

async function untar(body: ReadableStream<Uint8Array>): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'holdline-archive-'));
  dirs.push(dir);
  const chunks: Buffer[] = [];
  for await (const chunk of Readable.fromWeb(body as never)) chunks.push(chunk as Buffer);
  writeFileSync(join(dir, 'archive.tar'), Buffer.concat(chunks));
  execFileSync('tar', ['-xf', join(dir, 'archive.tar'), '-C', dir]);
  rmSync(join(dir, 'archive.tar'));
  return dir;
}

describe('media retention', () => {
  it(
    'removes old videos from the media store, keeps the reads, says media_url null; published videos only when the owner asks',
    async () => {
      const owned = await service.createAccount('agents');
      const other = await service.createAccount();
      const owner = new ScanClient(service.apiUrl, owned.apiKey);
      const neighbour = new ScanClient(service.apiUrl, other.apiKey);
      const [kept, published] = await completeScans(owner, 2);
      const [theirs] = await completeScans(neighbour, 1);
      const { token, session } = await service.deps.sessions.create(owned.accountId);
      const cookie = `${SESSION_COOKIE}=${token}`;
      const publish = await fetch(`${service.apiUrl}/api/scans/${published}/publish`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(publish.status).toBe(200);
      expect(session.csrf).toBeTruthy();

      const set = await owner.request('PUT', '/v1/account/retention', { media_retention_days: 3 });
      expect(set.body).toEqual({ media_retention_days: 3, include_published: false, operator_default_days: null, effective_days: 3 });
      expect((await owner.request('GET', '/v1/account/retention')).body).toEqual(set.body);
      const before = (await owner.request('GET', `/v1/scans/${kept}`)).body;
      expect(before.media_url).toBe(`/v1/scans/${kept}/media`);
      expect(await storedFilesOf(kept!)).not.toEqual([]);

      // Younger than the retention: nothing goes.
      await ageScans([kept!, published!, theirs!], 2);
      expect(await runRetention()).toEqual({ removed: 0, abandonedUploads: 0, orphanScans: 0 });
      expect(await storedFilesOf(kept!)).not.toEqual([]);

      await ageScans([kept!, published!, theirs!], 2);
      expect(await runRetention()).toEqual({ removed: 1, abandonedUploads: 0, orphanScans: 0 });
      expect(await storedFilesOf(kept!)).toEqual([]);
      expect(await service.deps.media.stat(service.deps.media.media, MediaStore.mediaId(kept!))).toBeNull();
      const after = await owner.request('GET', `/v1/scans/${kept}`);
      expect(after.status).toBe(200);
      // The same scan, its video gone; its creation time is the one ageScans moved back by 2 + 2 days.
      expect(after.body).toEqual({ ...before, created_at: new Date(Date.parse(before.created_at) - 4 * DAY_MS).toISOString(), media_url: null });
      const history = await owner.request('GET', '/v1/scans?limit=100');
      expect(history.body.data.find((row: { scan_id: string }) => row.scan_id === kept)).toMatchObject({
        status: 'complete',
        score: before.score,
        grade: before.grade,
      });
      const media = await keyed(owned.apiKey, `/v1/scans/${kept}/media`);
      expect(media.status).toBe(404);
      expect(await media.json()).toEqual({ detail: `the video of scan ${kept} was removed by the retention setting (its read is kept)` });
      const page = await (await fetch(`${service.apiUrl}/scans/${kept}`, { headers: { cookie } })).text();
      expect(page).toMatch(/The video was removed on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC by the retention setting; the read below is kept\./);
      expect(page).not.toContain('<video');
      const recut = await owner.request('POST', `/v1/scans/${kept}/recut`, {});
      expect(recut.status).toBe(409);
      expect(recut.body.detail).toBe(
        `the video of scan ${kept} was removed by the retention setting (its read is kept); a recut renders from the video, so it cannot be made`,
      );
      const json = await keyed(owned.apiKey, `/v1/scans/${kept}/export?format=json`);
      expect(json.status).toBe(200);
      expect(await json.json()).toEqual(after.body);

      // The published scan and the other account (no retention) are untouched.
      expect((await owner.request('GET', `/v1/scans/${published}`)).body.media_url).toBe(`/v1/scans/${published}/media`);
      expect((await fetch(`${service.apiUrl}/v1/scans/${published}/media`)).status).toBe(200);
      expect(await storedFilesOf(published!)).not.toEqual([]);
      expect((await keyed(other.apiKey, `/v1/scans/${theirs}/media`)).status).toBe(200);
      expect(await storedFilesOf(theirs!)).not.toEqual([]);

      // The owner asks for published scans too.
      await owner.request('PUT', '/v1/account/retention', { media_retention_days: 3, include_published: true });
      expect(await runRetention()).toEqual({ removed: 1, abandonedUploads: 0, orphanScans: 0 });
      expect(await storedFilesOf(published!)).toEqual([]);
      expect((await owner.request('GET', `/v1/scans/${published}`)).body).toMatchObject({ status: 'complete', media_url: null, timeline: expect.any(Array) });
      const publicMedia = await fetch(`${service.apiUrl}/v1/scans/${published}/media`);
      expect(publicMedia.status).toBe(404);
      expect(((await publicMedia.json()) as { detail: string }).detail).toMatch(/removed by the retention setting/);
      expect(await storedFilesOf(theirs!)).not.toEqual([]);

      // The archive says why the videos are not in it.
      const archive = await keyed(owned.apiKey, '/v1/account/export?media=1');
      const manifest = JSON.parse(readFileSync(join(await untar(archive.body!), 'manifest.json'), 'utf8')) as ArchiveManifest;
      expect(manifest.scans.map((entry) => [entry.scan_id, entry.media_left_out, entry.files.map((file) => file.name)])).toEqual([
        [kept, `the video of scan ${kept} was removed by the retention setting (its read is kept)`, [`${kept}/scan.json`]],
        [published, `the video of scan ${published} was removed by the retention setting (its read is kept)`, [`${published}/scan.json`]],
      ]);
    },
    ONE_SCAN_TEST_MS * 2,
  );
});

describe('what outlived its account', () => {
  it('the hourly run deletes the scans of an account that is gone and the video of an upload whose API process died, and nothing of a live account', async () => {
    const gone = await service.createAccount();
    const live = await service.createAccount();
    const orphan = await insertCompleteScan(service, gone.accountId, 'left behind');
    const kept = await insertCompleteScan(service, live.accountId, 'still wanted');
    const abandoned = newScanId();
    for (const scanId of [orphan.scanId, kept.scanId, abandoned])
      await service.deps.media.put(service.deps.media.media, MediaStore.mediaId(scanId), Readable.from([Buffer.from(`video of ${scanId}`)]), {
        filename: 'v.mp4',
      });
    // An upload begun longer ago than a request may last, by a process that died before writing its scan.
    const submissions = new SubmissionsStore(service.mongo.db);
    await submissions.begin({ scanId: abandoned, accountId: live.accountId, now: new Date(Date.now() - service.deps.config.requestTimeoutMs - 60_000) });
    // The account went without its scan (a closure that finished before the scan was written).
    await service.mongo.db.collection('accounts').deleteOne({ _id: gone.accountId } as never);

    expect(await storedFilesOf(orphan.scanId)).not.toEqual([]);
    expect(await runRetention()).toMatchObject({ abandonedUploads: 1, orphanScans: 1 });
    expect(await service.deps.scans.get(orphan.scanId)).toBeNull();
    expect(await storedFilesOf(orphan.scanId)).toEqual([]);
    expect(await storedFilesOf(abandoned)).toEqual([]);
    expect(await service.mongo.db.collection('submissions').countDocuments({ _id: abandoned } as never)).toBe(0);
    expect((await service.deps.scans.get(kept.scanId))?.status).toBe('complete');
    expect(await storedFilesOf(kept.scanId)).not.toEqual([]);
  });
});

describe('the account archive', () => {
  it(
    'streams each scan as served, the stored videos byte for byte with media=1, and a manifest that adds up',
    async () => {
      const account = await service.createAccount();
      const owner = new ScanClient(service.apiUrl, account.apiKey);
      const ids = await completeScans(owner, 2);
      const failed = (await owner.upload((await fixture('corrupt')).path)).body.scan_id as string;
      expect((await owner.waitForScan(failed)).scan.status).toBe('error');
      const stranger = await completeScans(new ScanClient(service.apiUrl, (await service.createAccount()).apiKey), 1);

      const response = await keyed(account.apiKey, '/v1/account/export?media=1');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/x-tar');
      expect(response.headers.get('content-length')).toBeNull();
      const dir = await untar(response.body!);
      expect(readdirSync(dir).sort()).toEqual([...ids, failed, 'manifest.json'].sort());
      expect(readdirSync(dir)).not.toContain(stranger[0]);
      const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as ArchiveManifest;
      expect(manifest.scans.map((entry) => entry.scan_id)).toEqual([...ids, failed]);
      expect(manifest.scans.slice(0, 2).map((entry) => [entry.title, entry.status, entry.published])).toEqual([
        ['clip 0', 'complete', false],
        ['clip 1', 'complete', false],
      ]);
      expect(manifest).toMatchObject({ format: 'holdline-account-export', version: 1, account_id: account.accountId, media: true });
      for (const entry of manifest.scans) {
        const served = await owner.request('GET', `/v1/scans/${entry.scan_id}`);
        expect(JSON.parse(readFileSync(join(dir, entry.scan_id, 'scan.json'), 'utf8'))).toEqual(served.body);
        for (const file of entry.files) {
          const bytes = readFileSync(join(dir, file.name));
          expect(file.size).toBe(bytes.length);
          expect(file.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
        }
      }
      for (const id of ids) {
        const media = readdirSync(join(dir, id)).find((name) => name.startsWith('media.'))!;
        expect(media).toBe('media.mp4');
        const stored: Buffer[] = [];
        for await (const chunk of service.deps.media.read(service.deps.media.media, MediaStore.mediaId(id))) stored.push(chunk as Buffer);
        expect(readFileSync(join(dir, id, media)).equals(Buffer.concat(stored))).toBe(true);
        const json = await (await keyed(account.apiKey, `/v1/scans/${id}/export?format=json`)).text();
        expect(readFileSync(join(dir, id, 'scan.json'), 'utf8')).toBe(json);
      }
      expect(manifest.scans.find((entry) => entry.scan_id === failed)!.files.map((file) => file.name)).toEqual([`${failed}/scan.json`]);

      const readsOnly = await untar((await keyed(account.apiKey, '/v1/account/export')).body!);
      expect(readdirSync(join(readsOnly, ids[0]!))).toEqual(['scan.json']);
      const refused = await keyed(account.apiKey, '/v1/account/export?media=yes');
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { detail: string }).detail).toMatch(/media/);
      expect((await fetch(`${service.apiUrl}/v1/account/export`)).status).toBe(401);
    },
    ONE_SCAN_TEST_MS * 2,
  );

  it(
    'a client that goes away mid-video stops the stream: the media file is open while it waits, closed once it is gone',
    async () => {
      const account = await service.createAccount();
      const owner = new ScanClient(service.apiUrl, account.apiKey);
      const [scanId] = await completeScans(owner, 1);
      // A stored video far larger than the sockets' buffers, so the server must wait for the reader.
      const big = Buffer.alloc(96 * 1024 * 1024, 7);
      await service.deps.media.put(service.deps.media.media, MediaStore.mediaId(scanId!), Readable.from([big]), {
        filename: 'big.mp4',
        contentType: 'video/mp4',
      });
      const mediaDir = join(service.scratchRoot, 'media');
      const openMediaFiles = () =>
        readdirSync('/proc/self/fd').filter((fd) => {
          try {
            return readlinkSync(`/proc/self/fd/${fd}`).startsWith(mediaDir);
          } catch {
            return false;
          }
        }).length;
      expect(openMediaFiles()).toBe(0);

      const controller = new AbortController();
      const response = await fetch(`${service.apiUrl}/v1/account/export?media=1`, {
        headers: { authorization: `Bearer ${account.apiKey}` },
        signal: controller.signal,
      });
      const reader = response.body!.getReader();
      let received = 0;
      while (received < 1024 * 1024) received += (await reader.read()).value!.length;
      // The reader pauses: the server is held by back-pressure with the video open.
      await waitUntil(() => openMediaFiles() === 1);
      controller.abort();
      await reader.cancel().catch(() => undefined);
      await waitUntil(() => openMediaFiles() === 0);
      expect(openMediaFiles()).toBe(0);
      expect(received).toBeLessThan(big.length);
    },
    ONE_SCAN_TEST_MS,
  );
});

/** Polls `test` (every 50 ms, up to 10 s): the server's side of a socket closes asynchronously. */
async function waitUntil(test: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!test()) {
    if (Date.now() > deadline) throw new Error('condition not reached in 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
