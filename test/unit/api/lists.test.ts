// History and library rows through app.inject: one projection each, shared with the website.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/app';
import type { ScanDoc } from '../../../store/scan-docs';
import { accountWithKey, fakeDeps, type FakeDeps } from '../fake-deps';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

function put(deps: FakeDeps, accountId: string, scanId: string, fields: Partial<ScanDoc>) {
  const at = deps.now();
  deps.scans.docs.set(scanId, {
    _id: scanId,
    scan_id: scanId,
    account_id: accountId,
    title: null,
    status: 'queued',
    pct: 0,
    source: { type: 'upload', filename: null },
    priority: false,
    created_at: at,
    updated_at: at,
    ...fields,
  } as ScanDoc);
}

describe('lists', () => {
  it('GET /v1/scans: newest first, summary figures only on complete scans, paging fields', async () => {
    const deps = fakeDeps();
    app = await buildApp(deps);
    const { account, auth } = await accountWithKey(deps);
    put(deps, account._id, 'scn_old', { status: 'complete', pct: 100, title: 'Old', score: 80, grade: 'A', label: 'holds', duration_sec: 30 });
    put(deps, account._id, 'scn_new', { status: 'processing', pct: 40, score: 1 });
    put(deps, 'acct_other', 'scn_theirs', {});
    const response = await app.inject({ url: '/v1/scans?limit=1', headers: auth });
    expect(response.json()).toEqual({
      data: [{ scan_id: 'scn_new', status: 'processing', pct: 40, title: null, created_at: '2026-03-10T12:00:00.000Z' }],
      limit: 1,
      offset: 0,
      total: 2,
      has_more: true,
      next_cursor: 'scn_new',
    });
    const second = await app.inject({ url: '/v1/scans?limit=1&offset=1', headers: auth });
    expect(second.json()).toMatchObject({
      data: [{ scan_id: 'scn_old', status: 'complete', pct: 100, title: 'Old', score: 80, grade: 'A', label: 'holds', duration_sec: 30 }],
      has_more: false,
    });
  });

  it('GET /v1/scans: cursor pages after a scan id, a status filter, and 400s naming what is wrong', async () => {
    const deps = fakeDeps();
    const served = await buildApp(deps);
    app = served;
    const { account, auth } = await accountWithKey(deps);
    put(deps, account._id, 'scn_a', { status: 'complete', pct: 100 });
    put(deps, account._id, 'scn_b', { status: 'error', pct: 10, detail: 'x' });
    put(deps, account._id, 'scn_c', { status: 'complete', pct: 100 });
    const get = async (query: string) => {
      const response = await served.inject({ url: `/v1/scans?${query}`, headers: auth });
      return { status: response.statusCode, body: response.json() };
    };
    const first = await get('limit=2&starting_after=scn_c');
    expect(first.body).toMatchObject({ data: [{ scan_id: 'scn_b' }, { scan_id: 'scn_a' }], offset: 1, total: 3, has_more: false, next_cursor: null });
    const complete = await get('status=complete&limit=1');
    expect(complete.body).toMatchObject({ data: [{ scan_id: 'scn_c' }], has_more: true, next_cursor: 'scn_c' });
    expect((await get('status=complete&limit=1&starting_after=scn_c')).body).toMatchObject({
      data: [{ scan_id: 'scn_a' }],
      has_more: false,
      next_cursor: null,
    });
    expect(await get('stauts=error')).toEqual({
      status: 400,
      body: { detail: 'unknown query parameter "stauts"; this route takes limit, offset, starting_after, status' },
    });
    expect(await get('status=running')).toMatchObject({ status: 400, body: { detail: expect.stringContaining('status') } });
    expect(await get('offset=0&starting_after=scn_c')).toMatchObject({ status: 400, body: { detail: expect.stringMatching(/"offset" or "starting_after"/) } });
    expect(await get('starting_after=scn_nope')).toEqual({ status: 400, body: { detail: 'starting_after names no scan of yours: scn_nope' } });
  });

  it('GET /api/library refuses an unknown query parameter, naming it', async () => {
    const deps = fakeDeps();
    app = await buildApp(deps);
    const response = await app.inject('/api/library?sort=new');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'unknown query parameter "sort"; this route takes limit, offset' });
  });

  it('GET /api/library: published scans with ISO dates and their page URL, keyless', async () => {
    const deps = fakeDeps();
    app = await buildApp(deps);
    put(deps, 'acct_a', 'scn_pub', {
      status: 'complete',
      pct: 100,
      title: null,
      score: 50,
      grade: 'C',
      label: 'sags',
      duration_sec: 9,
      published_at: new Date('2026-03-01T00:00:00Z'),
    });
    put(deps, 'acct_a', 'scn_private', { status: 'complete', pct: 100 });
    const response = await app.inject('/api/library');
    expect(response.json()).toEqual({
      data: [
        {
          scan_id: 'scn_pub',
          title: 'Untitled scan',
          published_at: '2026-03-01T00:00:00.000Z',
          score: 50,
          grade: 'C',
          label: 'sags',
          duration_sec: 9,
          url: '/library/scn_pub',
        },
      ],
      limit: 20,
      offset: 0,
      total: 1,
      has_more: false,
    });
  });
});
