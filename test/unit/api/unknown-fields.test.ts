// Unknown body fields on every JSON route (issue 33 item 4): refused with 400 in the
// route's error shape, naming every unknown field, before anything runs; the same body
// without them is not refused. The model interface keeps its own documented rules.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/app';
import { unknownBodyFields, unknownBodyMessage } from '../../../core/body-fields';
import { CloseAccountBody } from '../../../core/wire/account';
import { SubmitScanBody } from '../../../core/wire/scans';
import { FormBody } from '../../../core/wire/web';
import { newScanId } from '../../../store/ids';
import { SESSION_COOKIE } from '../../../http/session';
import { CSRF_HEADER } from '../../../web/routes/submit';
import { accountWithKey, fakeDeps, scanDocFixture, type FakeDeps } from '../fake-deps';
import { multipart } from './multipart';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const VIDEO_URL = 'http://127.0.0.5:9/clip.mp4';

interface Caller {
  deps: FakeDeps;
  accountId: string;
  email: string;
  scanId: string;
  headers: Record<string, string>;
}

interface Row {
  route: string;
  /** Who calls: the key (of a plan), or the website's session (with its CSRF header for the scans page's script). */
  as: 'key' | 'agents key' | 'session' | 'session+csrf';
  url: (caller: Caller) => string;
  /** A body the route takes. */
  body: (caller: Caller) => Record<string, unknown>;
  /** Unknown fields added to it, and the detail that names them. */
  extra: Record<string, unknown>;
  detail: string;
}

const ROWS: Row[] = [
  {
    route: 'POST /v1/scans',
    as: 'key',
    url: () => '/v1/scans',
    body: () => ({ input: { type: 'url', url: VIDEO_URL } }),
    extra: { webhok_url: 'http://127.0.0.5:9/hook' },
    detail: 'unknown body field "webhok_url"; this route takes input, title, webhook_url',
  },
  {
    route: 'POST /v1/scans (nested)',
    as: 'key',
    url: () => '/v1/scans',
    body: () => ({ input: { type: 'url', url: VIDEO_URL } }),
    extra: { title: 'ok', priority: 'high' },
    detail: 'unknown body field "priority"; this route takes input, title, webhook_url',
  },
  {
    route: 'POST /v1/scans/{id}/recut',
    as: 'agents key',
    url: ({ scanId }) => `/v1/scans/${scanId}/recut`,
    body: () => ({ goal: 'tighter', max_seconds: 10 }),
    extra: { max_len: 5, style: 'fast' },
    detail: 'unknown body fields "max_len", "style"; this route takes goal, max_seconds',
  },
  {
    route: 'PUT /v1/account/retention',
    as: 'key',
    url: () => '/v1/account/retention',
    body: () => ({ media_retention_days: 5 }),
    extra: { include_publshed: true },
    detail: 'unknown body field "include_publshed"; this route takes media_retention_days, include_published',
  },
  {
    route: 'PUT /v1/account/password',
    as: 'key',
    url: () => '/v1/account/password',
    body: () => ({ password: 'a new password' }),
    extra: { curent_password: 'x' },
    detail: 'unknown body field "curent_password"; this route takes password, current_password',
  },
  {
    route: 'DELETE /v1/account',
    as: 'key',
    url: () => '/v1/account',
    body: ({ email }) => ({ email }),
    extra: { dry_run: true },
    detail: 'unknown body field "dry_run"; this route takes email, password',
  },
  {
    route: 'POST /v1/webhooks/test',
    as: 'key',
    url: () => '/v1/webhooks/test',
    body: () => ({ url: 'http://127.0.0.5:9/hook' }),
    extra: { retries: 3 },
    detail: 'unknown body field "retries"; this route takes url',
  },
  {
    route: 'POST /api/scans/{id}/publish',
    as: 'session',
    url: ({ scanId }) => `/api/scans/${scanId}/publish`,
    body: () => ({ title: 'mine' }),
    extra: { featured: true },
    detail: 'unknown body field "featured"; this route takes title',
  },
  {
    route: 'POST /api/scans/{id}/unpublish',
    as: 'session',
    url: ({ scanId }) => `/api/scans/${scanId}/unpublish`,
    body: () => ({}),
    extra: { everywhere: true },
    detail: 'unknown body field "everywhere"; this route takes no body fields',
  },
  {
    route: 'POST /scans/url (the scans page)',
    as: 'session+csrf',
    url: () => '/scans/url',
    body: () => ({ url: VIDEO_URL }),
    extra: { webhook_url: 'http://127.0.0.5:9/hook' },
    detail: 'unknown body field "webhook_url"; this route takes url, title',
  },
];

async function callerFor(row: Row): Promise<Caller> {
  const deps = fakeDeps({ HOLDLINE_ALLOW_HOSTS: '127.0.0.5:9' });
  app = await buildApp(deps);
  const { account, auth } = await accountWithKey(deps, row.as === 'agents key' ? 'agents' : 'signal');
  const scanId = newScanId();
  deps.scans.docs.set(scanId, scanDocFixture(deps, { scanId, accountId: account._id, status: 'complete' }));
  let headers: Record<string, string> = auth;
  if (row.as.startsWith('session')) {
    const { token, session } = await deps.sessions.create(account._id, deps.now());
    headers = { cookie: `${SESSION_COOKIE}=${token}`, ...(row.as === 'session+csrf' ? { [CSRF_HEADER]: session.csrf } : {}) };
  }
  return { deps, accountId: account._id, email: account.email, scanId, headers };
}

/** Everything a refused request must not have done. */
function untouched(caller: Caller) {
  const { deps } = caller;
  return {
    started: deps.workflows.started,
    webhookTests: deps.workflows.webhookTests,
    closures: deps.workflows.closures,
    scans: [...deps.scans.docs.keys()],
    published: deps.scans.docs.get(caller.scanId)?.published_at,
    closing: deps.accounts.docs.get(caller.accountId)?.closing_at,
    retention: deps.accounts.docs.get(caller.accountId)?.media_retention_days,
    password: deps.sessions.passwords.get(caller.accountId),
  };
}

describe('unknown body fields', () => {
  it.each(ROWS)('$route: refused with 400 {detail} naming them, nothing done; the body without them is taken', async (row) => {
    const caller = await callerFor(row);
    const before = structuredClone(untouched(caller));
    const refused = await app!.inject({
      method: row.route.split(' ')[0] as 'POST',
      url: row.url(caller),
      headers: caller.headers,
      payload: mergeExtra(row, caller),
    });
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 400, body: { detail: row.detail } });
    expect(untouched(caller)).toEqual(before);
    const taken = await app!.inject({ method: row.route.split(' ')[0] as 'POST', url: row.url(caller), headers: caller.headers, payload: row.body(caller) });
    expect(taken.statusCode, taken.body).toBeLessThan(300);
  });

  it('a nested unknown field is named by its path', async () => {
    const caller = await callerFor(ROWS[0]!);
    const refused = await app!.inject({
      method: 'POST',
      url: '/v1/scans',
      headers: caller.headers,
      payload: { input: { type: 'url', url: VIDEO_URL, headers: { cookie: 'x' } } },
    });
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: 400,
      body: { detail: 'unknown body field "input.headers"; this route takes input, title, webhook_url' },
    });
    expect(caller.deps.workflows.started).toEqual([]);
  });

  it('an upload with an unknown form field is refused naming it, and nothing is kept', async () => {
    const caller = await callerFor(ROWS[0]!);
    const body = multipart([
      { name: 'webhok_url', value: 'http://127.0.0.5:9/hook' },
      { name: 'file', filename: 'clip.mp4', data: Buffer.alloc(2048, 3) },
    ]);
    const refused = await app!.inject({ method: 'POST', url: '/v1/scans', headers: { ...caller.headers, ...body.headers }, payload: body.payload });
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: 400,
      body: { detail: 'unknown form field "webhok_url"; this route takes file, title, webhook_url' },
    });
    expect(caller.deps.workflows.started).toEqual([]);
    expect(caller.deps.media.objects.size).toBe(0);
    expect(caller.deps.usage.of(caller.accountId, caller.deps.now()).scans).toBe(0);
  });

  it('the model interface keeps its documented rules (sampling fields are taken) and answers refusals as {error: {…}}', async () => {
    const caller = await callerFor(ROWS[0]!);
    const chat = (payload: unknown) =>
      app!.inject({ method: 'POST', url: '/v1/chat/completions', headers: caller.headers, payload: payload as Record<string, unknown> });
    const notObject = await chat([1]);
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json()).toEqual({ error: { message: expect.any(String), type: 'invalid_request_error', param: null, code: null } });
    const unknownModel = await chat({ model: 'gpt-9', messages: [{ role: 'user', content: 'hi' }], temperature: 0.2, frobnicate: true });
    expect(unknownModel.statusCode).toBe(400);
    expect(unknownModel.json()).toEqual({
      error: { message: expect.stringMatching(/^unknown model "gpt-9"/), type: 'invalid_request_error', param: 'model', code: null },
    });
  });
});

function mergeExtra(row: Row, caller: Caller): Record<string, unknown> {
  return { ...row.body(caller), ...row.extra };
}

describe('unknownBodyFields', () => {
  it('names top-level and nested fields a closed schema does not take, in order; open objects are not looked into', () => {
    expect(unknownBodyFields({ input: { type: 'url', url: 'u', x: 1 }, y: 2, title: 't' }, SubmitScanBody)).toEqual(['input.x', 'y']);
    expect(unknownBodyFields({ email: 'e', password: 'p' }, CloseAccountBody)).toEqual([]);
    expect(unknownBodyFields({ anything: 'goes' }, FormBody)).toEqual([]);
    expect(unknownBodyFields({ a: 1 }, { type: 'object' })).toEqual([]);
    expect(unknownBodyFields({ a: 1 }, { type: 'object', additionalProperties: false })).toEqual(['a']);
    expect(unknownBodyFields('text', SubmitScanBody)).toEqual([]);
    expect(unknownBodyMessage(['a', 'b'], [])).toBe('unknown body fields "a", "b"; this route takes no body fields');
  });
});
