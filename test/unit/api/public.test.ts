// The keyless routes over fake deps: health, readiness with a dependency down, the demo scan,
// the per-address limit of keyless reads, and what a keyless media request learns.
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/app';
import { MediaStore } from '../../../store/media';
import type { ScanDoc } from '../../../store/scan-docs';
import { accountWithKey, fakeDeps, type FakeDeps } from '../fake-deps';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function setUp() {
  const deps = fakeDeps();
  app = await buildApp(deps);
  return { deps, app };
}

function completeScan(deps: FakeDeps, scanId: string): ScanDoc {
  const now = deps.now();
  const doc = {
    _id: scanId,
    scan_id: scanId,
    account_id: 'acct_owner',
    title: 'Demo',
    status: 'complete',
    pct: 100,
    source: { type: 'upload', filename: null },
    priority: false,
    created_at: now,
    updated_at: now,
    published_at: now,
    duration_sec: 12,
    score: 71,
    grade: 'B',
    label: 'holds',
    hook: 0.8,
    timeline: [],
    cuts: [],
    dead: [],
    moments: [],
    claims: [],
    transcript: [],
    summary: 'A demo.',
    method: 'm',
    transcriber: 'pocketsphinx',
  } as unknown as ScanDoc;
  deps.scans.docs.set(scanId, doc);
  return doc;
}

describe('health and readiness', () => {
  it('/healthz answers ok without asking any dependency', async () => {
    const { deps, app } = await setUp();
    deps.down.mongodb = true;
    deps.down.temporal = true;
    const response = await app.inject('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it('/readyz is 200 when MongoDB and Temporal answer, and reports the model server beside them without depending on it', async () => {
    const { app, deps } = await setUp();
    const response = await app.inject('/readyz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ mongodb: 'ok', temporal: 'ok', model: 'available' });
    deps.upstreamSwitch.up = false;
    const withoutModel = await app.inject('/readyz');
    expect(withoutModel.statusCode).toBe(200);
    expect(withoutModel.json()).toEqual({ mongodb: 'ok', temporal: 'ok', model: 'unavailable' });
  });

  it('/readyz is 503 naming each dependency that does not answer', async () => {
    const { deps, app } = await setUp();
    deps.down.mongodb = true;
    expect((await app.inject('/readyz')).json()).toEqual({ detail: 'not ready: MongoDB unreachable' });
    deps.down.temporal = true;
    const both = await app.inject('/readyz');
    expect(both.statusCode).toBe(503);
    expect(both.json()).toEqual({ detail: 'not ready: MongoDB and Temporal unreachable' });
    deps.down.mongodb = false;
    expect((await app.inject('/readyz')).json()).toEqual({ detail: 'not ready: Temporal unreachable' });
  });
});

describe('GET /v1/demo', () => {
  it('is 503 before an operator features a scan, even with published scans', async () => {
    const { deps, app } = await setUp();
    completeScan(deps, 'scn_published');
    const response = await app.inject('/v1/demo');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ detail: 'the demo scan is not ready yet; try again shortly' });
  });

  it('serves the featured scan in the public scan shape with its media URL', async () => {
    const { deps, app } = await setUp();
    completeScan(deps, 'scn_featured');
    deps.library.featuredId = 'scn_featured';
    const response = await app.inject('/v1/demo');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ scan_id: 'scn_featured', status: 'complete', score: 71, grade: 'B', media_url: '/v1/scans/scn_featured/media' });
    expect(response.json()).not.toHaveProperty('account_id');
  });
});

describe('keyless reads per client address', () => {
  async function withLimit(perMinute: number) {
    const deps = fakeDeps({ HOLDLINE_PUBLIC_READS_PER_MINUTE: String(perMinute) });
    app = await buildApp(deps);
    const published = completeScan(deps, 'scn_aaaaaaaaaaaaaaaaaaaaaaaa');
    deps.library.featuredId = published.scan_id;
    await deps.media.put(deps.media.media, MediaStore.mediaId(published.scan_id), Readable.from([Buffer.from('0123456789')]), { filename: 'upload' });
    return { deps, app };
  }

  it.each([['/v1/demo'], ['/api/library'], ['/v1/scans/scn_aaaaaaaaaaaaaaaaaaaaaaaa/media'], ['/v1/scans/scn_aaaaaaaaaaaaaaaaaaaaaaaa/export?format=srt']])(
    '%s: past HOLDLINE_PUBLIC_READS_PER_MINUTE from one address, 429 with Retry-After; another address and the next minute are served',
    async (url) => {
      const { deps, app } = await withLimit(3);
      const from = (remoteAddress: string) => app.inject({ url, remoteAddress });
      for (let i = 0; i < 3; i++) expect((await from('203.0.113.1')).statusCode).toBe(200);
      const refused = await from('203.0.113.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ detail: 'rate limit of 3 reads per minute from one address reached; retry with backoff' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect((await from('198.51.100.1')).statusCode).toBe(200);
      deps.clock.advance(60_000);
      expect((await from('203.0.113.1')).statusCode).toBe(200);
    },
  );

  it('the four share one window per address', async () => {
    const { app } = await withLimit(4);
    const urls = ['/v1/demo', '/api/library', '/v1/scans/scn_aaaaaaaaaaaaaaaaaaaaaaaa/media', '/v1/scans/scn_aaaaaaaaaaaaaaaaaaaaaaaa/export?format=srt'];
    for (const url of urls) expect((await app.inject({ url, remoteAddress: '203.0.113.2' })).statusCode).toBe(200);
    for (const url of urls) expect((await app.inject({ url, remoteAddress: '203.0.113.2' })).statusCode).toBe(429);
  });
});

describe('GET /v1/scans/{id}/media without a key', () => {
  it('answers an unknown id, an unpublished complete one and one in flight with the same 401, as exports do', async () => {
    const { deps, app } = await setUp();
    const unpublished = completeScan(deps, 'scn_bbbbbbbbbbbbbbbbbbbbbbbb');
    unpublished.published_at = undefined;
    await deps.media.put(deps.media.media, MediaStore.mediaId(unpublished.scan_id), Readable.from([Buffer.from('secret')]), { filename: 'upload' });
    const queued = completeScan(deps, 'scn_cccccccccccccccccccccccc');
    Object.assign(queued, { status: 'queued', published_at: undefined });
    const answers = await Promise.all(['scn_000000000000000000000000', unpublished.scan_id, queued.scan_id].map((id) => app.inject(`/v1/scans/${id}/media`)));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ detail: 'missing API key: send Authorization: Bearer sk_sig_…' });
    }
    const exported = await app.inject('/v1/scans/scn_000000000000000000000000/export?format=srt');
    expect(exported.statusCode).toBe(401);
    expect(exported.json()).toEqual(answers[0]!.json());
  });

  it("with the owner's key serves the unpublished media; another key gets 404 for it and for an unknown id alike", async () => {
    const { deps, app } = await setUp();
    const owner = await accountWithKey(deps);
    const stranger = await accountWithKey(deps);
    const doc = completeScan(deps, 'scn_dddddddddddddddddddddddd');
    Object.assign(doc, { account_id: owner.account._id, published_at: undefined });
    await deps.media.put(deps.media.media, MediaStore.mediaId(doc.scan_id), Readable.from([Buffer.from('mine')]), { filename: 'upload' });
    const mine = await app.inject({ url: `/v1/scans/${doc.scan_id}/media`, headers: owner.auth });
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toBe('mine');
    // Its source has no file name (and no probed type): the download is named by the scan id.
    expect(mine.headers['content-disposition']).toBe(`inline; filename="${doc.scan_id}.bin"`);
    const theirs = await app.inject({ url: `/v1/scans/${doc.scan_id}/media`, headers: stranger.auth });
    const unknown = await app.inject({ url: '/v1/scans/scn_000000000000000000000000/media', headers: stranger.auth });
    expect(theirs.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ detail: `no media for scan ${doc.scan_id}` });
  });
});

describe("the media download's name (issue 32 item 5)", () => {
  it("is the source's file name: kept on the scan, or derived from the upload's name on a scan made before it was kept", async () => {
    const { deps, app } = await setUp();
    const owner = await accountWithKey(deps);
    const named = async (scanId: string, extra: Partial<ScanDoc>) => {
      Object.assign(completeScan(deps, scanId), { account_id: owner.account._id, media_type: 'video/mp4', ...extra });
      await deps.media.put(deps.media.media, MediaStore.mediaId(scanId), Readable.from([Buffer.from('video')]), { filename: 'upload' });
      const response = await app.inject({ url: `/v1/scans/${scanId}/media`, headers: owner.auth });
      expect(response.statusCode).toBe(200);
      return response.headers['content-disposition'];
    };
    expect(await named('scn_eeeeeeeeeeeeeeeeeeeeeeee', { source_name: 'Launch day.mp4' })).toBe('inline; filename="Launch day.mp4"');
    expect(await named('scn_ffffffffffffffffffffffff', { source: { type: 'upload', filename: 'Caf\u00e9.mov' } })).toBe(
      `inline; filename="Caf_.mov"; filename*=UTF-8''Caf%C3%A9.mov`,
    );
    // Named as another kind of file: the served container's extension.
    expect(await named('scn_111111111111111111111111', { source_name: 'page.html' })).toBe('inline; filename="page.mp4"');
  });
});
