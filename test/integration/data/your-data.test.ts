import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../../http/session';
import { fixture } from '../helpers/fixtures';
import { ONE_SCAN_TEST_MS, ScanClient } from '../helpers/scan-client';
import { startService, type Service } from '../helpers/service';
import { runHoldline } from '../../unit/cli/run-holdline';
import { filesUnder } from '../helpers/stored-files';

// Delete, cancel and unpublish over the real stack (Temporal, FerretDB, ffmpeg, the fs
// media store), checking afterwards that no store holds anything of the scan.

let service: Service;
let owner: ScanClient;
let accountId: string;
let cookie: string;
let csrf: string;
let slow: Server;
let slowUrl: string;
let slowStarted: () => void = () => undefined;

beforeAll(async () => {
  // A video URL whose download never ends: the scan stays in ingest (before its decode) until cancelled.
  slow = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': 10_000_000 }).write(Buffer.alloc(1024));
    slowStarted();
  });
  await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
  slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/slow.mp4`;
  service = await startService({ env: { HOLDLINE_ALLOW_HOSTS: '127.0.0.1:*' } });
  const account = await service.createAccount();
  accountId = account.accountId;
  owner = new ScanClient(service.apiUrl, account.apiKey);
  const { token, session: web } = await service.deps.sessions.create(accountId);
  cookie = `${SESSION_COOKIE}=${token}`;
  csrf = web.csrf;
});

afterAll(async () => {
  slow.closeAllConnections();
  slow.close();
  await service?.stop();
});

const session = (path: string, body: unknown = {}) =>
  fetch(`${service.apiUrl}${path}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
const keyless = (path: string) => fetch(`${service.apiUrl}${path}`);
const keyed = (path: string, method = 'GET') => fetch(`${service.apiUrl}${path}`, { method, headers: { authorization: `Bearer ${owner.apiKey}` } });

/** Every document of every collection that mentions the scan id anywhere (by `_id`, `scan_id`, index entries, settings, records). */
async function documentsNaming(scanId: string): Promise<string[]> {
  const found: string[] = [];
  for (const { name } of await service.mongo.db.listCollections().toArray()) {
    for (const doc of await service.mongo.db.collection(name).find({}).toArray()) {
      if (JSON.stringify(doc).includes(scanId)) found.push(`${name}: ${JSON.stringify(doc).slice(0, 200)}`);
    }
  }
  return found;
}

/** Files of the media store, the workers' scratch folders and local copies, and the API's scratch that name the scan. */
async function filesNaming(scanId: string): Promise<string[]> {
  return (await filesUnder(service.scratchRoot)).filter((path) => path.includes(scanId));
}

async function expectNothingLeftOf(scanId: string) {
  expect(await documentsNaming(scanId)).toEqual([]);
  expect(await filesNaming(scanId)).toEqual([]);
  for (const path of [`/v1/scans/${scanId}`, `/v1/scans/${scanId}/media`, `/v1/scans/${scanId}/export?format=json`, `/v1/scans/${scanId}/recuts`]) {
    expect((await keyed(path)).status, path).toBe(404);
  }
  const history = await owner.request('GET', '/v1/scans?limit=100');
  expect(history.body.data.map((row: { scan_id: string }) => row.scan_id)).not.toContain(scanId);
}

async function waitForPct(scanId: string, atLeast: number, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await owner.request('GET', `/v1/scans/${scanId}`);
    if (body.status === 'complete' || body.status === 'error') throw new Error(`scan ended (${body.status}) before ${atLeast}%`);
    if (body.pct >= atLeast) return;
    if (Date.now() > deadline) throw new Error(`scan never reached ${atLeast}%`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const scansThisMonth = async () => (await owner.request('GET', '/v1/usage')).body.scans_this_month as number;

describe('your data', () => {
  it(
    'walks a scan through upload → publish → unpublish → delete, leaving nothing of it in any store',
    async () => {
      const sample = await fixture('sample');
      const submitted = await owner.upload(sample.path, { title: 'Mine' });
      expect(submitted.status).toBe(202);
      const scanId: string = submitted.body.scan_id;
      expect((await owner.waitForScan(scanId)).scan.status).toBe('complete');

      expect((await session(`/api/scans/${scanId}/publish`, { title: 'Public' })).status).toBe(200);
      expect(await service.deps.library.feature(scanId)).toBe('featured');
      expect((await keyless('/v1/demo')).status).toBe(200);
      expect((await keyless(`/v1/scans/${scanId}/media`)).status).toBe(200);
      expect((await keyless('/api/library')).status).toBe(200);
      expect(((await (await keyless('/api/library')).json()) as { data: Array<{ scan_id: string }> }).data.map((row) => row.scan_id)).toEqual([scanId]);

      const unpublished = await session(`/api/scans/${scanId}/unpublish`);
      expect(unpublished.status).toBe(200);
      expect(await unpublished.json()).toEqual({ scan_id: scanId, published: false });
      expect(await (await keyless('/api/library')).json()).toMatchObject({ data: [], total: 0 });
      expect((await keyless(`/v1/scans/${scanId}/media`)).status).toBe(401);
      expect((await keyless(`/v1/scans/${scanId}/export?format=json`)).status).toBe(401);
      expect((await keyed(`/v1/scans/${scanId}/media`)).status).toBe(200);
      expect((await keyless('/v1/demo')).status).toBe(503);

      // Published again and featured, so the deletion has a library place and a demo to undo.
      expect((await session(`/api/scans/${scanId}/publish`)).status).toBe(200);
      expect(await service.deps.library.feature(scanId)).toBe('featured');
      const deleted = await keyed(`/v1/scans/${scanId}`, 'DELETE');
      expect(deleted.status).toBe(204);
      expect(await deleted.text()).toBe('');
      expect((await keyed(`/v1/scans/${scanId}`, 'DELETE')).status).toBe(404);
      await expectNothingLeftOf(scanId);
      expect((await keyless('/v1/demo')).status).toBe(503);
      expect(await (await keyless('/api/library')).json()).toMatchObject({ data: [], total: 0 });
      // Work was done: the unit stays used.
      expect(await scansThisMonth()).toBe(1);
    },
    ONE_SCAN_TEST_MS,
  );

  it(
    'deletes a scan in the middle of its decode: its workflow is cancelled and cleaned up first, then everything goes',
    async () => {
      const long = await fixture('bench-60s-720p');
      const before = await scansThisMonth();
      const scanId: string = (await owner.upload(long.path)).body.scan_id;
      await waitForPct(scanId, 11);
      expect((await keyed(`/v1/scans/${scanId}`, 'DELETE')).status).toBe(204);
      expect((await service.temporal.workflow.getHandle(`scan-${scanId}`).describe()).status.name).toBe('CANCELLED');
      expect((await service.temporal.workflow.getHandle(`delete-${scanId}`).describe()).status.name).toBe('COMPLETED');
      await expectNothingLeftOf(scanId);
      expect(await scansThisMonth()).toBe(before + 1);
    },
    ONE_SCAN_TEST_MS,
  );

  it(
    'cancels a scan while its URL downloads: error "cancelled", nothing kept, the unit stays used (the download began); a second cancel is 409',
    async () => {
      const before = await scansThisMonth();
      const started = new Promise<void>((resolve) => (slowStarted = resolve));
      const submitted = await owner.request('POST', '/v1/scans', { input: { type: 'url', url: slowUrl } });
      expect(submitted.status).toBe(202);
      const scanId: string = submitted.body.scan_id;
      await started;
      expect(await scansThisMonth()).toBe(before + 1);
      const answered = await owner.request('POST', `/v1/scans/${scanId}/cancel`);
      // 200 once the clean-up is done within the route's 5 s; on a loaded machine the cancel reaches the download
      // at its next heartbeat, later than that: 202 with the scan still in flight, and its end follows.
      expect(answered).toMatchObject(
        answered.status === 202 ? { body: { scan_id: scanId, status: 'processing' } } : { status: 200, body: { status: 'error' } },
      );
      const cancelled = answered.status === 202 ? { body: (await owner.waitForScan(scanId)).scan } : answered;
      expect(cancelled.body).toMatchObject({ scan_id: scanId, status: 'error', pct: expect.any(Number), detail: 'cancelled' });
      expect(Object.keys(cancelled.body).sort()).toEqual(['created_at', 'detail', 'pct', 'scan_id', 'source_name', 'status', 'title']);
      // The download had begun (the scan is marked fetch_started_at), so the unit is not given back (issue 33 item 3:
      // cancelling at ingest could otherwise hold a worker's slot for free). Checked once the workflow has ended, so a
      // give-back in its last step would be seen.
      const workflow = service.temporal.workflow.getHandle(`scan-${scanId}`);
      await expect.poll(async () => (await workflow.describe()).status.name, { timeout: 30_000, interval: 250 }).not.toBe('RUNNING');
      expect((await service.deps.scans.getRaw(scanId))?.fetch_started_at).toBeInstanceOf(Date);
      expect(await scansThisMonth()).toBe(before + 1);
      expect(await service.deps.scans.getParts(scanId)).toBeNull();
      expect(await filesNaming(scanId)).toEqual([]);
      const again = await owner.request('POST', `/v1/scans/${scanId}/cancel`);
      expect(again.status).toBe(409);
      expect(again.body.detail).toMatch(/already ended \(error\)/);
      // Cancelled is not deleted: it stays in the history until its owner deletes it.
      expect((await owner.request('GET', `/v1/scans/${scanId}`)).body.detail).toBe('cancelled');
      expect((await keyed(`/v1/scans/${scanId}`, 'DELETE')).status).toBe(204);
      await expectNothingLeftOf(scanId);
      expect(await scansThisMonth()).toBe(before + 1);
    },
    ONE_SCAN_TEST_MS,
  );

  it(
    'another account cannot delete, cancel or unpublish the scan: 404, and it is untouched',
    async () => {
      const sample = await fixture('sample');
      const scanId: string = (await owner.upload(sample.path)).body.scan_id;
      const stranger = new ScanClient(service.apiUrl, (await service.createAccount()).apiKey);
      expect((await stranger.request('DELETE', `/v1/scans/${scanId}`)).status).toBe(404);
      expect((await stranger.request('POST', `/v1/scans/${scanId}/cancel`)).status).toBe(404);
      expect((await owner.waitForScan(scanId)).scan.status).toBe('complete');
      expect((await session(`/api/scans/${scanId}/publish`)).status).toBe(200);
      const { token } = await service.deps.sessions.create((await service.createAccount()).accountId);
      const theirs = await fetch(`${service.apiUrl}/api/scans/${scanId}/unpublish`, {
        method: 'POST',
        headers: { cookie: `${SESSION_COOKIE}=${token}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(theirs.status).toBe(404);
      expect((await keyless(`/v1/scans/${scanId}/media`)).status).toBe(200);
      expect((await keyed(`/v1/scans/${scanId}`, 'DELETE')).status).toBe(204);
      await expectNothingLeftOf(scanId);
    },
    ONE_SCAN_TEST_MS,
  );

  it(
    'the website deletes a running scan only with the CSRF token and the confirmation ticked',
    async () => {
      const started = new Promise<void>((resolve) => (slowStarted = resolve));
      const scanId: string = (await owner.request('POST', '/v1/scans', { input: { type: 'url', url: slowUrl } })).body.scan_id;
      await started;
      const page = await (await fetch(`${service.apiUrl}/scans/${scanId}`, { headers: { cookie } })).text();
      expect(page).toContain(`action="/scans/${scanId}/delete"`);
      const post = (form: Record<string, string>) =>
        fetch(`${service.apiUrl}/scans/${scanId}/delete`, {
          method: 'POST',
          redirect: 'manual',
          headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(form).toString(),
        });
      const noToken = await post({ confirm: 'yes' });
      expect(noToken.status).toBe(400);
      expect(await noToken.text()).toContain('This form has expired');
      const unconfirmed = await post({ csrf });
      expect(unconfirmed.status).toBe(400);
      expect(await unconfirmed.text()).toContain('Tick the box to confirm the deletion.');
      expect((await owner.request('GET', `/v1/scans/${scanId}`)).status).toBe(200);
      const done = await post({ csrf, confirm: 'yes' });
      expect(done.status).toBe(303);
      expect(done.headers.get('location')).toBe('/scans');
      await expectNothingLeftOf(scanId);
    },
    ONE_SCAN_TEST_MS,
  );

  it(
    'holdline delete ID deletes with the key; a second time it exits with the 404 detail',
    async () => {
      const corrupt = await fixture('corrupt');
      const scanId: string = (await owner.upload(corrupt.path)).body.scan_id;
      expect((await owner.waitForScan(scanId)).scan.status).toBe('error');
      const env = {
        HOME: service.scratchRoot,
        HOLDLINE_CONFIG: `${service.scratchRoot}/none.json`,
        HOLDLINE_BASE_URL: service.apiUrl,
        HOLDLINE_API_KEY: owner.apiKey,
      };
      const first = await runHoldline(['delete', scanId], env);
      expect(first).toMatchObject({ code: 0, stdout: `${scanId} deleted\n` });
      await expectNothingLeftOf(scanId);
      const second = await runHoldline(['delete', scanId], env);
      expect(second.code).not.toBe(0);
      expect(second.stderr).toContain(`no scan ${scanId}`);
    },
    ONE_SCAN_TEST_MS,
  );
});
