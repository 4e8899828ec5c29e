// @holdline/client against a scripted HTTP server on loopback: each test queues
// the answers, the server records what it was sent.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  AuthenticationError,
  ConnectionError,
  DEFAULT_RETRY,
  Holdline,
  HoldlineError,
  InternalServerError,
  InvalidArgumentError,
  NotFoundError,
  RateLimitError,
  retryAfterSeconds,
  retryDelayMs,
  safeFileName,
  ServiceUnavailableError,
  untilTimeout,
  WaitTimeoutError,
  type CompleteScan,
  type InFlightScan,
  type Scan,
} from '../../../clients/js/src/index';
import type { CompactScan, ScanOutput } from '../../../mcp/results';

interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let baseUrl: string;
let script: Answer[] = [];
let seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const answer = script.shift() ?? { status: 500, body: { detail: 'script ran out' } };
      const text = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      res.writeHead(answer.status, { 'content-type': typeof answer.body === 'string' ? 'text/html' : 'application/json', ...answer.headers }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  script = [];
  seen = [];
});

/** A client whose backoff is 1 ms, so retries without Retry-After do not slow the suite. */
const client = (retry: ConstructorParameters<typeof Holdline>[0]['retry'] = {}) =>
  new Holdline({ baseUrl, apiKey: 'sk_sig_test', retry: { baseDelayMs: 1, ...retry } });
const queued = { scan_id: 'scn_1', status: 'queued', pct: 0 };
const busy = (retryAfter = '0'): Answer => ({ status: 503, body: { detail: 'the service is starting' }, headers: { 'retry-after': retryAfter } });

describe('retries', () => {
  it('a GET answered 503 then 200 is retried once and returns the 200', async () => {
    script = [busy(), { status: 200, body: queued }];
    expect(await client().scans.get('scn_1')).toEqual(queued);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /v1/scans/scn_1', 'GET /v1/scans/scn_1']);
  });

  it('a 429 with Retry-After 0 is retried; the key goes on every attempt', async () => {
    script = [
      { status: 429, body: { detail: 'rate limit' }, headers: { 'retry-after': '0' } },
      { status: 200, body: { data: [], limit: 20, offset: 0, total: 0, has_more: false } },
    ];
    await client().scans.list();
    expect(seen).toHaveLength(2);
    expect(seen.map((s) => s.headers.authorization)).toEqual(['Bearer sk_sig_test', 'Bearer sk_sig_test']);
  });

  it('stops after maxRetries and throws the last answer as a typed error', async () => {
    script = [busy(), busy(), busy(), busy()];
    const error = await client({ maxRetries: 2 })
      .scans.get('scn_1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error).toMatchObject({ status: 503, detail: 'the service is starting', retryAfter: 0, message: 'the service is starting' });
    expect(seen).toHaveLength(3);
  });

  it('maxRetries 0 sends once', async () => {
    script = [busy(), { status: 200, body: queued }];
    await expect(client({ maxRetries: 0 }).scans.get('scn_1')).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(seen).toHaveLength(1);
  });

  it('a POST without an Idempotency-Key is never retried', async () => {
    script = [busy(), { status: 202, body: queued }];
    await expect(client().scans.create({ url: 'https://example.com/v.mp4' })).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(seen).toHaveLength(1);
  });

  it('a POST with an Idempotency-Key is retried with the same key and body', async () => {
    script = [busy(), { status: 202, body: queued }];
    const scan = await client().scans.create({ url: 'https://example.com/v.mp4', title: 'T', webhookUrl: 'https://example.com/hook', idempotencyKey: 'key-1' });
    expect(scan).toEqual(queued);
    expect(seen).toHaveLength(2);
    for (const request of seen) {
      expect(request.headers['idempotency-key']).toBe('key-1');
      expect(JSON.parse(request.body)).toEqual({
        input: { type: 'url', url: 'https://example.com/v.mp4' },
        title: 'T',
        webhook_url: 'https://example.com/hook',
      });
    }
  });

  it('an upload with an Idempotency-Key is sent again whole on a retry', async () => {
    script = [busy(), { status: 202, body: queued }];
    await client().scans.create({ file: Buffer.from('not really a video'), filename: 'clip.mp4', title: 'Clip', idempotencyKey: 'key-2' });
    expect(seen).toHaveLength(2);
    for (const request of seen) {
      expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(request.body).toContain('name="title"\r\n\r\nClip\r\n');
      expect(request.body).toContain('name="file"; filename="clip.mp4"');
      expect(request.body).toContain('not really a video');
    }
  });

  it('a Retry-After longer than maxDelayMs (a monthly quota) is not waited for', async () => {
    script = [{ status: 429, body: { detail: 'monthly scan quota of the Signal plan reached' }, headers: { 'retry-after': '86400' } }];
    const error = await client()
      .scans.get('scn_1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, retryAfter: 86400, detail: 'monthly scan quota of the Signal plan reached' });
    expect(seen).toHaveLength(1);
  });

  it('x-should-retry: false is obeyed', async () => {
    script = [
      {
        status: 429,
        body: { error: { message: 'quota used up', type: 'rate_limit_error', param: null, code: 'quota_exceeded' } },
        headers: { 'retry-after': '0', 'x-should-retry': 'false' },
      },
    ];
    const error = await client()
      .usage()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({
      status: 429,
      detail: 'quota used up',
      message: 'quota used up',
      code: 'quota_exceeded',
      type: 'rate_limit_error',
      param: null,
    });
    expect(seen).toHaveLength(1);
  });

  it('other statuses are not retried', async () => {
    script = [{ status: 500, body: { detail: 'internal error' } }];
    await expect(client().scans.get('scn_1')).rejects.toBeInstanceOf(InternalServerError);
    expect(seen).toHaveLength(1);
  });

  it('retryDelayMs: Retry-After as asked, else capped doubling backoff with jitter, none past maxRetries', () => {
    const policy = { ...DEFAULT_RETRY, baseDelayMs: 500, maxDelayMs: 30_000, maxRetries: 3 };
    expect(retryDelayMs(0, 2, policy)).toBe(2000);
    expect(retryDelayMs(0, 31, policy)).toBeNull();
    expect(retryDelayMs(0, undefined, policy, 0)).toBe(250);
    expect(retryDelayMs(0, undefined, policy, 0.999999)).toBe(500);
    expect(retryDelayMs(2, undefined, policy, 0)).toBe(1000);
    expect(retryDelayMs(10, undefined, { ...policy, maxRetries: 20 }, 0.999999)).toBe(30_000);
    expect(retryDelayMs(3, 0, policy)).toBeNull();
  });
});

describe('errors', () => {
  it('a {detail} body: the status class, detail, message and request id', async () => {
    script = [{ status: 404, body: { detail: 'no scan scn_x' }, headers: { 'x-request-id': 'req_abc' } }];
    const error = await client()
      .scans.get('scn_x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toBeInstanceOf(HoldlineError);
    expect(error).toMatchObject({ name: 'NotFoundError', status: 404, detail: 'no scan scn_x', message: 'no scan scn_x', requestId: 'req_abc', code: null });
  });

  it('a body that is not JSON reads as the status sentence, never a bare number', async () => {
    script = [{ status: 502, body: '<html>Bad gateway</html>' }];
    const error = await client()
      .scans.get('scn_x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 502, detail: 'the service answered with status 502' });
  });

  it('401 is an AuthenticationError', async () => {
    script = [{ status: 401, body: { detail: 'invalid or revoked API key' } }];
    await expect(client().scans.get('scn_x')).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('an unreachable service is a ConnectionError with status 0', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const error = await new Holdline({ baseUrl: `http://127.0.0.1:${port}` }).signals().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ status: 0, detail: `cannot reach Holdline at http://127.0.0.1:${port}: ECONNREFUSED` });
  });

  it('a missing file or neither file nor url is refused before anything is sent', async () => {
    await expect(client().scans.create({ file: '/nonexistent/clip.mp4' })).rejects.toMatchObject({
      name: 'InvalidArgumentError',
      detail: 'no file at /nonexistent/clip.mp4',
    });
    await expect(client().scans.create({})).rejects.toBeInstanceOf(InvalidArgumentError);
    expect(seen).toHaveLength(0);
  });

  it('retryAfterSeconds reads delta-seconds and HTTP dates', () => {
    expect(retryAfterSeconds(null)).toBeUndefined();
    expect(retryAfterSeconds('30')).toBe(30);
    expect(retryAfterSeconds('Wed, 01 Jan 2025 00:01:30 GMT', Date.parse('2025-01-01T00:00:00Z'))).toBe(90);
    expect(retryAfterSeconds('soon')).toBeUndefined();
  });
});

describe('keys', () => {
  it('keyless calls send no key; keyed ones send it', async () => {
    script = [
      { status: 200, body: { version: '1', floor: 30, dead_min_seconds: 2, scale: 'p95', signals: [], method: 'm' } },
      { status: 200, body: { data: [], limit: 20, offset: 0, total: 0, has_more: false } },
      { status: 200, body: { plan: 'signal' } },
    ];
    const sdk = client();
    await sdk.signals();
    await sdk.library.list();
    await sdk.usage();
    expect(seen.map((s) => s.headers.authorization)).toEqual([undefined, undefined, 'Bearer sk_sig_test']);
  });
});

describe('account', () => {
  const setting = { media_retention_days: 7, include_published: true, operator_default_days: null, effective_days: 7 };

  it('retention reads and sets the setting: days, 0 and null go as sent, includePublished only when given', async () => {
    script = [
      { status: 200, body: setting },
      { status: 200, body: setting },
      { status: 200, body: { ...setting, media_retention_days: null, include_published: false, effective_days: null } },
      { status: 200, body: { ...setting, media_retention_days: 0, include_published: false, effective_days: null } },
    ];
    const sdk = client();
    expect(await sdk.account.retention()).toEqual(setting);
    expect(await sdk.account.setRetention({ mediaRetentionDays: 7, includePublished: true })).toEqual(setting);
    await sdk.account.setRetention({ mediaRetentionDays: null });
    await sdk.account.setRetention({ mediaRetentionDays: 0, includePublished: false });
    expect(seen.map((s) => [s.method, s.url, s.body, s.headers['content-type']])).toEqual([
      ['GET', '/v1/account/retention', '', undefined],
      ['PUT', '/v1/account/retention', '{"media_retention_days":7,"include_published":true}', 'application/json'],
      ['PUT', '/v1/account/retention', '{"media_retention_days":null}', 'application/json'],
      ['PUT', '/v1/account/retention', '{"media_retention_days":0,"include_published":false}', 'application/json'],
    ]);
  });

  it('a PUT answered 503 is retried (it is idempotent); a refused one throws its detail', async () => {
    script = [busy(), { status: 200, body: setting }, { status: 400, body: { detail: 'body/media_retention_days must be <= 3650' } }];
    expect(await client().account.setRetention({ mediaRetentionDays: 7 })).toEqual(setting);
    const refused = await client()
      .account.setRetention({ mediaRetentionDays: 3651 })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 400, detail: 'body/media_retention_days must be <= 3650' });
    expect(seen.map((s) => s.method)).toEqual(['PUT', 'PUT', 'PUT']);
  });

  it('export returns the unread tar stream with its served name; media adds ?media=1', async () => {
    const tar = 'x'.repeat(3000);
    const headers = { 'content-type': 'application/x-tar', 'content-disposition': 'attachment; filename="holdline-acc_1-2026-01-02.tar"' };
    script = [
      { status: 200, body: tar, headers },
      { status: 200, body: tar, headers },
    ];
    const archive = await client().account.export();
    expect(archive.filename).toBe('holdline-acc_1-2026-01-02.tar');
    expect(archive.contentType).toBe('application/x-tar');
    expect(archive.body).toBeInstanceOf(ReadableStream);
    expect(await new Response(archive.body).text()).toBe(tar);
    await (await client().account.export({ media: true })).body.cancel();
    expect(seen.map((s) => [s.url, s.headers.accept])).toEqual([
      ['/v1/account/export', 'application/x-tar'],
      ['/v1/account/export?media=1', 'application/x-tar'],
    ]);
  });

  it('export answered 401 throws before any byte is handed over', async () => {
    script = [{ status: 401, body: { detail: 'invalid or revoked API key' } }];
    await expect(client().account.export()).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('changePassword sends current_password only when given; close sends the email (and the password when given) and reads 204 and 202', async () => {
    script = [
      { status: 200, body: { status: 'set', signed_out_sessions: 0 } },
      { status: 200, body: { status: 'changed', signed_out_sessions: 2 } },
      { status: 204 },
      { status: 202, body: { account_id: 'acc_1', status: 'closing' } },
    ];
    const sdk = client();
    expect(await sdk.account.changePassword({ password: 'a new password' })).toEqual({ status: 'set', signed_out_sessions: 0 });
    expect(await sdk.account.changePassword({ password: 'another one', currentPassword: 'a new password' })).toEqual({
      status: 'changed',
      signed_out_sessions: 2,
    });
    expect(await sdk.account.close({ email: 'me@example.com', password: 'another one' })).toEqual({ status: 'closed' });
    expect(await sdk.account.close({ email: 'me@example.com' })).toEqual({ status: 'closing' });
    expect(seen.map((s) => [s.method, s.url, s.body])).toEqual([
      ['PUT', '/v1/account/password', '{"password":"a new password"}'],
      ['PUT', '/v1/account/password', '{"password":"another one","current_password":"a new password"}'],
      ['DELETE', '/v1/account', '{"email":"me@example.com","password":"another one"}'],
      ['DELETE', '/v1/account', '{"email":"me@example.com"}'],
    ]);
  });
});

describe('paging', () => {
  const row = (n: number) => ({ scan_id: `scn_${n}`, status: 'complete', pct: 100, title: null, created_at: '2026-01-01T00:00:00.000Z' });

  it('iteration follows the offset page after page; awaiting gives the first page', async () => {
    script = [
      { status: 200, body: { data: [row(1), row(2)], limit: 2, offset: 0, total: 5, has_more: true } },
      { status: 200, body: { data: [row(3), row(4)], limit: 2, offset: 2, total: 5, has_more: true } },
      { status: 200, body: { data: [row(5)], limit: 2, offset: 4, total: 5, has_more: false } },
    ];
    const ids: string[] = [];
    for await (const scan of client().scans.list({ limit: 2 })) ids.push(scan.scan_id);
    expect(ids).toEqual(['scn_1', 'scn_2', 'scn_3', 'scn_4', 'scn_5']);
    expect(seen.map((s) => s.url)).toEqual(['/v1/scans?limit=2', '/v1/scans?limit=2&offset=2', '/v1/scans?limit=2&offset=4']);

    script = [{ status: 200, body: { data: [row(1)], limit: 1, offset: 0, total: 5, has_more: true } }];
    const page = await client().scans.list({ limit: 1 });
    expect(page.data.map((s) => s.scan_id)).toEqual(['scn_1']);
  });

  it('iteration follows next_cursor as starting_after when the service sends one', async () => {
    script = [
      { status: 200, body: { data: [row(1)], limit: 1, offset: 0, total: 2, has_more: true, next_cursor: 'scn_1' } },
      { status: 200, body: { data: [row(2)], limit: 1, offset: 1, total: 2, has_more: false, next_cursor: null } },
    ];
    const ids: string[] = [];
    for await (const scan of client().scans.list({ limit: 1, status: 'complete' })) ids.push(scan.scan_id);
    expect(ids).toEqual(['scn_1', 'scn_2']);
    expect(seen.map((s) => s.url)).toEqual(['/v1/scans?limit=1&status=complete', '/v1/scans?limit=1&starting_after=scn_1&status=complete']);
  });
});

describe('wait', () => {
  it('polls until complete, reporting each in-flight state', async () => {
    const complete = { scan_id: 'scn_1', status: 'complete', score: 80 };
    script = [
      { status: 200, body: queued },
      { status: 200, body: { scan_id: 'scn_1', status: 'processing', pct: 40 } },
      { status: 200, body: complete },
    ];
    const states: InFlightScan[] = [];
    const scan = await client().scans.wait('scn_1', { intervalMs: 1, onProgress: (state) => void states.push(state) });
    expect(scan).toEqual(complete);
    expect(states).toEqual([queued, { scan_id: 'scn_1', status: 'processing', pct: 40 }]);
  });

  it('a scan in error is returned, not thrown', async () => {
    script = [{ status: 200, body: { scan_id: 'scn_1', status: 'error', pct: 10, detail: 'not a video' } }];
    expect(await client().scans.wait('scn_1')).toMatchObject({ status: 'error', detail: 'not a video' });
  });

  it('gives up after timeoutMs with a WaitTimeoutError carrying the last state', async () => {
    script = [{ status: 200, body: { scan_id: 'scn_1', status: 'processing', pct: 40 } }];
    const error = await client()
      .scans.wait('scn_1', { timeoutMs: 0 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect((error as WaitTimeoutError).last).toEqual({ scan_id: 'scn_1', status: 'processing', pct: 40 });
  });

  it('untilTimeout turns a wait that ran out into its last state and lets other failures through', async () => {
    script = [{ status: 200, body: { scan_id: 'scn_1', status: 'processing', pct: 40 } }];
    expect(await untilTimeout(() => client().scans.wait('scn_1', { timeoutMs: 0 }))).toEqual({ scan_id: 'scn_1', status: 'processing', pct: 40 });
    script = [{ status: 404, body: { detail: 'scan not found' } }];
    await expect(untilTimeout(() => client().scans.wait('scn_1', { timeoutMs: 0 }))).rejects.toBeInstanceOf(NotFoundError);
  });

  it('an abort ends the wait with the signal reason', async () => {
    const controller = new AbortController();
    script = [{ status: 200, body: queued }];
    const waiting = client().scans.wait('scn_1', { signal: controller.signal, intervalMs: 60_000, onProgress: () => controller.abort(new Error('stop')) });
    await expect(waiting).rejects.toThrow('stop');
  });
});

describe('hostile answers', () => {
  it('a redirect is not followed: one request, a ConnectionError that says so, and the key went nowhere else', async () => {
    script = [{ status: 302, headers: { location: `${baseUrl}/elsewhere` } }];
    const error = await client()
      .scans.get('scn_1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).detail).toBe(
      `${baseUrl} answered GET /v1/scans/scn_1 with a redirect, which the Holdline API never sends: check the base URL (nothing was followed)`,
    );
    expect(seen.map((s) => s.url)).toEqual(['/v1/scans/scn_1']);
  });

  it('an export keeps a plain served file name, and replaces one with a path or a leading dot by <id>.<format>', async () => {
    const exported = (name: string): Answer => ({ status: 200, body: 'WEBVTT', headers: { 'content-disposition': `attachment; filename="${name}"` } });
    script = [exported('scn_1-talk.vtt'), exported('../escape.vtt'), exported('..\\escape.vtt'), exported('.bashrc'), exported('a/b.vtt'), exported('')];
    const names = [];
    for (let i = 0; i < 6; i++) names.push((await client().scans.export('scn_1', 'vtt')).filename);
    expect(names).toEqual(['scn_1-talk.vtt', 'scn_1.vtt', 'scn_1.vtt', 'scn_1.vtt', 'scn_1.vtt', 'scn_1.vtt']);
  });

  it('safeFileName refuses separators, a leading dot, control characters and drive colons', () => {
    const cases: [string | undefined, string][] = [
      ['holdline-acc_1-2026-01-02.tar', 'holdline-acc_1-2026-01-02.tar'],
      ['..', 'fallback'],
      ['.', 'fallback'],
      ['/etc/passwd', 'fallback'],
      ['C:evil', 'fallback'],
      ['x\nname', 'fallback'],
      ['x'.repeat(201), 'fallback'],
      [undefined, 'fallback'],
    ];
    expect(cases.map(([served]) => safeFileName(served, 'fallback'))).toEqual(cases.map(([, kept]) => kept));
  });

  it('warns once when the key goes over plain http to a host that is not loopback; loopback, https and keyless calls stay quiet', async () => {
    const emitted: string[] = [];
    const spy = vi.spyOn(process, 'emitWarning').mockImplementation((warning: string | Error) => {
      emitted.push(String(warning));
    });
    const answering: typeof fetch = async () => new Response(JSON.stringify(queued), { status: 200, headers: { 'content-type': 'application/json' } });
    try {
      await new Holdline({ baseUrl: 'http://127.0.0.1:8080', apiKey: 'sk_sig_test', fetch: answering }).scans.get('scn_1');
      await new Holdline({ baseUrl: 'http://localhost:8080', apiKey: 'sk_sig_test', fetch: answering }).scans.get('scn_1');
      await new Holdline({ baseUrl: 'https://api.example', apiKey: 'sk_sig_test', fetch: answering }).scans.get('scn_1');
      await new Holdline({ baseUrl: 'http://api.example', fetch: answering }).signals();
      expect(emitted).toEqual([]);
      const plain = new Holdline({ baseUrl: 'http://api.example:8080', apiKey: 'sk_sig_test', fetch: answering });
      await plain.scans.get('scn_1');
      await plain.scans.get('scn_1');
      await new Holdline({ baseUrl: 'http://other.example', apiKey: 'sk_sig_test', fetch: answering }).scans.get('scn_1');
      expect(emitted).toEqual(['the API key is sent over plain http to api.example:8080, where anyone on the path can read it; use an https base URL']);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('types', () => {
  it('narrow on status and fit the MCP output schema', () => {
    expectTypeOf<Extract<Scan, { status: 'complete' }>>().toEqualTypeOf<CompleteScan>();
    expectTypeOf<CompleteScan['timeline']>().not.toBeUndefined();
    expectTypeOf<CompactScan>().toExtend<ScanOutput>();
    expectTypeOf<CompleteScan>().toExtend<ScanOutput>();
    expectTypeOf<Scan>().toExtend<ScanOutput>();
  });
});
