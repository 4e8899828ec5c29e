// GET /v1/recuts/{id}/export (issue 32 item 4) over fake deps: the owner gets the
// recut's cut list on its source in each editor format, as core/exports.ts builds it
// from the parent's read; everything else is refused with {detail}.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/app';
import { exportRecut, RECUT_EXPORT_FORMATS, type ExportableScan } from '../../../core/exports';
import type { CompleteScan } from '../../../core/wire/read';
import { scanView } from '../../../services/scan-view';
import type { RecutDoc } from '../../../store/recuts';
import { accountWithKey, fakeDeps, scanDocFixture, type FakeDeps } from '../fake-deps';

let app: FastifyInstance;
let deps: FakeDeps;
let auth: Record<string, string>;
let otherAuth: Record<string, string>;
let parentView: ExportableScan;
const segments = [
  { start: 0.2, end: 1.4 },
  { start: 1.9, end: 2.8 },
];

function recutDoc(recutId: string, accountId: string, status: RecutDoc['status']): RecutDoc {
  const now = deps.now();
  return {
    _id: recutId,
    recut_id: recutId,
    account_id: accountId,
    parent_scan_id: 'scn_parent',
    scan_id: 'scn_child',
    goal: null,
    max_seconds: null,
    status,
    stage: status === 'complete' ? 'complete' : 'render',
    pct: status === 'complete' ? 100 : 40,
    ...(status === 'queued' ? {} : { segments, rationale: 'kept the talk', proposed_by: 'rules' as const, base_model: null }),
    created_at: now,
    updated_at: now,
  };
}

beforeAll(async () => {
  deps = fakeDeps({ HOLDLINE_PUBLIC_ORIGIN: 'https://holdline.example' });
  app = await buildApp(deps);
  const owner = await accountWithKey(deps, 'agents');
  auth = owner.auth;
  otherAuth = (await accountWithKey(deps, 'agents')).auth;
  const parent = scanDocFixture(deps, { scanId: 'scn_parent', accountId: owner.account._id, status: 'complete' }, { frame_rate: 25 });
  parentView = { ...(scanView(parent) as CompleteScan), title: parent.title };
  for (const [id, status] of [
    ['rct_done', 'complete'],
    ['rct_running', 'processing'],
    ['rct_failed', 'error'],
  ] as const)
    deps.recuts.docs.set(id, recutDoc(id, owner.account._id, status));
});
afterAll(async () => {
  await app.close();
});

const get = (url: string, headers: Record<string, string> = auth) => app.inject({ url, headers });

describe('GET /v1/recuts/{id}/export', () => {
  it.each(RECUT_EXPORT_FORMATS)('%s: the cut list as core/exports.ts builds it from the parent read, as an attachment named by the recut', async (format) => {
    const response = await get(`/v1/recuts/rct_done/export?format=${encodeURIComponent(format)}`);
    const expected = exportRecut(parentView, { recutId: 'rct_done', segments }, format, { origin: 'https://holdline.example' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(expected.contentType);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${expected.filename}"`);
    expect(response.body).toBe(expected.body);
  });

  it('edl takes record_start: the record side starts there', async () => {
    const response = await get('/v1/recuts/rct_done/export?format=edl&record_start=10:00:00:00');
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/^001 .* 00:00:00:05 00:00:01:10 10:00:00:00 10:00:01:05\r$/m);
  });

  it('refuses with {detail}: no or an unknown format, a bad record_start, record_start off the EDL, an unknown parameter', async () => {
    for (const [url, param] of [
      ['/v1/recuts/rct_done/export', 'format'],
      ['/v1/recuts/rct_done/export?format=srt', 'format'],
      ['/v1/recuts/rct_done/export?format=edl&record_start=01:00:00:25', 'record_start'],
      ['/v1/recuts/rct_done/export?format=edl&record_start=one%20hour', 'record_start'],
      ['/v1/recuts/rct_done/export?format=otio&record_start=01:00:00:00', 'record_start'],
      ['/v1/recuts/rct_done/export?format=edl&start=01:00:00:00', 'start'],
    ] as const) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().detail, url).toEqual(expect.stringContaining(param));
    }
  });

  it('needs the owner key (401 without, 404 for another account or an unknown id), and a complete recut (409)', async () => {
    expect((await get('/v1/recuts/rct_done/export?format=edl', {})).statusCode).toBe(401);
    expect((await get('/v1/recuts/rct_done/export?format=edl', otherAuth)).statusCode).toBe(404);
    expect((await get('/v1/recuts/rct_none/export?format=edl')).statusCode).toBe(404);
    for (const id of ['rct_running', 'rct_failed']) {
      const response = await get(`/v1/recuts/${id}/export?format=edl`);
      expect(response.statusCode, id).toBe(409);
      expect(response.json().detail).toContain(id);
    }
  });
});
