import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchError, safeFetchStream, type SafeFetchOptions } from '../../../net/safe-fetch';

// A loopback server with one route per behaviour. Tests reach it as
// 127.0.0.1 (allowed through allowHosts) and see what happens on each hop.
let server: http.Server;
let port: number;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const to = url.searchParams.get('to');
    switch (url.pathname) {
      case '/video':
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': '11' });
        res.end('hello video');
        return;
      case '/redirect':
        res.writeHead(302, { location: to ?? '/video' });
        res.end();
        return;
      case '/loop':
        res.writeHead(301, { location: `/loop?n=${Number(url.searchParams.get('n') ?? 0) + 1}` });
        res.end();
        return;
      case '/chain': {
        const n = Number(url.searchParams.get('n') ?? 0);
        res.writeHead(307, { location: n >= 4 ? '/video' : `/chain?n=${n + 1}` });
        res.end();
        return;
      }
      case '/big-declared':
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': '5000' });
        res.end(Buffer.alloc(5000));
        return;
      case '/big-chunked':
        res.writeHead(200, { 'content-type': 'video/mp4' });
        for (let i = 0; i < 10; i++) res.write(Buffer.alloc(1000, 1));
        res.end();
        return;
      case '/missing':
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('no');
        return;
      case '/page':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end('<p>hi</p>');
        return;
      case '/stall':
        res.writeHead(200, { 'content-type': 'video/mp4' });
        res.write('a');
        return; // never ends
      case '/host':
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(req.headers.host ?? '');
        return;
      default:
        res.writeHead(500);
        res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const opts = (extra: Partial<SafeFetchOptions> = {}): SafeFetchOptions => ({
  allowHosts: [`127.0.0.1:${port}`],
  maxBytes: 1000,
  timeoutMs: 5000,
  ...extra,
});

async function failure(promise: Promise<unknown>): Promise<FetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FetchError) return error;
    throw error;
  }
  throw new Error('expected a FetchError');
}

describe('safeFetchStream', () => {
  it('streams the body of an allowed host with its type and length', async () => {
    const res = await safeFetchStream(`${base}/video`, opts());
    expect([res.finalUrl, res.contentType, res.contentLength]).toEqual([`${base}/video`, 'video/mp4', 11]);
    expect(await text(res.body)).toBe('hello video');
  });

  it('follows up to 5 redirects and reports the final URL', async () => {
    const res = await safeFetchStream(`${base}/chain?n=0`, opts());
    expect(res.finalUrl).toBe(`${base}/video`);
    expect(await text(res.body)).toBe('hello video');
  });

  it('stops at the sixth redirect with too_many_redirects', async () => {
    const error = await failure(safeFetchStream(`${base}/loop`, opts()));
    expect(error.code).toBe('too_many_redirects');
    expect(error.permanent).toBe(true);
  });

  it('refuses a redirect from an allowed host to a loopback name that is not allowed', async () => {
    const error = await failure(safeFetchStream(`${base}/redirect?to=${encodeURIComponent(`http://localhost:${port}/video`)}`, opts()));
    expect(error.code).toBe('forbidden_address');
  });

  it('refuses a redirect to the cloud metadata address and to an IPv4-mapped loopback', async () => {
    for (const to of ['http://169.254.169.254/latest/meta-data/', `http://[::ffff:127.0.0.1]:${port}/video`, `http://2130706433:${port}/video`]) {
      const allowed = to.includes('2130706433') ? [`127.0.0.2:${port}`] : [`127.0.0.1:${port}`];
      const first = to.includes('2130706433') ? `http://localhost:${port}` : base;
      const error = await failure(safeFetchStream(`${first}/redirect?to=${encodeURIComponent(to)}`, opts({ allowHosts: [...allowed, `localhost:${port}`] })));
      expect(error.code).toBe('forbidden_address');
    }
  });

  it('refuses a redirect to another port of an allowed host: entries are host:port, checked at every hop', async () => {
    // The Temporal frontend's port on a listed loopback: refused before any connection.
    const error = await failure(safeFetchStream(`${base}/redirect?to=${encodeURIComponent('http://127.0.0.1:7233/')}`, opts()));
    expect([error.code, error.message]).toEqual(['forbidden_address', '127.0.0.1 is not a public address (loopback)']);
    const direct = await failure(safeFetchStream(`http://127.0.0.1:${port + 1 > 65535 ? port - 1 : port + 1}/video`, opts()));
    expect(direct.code).toBe('forbidden_address');
  });

  it('host:* exempts every port of that host', async () => {
    const res = await safeFetchStream(`${base}/video`, opts({ allowHosts: ['127.0.0.1:*'] }));
    expect(res.finalUrl).toBe(`${base}/video`);
    await text(res.body);
  });

  it('refuses a redirect to a non-http scheme', async () => {
    const error = await failure(safeFetchStream(`${base}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`, opts()));
    expect(error.code).toBe('bad_scheme');
  });

  it('refuses loopback outright when it is not in allowHosts', async () => {
    const error = await failure(safeFetchStream(`${base}/video`, opts({ allowHosts: [] })));
    expect(error.code).toBe('forbidden_address');
  });

  it('connects to the checked address, not to what the name resolves to later', async () => {
    // `pinned.test` exists only in this resolver; the request still reaches the
    // server, so the socket used the checked address and never asked DNS again.
    const res = await safeFetchStream(
      `http://pinned.test:${port}/host`,
      opts({
        allowHosts: [`pinned.test:${port}`],
        lookup: async () => [{ address: '127.0.0.1', family: 4 }],
      }),
    );
    expect(await text(res.body)).toBe(`pinned.test:${port}`);
  });

  it('refuses a declared length over maxBytes before reading the body', async () => {
    const error = await failure(safeFetchStream(`${base}/big-declared`, opts()));
    expect([error.code, error.permanent]).toEqual(['too_large', true]);
  });

  it('ends a chunked body with too_large once it passes maxBytes', async () => {
    const res = await safeFetchStream(`${base}/big-chunked`, opts({ maxBytes: 2500 }));
    expect(res.contentLength).toBeUndefined();
    const error = await failure(text(res.body));
    expect(error.code).toBe('too_large');
  });

  it('reports an HTTP error status with its number', async () => {
    const error = await failure(safeFetchStream(`${base}/missing`, opts()));
    expect([error.code, error.status, error.permanent]).toEqual(['http_status', 404, true]);
  });

  it('refuses a content type outside the allow-list', async () => {
    const error = await failure(safeFetchStream(`${base}/video`, opts({ acceptContentTypes: ['text/html', 'text/plain'] })));
    expect(error.code).toBe('bad_content_type');
    const page = await safeFetchStream(`${base}/page`, opts({ acceptContentTypes: ['text/*'] }));
    expect(await text(page.body)).toBe('<p>hi</p>');
  });

  it('times out a body that stops arriving', async () => {
    const res = await safeFetchStream(`${base}/stall`, opts({ idleTimeoutMs: 200 }));
    const error = await failure(text(res.body));
    expect([error.code, error.permanent]).toEqual(['timeout', false]);
  });

  it('does not count a slow reader as an idle server', async () => {
    const res = await safeFetchStream(`${base}/big-chunked`, opts({ maxBytes: 20_000, idleTimeoutMs: 100 }));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await text(res.body)).length).toBe(10_000);
  });

  it('times out the whole download at timeoutMs', async () => {
    // The idle timer is far beyond the test's own timeout: only the overall timer can end this.
    const res = await safeFetchStream(`${base}/stall`, opts({ timeoutMs: 300, idleTimeoutMs: 600_000 }));
    const error = await failure(text(res.body));
    expect(error.code).toBe('timeout');
    expect(error.message).toBe('the download took longer than 300 ms');
  });

  it('rejects with the caller’s abort reason', async () => {
    const controller = new AbortController();
    const res = await safeFetchStream(`${base}/stall`, opts({ signal: controller.signal }));
    const reason = new Error('scan cancelled');
    setTimeout(() => controller.abort(reason), 50);
    await expect(text(res.body)).rejects.toBe(reason);
  });

  it('reports a refused connection as a retryable network error', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const freePort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(safeFetchStream(`http://127.0.0.1:${freePort}/`, opts({ allowHosts: [`127.0.0.1:${freePort}`] })));
    expect([error.code, error.permanent]).toEqual(['network', false]);
  });
});
