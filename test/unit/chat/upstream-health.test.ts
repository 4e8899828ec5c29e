// The admission health check against a loopback server that counts its /models requests.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MODEL_NOT_CONFIGURED_MESSAGE, UpstreamHealth } from '../../../api/upstream-health';

let server: http.Server;
let baseUrl: string;
let hits = 0;
let status = 200;

beforeEach(async () => {
  hits = 0;
  status = 200;
  server = http.createServer((_req, res) => {
    hits += 1;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end('{"data":[]}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterEach(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

// A server that answers is given far longer than the 2 s default to do it: on a loaded
// machine the first request of a process (loading the HTTP client) took longer than that.
const ANSWERING_MS = 30_000;

describe('UpstreamHealth', () => {
  it('trusts a good answer for its TTL, and asks again once invalidated', async () => {
    const health = new UpstreamHealth({ baseUrl, apiKey: 'k', ttlMs: 600_000, timeoutMs: ANSWERING_MS });
    await health.assertReachable();
    await health.assertReachable();
    expect(hits).toBe(1);
    health.invalidate();
    await health.assertReachable();
    expect(hits).toBe(2);
  });

  it('reachableNow ignores the cached answer and reports a server that now fails', async () => {
    const health = new UpstreamHealth({ baseUrl, apiKey: 'k', ttlMs: 600_000, timeoutMs: ANSWERING_MS });
    await health.assertReachable();
    status = 503;
    expect(await health.reachableNow()).toBe(false);
    // The failed check is trusted for a second: admission refuses without asking again.
    await expect(health.assertReachable()).rejects.toMatchObject({ code: 'model_unavailable' });
    expect(hits).toBe(2);
    status = 200;
    expect(await health.reachableNow()).toBe(true);
    expect(hits).toBe(3);
  });

  it('reports a closed port as unreachable', async () => {
    const health = new UpstreamHealth({ baseUrl, apiKey: 'k', ttlMs: 600_000 });
    await new Promise<void>((resolve) => server.close(() => resolve()));
    server = http.createServer();
    server.listen(0, '127.0.0.1');
    expect(await health.reachableNow()).toBe(false);
  });

  it('a storm of calls while the server is down costs one check a second, and a server that comes back is seen after it', async () => {
    let clock = 0;
    const health = new UpstreamHealth({ baseUrl, apiKey: 'k', ttlMs: 5000, now: () => clock });
    status = 503;
    const refusals = await Promise.allSettled(Array.from({ length: 50 }, () => health.assertReachable()));
    expect(refusals.every((outcome) => outcome.status === 'rejected')).toBe(true);
    expect(await health.state()).toBe('unavailable');
    expect(hits).toBe(1);
    status = 200;
    clock = 999;
    await expect(health.assertReachable()).rejects.toMatchObject({ code: 'model_unavailable' });
    expect(hits).toBe(1);
    clock = 1000;
    await health.assertReachable();
    expect(await health.state()).toBe('available');
    expect(hits).toBe(2);
  });

  it('with no server configured, asks nothing and says what to set', async () => {
    const health = new UpstreamHealth({ baseUrl: null, apiKey: 'k', ttlMs: 5000 });
    expect(await health.state()).toBe('not configured');
    await expect(health.assertReachable()).rejects.toMatchObject({ code: 'model_unavailable', message: MODEL_NOT_CONFIGURED_MESSAGE });
    expect(MODEL_NOT_CONFIGURED_MESSAGE).toContain('MODEL_BASE_URL');
    expect(await health.reachableNow()).toBe(false);
    expect(hits).toBe(0);
  });

  it('tells clients not to retry when no model can come back by itself, and to retry later when the server is only down', async () => {
    const gone = new UpstreamHealth({ baseUrl: null, apiKey: 'k', ttlMs: 5000, unavailableReason: 'model server exited (signal SIGSEGV)' });
    expect(gone.unavailableReason).toBe('model server exited (signal SIGSEGV)');
    await expect(gone.assertReachable()).rejects.toMatchObject({
      code: 'model_unavailable',
      message: 'the model server could not start: model server exited (signal SIGSEGV)',
      extra: { shouldRetry: false },
    });
    status = 503;
    const down = new UpstreamHealth({ baseUrl, apiKey: 'k', ttlMs: 5000 });
    expect(down.unavailableReason).toBeUndefined();
    await expect(down.assertReachable()).rejects.toMatchObject({ code: 'model_unavailable', extra: { retryAfterSec: 5 } });
  });
});
