import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type Service } from '../helpers/service';
import { namedByFile, ONE_SCAN_TEST_MS, ScanClient, SCAN_WAIT_MS } from '../helpers/scan-client';
import { fixture } from '../helpers/fixtures';
import { getStackEnv } from '../helpers/stack-env';

// Workers are separate OS processes here, each with its own scratch directory:
// they share only Temporal, MongoDB and the S3 media store (MinIO) with the API.

let service: Service;
let client: ScanClient;

beforeAll(async () => {
  service = await startService({ inProcessWorkers: false, env: getStackEnv().s3Env });
  expect(service.config.mediaStore.kind).toBe('s3');
  client = new ScanClient(service.apiUrl, (await service.createAccount()).apiKey);
});
afterAll(async () => service?.stop());

async function waitForPct(scanId: string, atLeast: number, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await client.request('GET', `/v1/scans/${scanId}`);
    if (body.status === 'complete' || body.status === 'error') throw new Error(`scan ended (${body.status}) before ${atLeast}%`);
    if (body.pct >= atLeast) return body.pct as number;
    if (Date.now() > deadline) throw new Error(`scan never reached ${atLeast}%`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('scale-out and durability', () => {
  it(
    'completes a scan on a worker process that shares only Temporal, MongoDB and S3 with the API',
    async () => {
      const worker = await service.startWorkerProcess();
      try {
        const f = await fixture('talking');
        const submitted = await client.upload(f.path);
        const { scan } = await client.waitForScan(submitted.body.scan_id);
        expect(scan.status).toBe('complete');
        expect(scan.timeline).toHaveLength(Math.ceil(f.truth.duration!));
      } finally {
        await worker.stop();
      }
    },
    ONE_SCAN_TEST_MS,
  );

  it(
    'completes a scan once when its worker is killed mid-decode and another takes over',
    async () => {
      const first = await service.startWorkerProcess();
      const f = await fixture('bench-60s-720p');
      const submitted = await client.upload(f.path);
      const scanId = submitted.body.scan_id as string;
      await waitForPct(scanId, 11);
      first.kill('SIGKILL');
      await first.exited;
      const second = await service.startWorkerProcess();
      try {
        const { scan } = await client.waitForScan(scanId, SCAN_WAIT_MS);
        expect(scan.status).toBe('complete');
        expect(scan.cuts).toHaveLength(f.truth.cuts.length);
        // One document, complete, and, once the workflow has finished, nothing intermediate left behind.
        const handle = service.temporal.workflow.getHandle(`scan-${scanId}`);
        expect(await handle.result()).toEqual({ scanId, status: 'complete' });
        const docs = await service.mongo.db.collection('scans').find({ scan_id: scanId }).toArray();
        expect(docs).toHaveLength(1);
        expect(docs[0]).toMatchObject({ status: 'complete', pct: 100 });
        expect((await service.deps.scans.listOwned(docs[0]!.account_id, { limit: 50, offset: 0 })).docs.filter((d) => d.scan_id === scanId)).toHaveLength(1);
        expect(await service.deps.scans.getParts(scanId)).toBeNull();
        expect(await service.deps.media.stat('audio', `audio:${scanId}`)).toBeNull();
        expect(await service.deps.media.stat('media', `media:${scanId}`)).not.toBeNull();
        // The history shows the takeover: some activity needed a second attempt.
        const history = await handle.fetchHistory();
        const retried = (history.events ?? []).some((e) => (e.activityTaskStartedEventAttributes?.attempt ?? 1) > 1);
        expect(retried).toBe(true);
      } finally {
        await second.stop();
      }
      // Waits: up to 120 s for 11 %, then one scan's wait.
    },
    120_000 + ONE_SCAN_TEST_MS,
  );

  it(
    'ends a scan cancelled by an operator mid-decode in error, keeping nothing',
    async () => {
      const worker = await service.startWorkerProcess();
      try {
        const f = await fixture('bench-60s-720p');
        const scanId = (await client.upload(f.path)).body.scan_id as string;
        await waitForPct(scanId, 11);
        const handle = service.temporal.workflow.getHandle(`scan-${scanId}`);
        await handle.cancel();
        await expect(handle.result()).rejects.toThrow();
        // A poll may lag the stored status by the API's read-cache window (a fraction of a second): poll until it turns.
        const { scan: body } = await client.waitForScan(scanId, 30_000);
        expect(body).toEqual({
          scan_id: scanId,
          status: 'error',
          pct: expect.any(Number),
          detail: 'cancelled',
          ...namedByFile(f.path),
          created_at: expect.any(String),
        });
        expect(await service.deps.scans.getParts(scanId)).toBeNull();
        for (const bucket of ['media', 'audio'] as const) {
          expect(await service.deps.media.stat(bucket, `${bucket}:${scanId}`)).toBeNull();
        }
      } finally {
        await worker.stop();
      }
      // Waits: up to 120 s for 11 %, then 30 s for the error to show.
    },
    120_000 + 30_000 + 60_000,
  );
});
