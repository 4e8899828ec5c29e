import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type Service } from '../helpers/service';
import { ScanClient } from '../helpers/scan-client';
import { hashSecret } from '../../../store/ids';

// The signal interface's contract at its edges: keys, validation, refusals, limits.
// No worker runs here: accepted scans simply stay queued.

let service: Service;
let client: ScanClient;

beforeAll(async () => {
  // 127.0.0.2 stands in for a public host: there is no outside network here and no worker fetches it.
  service = await startService({ inProcessWorkers: false, env: { HOLDLINE_UPLOAD_LIMIT_BYTES: String(1024 * 1024), HOLDLINE_ALLOW_HOSTS: '127.0.0.2:9' } });
  client = new ScanClient(service.apiUrl, (await service.createAccount()).apiKey);
});
afterAll(async () => service?.stop());

const scanCount = () => service.mongo.db.collection('scans').countDocuments();
// Everything in the media directory, finished objects and temporary files alike.
const storedMedia = async () => {
  const store = service.config.mediaStore;
  return store.kind === 'fs' ? (await readdir(join(store.dir, 'media')).catch(() => [])).length : Number.NaN;
};

describe('keys', () => {
  it.each([
    ['no key', undefined],
    ['an unknown key', 'sk_sig_' + 'x'.repeat(40)],
    ['a key of another format', 'sk-openai-abc'],
  ])('answers 401 with a detail for %s', async (_, key) => {
    const response = await new ScanClient(service.apiUrl, key).request('GET', '/v1/scans');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: expect.any(String) });
  });

  it('answers 401 for a revoked key and serves the rotated one', async () => {
    const { accountId, apiKey } = await service.createAccount();
    const rotated = await service.deps.accounts.rotateKey(accountId);
    expect((await new ScanClient(service.apiUrl, apiKey).request('GET', '/v1/scans')).status).toBe(401);
    expect((await new ScanClient(service.apiUrl, rotated).request('GET', '/v1/scans')).status).toBe(200);
  });

  it('stores only a hash of each key', async () => {
    const { apiKey } = await service.createAccount();
    const raw = JSON.stringify(await service.mongo.db.collection('api_keys').find().toArray());
    expect(raw).not.toContain(apiKey);
    expect(apiKey).toMatch(/^sk_sig_[0-9A-Za-z]{40}$/);
  });
});

describe('submission', () => {
  it('queues a public URL at once and starts its workflow', async () => {
    const response = await client.submitUrl('http://127.0.0.2:9/video.mp4', 'A title');
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ scan_id: expect.stringMatching(/^scn_[0-9a-f]{24}$/), status: 'queued', pct: 0 });
    const handle = service.temporal.workflow.getHandle(`scan-${response.body.scan_id}`);
    expect((await handle.describe()).type).toBe('scanWorkflow');
    await handle.terminate('test cleanup');
  });

  it.each([
    ['an empty body', {}],
    ['an input without url', { input: { type: 'url' } }],
    ['an unknown input type', { input: { type: 'youtube', url: 'http://127.0.0.2:9/v.mp4' } }],
    ['a title that is not a string', { input: { type: 'url', url: 'http://127.0.0.2:9/v.mp4' }, title: { text: 'x' } }],
  ])('refuses %s with 400', async (_, body) => {
    const before = await scanCount();
    const response = await client.request('POST', '/v1/scans', body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: expect.any(String) });
    expect(await scanCount()).toBe(before);
  });

  it('refuses malformed JSON with 400', async () => {
    const response = await client.request('POST', '/v1/scans', '{"input": ');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: expect.any(String) });
  });

  it.each([
    'ftp://example.com/v.mp4',
    'file:///etc/passwd',
    'not a url',
    'http://127.0.0.1/v.mp4',
    'http://localhost/v.mp4',
    'http://10.1.2.3/v.mp4',
    'http://192.168.0.1/v.mp4',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]/v.mp4',
    'http://[::ffff:127.0.0.1]/v.mp4',
    'http://[fd00::1]/v.mp4',
    'http://2130706433/v.mp4',
    'http://0x7f000001/v.mp4',
    'http://0.0.0.0/v.mp4',
    'http://224.0.0.1/v.mp4',
  ])('refuses the non-public URL %s with 400', async (url) => {
    const response = await client.submitUrl(url);
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/url/i);
  });

  it('refuses a multipart body without a file part with 400', async () => {
    const form = new FormData();
    form.append('title', 'no file here');
    const response = await fetch(`${service.apiUrl}/v1/scans`, { method: 'POST', headers: { authorization: `Bearer ${client.apiKey}` }, body: form });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ detail: expect.stringMatching(/file/) });
  });

  it('refuses a streamed upload over the limit with 413 and keeps nothing', async () => {
    const [scans, media] = [await scanCount(), await storedMedia()];
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(1024 * 1024 + 1)]), 'big.mp4');
    const response = await fetch(`${service.apiUrl}/v1/scans`, { method: 'POST', headers: { authorization: `Bearer ${client.apiKey}` }, body: form });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ detail: expect.stringMatching(/limit/) });
    expect([await scanCount(), await storedMedia()]).toEqual([scans, media]);
  });

  it('refuses a declared Content-Length over the limit with 413 before reading the body', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${service.apiUrl}/v1/scans`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${client.apiKey}`,
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(500 * 1024 * 1024),
        },
      });
      req.on('response', (response) => {
        resolve(response.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      req.write('--x\r\n');
    });
    expect(status).toBe(413);
  });
});

describe('history', () => {
  it('lists the caller’s scans, most recent first, with limit and offset', async () => {
    const own = new ScanClient(service.apiUrl, (await service.createAccount()).apiKey);
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const response = await own.submitUrl(`http://127.0.0.2:9/${n}.mp4`, `video ${n}`);
      ids.push(response.body.scan_id);
      await service.temporal.workflow.getHandle(`scan-${response.body.scan_id}`).terminate('test cleanup');
    }
    const page = await own.request('GET', '/v1/scans?limit=2&offset=0');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ limit: 2, offset: 0, total: 3, has_more: true });
    expect(page.body.data.map((e: any) => e.scan_id)).toEqual([ids[2], ids[1]]);
    expect(page.body.data[0]).toEqual({ scan_id: ids[2], status: 'queued', pct: 0, title: 'video 3', created_at: expect.any(String) });
    const rest = await own.request('GET', '/v1/scans?limit=2&offset=2');
    expect(rest.body.data.map((e: any) => e.scan_id)).toEqual([ids[0]]);
    expect(rest.body.has_more).toBe(false);
    expect((await own.request('GET', '/v1/scans')).body.limit).toBe(20);
  });

  it.each(['limit=0', 'limit=101', 'limit=abc', 'offset=-1', 'offset=1.5'])('refuses %s with 400', async (query) => {
    const response = await client.request('GET', `/v1/scans?${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: expect.any(String) });
  });
});

describe('limits', () => {
  it('answers 429 naming the plan and the reset date once the month’s scans are used, without counting the refusal', async () => {
    const { accountId, apiKey } = await service.createAccount('signal');
    const own = new ScanClient(service.apiUrl, apiKey);
    for (let n = 0; n < 30; n++) expect(await service.deps.usage.take(accountId, 'scans', 30)).toBe(true);
    const response = await own.submitUrl('http://127.0.0.2:9/v.mp4');
    expect(response.status).toBe(429);
    expect(response.body.detail).toMatch(/Signal plan \(30 scans\).*resets on \d{4}-\d{2}-01/);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await service.deps.usage.month(accountId)).scans).toBe(30);
  });

  it('answers 429 with Retry-After on the 601st read in a minute', async () => {
    const { apiKey } = await service.createAccount();
    const own = new ScanClient(service.apiUrl, apiKey);
    // 599 reads already counted in this minute's window and the next (the clock may turn over mid-test).
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    await service.mongo.db
      .collection('rate_windows')
      .insertMany(
        [minute, minute + 60_000].map((start) => ({ _id: `${hashSecret(apiKey)}:read:${start}` as never, count: 599, window_end: new Date(start + 60_000) })),
      );
    expect((await own.request('GET', '/v1/scans')).status).toBe(200);
    const limited = await own.request('GET', '/v1/scans');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body).toEqual({ detail: expect.stringMatching(/rate limit/) });
  });
});

describe('keyless routes', () => {
  it('serves the signal reference with the method text', async () => {
    const response = await new ScanClient(service.apiUrl).request('GET', '/v1/signals');
    expect(response.status).toBe(200);
    expect(response.body.floor).toBe(30);
    expect(response.body.signals.map((s: any) => s.name)).toEqual(['hold', 'motion', 'loudness', 'speech']);
    expect(response.body.method).toMatch(/not a measurement of any viewer|proxies/i);
  });

  it('answers unknown routes with 404 in the signal shape', async () => {
    const response = await new ScanClient(service.apiUrl).request('GET', '/v1/nothing');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: expect.any(String) });
  });
});
