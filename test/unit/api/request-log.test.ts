// One log line per request at `info`; health checks, metrics scrapes and polls of
// scans in flight at `debug` (api/request-log.ts).
import type { FastifyInstance } from 'fastify';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/app';
import { requestLogLevel } from '../../../api/request-log';
import { accountWithKey, fakeDeps } from '../fake-deps';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

interface Line {
  level: number;
  msg: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

async function setUp(level: 'info' | 'debug') {
  const lines: Line[] = [];
  const deps = fakeDeps({}, { allowHosts: ['127.0.0.1:80'] });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(
        ...String(chunk)
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Line),
      );
      done();
    },
  });
  app = await buildApp(deps, { logger: { level, stream } });
  return { deps, app, lines, ...(await accountWithKey(deps)) };
}

describe('requestLogLevel', () => {
  it.each([
    ['GET', '/healthz', 200, '{"ok":true}', 'debug'],
    ['GET', '/readyz', 503, '{}', 'debug'],
    ['GET', '/metrics', 200, '# HELP', 'debug'],
    ['GET', '/v1/scans/:id', 200, '{"scan_id":"scn_1","status":"processing","pct":40}', 'debug'],
    ['GET', '/v1/scans/:id', 200, '{"scan_id":"scn_1","status":"queued","pct":0}', 'debug'],
    ['GET', '/v1/scans/:id', 200, '{"scan_id":"scn_1","status":"complete","pct":100}', 'info'],
    ['GET', '/v1/scans/:id', 404, '{"detail":"no such scan"}', 'info'],
    ['GET', '/scans/:id/status', 200, '{"scan_id":"scn_1","status":"processing"}', 'debug'],
    ['GET', '/v1/recuts/:id', 200, '{"recut_id":"rct_1","status":"queued"}', 'debug'],
    ['GET', '/recuts/:id', 200, '<p id="progress">processing: render, 40%</p>', 'debug'],
    ['GET', '/recuts/:id', 200, '<h1>Recut rct_1</h1>', 'info'],
    ['DELETE', '/v1/scans/:id', 200, '{"status":"processing"}', 'info'],
    ['GET', '/v1/scans', 200, '{"data":[{"status":"processing"}]}', 'info'],
    ['GET', undefined, 404, '{"detail":"not found"}', 'info'],
  ] as const)('%s %s %i → %s … is %s', (method, route, status, body, level) => {
    expect(requestLogLevel(method, route, status, body)).toBe(level);
  });
});

describe('the request log', () => {
  it('writes one info line per request with method, URL, status and time, and none for health checks at info', async () => {
    const { app, lines, auth } = await setUp('info');
    await app.inject({ method: 'GET', url: '/healthz' });
    await app.inject({ method: 'GET', url: '/v1/scans?limit=5', headers: auth });
    await app.inject({ method: 'GET', url: '/v1/nothing-here', headers: auth });
    expect(lines.map((line) => [line.level, line.msg, line.req?.url, line.res?.statusCode])).toEqual([
      [30, 'GET /v1/scans?limit=5 200', '/v1/scans?limit=5', 200],
      [30, 'GET /v1/nothing-here 404', '/v1/nothing-here', 404],
    ]);
    expect(lines.every((line) => typeof line.responseTime === 'number')).toBe(true);
  });

  it('at debug, health checks and polls of a scan in flight are logged too, at debug', async () => {
    const { app, lines, auth } = await setUp('debug');
    const scan = await app.inject({ method: 'POST', url: '/v1/scans', headers: auth, payload: { input: { type: 'url', url: 'http://127.0.0.1/a.mp4' } } });
    const scanId = scan.json().scan_id as string;
    await app.inject({ method: 'GET', url: `/v1/scans/${scanId}`, headers: auth });
    await app.inject({ method: 'GET', url: '/healthz' });
    const requestLines = lines.filter((line) => line.req);
    expect(requestLines.map((line) => [line.level, line.msg])).toEqual([
      [30, 'POST /v1/scans 202'],
      [20, `GET /v1/scans/${scanId} 200`],
      [20, 'GET /healthz 200'],
    ]);
  });
});
