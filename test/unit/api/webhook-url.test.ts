// `webhook_url` on POST /v1/scans over fake deps: what reaches the scan workflow,
// what is refused (and that a refusal keeps nothing), the multipart part in either
// order, and the Idempotency-Key fingerprint; the account page's secret rotation.
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/app';
import { webhookEvent } from '../../../core/webhook';
import { accountWithKey, fakeDeps, type FakeDeps } from '../fake-deps';
import { multipart } from './multipart';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

// 127.0.0.5 stands in for a public receiver (exempt like the tests' loopback servers; nothing connects to it here).
const HOOK = 'http://127.0.0.5:9/hooks/holdline';
const VIDEO_URL = 'http://127.0.0.5:9/clip.mp4';

async function setUp() {
  const deps = fakeDeps({ HOLDLINE_ALLOW_HOSTS: '127.0.0.5:9', HOLDLINE_WEBHOOK_RETRY_SECONDS: '0,2,4' });
  app = await buildApp(deps);
  return { deps, app, ...(await accountWithKey(deps)) };
}

const video = Buffer.alloc(2048, 3);

function expectNothingKept(deps: FakeDeps, accountId: string) {
  expect(deps.usage.of(accountId, deps.now()).scans).toBe(0);
  expect(deps.scans.docs.size).toBe(0);
  expect(deps.media.objects.size).toBe(0);
  expect(deps.workflows.started).toEqual([]);
}

describe('webhook_url on POST /v1/scans', () => {
  it('a JSON submission hands the URL and the configured schedule to the scan workflow', async () => {
    const { deps, app, auth } = await setUp();
    const response = await app.inject({
      method: 'POST',
      url: '/v1/scans',
      headers: auth,
      payload: { input: { type: 'url', url: VIDEO_URL }, webhook_url: HOOK },
    });
    expect(response.statusCode).toBe(202);
    const { scan_id } = response.json() as { scan_id: string };
    expect(deps.workflows.started).toEqual([
      { kind: 'scan', input: { scanId: scan_id, webhook: { url: HOOK, retrySeconds: [0, 2, 4], taskQueue: 'holdline-webhooks' } }, priorityKey: 3 },
    ]);
  });

  it('without one, the workflow input has no webhook', async () => {
    const { deps, app, auth } = await setUp();
    const response = await app.inject({ method: 'POST', url: '/v1/scans', headers: auth, payload: { input: { type: 'url', url: VIDEO_URL } } });
    expect(response.statusCode).toBe(202);
    expect(deps.workflows.started[0]).toMatchObject({ input: { scanId: expect.any(String) } });
    expect(deps.workflows.started[0]!.input).not.toHaveProperty('webhook');
  });

  it.each([
    { name: 'a private address', url: 'http://10.1.2.3/hook', detail: /^webhook_url refused: .*private/ },
    { name: 'loopback not in the allow list', url: 'http://127.0.0.1:8080/hook', detail: /^webhook_url refused: .*loopback/ },
    { name: 'a non-http scheme', url: 'ftp://127.0.0.5/hook', detail: /^webhook_url refused/ },
    { name: 'not a URL', url: 'hooks here please', detail: /^webhook_url refused/ },
  ])('$name is 400 {detail} naming webhook_url, and nothing is taken', async ({ url, detail }) => {
    const { deps, app, account, auth } = await setUp();
    const response = await app.inject({
      method: 'POST',
      url: '/v1/scans',
      headers: auth,
      payload: { input: { type: 'url', url: VIDEO_URL }, webhook_url: url },
    });
    expect(response.statusCode).toBe(400);
    expect((response.json() as { detail: string }).detail).toMatch(detail);
    expectNothingKept(deps, account._id);
  });

  it.each([
    { name: 'over 2048 characters', value: `http://127.0.0.5/${'a'.repeat(2040)}` },
    { name: 'empty', value: '' },
    { name: 'not a string', value: 42 },
  ])('a JSON webhook_url $name is 400 naming it, and nothing is taken', async ({ value }) => {
    const { deps, app, account, auth } = await setUp();
    const response = await app.inject({
      method: 'POST',
      url: '/v1/scans',
      headers: auth,
      payload: { input: { type: 'url', url: VIDEO_URL }, webhook_url: value },
    });
    expect(response.statusCode).toBe(400);
    expect((response.json() as { detail: string }).detail).toContain('webhook_url');
    expectNothingKept(deps, account._id);
  });

  it.each(['before', 'after'])('a multipart webhook_url part %s the file reaches the workflow', async (order) => {
    const { deps, app, auth } = await setUp();
    const file = { name: 'file', filename: 'clip.mp4', data: video };
    const hook = { name: 'webhook_url', value: HOOK };
    const body = multipart(order === 'before' ? [hook, file] : [file, hook]);
    const response = await app.inject({ method: 'POST', url: '/v1/scans', headers: { ...auth, ...body.headers }, payload: body.payload });
    expect(response.statusCode).toBe(202);
    const { scan_id } = response.json() as { scan_id: string };
    expect(deps.workflows.started).toEqual([
      { kind: 'scan', input: { scanId: scan_id, webhook: { url: HOOK, retrySeconds: [0, 2, 4], taskQueue: 'holdline-webhooks' } }, priorityKey: 3 },
    ]);
  });

  it.each([
    {
      name: 'a private address after the file',
      parts: (file: object) => [file, { name: 'webhook_url', value: 'http://192.168.1.1/hook' }],
      detail: /^webhook_url refused: .*private/,
    },
    {
      name: 'two webhook_url parts',
      parts: (file: object) => [{ name: 'webhook_url', value: HOOK }, file, { name: 'webhook_url', value: HOOK }],
      detail: /^send one "webhook_url" part$/,
    },
    { name: 'an empty part', parts: (file: object) => [{ name: 'webhook_url', value: '' }, file], detail: /^webhook_url is empty$/ },
    {
      name: 'a part over 2048 characters',
      parts: (file: object) => [file, { name: 'webhook_url', value: `http://127.0.0.5/${'a'.repeat(3000)}` }],
      detail: /^webhook_url is longer than 2048 characters$/,
    },
    {
      name: 'a part over the 4 KiB field limit',
      parts: (file: object) => [file, { name: 'webhook_url', value: `http://127.0.0.5/${'a'.repeat(5000)}` }],
      detail: /^webhook_url is longer than 2048 characters$/,
    },
  ])('a multipart upload with $name is 400, and the stored file and unit are given back', async ({ parts, detail }) => {
    const { deps, app, account, auth } = await setUp();
    const body = multipart(parts({ name: 'file', filename: 'clip.mp4', data: video }) as Parameters<typeof multipart>[0]);
    const response = await app.inject({ method: 'POST', url: '/v1/scans', headers: { ...auth, ...body.headers }, payload: body.payload });
    expect(response.statusCode).toBe(400);
    expect((response.json() as { detail: string }).detail).toMatch(detail);
    expectNothingKept(deps, account._id);
  });

  it('Idempotency-Key: the same request with another webhook_url is 409, JSON or upload; the same one replays', async () => {
    const { deps, app, auth } = await setUp();
    const json = (key: string, webhook: string) =>
      app.inject({
        method: 'POST',
        url: '/v1/scans',
        headers: { ...auth, 'idempotency-key': key },
        payload: { input: { type: 'url', url: VIDEO_URL }, webhook_url: webhook },
      });
    expect((await json('j1', HOOK)).statusCode).toBe(202);
    expect((await json('j1', HOOK)).headers['idempotent-replayed']).toBe('true');
    expect((await json('j1', `${HOOK}/other`)).statusCode).toBe(409);

    const upload = (key: string, webhook: string | null) => {
      const body = multipart([{ name: 'file', filename: 'clip.mp4', data: video }, ...(webhook ? [{ name: 'webhook_url', value: webhook }] : [])]);
      return app.inject({ method: 'POST', url: '/v1/scans', headers: { ...auth, ...body.headers, 'idempotency-key': key }, payload: body.payload });
    };
    expect((await upload('u1', HOOK)).statusCode).toBe(202);
    expect((await upload('u1', HOOK)).headers['idempotent-replayed']).toBe('true');
    expect((await upload('u1', `${HOOK}/other`)).statusCode).toBe(409);
    expect((await upload('u1', null)).statusCode).toBe(409);
    expect(deps.workflows.started).toHaveLength(2);
  });
});

describe('the OpenAPI document', () => {
  it('documents webhook_url on both submission forms and the event under webhooks, which the events core builds match', async () => {
    const { app } = await setUp();
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const content = doc.paths['/v1/scans'].post.requestBody.content;
    expect(content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ScanSubmission' });
    expect(content['multipart/form-data'].schema).toEqual({ $ref: '#/components/schemas/ScanUpload' });
    expect(doc.components.schemas.ScanSubmission.properties.webhook_url).toMatchObject({ type: 'string', maxLength: 2048 });
    expect(doc.components.schemas.ScanUpload.properties.webhook_url).toMatchObject({ type: 'string', maxLength: 2048 });
    const hook = doc.webhooks.scanEnded.post;
    expect(hook.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual([
      'header:webhook-id',
      'header:webhook-timestamp',
      'header:webhook-signature',
    ]);
    const validate = new Ajv2020({ strict: false, validateFormats: false }).compile({
      ...hook.requestBody.content['application/json'].schema,
      components: doc.components,
    });
    const at = new Date('2026-03-10T12:00:00Z');
    expect(validate(webhookEvent({ scan_id: 'scn_1', status: 'complete', score: 70, grade: 'B-' }, 'scan.completed', at))).toBe(true);
    expect(validate(webhookEvent({ scan_id: 'scn_1', status: 'error', detail: 'bad' }, 'scan.failed', at))).toBe(true);
    expect(validate({ type: 'scan.started', timestamp: at.toISOString(), data: { scan_id: 'scn_1', status: 'complete' } })).toBe(false);
  });
});

describe('the account page’s webhook secret', () => {
  async function signedIn() {
    const deps = fakeDeps();
    app = await buildApp(deps);
    const { account } = await accountWithKey(deps);
    const { token, session } = await deps.sessions.create(account._id, deps.now());
    const headers = { cookie: `hl_session=${token}`, 'content-type': 'application/x-www-form-urlencoded' };
    return { deps, app, account, csrf: session.csrf, headers, cookie: { cookie: `hl_session=${token}` } };
  }

  it('is shown to its owner and rotated by a form with the session’s CSRF token', async () => {
    const { app, account, csrf, headers, cookie } = await signedIn();
    const before = account.webhook_secret!;
    const page = await app.inject({ method: 'GET', url: '/account', headers: cookie });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<code class="key" id="webhook-secret">${before}</code>`);
    expect(page.headers['cache-control']).toBe('no-store');
    const rotated = await app.inject({ method: 'POST', url: '/account/webhook-secret', headers, payload: new URLSearchParams({ csrf }).toString() });
    expect(rotated.statusCode).toBe(200);
    expect(account.webhook_secret).toMatch(/^whsec_/);
    expect(account.webhook_secret).not.toBe(before);
    expect(rotated.body).toContain(`<code class="key" id="webhook-secret">${account.webhook_secret}</code>`);
    expect(rotated.body).toContain('signed with the new one');
  });

  it('a rotation without the CSRF token, or without a session, changes nothing', async () => {
    const { app, account, headers } = await signedIn();
    const before = account.webhook_secret;
    const forged = await app.inject({ method: 'POST', url: '/account/webhook-secret', headers, payload: new URLSearchParams({ csrf: 'wrong' }).toString() });
    expect(forged.statusCode).toBe(400);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/account/webhook-secret',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'csrf=x',
    });
    expect([303, 401]).toContain(anonymous.statusCode);
    expect(account.webhook_secret).toBe(before);
  });

  it('an account older than webhooks gets a secret the first time the page is shown', async () => {
    const { app, account, cookie } = await signedIn();
    delete account.webhook_secret;
    const page = await app.inject({ method: 'GET', url: '/account', headers: cookie });
    expect(account.webhook_secret).toMatch(/^whsec_/);
    expect(page.body).toContain(account.webhook_secret!);
  });
});
