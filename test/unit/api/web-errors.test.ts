// Website errors are pages (web/errors.ts), with the statuses of the one table
// in http/errors.ts (a used-up quota is 429 on a page too, not 500).
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/app';
import { PLANS } from '../../../core/plans';
import type { ScanDoc } from '../../../store/scan-docs';
import { accountWithKey, fakeDeps } from '../fake-deps';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function signedIn() {
  const deps = fakeDeps();
  app = await buildApp(deps);
  const { account } = await accountWithKey(deps, 'agents');
  const { token, session } = await deps.sessions.create(account._id, deps.now());
  const now = deps.now();
  deps.scans.docs.set('scn_done', {
    _id: 'scn_done',
    scan_id: 'scn_done',
    account_id: account._id,
    title: 'Mine',
    status: 'complete',
    pct: 100,
    source: { type: 'upload', filename: null },
    priority: true,
    created_at: now,
    updated_at: now,
    duration_sec: 60,
  } as ScanDoc);
  const form = (fields: Record<string, string>) => ({
    headers: { cookie: `hl_session=${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  return { deps, app, account, csrf: session.csrf, form };
}

describe('website errors', () => {
  it('a recut past the month’s scan quota is a 429 page with the reason and Retry-After, and takes nothing', async () => {
    const { deps, app, account, csrf, form } = await signedIn();
    for (let i = 0; i < PLANS.agents.scansPerMonth; i++) await deps.usage.take(account._id, 'scans', PLANS.agents.scansPerMonth, deps.now());
    const response = await app.inject({ method: 'POST', url: '/scans/scn_done/recut', ...form({ csrf, goal: 'tighter' }) });
    expect(response.statusCode).toBe(429);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['retry-after']).toMatch(/^\d+$/);
    expect(response.body).toContain('Monthly scan quota of the Agents plan (50 scans) is used up');
    expect(deps.usage.of(account._id, deps.now()).scans).toBe(PLANS.agents.scansPerMonth);
    expect(deps.recuts.docs.size).toBe(0);
  });

  it('a form without the session’s CSRF token is a 400 page and starts nothing', async () => {
    const { deps, app, form } = await signedIn();
    const response = await app.inject({ method: 'POST', url: '/scans/scn_done/recut', ...form({ csrf: 'wrong', goal: 'tighter' }) });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('This form has expired');
    expect(deps.workflows.started).toEqual([]);
  });

  it('a recut the website accepts is queued and redirects to its page', async () => {
    const { deps, app, csrf, form } = await signedIn();
    const response = await app.inject({ method: 'POST', url: '/scans/scn_done/recut', ...form({ csrf, goal: 'tighter', max_seconds: '30' }) });
    expect(response.statusCode).toBe(303);
    const [recut] = [...deps.recuts.docs.values()];
    expect(response.headers.location).toBe(`/recuts/${recut!.recut_id}`);
    expect(deps.workflows.started).toEqual([
      { kind: 'recut', input: expect.objectContaining({ parentScanId: 'scn_done', goal: 'tighter', maxSeconds: 30, priorityKey: 1 }) },
    ]);
  });

  it('a broken store is a 503 page that does not leak the internal message', async () => {
    const { deps, app, form, csrf } = await signedIn();
    deps.recuts.insertQueued = async () => {
      throw new Error('secret connection string');
    };
    const response = await app.inject({ method: 'POST', url: '/scans/scn_done/recut', ...form({ csrf }) });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('Something went wrong on our side');
    expect(response.body).not.toContain('secret');
  });

  it('a page that does not exist in the signed-in area is a 404 page', async () => {
    const { app, form } = await signedIn();
    const response = await app.inject({ method: 'GET', url: '/recuts/rct_missing', headers: form({}).headers });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('No such recut in your account.');
  });
});

// Each scope answers its errors in its own shape: the website's pages (web/errors.ts),
// the API's JSON (api/errors.ts), and `{detail}` for the JSON routes the website's
// scripts call, with the pages' scope around them.
describe('which shape answers an error', () => {
  it('the scans page script’s submissions answer JSON {detail}, not a page', async () => {
    const { app, form } = await signedIn();
    const response = await app.inject({
      method: 'POST',
      url: '/scans/url',
      headers: { cookie: form({}).headers.cookie, 'content-type': 'application/json' },
      payload: { url: 'https://example.com/v.mp4' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ detail: 'This page has expired; reload it and try again.' });
  });

  it('publishing without a session answers the API’s JSON {detail}', async () => {
    const { app } = await signedIn();
    const response = await app.inject({ method: 'POST', url: '/api/scans/scn_done/publish', payload: { title: 'Mine' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'sign in first: this needs a signed-in session' });
  });

  it('a page that does not exist is a 404 page for a browser and JSON for an API client', async () => {
    const { app } = await signedIn();
    const page = await app.inject({ method: 'GET', url: '/no-such-page?x=1', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('This page does not exist.');
    const api = await app.inject({ method: 'GET', url: '/v1/no-such-route', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'no route GET /v1/no-such-route' });
    const model = await app.inject({ method: 'GET', url: '/v1/models/none/more' });
    expect(model.statusCode).toBe(404);
    expect(model.json()).toMatchObject({ error: { type: 'invalid_request_error', code: null } });
  });
});
