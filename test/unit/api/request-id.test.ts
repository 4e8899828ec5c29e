// x-request-id on every response: a fresh req_<hex>, or the client's own when well formed;
// the same id in the log lines of the request and in the memo of the workflows it starts.
import type { FastifyInstance } from 'fastify';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/app';
import { accountWithKey, fakeDeps } from '../fake-deps';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function setUp(logLines?: string[]) {
  const deps = fakeDeps({}, { allowHosts: ['127.0.0.1:80'] });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines?.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  app = await buildApp(deps, logLines ? { logger: { level: 'info', stream } } : {});
  return { deps, app, ...(await accountWithKey(deps)) };
}

const GENERATED = /^req_[0-9a-f]{24}$/;

describe('x-request-id', () => {
  it('every response gets a fresh id: 200, 401, 404, the health check and a website page', async () => {
    const { app, auth } = await setUp();
    const responses = await Promise.all([
      app.inject({ method: 'GET', url: '/v1/scans', headers: auth }),
      app.inject({ method: 'GET', url: '/v1/scans' }),
      app.inject({ method: 'GET', url: '/no/such/route' }),
      app.inject({ method: 'GET', url: '/healthz' }),
      app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } }),
    ]);
    const ids = responses.map((r) => r.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(GENERATED);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each([
    ['kept', 'client-123_abc.DEF', 'client-123_abc.DEF'],
    ['kept at 128 characters', 'a'.repeat(128), 'a'.repeat(128)],
  ])('a well-formed client id is %s', async (_name, sent, expected) => {
    const { app, auth } = await setUp();
    const response = await app.inject({ method: 'GET', url: '/v1/scans', headers: { ...auth, 'x-request-id': sent } });
    expect(response.headers['x-request-id']).toBe(expected);
  });

  it.each([
    ['too long', 'a'.repeat(129)],
    ['with a space', 'a b'],
    ['with a slash or quote', 'a/"b'],
    ['empty', ''],
  ])('a client id %s is replaced by a fresh one (the request is still served)', async (_name, sent) => {
    const { app, auth } = await setUp();
    const response = await app.inject({ method: 'GET', url: '/v1/scans', headers: { ...auth, 'x-request-id': sent } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toMatch(GENERATED);
  });

  it('rides into the memo of the scan, recut and chat workflows it starts', async () => {
    const { deps, app, account, auth } = await setUp();
    await deps.accounts.setPlan(account._id, 'agents');
    const scan = await app.inject({
      method: 'POST',
      url: '/v1/scans',
      headers: { ...auth, 'x-request-id': 'scan-req-1' },
      payload: { input: { type: 'url', url: 'http://127.0.0.1/a.mp4' } },
    });
    expect(scan.statusCode).toBe(202);
    const scanId = scan.json().scan_id as string;
    Object.assign(deps.scans.docs.get(scanId)!, { status: 'complete', duration_sec: 60 });
    const recut = await app.inject({ method: 'POST', url: `/v1/scans/${scanId}/recut`, headers: { ...auth, 'x-request-id': 'recut-req-1' }, payload: {} });
    expect(recut.statusCode).toBe(202);
    const chat = await app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: auth,
      payload: { model: 'holdline', messages: [{ role: 'user', content: 'hi' }] },
    });
    expect(chat.statusCode).toBe(200);
    expect(deps.workflows.started.map((s) => s.kind)).toEqual(['scan', 'recut', 'chat']);
    expect(deps.workflows.requestIds).toEqual(['scan-req-1', 'recut-req-1', chat.headers['x-request-id']]);
  });

  it('the hijacked SSE reply of a chat call carries it', async () => {
    const { app, auth } = await setUp();
    const streamed = await app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: { ...auth, 'x-request-id': 'stream-1' },
      payload: { model: 'holdline', stream: true, messages: [{ role: 'user', content: 'hi' }] },
    });
    expect(streamed.headers['content-type']).toContain('text/event-stream');
    expect(streamed.headers['x-request-id']).toBe('stream-1');
  });

  it('every log line of the request names it as request_id', async () => {
    const lines: string[] = [];
    const { app, auth } = await setUp(lines);
    await app.inject({ method: 'GET', url: '/v1/scans', headers: { ...auth, 'x-request-id': 'logged-1' } });
    const mine = lines.map((line) => JSON.parse(line) as { request_id?: string; msg: string }).filter((entry) => entry.request_id === 'logged-1');
    expect(mine.map((entry) => entry.msg)).toEqual(['GET /v1/scans 200']);
    expect(lines.every((line) => 'request_id' in JSON.parse(line))).toBe(true);
  });
});
