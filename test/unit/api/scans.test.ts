// POST /v1/scans over fake deps: what a refused submission leaves behind (nothing),
// the multipart rules and the per-key submission limit, with an injected clock.
import type { FastifyInstance } from 'fastify';
import { MongoServerError } from 'mongodb';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/app';
import { MediaStore } from '../../../store/media';
import { DocumentLockTimeout } from '../../../store/point';
import { accountWithKey, fakeDeps, type FakeDeps } from '../fake-deps';
import { multipart } from './multipart';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function setUp(overrides: Parameters<typeof fakeDeps>[1] = {}) {
  const deps = fakeDeps({}, overrides);
  app = await buildApp(deps);
  return { deps, app, ...(await accountWithKey(deps)) };
}

const video = Buffer.alloc(4096, 7);

/** Nothing of a refused submission is kept: no unit, no scan, no stored media, no workflow. */
function expectNothingKept(deps: FakeDeps, accountId: string) {
  expect(deps.usage.of(accountId, deps.now())).toEqual({ scans: 0, calls: 0, tokens: 0 });
  expect(deps.scans.docs.size).toBe(0);
  expect(deps.media.objects.size).toBe(0);
  expect(deps.workflows.started).toEqual([]);
}

describe('POST /v1/scans', () => {
  it('refuses a text/plain body (parsed by Fastify, never validated) with 400 {detail}, keeping nothing', async () => {
    const { deps, app, account, auth } = await setUp();
    const response = await app.inject({
      method: 'POST',
      url: '/v1/scans',
      headers: { ...auth, 'content-type': 'text/plain' },
      payload: 'https://example.com/v.mp4',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'send a video: JSON {input: {type: "url", url}} or multipart with a "file" part' });
    expectNothingKept(deps, account._id);
  });

  it('queues an upload: one unit taken, the scan stored with its title, its workflow started on the plan priority', async () => {
    const { deps, app, account, auth } = await setUp();
    const body = multipart([
      { name: 'file', filename: 'clip.mp4', data: video },
      { name: 'title', value: '  After the file  ' },
    ]);
    const response = await app.inject({ method: 'POST', url: '/v1/scans', headers: { ...auth, ...body.headers }, payload: body.payload });
    expect(response.statusCode).toBe(202);
    const { scan_id } = response.json() as { scan_id: string };
    expect(deps.usage.of(account._id, deps.now()).scans).toBe(1);
    // The title part came after the file and still counts.
    expect(deps.scans.docs.get(scan_id)).toMatchObject({ title: 'After the file', source: { type: 'upload', filename: 'clip.mp4' }, status: 'queued' });
    expect((await deps.media.stat('media', MediaStore.mediaId(scan_id)))?.length).toBe(video.length);
    expect(deps.workflows.started).toEqual([{ kind: 'scan', input: { scanId: scan_id }, priorityKey: 3 }]);
  });

  it('a URL to a private address is 400 after the unit was taken, and gives it back', async () => {
    const { deps, app, account, auth } = await setUp();
    const response = await app.inject({
      method: 'POST',
      url: '/v1/scans',
      headers: auth,
      payload: { input: { type: 'url', url: 'http://127.0.0.1/clip.mp4' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: expect.stringContaining('input.url refused') });
    expectNothingKept(deps, account._id);
  });

  it('a multipart body without a file part is 400 and gives the unit back', async () => {
    const { deps, app, account, auth } = await setUp();
    const body = multipart([{ name: 'title', value: 'no file' }]);
    const response = await app.inject({ method: 'POST', url: '/v1/scans', headers: { ...auth, ...body.headers }, payload: body.payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'no video: multipart body has no "file" part' });
    expectNothingKept(deps, account._id);
  });

  it('an empty upload is 400 and gives back the unit and the stored object', async () => {
    const { deps, app, account, auth } = await setUp();
    const body = multipart([{ name: 'file', filename: 'empty.mp4', data: Buffer.alloc(0) }]);
    const response = await app.inject({ method: 'POST', url: '/v1/scans', headers: { ...auth, ...body.headers }, payload: body.payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'the uploaded file is empty' });
    expectNothingKept(deps, account._id);
  });

  it('a file over the upload limit is 413 and gives back the unit and what was stored', async () => {
    const { deps, app, account, auth } = await setUp({ uploadLimitBytes: 1000 });
    const body = multipart([{ name: 'file', filename: 'big.mp4', data: video }]);
    const response = await app.inject({ method: 'POST', url: '/v1/scans', headers: { ...auth, ...body.headers }, payload: body.payload });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: expect.stringContaining('limit') });
    expectNothingKept(deps, account._id);
  });

  it('a second file part is 400 and keeps nothing', async () => {
    const { deps, app, account, auth } = await setUp();
    const body = multipart([
      { name: 'file', filename: 'a.mp4', data: video },
      { name: 'file', filename: 'b.mp4', data: video },
    ]);
    const response = await app.inject({ method: 'POST', url: '/v1/scans', headers: { ...auth, ...body.headers }, payload: body.payload });
    expect(response.statusCode).toBe(400);
    expectNothingKept(deps, account._id);
  });

  it('a file part under another name is 400 naming the "file" part, and keeps nothing', async () => {
    const { deps, app, account, auth } = await setUp();
    const body = multipart([{ name: 'video', filename: 'a.mp4', data: video }]);
    const response = await app.inject({ method: 'POST', url: '/v1/scans', headers: { ...auth, ...body.headers }, payload: body.payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'unexpected file part "video"; send the video in a part named "file"' });
    expectNothingKept(deps, account._id);
  });

  it('a workflow that cannot start is 503 and gives everything back', async () => {
    const { deps, app, account, auth } = await setUp();
    deps.workflows.failWith = new Error('Temporal unreachable');
    const body = multipart([{ name: 'file', filename: 'clip.mp4', data: video }]);
    const response = await app.inject({ method: 'POST', url: '/v1/scans', headers: { ...auth, ...body.headers }, payload: body.payload });
    expect(response.statusCode).toBe(503);
    expectNothingKept(deps, account._id);
  });

  it('allows 60 submissions per key per minute; the 61st is 429 while another key and the next minute are unaffected', async () => {
    const { deps, app, auth } = await setUp();
    const other = await accountWithKey(deps);
    // Start at a minute boundary so all 61 fall in one window.
    deps.clock.current = new Date('2026-03-10T12:00:00.000Z');
    const submit = (headers: Record<string, string>) => app.inject({ method: 'POST', url: '/v1/scans', headers, payload: {} });
    for (let i = 0; i < 60; i++) expect((await submit(auth)).statusCode).toBe(400);
    const refused = await submit(auth);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: 'rate limit of 60 submissions per minute reached; retry with backoff' });
    expect(refused.headers['retry-after']).toBe('60');
    expect((await submit(other.auth)).statusCode).toBe(400);
    // The window turns over between two requests.
    deps.clock.advance(59_999);
    expect((await submit(auth)).statusCode).toBe(429);
    deps.clock.advance(1);
    expect((await submit(auth)).statusCode).toBe(400);
  });
});

describe('a store that is out of reach for a moment', () => {
  it('is 503 {detail} with Retry-After, not a 500, when its connection was lost; a lock held past its wait too', async () => {
    const { deps, app, apiKey } = await setUp();
    const failures: Error[] = [
      new MongoServerError({ ok: 0, code: 1, errmsg: 'FATAL: terminating connection due to administrator command (SQLSTATE 57P01)' }),
      new DocumentLockTimeout('usage:acct:2026-12'),
    ];
    for (const failure of failures) {
      deps.scans.getOwned = async () => Promise.reject(failure);
      const res = await app.inject({ method: 'GET', url: '/v1/scans/scn_0123456789abcdef01234567', headers: { authorization: `Bearer ${apiKey}` } });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({ detail: 'the store is unavailable for a moment; try again shortly' });
    }
    deps.scans.getOwned = async () => Promise.reject(new Error('a bug'));
    const bug = await app.inject({ method: 'GET', url: '/v1/scans/scn_0123456789abcdef01234567', headers: { authorization: `Bearer ${apiKey}` } });
    expect(bug.statusCode).toBe(500);
  });
});
