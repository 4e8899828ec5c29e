// The OpenAPI document against the app that serves it: /openapi.json is a valid
// OpenAPI 3.1 document, and real responses of every documented route (over fake
// deps) have a documented status, content type and body.
import { Validator } from '@seriousme/openapi-schema-validator';
import { Readable } from 'node:stream';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/app';
import { DOCS_CSP, documentedRoutes } from '../../../api/openapi';
import { PAGE_CSP } from '../../../web/page-headers';
import { SESSION_COOKIE } from '../../../http/session';
import { LIMITS } from '../../../core/plans';
import { MediaStore } from '../../../store/media';
import { accountWithKey, fakeDeps, scanDocFixture, type FakeDeps } from '../fake-deps';
import { multipart } from './multipart';

interface MediaObject {
  schema?: object;
}
interface Operation {
  responses: Record<string, { content?: Record<string, MediaObject>; headers?: object }>;
  security?: object[];
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { headers?: Record<string, HeaderObject>; schemas?: Record<string, object> };
}
interface HeaderObject {
  $ref?: string;
  required?: boolean;
  schema?: object;
}

/** A response header as described, following a `#/components/headers/…` reference. */
const resolveHeader = (header: HeaderObject): HeaderObject =>
  header.$ref ? (doc.components?.headers?.[header.$ref.replace('#/components/headers/', '')] ?? {}) : header;

/** A schema, or the named one (`components.schemas`) its `$ref` points at. */
const named = (schema: object | undefined): object | undefined => {
  const ref = (schema as { $ref?: string } | undefined)?.$ref;
  return ref ? doc.components?.schemas?.[ref.replace('#/components/schemas/', '')] : schema;
};

let app: FastifyInstance;
let deps: FakeDeps;
let doc: Document;
let auth: Record<string, string>;
let agentsAuth: Record<string, string>;
let accountId: string;
let cookie: Record<string, string>;
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
/** `METHOD /path/{template} status` of every response checked. */
const seen = new Set<string>();

/** The path template of `url` in the document (literal segments win over `{id}`). */
function templateOf(url: string): string | undefined {
  const path = url.split('?')[0]!;
  const matches = Object.keys(doc.paths).filter((template) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path));
  return matches.sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))[0];
}

/** Asserts the response is what the document says this route answers with this status. */
function expectDocumented(method: string, url: string, response: LightMyRequestResponse) {
  const template = templateOf(url);
  expect(template, `${method} ${url} is not in the document`).toBeDefined();
  const operation = doc.paths[template!]![method.toLowerCase()];
  expect(operation, `${method} ${template} is not in the document`).toBeDefined();
  const status = String(response.statusCode);
  seen.add(`${method} ${template} ${status}`);
  const documented = operation!.responses[status];
  expect(documented, `${method} ${template} answered an undocumented ${status}: ${response.body.slice(0, 200)}`).toBeDefined();
  // A header documented as required must be there; the others (Idempotent-Replayed, …) only sometimes are.
  for (const [header, described] of Object.entries((documented as { headers?: Record<string, HeaderObject> }).headers ?? {})) {
    if (!resolveHeader(described).required) continue;
    expect(response.headers[header.toLowerCase()], `${method} ${template} ${status} lacks its documented ${header} header`).toBeDefined();
  }
  const type = String(response.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  // A response documented without content (204) must have no body.
  if (!documented!.content) {
    expect(response.body, `${method} ${template} ${status} is documented empty`).toBe('');
    return;
  }
  const content = documented!.content;
  const media = content[type] ?? Object.entries(content).find(([pattern]) => pattern.endsWith('/*') && type.startsWith(pattern.slice(0, -1)))?.[1];
  expect(media, `${method} ${template} ${status} answered an undocumented ${type}; documented: ${Object.keys(content).join(', ')}`).toBeDefined();
  if (type !== 'application/json' || !media!.schema) return;
  // Named schemas are `$ref`s into components.schemas, resolved from the root of what is compiled.
  const validate = ajv.compile({ ...media!.schema, components: { schemas: doc.components?.schemas } });
  const body: unknown = JSON.parse(response.body);
  expect(validate(body), `${method} ${template} ${status}: ${ajv.errorsText(validate.errors)} in ${response.body.slice(0, 300)}`).toBe(true);
}

async function call(method: string, url: string, options: { headers?: Record<string, string>; payload?: unknown } = {}) {
  const response = await app.inject({ method: method as 'GET', url, headers: options.headers, payload: options.payload as string });
  expectDocumented(method, url, response);
  return response;
}

beforeAll(async () => {
  // Loopback URLs are allowed so a JSON submission is accepted without leaving the machine.
  deps = fakeDeps({ HOLDLINE_ALLOW_HOSTS: '127.0.0.1:80' });
  app = await buildApp(deps);
  const owner = await accountWithKey(deps);
  auth = owner.auth;
  accountId = owner.account._id;
  agentsAuth = (await accountWithKey(deps, 'agents')).auth;
  const { token } = await deps.sessions.create(accountId);
  cookie = { cookie: `${SESSION_COOKIE}=${token}` };
  doc = (await app.inject('/openapi.json')).json();
});
afterAll(async () => {
  await app.close();
});

describe('/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents every public route and none of the website', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    const expected = documentedRoutes().map((key) => key.replace(/:(\w+)/g, '{$1}'));
    expect(documented.sort()).toEqual(expected.sort());
    const paths = Object.keys(doc.paths);
    for (const page of [
      '/',
      '/scans',
      '/scans/{id}',
      '/library',
      '/library/{id}',
      '/signin',
      '/signup',
      '/account',
      '/assets/{name}',
      '/docs',
      '/openapi.json',
      '/metrics',
    ]) {
      expect(paths).not.toContain(page);
    }
  });

  it('/docs has its own policy; the website keeps the site policy', async () => {
    const docs = await app.inject('/docs');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-security-policy']).toBe(DOCS_CSP);
    expect(docs.headers['x-frame-options']).toBe('DENY');
    expect((await app.inject('/signin')).headers['content-security-policy']).toBe(PAGE_CSP);
    expect((await app.inject({ url: '/no-such-page', headers: { accept: 'text/html' } })).headers['content-security-policy']).toBe(PAGE_CSP);
  });

  it('says how to authenticate: Bearer keys on keyed routes, none on keyless ones', () => {
    const schemes = (doc as unknown as { components: { securitySchemes: Record<string, object> } }).components.securitySchemes;
    expect(schemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/v1/scans']!.post!.security).toEqual([{ apiKey: [] }]);
    expect(doc.paths['/v1/chat/completions']!.post!.security).toEqual([{ apiKey: [] }]);
    expect(doc.paths['/v1/signals']!.get!.security).toEqual([]);
  });

  it('documents the multipart upload, the event stream and both error shapes', () => {
    const submit = doc.paths['/v1/scans']!.post! as Operation & { requestBody: { content: Record<string, MediaObject> } };
    expect(Object.keys(submit.requestBody.content).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(named(submit.requestBody.content['multipart/form-data']!.schema)).toMatchObject({
      properties: { file: { type: 'string', format: 'binary' } },
      required: ['file'],
    });
    const chat = doc.paths['/v1/chat/completions']!.post!;
    expect(Object.keys(chat.responses['200']!.content!).sort()).toEqual(['application/json', 'text/event-stream']);
    expect(named(chat.responses['429']!.content!['application/json']!.schema)).toMatchObject({ required: ['error'] });
    expect(named(doc.paths['/v1/scans']!.post!.responses['429']!.content!['application/json']!.schema)).toMatchObject({ required: ['detail'] });
    const retryAfter = (doc.paths['/v1/scans']!.post!.responses['429']!.headers as Record<string, HeaderObject>)['Retry-After'];
    expect(resolveHeader(retryAfter!)).toMatchObject({ required: true, schema: { type: 'integer' } });
  });
});

describe('real responses match the document', () => {
  it('keyless routes: health, readiness, signals, demo, library', async () => {
    await call('GET', '/healthz');
    await call('GET', '/readyz');
    deps.down.temporal = true;
    expect((await call('GET', '/readyz')).statusCode).toBe(503);
    deps.down.temporal = false;
    await call('GET', '/v1/signals');
    expect((await call('GET', '/v1/demo')).statusCode).toBe(503);
    scanDocFixture(deps, { scanId: 'scn_demo', accountId: 'acct_someone', status: 'complete' }, { published_at: deps.now() });
    deps.library.featuredId = 'scn_demo';
    expect((await call('GET', '/v1/demo')).statusCode).toBe(200);
    expect((await call('GET', '/api/library')).statusCode).toBe(200);
    expect((await call('GET', '/api/library?limit=0')).statusCode).toBe(400);
  });

  it('scans: submit (multipart and JSON), read every shape, history, refusals', async () => {
    const upload = multipart([
      { name: 'title', value: 'Clip' },
      { name: 'file', filename: 'clip.mp4', data: Buffer.from('not really a video') },
    ]);
    expect((await call('POST', '/v1/scans', { headers: { ...auth, ...upload.headers }, payload: upload.payload })).statusCode).toBe(202);
    expect(
      (await call('POST', '/v1/scans', { headers: auth, payload: { input: { type: 'url', url: 'http://127.0.0.1/a.mp4' }, title: 'By URL' } })).statusCode,
    ).toBe(202);
    expect((await call('POST', '/v1/scans', { headers: auth, payload: { input: { type: 'url', url: 'http://10.1.2.3/a.mp4' } } })).statusCode).toBe(400);
    expect((await call('POST', '/v1/scans', { headers: auth, payload: { input: { type: 'file' } } })).statusCode).toBe(400);
    expect((await call('POST', '/v1/scans', { payload: {} })).statusCode).toBe(401);
    const huge = { ...auth, ...upload.headers, 'content-length': String(deps.config.uploadLimitBytes * 2) };
    expect((await app.inject({ method: 'POST', url: '/v1/scans', headers: huge, payload: upload.payload })).statusCode).toBeGreaterThanOrEqual(400);
    for (const status of ['queued', 'processing', 'complete', 'error'] as const) {
      scanDocFixture(deps, { scanId: `scn_${status}`, accountId, status });
      expect((await call('GET', `/v1/scans/scn_${status}`, { headers: auth })).statusCode).toBe(200);
    }
    expect((await call('GET', '/v1/scans/scn_missing', { headers: auth })).statusCode).toBe(404);
    expect((await call('GET', '/v1/scans', { headers: auth })).statusCode).toBe(200);
    expect((await call('GET', '/v1/scans')).statusCode).toBe(401);
    expect((await call('GET', '/v1/scans/scn_complete')).statusCode).toBe(401);
    expect((await call('GET', '/v1/scans?offset=-1', { headers: auth })).statusCode).toBe(400);
    // A webhook test event: what the receiver answered (the fake workflow port's 200), and the refusals.
    expect((await call('POST', '/v1/webhooks/test', { headers: auth, payload: { url: 'http://127.0.0.1/hook' } })).statusCode).toBe(200);
    expect((await call('POST', '/v1/webhooks/test', { headers: auth, payload: { url: 'http://10.1.2.3/hook' } })).statusCode).toBe(400);
    expect((await call('POST', '/v1/webhooks/test', { payload: { url: 'http://127.0.0.1/hook' } })).statusCode).toBe(401);
    const broken = deps.scans.getOwned;
    deps.scans.getOwned = async () => {
      throw new Error('store down');
    };
    expect((await call('GET', '/v1/scans/scn_complete', { headers: auth })).statusCode).toBe(500);
    deps.scans.getOwned = broken;
    // A key's submissions per minute run out: 429 with Retry-After.
    for (let i = 0; i < 200; i++) {
      const response = await app.inject({ method: 'POST', url: '/v1/scans', headers: auth, payload: {} });
      if (response.statusCode === 429) {
        expectDocumented('POST', '/v1/scans', response);
        expect(response.headers['retry-after']).toBeDefined();
        break;
      }
    }
    expect(seen.has('POST /v1/scans 429')).toBe(true);
    // Temporal unreachable: the submission is refused with 503 and nothing kept.
    const fresh = await accountWithKey(deps);
    deps.workflows.failWith = new Error('connection refused');
    expect((await call('POST', '/v1/scans', { headers: { ...fresh.auth, ...upload.headers }, payload: upload.payload })).statusCode).toBe(503);
    deps.workflows.failWith = null;
  });

  it('media and exports: whole, ranged, unsatisfiable, every format, refusals', async () => {
    scanDocFixture(deps, { scanId: 'scn_media', accountId, status: 'complete' });
    await deps.media.put('media', MediaStore.mediaId('scn_media'), Readable.from([Buffer.from('0123456789')]), {
      filename: 'clip.mp4',
      contentType: 'video/mp4',
    });
    expect((await call('GET', '/v1/scans/scn_media/media', { headers: auth })).statusCode).toBe(200);
    expect((await call('GET', '/v1/scans/scn_media/media', { headers: { ...auth, range: 'bytes=2-4' } })).statusCode).toBe(206);
    expect((await call('GET', '/v1/scans/scn_media/media', { headers: { ...auth, range: 'bytes=50-' } })).statusCode).toBe(416);
    expect((await call('GET', '/v1/scans/scn_nothing/media', { headers: auth })).statusCode).toBe(404);
    expect((await call('GET', '/v1/scans/scn_media/media')).statusCode).toBe(401);
    const hit = deps.rateLimiter.hit.bind(deps.rateLimiter);
    deps.rateLimiter.hit = async () => ({ allowed: false, retryAfterSec: 7, count: 10_000 });
    expect((await call('GET', '/v1/scans/scn_media/media', { headers: auth })).statusCode).toBe(429);
    expect((await call('GET', '/v1/scans/scn_media', { headers: auth })).statusCode).toBe(429);
    expect((await call('GET', '/v1/scans', { headers: auth })).statusCode).toBe(429);
    expect((await call('GET', '/v1/scans/scn_media/export?format=srt', { headers: auth })).statusCode).toBe(429);
    deps.rateLimiter.hit = hit;
    scanDocFixture(deps, { scanId: 'scn_export', accountId, status: 'complete' });
    for (const format of ['srt', 'vtt', 'csv', 'edl', 'chapters', 'json', 'otio', 'fcpxml', 'markers.csv']) {
      expect((await call('GET', `/v1/scans/scn_export/export?format=${format}`, { headers: auth })).statusCode).toBe(200);
    }
    expect((await call('GET', '/v1/scans/scn_export/export?format=docx', { headers: auth })).statusCode).toBe(400);
    expect((await call('GET', '/v1/scans/scn_export/export?format=srt')).statusCode).toBe(401);
    expect((await call('GET', '/v1/scans/scn_nope/export?format=srt', { headers: auth })).statusCode).toBe(404);
    scanDocFixture(deps, { scanId: 'scn_busy', accountId, status: 'processing' });
    expect((await call('GET', '/v1/scans/scn_busy/export?format=srt', { headers: auth })).statusCode).toBe(409);
  });

  it('recuts: queue, read, list, refusals', async () => {
    const agents = await deps.accounts.authenticate(agentsAuth.authorization!.slice('Bearer '.length));
    scanDocFixture(deps, { scanId: 'scn_recut', accountId: agents!.account._id, status: 'complete' }, { duration_sec: 30 });
    const queued = await call('POST', '/v1/scans/scn_recut/recut', { headers: agentsAuth, payload: { goal: 'tighter' } });
    expect(queued.statusCode).toBe(202);
    expect((await call('GET', `/v1/recuts/${queued.json().recut_id}`, { headers: agentsAuth })).statusCode).toBe(200);
    expect((await call('GET', '/v1/scans/scn_recut/recuts', { headers: agentsAuth })).statusCode).toBe(200);
    expect((await call('GET', '/v1/scans/scn_none/recuts', { headers: agentsAuth })).statusCode).toBe(404);
    expect((await call('GET', '/v1/recuts/rct_none', { headers: agentsAuth })).statusCode).toBe(404);
    // A fresh Signal key (the first one spent its submissions above): recuts are not in its plan.
    const signal = await accountWithKey(deps);
    scanDocFixture(deps, { scanId: 'scn_signal', accountId: signal.account._id, status: 'complete' }, { duration_sec: 30 });
    expect((await call('POST', '/v1/scans/scn_signal/recut', { headers: signal.auth, payload: {} })).statusCode).toBe(403);
    expect((await call('POST', '/v1/scans/scn_recut/recut', { headers: agentsAuth, payload: { max_seconds: -1 } })).statusCode).toBe(400);
    expect((await call('POST', '/v1/scans/scn_recut/recut', { payload: {} })).statusCode).toBe(401);
    scanDocFixture(deps, { scanId: 'scn_recut_busy', accountId: agents!.account._id, status: 'processing' }, { duration_sec: 30 });
    expect((await call('POST', '/v1/scans/scn_recut_busy/recut', { headers: agentsAuth, payload: {} })).statusCode).toBe(409);
    expect((await call('GET', '/v1/recuts/rct_none')).statusCode).toBe(401);
    // The recut's cut list: 409 while it runs, each editor format once complete, refusals.
    const recutId = queued.json().recut_id as string;
    expect((await call('GET', `/v1/recuts/${recutId}/export?format=edl`, { headers: agentsAuth })).statusCode).toBe(409);
    Object.assign(deps.recuts.docs.get(recutId)!, { status: 'complete', stage: 'complete', pct: 100, segments: [{ start: 0.5, end: 2.5 }] });
    for (const format of ['edl', 'otio', 'fcpxml', 'markers.csv']) {
      expect((await call('GET', `/v1/recuts/${recutId}/export?format=${format}`, { headers: agentsAuth })).statusCode).toBe(200);
    }
    expect((await call('GET', `/v1/recuts/${recutId}/export?format=srt`, { headers: agentsAuth })).statusCode).toBe(400);
    expect((await call('GET', `/v1/recuts/${recutId}/export?format=edl`)).statusCode).toBe(401);
    expect((await call('GET', '/v1/recuts/rct_none/export?format=edl', { headers: agentsAuth })).statusCode).toBe(404);
  });

  it('publish: a signed-in session publishes its complete scan; refusals', async () => {
    scanDocFixture(deps, { scanId: 'scn_pub', accountId, status: 'complete' });
    const json = { ...cookie, 'content-type': 'application/json' };
    expect((await call('POST', '/api/scans/scn_pub/publish', { headers: json, payload: { title: 'Mine' } })).statusCode).toBe(200);
    expect((await call('POST', '/api/scans/scn_pub/publish', { headers: { 'content-type': 'application/json' }, payload: {} })).statusCode).toBe(401);
    expect((await call('POST', '/api/scans/scn_none/publish', { headers: json, payload: {} })).statusCode).toBe(404);
    scanDocFixture(deps, { scanId: 'scn_pub_busy', accountId, status: 'queued' });
    expect((await call('POST', '/api/scans/scn_pub_busy/publish', { headers: json, payload: {} })).statusCode).toBe(409);
    expect((await call('POST', '/api/scans/scn_pub/publish', { headers: { ...cookie, 'content-type': 'text/plain' }, payload: 'x' })).statusCode).toBe(400);
  });

  it('unpublish: a signed-in session takes its scan out of the library; refusals', async () => {
    scanDocFixture(deps, { scanId: 'scn_unpub', accountId, status: 'complete' }, { published_at: deps.now() });
    const json = { ...cookie, 'content-type': 'application/json' };
    const done = await call('POST', '/api/scans/scn_unpub/unpublish', { headers: json, payload: {} });
    expect(done.json()).toEqual({ scan_id: 'scn_unpub', published: false });
    expect((await call('POST', '/api/scans/scn_unpub/unpublish', { headers: { 'content-type': 'application/json' }, payload: {} })).statusCode).toBe(401);
    expect((await call('POST', '/api/scans/scn_none/unpublish', { headers: json, payload: {} })).statusCode).toBe(404);
    expect((await call('POST', '/api/scans/scn_unpub/unpublish', { headers: { ...cookie, 'content-type': 'text/plain' }, payload: 'x' })).statusCode).toBe(400);
  });

  it('delete and cancel: 204 once done, 202 while it continues, 200 cancelled, refusals', async () => {
    scanDocFixture(deps, { scanId: 'scn_del', accountId, status: 'complete' });
    expect((await call('DELETE', '/v1/scans/scn_del', { headers: auth })).statusCode).toBe(204);
    expect((await call('DELETE', '/v1/scans/scn_del', { headers: auth })).statusCode).toBe(404);
    expect((await call('DELETE', '/v1/scans/scn_del')).statusCode).toBe(401);
    scanDocFixture(deps, { scanId: 'scn_del_slow', accountId, status: 'processing' });
    deps.workflows.deletionFinishes = false;
    expect((await call('DELETE', '/v1/scans/scn_del_slow', { headers: auth })).json()).toEqual({ scan_id: 'scn_del_slow', status: 'deleting' });
    deps.workflows.deletionFinishes = true;
    scanDocFixture(deps, { scanId: 'scn_cancel', accountId, status: 'processing' });
    deps.workflows.onCancelScan = (id) => Object.assign(deps.scans.docs.get(id)!, { status: 'error', detail: 'cancelled' });
    expect((await call('POST', '/v1/scans/scn_cancel/cancel', { headers: auth })).json()).toEqual({
      scan_id: 'scn_cancel',
      status: 'error',
      pct: 0,
      detail: 'cancelled',
      title: 'title of scn_cancel',
      created_at: '2026-03-10T12:00:00.000Z',
      source_name: 'clip.mp4',
    });
    expect((await call('POST', '/v1/scans/scn_cancel/cancel', { headers: auth })).statusCode).toBe(409);
    expect((await call('POST', '/v1/scans/scn_none/cancel', { headers: auth })).statusCode).toBe(404);
  });

  it('close an account: 400 on a wrong email, 204 once done, 202 while it continues, 401 after', async () => {
    const doomed = await accountWithKey(deps);
    const json = { ...doomed.auth, 'content-type': 'application/json' };
    expect((await call('DELETE', '/v1/account', { headers: json, payload: { email: 'no@match.example' } })).statusCode).toBe(400);
    expect((await call('DELETE', '/v1/account', { headers: json, payload: { email: doomed.account.email } })).statusCode).toBe(204);
    expect((await call('DELETE', '/v1/account', { headers: json, payload: { email: doomed.account.email } })).statusCode).toBe(401);
    const slow = await accountWithKey(deps);
    deps.workflows.deletionFinishes = false;
    const closing = await call('DELETE', '/v1/account', {
      headers: { ...slow.auth, 'content-type': 'application/json' },
      payload: { email: slow.account.email },
    });
    deps.workflows.deletionFinishes = true;
    expect(closing.json()).toEqual({ account_id: slow.account._id, status: 'closing' });
  });

  it('set and change the password: 200 set, 200 changed, 400 without the current one, 403 with a wrong one, 401 keyless', async () => {
    const owner = await accountWithKey(deps);
    const json = { ...owner.auth, 'content-type': 'application/json' };
    expect((await call('PUT', '/v1/account/password', { headers: json, payload: { password: 'first password' } })).json()).toEqual({
      status: 'set',
      signed_out_sessions: 0,
    });
    expect((await call('PUT', '/v1/account/password', { headers: json, payload: { password: 'second password' } })).statusCode).toBe(400);
    expect(
      (await call('PUT', '/v1/account/password', { headers: json, payload: { password: 'second password', current_password: 'a guess' } })).statusCode,
    ).toBe(403);
    const changed = await call('PUT', '/v1/account/password', { headers: json, payload: { password: 'second password', current_password: 'first password' } });
    expect(changed.json()).toEqual({ status: 'changed', signed_out_sessions: 0 });
    expect(
      (await call('PUT', '/v1/account/password', { headers: { 'content-type': 'application/json' }, payload: { password: 'x password' } })).statusCode,
    ).toBe(401);
  });

  it('the model interface: models, usage, completions (JSON and stream), OpenAI-shaped errors', async () => {
    expect((await call('GET', '/v1/models', { headers: auth })).statusCode).toBe(200);
    expect((await call('GET', '/v1/models')).statusCode).toBe(401);
    expect((await call('GET', '/v1/usage', { headers: auth })).statusCode).toBe(200);
    const task = { model: 'holdline', messages: [{ role: 'user', content: 'What holds?' }] };
    expect((await call('POST', '/v1/chat/completions', { headers: agentsAuth, payload: task })).statusCode).toBe(200);
    const stream = await call('POST', '/v1/chat/completions', { headers: agentsAuth, payload: { ...task, stream: true } });
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.body.trim().endsWith('data: [DONE]')).toBe(true);
    expect((await call('POST', '/v1/chat/completions', { headers: agentsAuth, payload: { model: 'nope', messages: [] } })).statusCode).toBe(400);
    expect((await call('POST', '/v1/chat/completions', { payload: task })).statusCode).toBe(401);
    deps.upstreamSwitch.up = false;
    expect((await call('POST', '/v1/chat/completions', { headers: agentsAuth, payload: task })).statusCode).toBe(503);
    deps.upstreamSwitch.up = true;
    expect((await call('GET', '/v1/usage')).statusCode).toBe(401);
    const tooBig = { ...task, messages: [{ role: 'user', content: 'x'.repeat(LIMITS.chatRequestBytes + 1) }] };
    expect((await call('POST', '/v1/chat/completions', { headers: agentsAuth, payload: tooBig })).statusCode).toBe(413);
    // A call already running on this key: 429 rate_limit with Retry-After.
    const { keyHash } = (await deps.accounts.authenticate(agentsAuth.authorization!.slice('Bearer '.length)))!;
    deps.calls.slots.set(keyHash, { callId: 'call_running', expiresAt: deps.now().getTime() + 60_000 });
    expect((await call('POST', '/v1/chat/completions', { headers: agentsAuth, payload: task })).statusCode).toBe(429);
    deps.calls.slots.delete(keyHash);
  });

  it('retention and the account archive: read and set the setting, media_url null once removed, the tar stream, refusals', async () => {
    const owner = await accountWithKey(deps);
    const json = { ...owner.auth, 'content-type': 'application/json' };
    expect((await call('GET', '/v1/account/retention', { headers: owner.auth })).json()).toEqual({
      media_retention_days: null,
      include_published: false,
      operator_default_days: null,
      effective_days: null,
    });
    const set = await call('PUT', '/v1/account/retention', { headers: json, payload: { media_retention_days: 30, include_published: true } });
    expect(set.json()).toEqual({ media_retention_days: 30, include_published: true, operator_default_days: null, effective_days: 30 });
    for (const payload of [{ media_retention_days: -1 }, { media_retention_days: 3651 }, { media_retention_days: 1.5 }, {}]) {
      const refused = await call('PUT', '/v1/account/retention', { headers: json, payload });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await call('PUT', '/v1/account/retention', { payload: { media_retention_days: 1 } })).statusCode).toBe(401);
    expect((await call('GET', '/v1/account/retention')).statusCode).toBe(401);

    scanDocFixture(deps, { scanId: 'scn_removed', accountId: owner.account._id, status: 'complete' }, { media_removed_at: deps.now() });
    const removed = await call('GET', '/v1/scans/scn_removed', { headers: owner.auth });
    expect(removed.json()).toMatchObject({ status: 'complete', media_url: null, timeline: expect.any(Array) });
    const gone = await call('GET', '/v1/scans/scn_removed/media', { headers: owner.auth });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: 'the video of scan scn_removed was removed by the retention setting (its read is kept)' });

    const archive = await call('GET', '/v1/account/export?media=1', { headers: owner.auth });
    expect(archive.headers['content-type']).toBe('application/x-tar');
    expect(archive.headers['content-disposition']).toMatch(/^attachment; filename="holdline-acct_[a-z0-9]+-\d{4}-\d{2}-\d{2}\.tar"$/);
    expect(archive.rawPayload.length % 512).toBe(0);
    expect((await call('GET', '/v1/account/export?media=2', { headers: owner.auth })).statusCode).toBe(400);
    expect((await call('GET', '/v1/account/export')).statusCode).toBe(401);
    const hit = deps.rateLimiter.hit.bind(deps.rateLimiter);
    deps.rateLimiter.hit = async () => ({ allowed: false, retryAfterSec: 7, count: 10_000 });
    expect((await call('GET', '/v1/account/export', { headers: owner.auth })).statusCode).toBe(429);
    deps.rateLimiter.hit = hit;
  });

  it('every documented route was called', () => {
    const called = new Set([...seen].map((key) => key.split(' ').slice(0, 2).join(' ')));
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(documented.filter((key) => !called.has(key))).toEqual([]);
  });
});
