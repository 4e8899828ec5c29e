// The keyless routes over fake deps: health, readiness with a dependency down, the demo scan.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/app';
import type { ScanDoc } from '../../../store/scans';
import { fakeDeps, type FakeDeps } from '../fake-deps';

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
    _id: scanId, scan_id: scanId, account_id: 'acct_owner', title: 'Demo', status: 'complete', pct: 100,
    source: { type: 'upload', filename: null }, priority: false, created_at: now, updated_at: now, published_at: now,
    duration_sec: 12, score: 71, grade: 'B', label: 'holds', hook: 0.8, timeline: [], cuts: [], dead: [], moments: [],
    claims: [], transcript: [], summary: 'A demo.', method: 'm', transcriber: 'pocketsphinx',
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

  it('/readyz is 200 when MongoDB and Temporal answer', async () => {
    const { app } = await setUp();
    const response = await app.inject('/readyz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ mongodb: 'ok', temporal: 'ok' });
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
