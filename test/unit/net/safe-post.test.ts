// safePost and one webhook delivery attempt against a loopback server (127.0.0.1,
// let through by allowHosts): what is sent, what counts as an answer, and the
// failure each refusal or fault becomes.
import { ApplicationFailure } from '@temporalio/common';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptDelivery, attemptTestDelivery, TEST_TIMEOUT_MS, type WebhookActivityDeps } from '../../../activities/webhook-activities';
import { safePost } from '../../../net/safe-fetch';
import { newWebhookSecret } from '../../../store/accounts';
import type { ScanDoc } from '../../../store/scan-docs';

interface Received {
  method: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: http.Server;
let base: string;
const received: Received[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path === '/ok') res.writeHead(204).end();
      else if (path === '/redirect') res.writeHead(302, { location: '/ok' }).end();
      else if (path === '/gone') res.writeHead(410).end();
      else if (path === '/big') {
        res.writeHead(200);
        // Far more than the cap, and never ended: only the cap is read.
        res.write(Buffer.alloc(64 * 1024, 120));
      } else if (path === '/silent') {
        // Headers never come: the attempt's time limit ends it.
      } else res.writeHead(500).end('boom');
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const allow = { allowHosts: ['127.0.0.1:*'] };

describe('safePost', () => {
  it('POSTs the body with its headers and returns the status', async () => {
    received.length = 0;
    const answer = await safePost(`${base}/ok`, Buffer.from('{"a":1}'), {
      ...allow,
      headers: { 'content-type': 'application/json', 'x-test': 'y' },
      timeoutMs: 5000,
    });
    expect(answer.status).toBe(204);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      method: 'POST',
      body: '{"a":1}',
      headers: { 'content-type': 'application/json', 'x-test': 'y', 'content-length': '7' },
    });
  });

  it('does not follow a redirect: the 3xx is the answer', async () => {
    received.length = 0;
    const answer = await safePost(`${base}/redirect`, Buffer.from('x'), { ...allow, headers: {}, timeoutMs: 5000 });
    expect(answer.status).toBe(302);
    expect(received.map((r) => r.method)).toEqual(['POST']);
  });

  it('reads no more than the cap of a large answer that never ends', async () => {
    const answer = await safePost(`${base}/big`, Buffer.from('x'), { ...allow, headers: {}, timeoutMs: 5000, maxResponseBytes: 100 });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(Buffer.alloc(100, 120));
  });

  it('refuses loopback without the allow list, before connecting', async () => {
    received.length = 0;
    await expect(safePost(`${base}/ok`, Buffer.from('x'), { headers: {}, timeoutMs: 5000 })).rejects.toMatchObject({
      name: 'FetchError',
      code: 'forbidden_address',
    });
    expect(received).toHaveLength(0);
  });

  it('a server that never answers is a timeout', async () => {
    await expect(safePost(`${base}/silent`, Buffer.from('x'), { ...allow, headers: {}, timeoutMs: 300 })).rejects.toMatchObject({ code: 'timeout' });
  });
});

describe('one webhook delivery attempt', () => {
  const scan = { _id: 'scn_1', scan_id: 'scn_1', account_id: 'acct_1', status: 'complete', score: 61, grade: 'C' } as ScanDoc;
  const secrets: Record<string, string> = { acct_1: newWebhookSecret() };
  const deps = (overrides: Partial<WebhookActivityDeps> = {}): WebhookActivityDeps => ({
    scans: { getStatus: async (id) => (id === scan._id ? scan : null) },
    accounts: { webhookSecret: async (id) => secrets[id] ?? null },
    post: safePost,
    allowHosts: ['127.0.0.1:*'],
    ...overrides,
  });
  const input = (path: string) => ({
    scanId: 'scn_1',
    url: `${base}${path}`,
    type: 'scan.completed' as const,
    endedAtMs: Date.parse('2026-03-10T12:00:00Z'),
    webhookId: 'msg_scn_1_scan.completed',
    attempt: 1,
  });

  it('a 2xx delivers an event that verifies with the account’s secret as it is at this attempt', async () => {
    received.length = 0;
    secrets.acct_1 = newWebhookSecret();
    expect(await attemptDelivery(deps(), input('/ok'))).toEqual({ status: 204 });
    const [delivery] = received;
    expect(delivery!.headers).toMatchObject({
      'webhook-id': 'msg_scn_1_scan.completed',
      'content-type': 'application/json',
      'user-agent': 'holdline-webhooks/1',
    });
    expect(new Webhook(secrets.acct_1).verify(delivery!.body, delivery!.headers as Record<string, string>)).toEqual({
      type: 'scan.completed',
      timestamp: '2026-03-10T12:00:00.000Z',
      data: { scan_id: 'scn_1', status: 'complete', score: 61, grade: 'C' },
    });
  });

  it.each([
    { path: '/fail', type: 'WebhookRejected', message: 'the receiver answered HTTP 500', nonRetryable: false },
    { path: '/redirect', type: 'WebhookRejected', message: 'the receiver answered HTTP 302', nonRetryable: false },
    { path: '/gone', type: 'WebhookGone', message: 'the receiver answered HTTP 410 Gone', nonRetryable: true },
  ])('an answer $path is $type: "$message"', async ({ path, type, message, nonRetryable }) => {
    const failure = await attemptDelivery(deps(), input(path)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ type, message, nonRetryable });
  });

  it('no answer is WebhookUnreachable in our words, whatever the socket said', async () => {
    const refused = await attemptDelivery(deps(), { ...input('/ok'), url: 'http://127.0.0.1:1/hook' }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ type: 'WebhookUnreachable', message: 'the connection to the receiver failed' });
    const slow = await attemptDelivery(deps({ timeoutMs: 300 }), input('/silent')).catch((error: unknown) => error);
    expect(slow).toMatchObject({ type: 'WebhookUnreachable', message: 'the receiver did not answer in time' });
    const inward = await attemptDelivery(deps({ allowHosts: [] }), input('/ok')).catch((error: unknown) => error);
    expect(inward).toMatchObject({ type: 'WebhookUnreachable', message: expect.stringMatching(/^the webhook URL was refused at delivery: /) });
  });

  it('a scan or account that is gone stops the schedule', async () => {
    await expect(attemptDelivery(deps(), { ...input('/ok'), scanId: 'scn_gone' })).rejects.toMatchObject({ type: 'WebhookSourceMissing', nonRetryable: true });
    await expect(attemptDelivery(deps({ accounts: { webhookSecret: async () => null } }), input('/ok'))).rejects.toMatchObject({
      type: 'WebhookSourceMissing',
    });
  });

  it('a test event has 5 s, not a delivery’s 15; a refused address is reported in one sentence, not the rule’s reason', async () => {
    const limits: Array<number | undefined> = [];
    const recording: WebhookActivityDeps['post'] = async (url, body, options) => {
      limits.push(options.timeoutMs);
      return safePost(url, body, options);
    };
    const test = { accountId: 'acct_1', url: `${base}/ok`, webhookId: 'msg_test_1' };
    expect(await attemptTestDelivery(deps({ post: recording }), test)).toEqual({ status: 204 });
    await attemptDelivery(deps({ post: recording }), input('/ok'));
    expect({ limits, TEST_TIMEOUT_MS }).toEqual({ limits: [5000, 15_000], TEST_TIMEOUT_MS: 5000 });
    const slow = await attemptTestDelivery(deps({ testTimeoutMs: 300 }), { ...test, url: `${base}/silent` });
    expect(slow).toEqual({ status: null, reason: 'the receiver did not answer in time' });
    const inward = await attemptTestDelivery(deps({ allowHosts: [] }), test);
    expect(inward).toEqual({ status: null, reason: 'the webhook URL was refused at delivery: it is not a public http(s) address' });
  });

  it('a post that fails otherwise (not a FetchError) is rethrown as it is', async () => {
    const boom = new Error('bug');
    await expect(attemptDelivery(deps({ post: async () => Promise.reject(boom) }), input('/ok'))).rejects.toBe(boom);
  });
});
