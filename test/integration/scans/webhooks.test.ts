import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../helpers/fixtures';
import { ONE_SCAN_TEST_MS, ScanClient } from '../helpers/scan-client';
import { startService, type Service } from '../helpers/service';

// Completion webhooks on the real stack (Temporal, FerretDB, ffmpeg, workers in
// process): a loopback receiver verifies every delivery with standardwebhooks'
// Webhook.verify against the secret the account page shows. Loopback is let
// through the public-address rule by HOLDLINE_ALLOW_HOSTS, and the retry
// schedule is shortened to 0, 1, 1 s so a receiver that fails twice is served
// within the test.

interface Delivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Answers each POST with what `respond` says; GET serves the corrupt fixture (the JSON submissions' video). */
class Receiver {
  readonly deliveries: Delivery[] = [];
  private responders = new Map<string, (delivery: Delivery, nth: number) => Promise<number> | number>();
  private server: Server | null = null;
  url = '';
  corrupt = Buffer.alloc(0);
  private slowStarted: () => void = () => undefined;
  /** Resolves when a worker has started downloading `/slow.mp4`. */
  readonly slowDownload = new Promise<void>((resolve) => (this.slowStarted = resolve));

  async start() {
    this.corrupt = readFileSync((await fixture('corrupt')).path);
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (req.method === 'GET' && req.url === '/slow.mp4') {
          // A download that never ends: the scan stays in ingest until it is cancelled.
          res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': this.corrupt.length }).write(this.corrupt.subarray(0, 1024));
          this.slowStarted();
          return;
        }
        if (req.method === 'GET') {
          res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': this.corrupt.length }).end(this.corrupt);
          return;
        }
        const delivery = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
        this.deliveries.push(delivery);
        const respond = this.responders.get(delivery.path) ?? (() => 200);
        void Promise.resolve(respond(delivery, this.to(delivery.path).length)).then(
          (status) => res.writeHead(status).end('ok'),
          (error: unknown) => res.writeHead(599).end(String(error)),
        );
      });
    });
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  on(path: string, respond: (delivery: Delivery, nth: number) => Promise<number> | number) {
    this.responders.set(path, respond);
    return `${this.url}${path}`;
  }

  to(path: string) {
    return this.deliveries.filter((d) => d.path === path);
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

let service: Service;
const receiver = new Receiver();

beforeAll(async () => {
  await receiver.start();
  service = await startService({ env: { HOLDLINE_ALLOW_HOSTS: '127.0.0.1:*', HOLDLINE_WEBHOOK_RETRY_SECONDS: '0,1,1' } });
}, 120_000);
afterAll(async () => {
  await service?.stop();
  await receiver.stop();
});

/** A customer: an API key, and a website session to read (and rotate) the signing secret on the account page. */
async function customer() {
  const { accountId, apiKey } = await service.createAccount();
  const { token, session } = await service.deps.sessions.create(accountId, new Date());
  const cookie = `hl_session=${token}`;
  const secretOn = (html: string) => {
    const secret = /id="webhook-secret">(whsec_[A-Za-z0-9+/=]+)</.exec(html)?.[1];
    if (!secret) throw new Error('no webhook secret on the account page');
    return secret;
  };
  return {
    accountId,
    client: new ScanClient(service.apiUrl, apiKey),
    async secret() {
      return secretOn(await (await fetch(`${service.apiUrl}/account`, { headers: { cookie } })).text());
    },
    async rotate() {
      const response = await fetch(`${service.apiUrl}/account/webhook-secret`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrf: session.csrf }).toString(),
      });
      if (response.status !== 200) throw new Error(`rotation answered ${response.status}`);
      return secretOn(await response.text());
    },
  };
}

const verify = (secret: string, delivery: Delivery) => new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>);

/** The delivery workflow's end and its attempts as the history (and so the Temporal UI) shows them. */
async function deliveryHistory(scanId: string) {
  await service.temporal.workflow
    .getHandle(`scan-${scanId}`)
    .result()
    .catch(() => undefined);
  const handle = service.temporal.workflow.getHandle(`webhook-${scanId}`);
  const result = await handle.result().catch((error: unknown) => ({ failed: (error as Error & { cause?: { type?: string; message?: string } }).cause }));
  const events = (await handle.fetchHistory()).events ?? [];
  const scheduled = events.filter((e) => e.activityTaskScheduledEventAttributes).map((e) => e.activityTaskScheduledEventAttributes!.activityType?.name);
  const activityQueues = [
    ...new Set(events.filter((e) => e.activityTaskScheduledEventAttributes).map((e) => e.activityTaskScheduledEventAttributes!.taskQueue?.name)),
  ];
  const failures = events.filter((e) => e.activityTaskFailedEventAttributes).map((e) => e.activityTaskFailedEventAttributes!.failure?.message);
  const completed = events.filter((e) => e.activityTaskCompletedEventAttributes).length;
  const timers = events.filter((e) => e.timerStartedEventAttributes).length;
  const { taskQueue } = await handle.describe();
  return { result, scheduled, failures, completed, timers, taskQueue, activityQueues };
}

describe('completion webhooks', () => {
  it(
    'a completed upload (webhook_url as a multipart part) is delivered once as scan.completed with score and grade, signed with the account’s secret',
    async () => {
      const me = await customer();
      const url = receiver.on('/completed', () => 204);
      const video = await fixture('no-audio');
      const submitted = await me.client.upload(video.path, { webhook_url: url, title: 'Hooked' });
      expect(submitted.status).toBe(202);
      const scanId: string = submitted.body.scan_id;
      const { scan } = await me.client.waitForScan(scanId);
      expect(scan.status).toBe('complete');
      // The URL is the owner's setting, not part of the read.
      expect(JSON.stringify(scan)).not.toContain('/completed');

      const history = await deliveryHistory(scanId);
      expect(history.result).toEqual({ delivered: true, attempts: 1, status: 204 });
      expect(history.scheduled).toEqual(['deliverWebhook']);
      // Deliveries have their own queue and slots beside chat: a stuck receiver never holds a chat tool's slot.
      expect(history.taskQueue).toBe(`${service.config.taskQueuePrefix}-webhooks`);
      expect(history.activityQueues).toEqual([`${service.config.taskQueuePrefix}-webhooks`]);
      const [delivery] = receiver.to('/completed');
      expect(receiver.to('/completed')).toHaveLength(1);
      expect(delivery!.headers['content-type']).toBe('application/json');
      expect(delivery!.headers['webhook-id']).toBe(`msg_${scanId}_scan.completed`);
      const event = verify(await me.secret(), delivery!) as { type: string; timestamp: string; data: Record<string, unknown> };
      expect(event).toEqual({
        type: 'scan.completed',
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        data: { scan_id: scanId, status: 'complete', score: scan.score, grade: scan.grade },
      });
      expect(typeof scan.score).toBe('number');
      // Another account's secret does not verify it.
      expect(() => verify(newSecretOfAnotherAccount, delivery!)).toThrow(/No matching signature/);
    },
    ONE_SCAN_TEST_MS,
  );

  it(
    'a failed scan (JSON, corrupt video) is scan.failed with its detail; a receiver failing twice gets three attempts with one webhook-id, each its own activity execution in the history',
    async () => {
      const me = await customer();
      const url = receiver.on('/flaky', (_delivery, nth) => (nth <= 2 ? 500 : 200));
      const submitted = await me.client.request('POST', '/v1/scans', { input: { type: 'url', url: `${receiver.url}/corrupt.mp4` }, webhook_url: url });
      expect(submitted.status).toBe(202);
      const scanId: string = submitted.body.scan_id;
      const { scan } = await me.client.waitForScan(scanId);
      expect(scan.status).toBe('error');

      const history = await deliveryHistory(scanId);
      expect(history.result).toEqual({ delivered: true, attempts: 3, status: 200 });
      expect(history.scheduled).toEqual(['deliverWebhook', 'deliverWebhook', 'deliverWebhook']);
      expect(history.failures).toEqual(['the receiver answered HTTP 500', 'the receiver answered HTTP 500']);
      expect(history.completed).toBe(1);
      expect(history.timers).toBe(2);

      const deliveries = receiver.to('/flaky');
      expect(deliveries).toHaveLength(3);
      expect(new Set(deliveries.map((d) => d.headers['webhook-id']))).toEqual(new Set([`msg_${scanId}_scan.failed`]));
      const secret = await me.secret();
      const events = deliveries.map((d) => verify(secret, d));
      expect(events[0]).toEqual({ type: 'scan.failed', timestamp: expect.any(String), data: { scan_id: scanId, status: 'error', detail: scan.detail } });
      // The body is the same event on every attempt; only the signature's timestamp may move.
      expect(new Set(deliveries.map((d) => d.body)).size).toBe(1);

      // The scan workflow did not wait for the delivery: it started the child and completed.
      const scanEvents = (await service.temporal.workflow.getHandle(`scan-${scanId}`).fetchHistory()).events ?? [];
      expect(scanEvents.some((e) => e.childWorkflowExecutionStartedEventAttributes?.workflowExecution?.workflowId === `webhook-${scanId}`)).toBe(true);
      expect(scanEvents.some((e) => e.childWorkflowExecutionCompletedEventAttributes)).toBe(false);
      expect(scanEvents.at(-1)?.workflowExecutionCompletedEventAttributes).toBeTruthy();
    },
    ONE_SCAN_TEST_MS,
  );

  it(
    'after the secret is rotated on the account page, the next attempt verifies with the new secret only',
    async () => {
      const me = await customer();
      const first = await me.secret();
      let second = '';
      const url = receiver.on('/rotate', async (delivery, nth) => {
        if (nth > 1) return 204;
        verify(first, delivery);
        // Rotated before this attempt is answered, so before the next one starts.
        second = await me.rotate();
        return 503;
      });
      const submitted = await me.client.request('POST', '/v1/scans', { input: { type: 'url', url: `${receiver.url}/corrupt.mp4` }, webhook_url: url });
      expect(submitted.status).toBe(202);
      const scanId: string = submitted.body.scan_id;
      const history = await deliveryHistory(scanId);
      expect(history.result).toEqual({ delivered: true, attempts: 2, status: 204 });
      expect(history.failures).toEqual(['the receiver answered HTTP 503']);
      const [before, after] = receiver.to('/rotate');
      expect(second).toMatch(/^whsec_/);
      expect(second).not.toBe(first);
      expect(await me.secret()).toBe(second);
      expect(verify(first, before!)).toMatchObject({ type: 'scan.failed', data: { scan_id: scanId } });
      expect(verify(second, after!)).toMatchObject({ type: 'scan.failed', data: { scan_id: scanId } });
      expect(() => verify(first, after!)).toThrow(/No matching signature/);
    },
    ONE_SCAN_TEST_MS,
  );

  it(
    'a scan cancelled by an operator mid-download is delivered as scan.failed, "cancelled"',
    async () => {
      const me = await customer();
      const url = receiver.on('/cancelled', () => 200);
      const submitted = await me.client.request('POST', '/v1/scans', { input: { type: 'url', url: `${receiver.url}/slow.mp4` }, webhook_url: url });
      expect(submitted.status).toBe(202);
      const scanId: string = submitted.body.scan_id;
      await receiver.slowDownload;
      await service.temporal.workflow.getHandle(`scan-${scanId}`).cancel();
      const history = await deliveryHistory(scanId);
      expect(history.result).toEqual({ delivered: true, attempts: 1, status: 200 });
      const [delivery] = receiver.to('/cancelled');
      expect(verify(await me.secret(), delivery!)).toEqual({
        type: 'scan.failed',
        timestamp: expect.any(String),
        data: { scan_id: scanId, status: 'error', detail: 'cancelled' },
      });
      expect((await service.temporal.workflow.getHandle(`scan-${scanId}`).describe()).status.name).toBe('CANCELLED');
    },
    ONE_SCAN_TEST_MS,
  );

  it(
    'a receiver that never answers 2xx ends the delivery Failed after the whole schedule; 410 Gone ends it at once',
    async () => {
      const me = await customer();
      const down = receiver.on('/down', () => 502);
      const gone = receiver.on('/gone', () => 410);
      const submit = async (webhook_url: string) =>
        (await me.client.request('POST', '/v1/scans', { input: { type: 'url', url: `${receiver.url}/corrupt.mp4` }, webhook_url })).body.scan_id as string;
      const [downScan, goneScan] = [await submit(down), await submit(gone)];

      const failed = await deliveryHistory(downScan);
      expect(failed.result).toEqual({
        failed: expect.objectContaining({
          type: 'WebhookUndelivered',
          message: 'webhook not delivered after 3 attempts; the last: the receiver answered HTTP 502',
        }),
      });
      expect(failed.failures).toEqual(Array(3).fill('the receiver answered HTTP 502'));
      expect(receiver.to('/down')).toHaveLength(3);
      expect((await service.temporal.workflow.getHandle(`webhook-${downScan}`).describe()).status.name).toBe('FAILED');

      const stopped = await deliveryHistory(goneScan);
      expect(stopped.result).toEqual({
        failed: expect.objectContaining({ type: 'WebhookUndelivered', message: 'webhook not delivered: the receiver answered HTTP 410 Gone' }),
      });
      expect(stopped.scheduled).toEqual(['deliverWebhook']);
      expect(receiver.to('/gone')).toHaveLength(1);
    },
    ONE_SCAN_TEST_MS,
  );

  it('an account older than webhooks gets one secret on first use, kept from then on (FerretDB)', async () => {
    const { accountId } = await service.createAccount();
    await service.mongo.db.collection<{ _id: string }>('accounts').updateOne({ _id: accountId }, { $unset: { webhook_secret: '' } });
    expect(await service.deps.accounts.byId(accountId)).not.toHaveProperty('webhook_secret');
    const made = await service.deps.accounts.webhookSecret(accountId);
    expect(made).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(await service.deps.accounts.webhookSecret(accountId)).toBe(made);
    expect((await service.deps.accounts.byId(accountId))?.webhook_secret).toBe(made);
    expect(await service.deps.accounts.webhookSecret('acct_missing')).toBeNull();
  });

  it('a webhook_url at a private address is 400 naming webhook_url, JSON or upload, and nothing is taken', async () => {
    const me = await customer();
    const scansBefore = (await service.deps.usage.month(me.accountId)).scans;
    const mediaDir = join(service.workerEnv.HOLDLINE_MEDIA_DIR!, 'media');
    const storedBefore = await readdir(mediaDir).catch(() => [] as string[]);
    const json = await me.client.request('POST', '/v1/scans', {
      input: { type: 'url', url: `${receiver.url}/corrupt.mp4` },
      webhook_url: 'http://10.0.0.7/hook',
    });
    expect(json.status).toBe(400);
    expect(json.body.detail).toMatch(/^webhook_url refused: /);
    const upload = await me.client.upload((await fixture('no-audio')).path, { webhook_url: 'http://169.254.169.254/latest/meta-data' });
    expect(upload.status).toBe(400);
    expect(upload.body.detail).toMatch(/^webhook_url refused: /);
    expect((await service.deps.usage.month(me.accountId)).scans).toBe(scansBefore);
    expect(await service.mongo.db.collection('scans').countDocuments({ account_id: me.accountId })).toBe(0);
    expect(await me.client.request('GET', '/v1/scans')).toMatchObject({ status: 200, body: { total: 0, data: [] } });
    // The upload's stored copy went with the refusal.
    expect((await readdir(mediaDir).catch(() => [] as string[])).sort()).toEqual(storedBefore.sort());
  });
});

// A well-formed secret no account has: signatures made with any real account's secret must not verify with it.
const newSecretOfAnotherAccount = `whsec_${Buffer.alloc(24, 9).toString('base64')}`;

describe('POST /v1/webhooks/test', () => {
  it('sends one signed webhook.test event through its own queue (not the deliveries’) and answers with the receiver’s 2xx', async () => {
    const me = await customer();
    const url = receiver.on('/test-ok', () => 204);
    const answer = await me.client.request('POST', '/v1/webhooks/test', { url });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ type: 'webhook.test', webhook_id: expect.stringMatching(/^msg_test_[0-9a-f-]{36}$/), url, delivered: true, status: 204 });
    const [delivery, ...more] = receiver.to('/test-ok');
    expect(more).toEqual([]);
    expect(delivery!.headers['webhook-id']).toBe(answer.body.webhook_id);
    // Signed with the secret the account page shows, exactly as a scan's end is.
    expect(verify(await me.secret(), delivery!)).toEqual({
      type: 'webhook.test',
      timestamp: expect.any(String),
      data: { message: expect.stringContaining('test event') },
    });
    expect(() => verify(newSecretOfAnotherAccount, delivery!)).toThrow();
    const testId = String(answer.body.webhook_id).slice('msg_test_'.length);
    const { taskQueue } = await service.temporal.workflow.getHandle(`webhook-test-${testId}`).describe();
    expect(taskQueue).toBe(`${service.config.taskQueuePrefix}-webhook-tests`);
  });

  it('reports a receiver’s refusal and a receiver that does not answer as not delivered, with the reason, once each', async () => {
    const me = await customer();
    const refused = await me.client.request('POST', '/v1/webhooks/test', { url: receiver.on('/test-404', () => 404) });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ delivered: false, status: 404, detail: 'the receiver answered HTTP 404; deliveries need a 2xx' });
    expect(receiver.to('/test-404')).toHaveLength(1);
    // A loopback port nobody listens on (let through by HOLDLINE_ALLOW_HOSTS): no answer.
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const silent = await me.client.request('POST', '/v1/webhooks/test', { url: `http://127.0.0.1:${port}/hook` });
    expect(silent.status).toBe(200);
    expect(silent.body).toMatchObject({ delivered: false, status: null, detail: expect.stringMatching(/^no answer: /) });
  });

  it('refuses a private address, a missing url and a missing key in the signal interface’s shape, sending nothing', async () => {
    const me = await customer();
    const before = receiver.deliveries.length;
    const privateAddress = await me.client.request('POST', '/v1/webhooks/test', { url: 'http://169.254.169.254/latest/meta-data' });
    expect(privateAddress.status).toBe(400);
    expect(privateAddress.body.detail).toMatch(/^url refused: /);
    const missing = await me.client.request('POST', '/v1/webhooks/test', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ detail: expect.stringContaining('url') });
    const keyless = await fetch(`${service.apiUrl}/v1/webhooks/test`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${receiver.url}/x` }),
    });
    expect(keyless.status).toBe(401);
    expect(await keyless.json()).toEqual({ detail: expect.any(String) });
    expect(receiver.deliveries.length).toBe(before);
  });
});
