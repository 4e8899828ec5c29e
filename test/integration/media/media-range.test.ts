// GET /v1/scans/{id}/media over HTTP on the real API, store and database: single byte
// ranges as RFC 9110 reads them, 416 past the end, a header we cannot use ignored, and who
// may read (the owner's key, or anyone once the scan is published).
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LibraryStore } from '../../../store/library';
import { startService, type Service } from '../helpers/service';
import { insertCompleteScan } from '../web/helpers';

const SIZE = 10_000;
const bytes = randomBytes(SIZE);

let service: Service;
let owner: { accountId: string; apiKey: string };
let stranger: { accountId: string; apiKey: string };
let scanId: string;
let publishedId: string;

async function storeMedia(id: string) {
  await service.deps.media.put(service.deps.media.media, `media:${id}`, Readable.from([bytes]), { filename: 'v.mp4', contentType: 'video/mp4' });
}

beforeAll(async () => {
  service = await startService({ inProcessWorkers: false });
  owner = await service.createAccount();
  stranger = await service.createAccount();
  scanId = (await insertCompleteScan(service, owner.accountId, 'private')).scanId;
  await storeMedia(scanId);
  publishedId = (await insertCompleteScan(service, owner.accountId, 'public')).scanId;
  await storeMedia(publishedId);
  expect((await new LibraryStore(service.mongo.db).publish(publishedId, owner.accountId, 'public')).outcome).toBe('published');
});
afterAll(async () => service?.stop());

async function get(id: string, headers: Record<string, string> = {}, key: string | null = owner.apiKey) {
  const response = await fetch(`${service.apiUrl}/v1/scans/${id}/media`, {
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
  });
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

describe('byte ranges of a scan’s media', () => {
  it.each([
    ['a closed range', 'bytes=100-199', 100, 200],
    ['a suffix (the last N bytes)', 'bytes=-500', SIZE - 500, SIZE],
    ['a suffix longer than the file (all of it)', 'bytes=-20000', 0, SIZE],
    ['an open-ended range', 'bytes=9000-', 9000, SIZE],
    ['an end past the size (cut at the end)', 'bytes=9990-20000', 9990, SIZE],
    ['the last byte', 'bytes=9999-9999', SIZE - 1, SIZE],
  ])('%s: %s → 206 with exactly those bytes', async (_, range, start, end) => {
    const { response, body } = await get(scanId, { range });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end - 1}/${SIZE}`);
    expect(response.headers.get('content-length')).toBe(String(end - start));
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(body.equals(bytes.subarray(start, end))).toBe(true);
  });

  it.each([
    ['a start at the size', 'bytes=10000-'],
    ['a start past the size', 'bytes=20000-20010'],
    ['an empty suffix', 'bytes=-0'],
  ])('%s (%s) → 416 with the size in Content-Range and a {detail} body', async (_, range) => {
    const { response, body } = await get(scanId, { range });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe(`bytes */${SIZE}`);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(JSON.parse(body.toString('utf8'))).toEqual({ detail: 'range not satisfiable' });
  });

  it.each([
    ['not a number', 'bytes=abc-def'],
    ['another unit', 'items=0-9'],
    ['several ranges', 'bytes=0-9,20-29'],
    ['no bounds at all', 'bytes=-'],
    ['garbage', 'x'.repeat(300)],
  ])('ignores a header it cannot use (%s) and sends the whole file with 200', async (_, range) => {
    const { response, body } = await get(scanId, { range });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-range')).toBeNull();
    expect(response.headers.get('content-length')).toBe(String(SIZE));
    expect(body.equals(bytes)).toBe(true);
  });
});

describe('who may read the media', () => {
  it('another account’s key gets 404 {detail}, with or without a range, and no byte of it', async () => {
    for (const headers of [{}, { range: 'bytes=0-99' }] as Record<string, string>[]) {
      const { response, body } = await get(scanId, headers, stranger.apiKey);
      expect(response.status).toBe(404);
      expect(JSON.parse(body.toString('utf8'))).toEqual({ detail: `no media for scan ${scanId}` });
    }
  });

  it('no key on an unpublished scan gets 401 {detail}', async () => {
    const { response, body } = await get(scanId, { range: 'bytes=0-99' }, null);
    expect(response.status).toBe(401);
    expect(JSON.parse(body.toString('utf8'))).toEqual({ detail: expect.any(String) });
  });

  it('published media is served to anyone without a key, ranges included', async () => {
    const whole = await get(publishedId, {}, null);
    expect(whole.response.status).toBe(200);
    expect(whole.body.equals(bytes)).toBe(true);
    const part = await get(publishedId, { range: 'bytes=-10' }, null);
    expect(part.response.status).toBe(206);
    expect(part.response.headers.get('content-range')).toBe(`bytes ${SIZE - 10}-${SIZE - 1}/${SIZE}`);
    expect(part.body.equals(bytes.subarray(SIZE - 10))).toBe(true);
    // Another account's key does not hide what is public.
    expect((await get(publishedId, { range: 'bytes=0-0' }, stranger.apiKey)).response.status).toBe(206);
  });
});
