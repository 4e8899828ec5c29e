// Idempotency-Key on POST /v1/scans and the recut submission, over fake deps: replays
// take nothing, a different request under a used key is 409, refusals give the key back,
// keys expire after 24 h, malformed keys are 400.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/app';
import type { ScanDoc } from '../../../store/scan-docs';
import { jsonFingerprint } from '../../../services/idempotency';
import { accountWithKey, fakeDeps } from '../fake-deps';
import { multipart } from './multipart';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function setUp(plan: 'signal' | 'agents' = 'signal') {
  const deps = fakeDeps({}, { allowHosts: ['127.0.0.1:80'] });
  app = await buildApp(deps);
  return { deps, app, ...(await accountWithKey(deps, plan)) };
}

const url = (n = 1) => ({ input: { type: 'url', url: `http://127.0.0.1/clip${n}.mp4` }, title: 'T' });

describe('Idempotency-Key on POST /v1/scans', () => {
  it('the same JSON request again returns the same scan and status, takes no second unit and starts no second workflow', async () => {
    const { deps, app, account, auth } = await setUp();
    const headers = { ...auth, 'idempotency-key': 'order-42' };
    const first = await app.inject({ method: 'POST', url: '/v1/scans', headers, payload: url() });
    expect(first.statusCode).toBe(202);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // Key order and whitespace do not make a different request.
    const again = await app.inject({
      method: 'POST',
      url: '/v1/scans',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: ` {"title": "T", "input": {"url": "http://127.0.0.1/clip1.mp4", "type": "url"}} `,
    });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(deps.usage.of(account._id, deps.now()).scans).toBe(1);
    expect(deps.scans.docs.size).toBe(1);
    expect(deps.workflows.started).toHaveLength(1);
  });

  it('the same key with a different body is 409 {detail} and takes nothing', async () => {
    const { deps, app, account, auth } = await setUp();
    const headers = { ...auth, 'idempotency-key': 'k1' };
    expect((await app.inject({ method: 'POST', url: '/v1/scans', headers, payload: url(1) })).statusCode).toBe(202);
    const other = await app.inject({ method: 'POST', url: '/v1/scans', headers, payload: url(2) });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ detail: expect.stringContaining('different request') });
    expect(deps.usage.of(account._id, deps.now()).scans).toBe(1);
    expect(deps.workflows.started).toHaveLength(1);
  });

  it('keys belong to one account: another account with the same key gets its own scan', async () => {
    const { deps, app, auth } = await setUp();
    const other = await accountWithKey(deps);
    const a = await app.inject({ method: 'POST', url: '/v1/scans', headers: { ...auth, 'idempotency-key': 'same' }, payload: url() });
    const b = await app.inject({ method: 'POST', url: '/v1/scans', headers: { ...other.auth, 'idempotency-key': 'same' }, payload: url() });
    expect(b.statusCode).toBe(202);
    expect(b.json().scan_id).not.toBe(a.json().scan_id);
    expect(deps.workflows.started).toHaveLength(2);
  });

  it('a refused submission gives the key back with the unit: the corrected retry under the same key is admitted', async () => {
    const { deps, app, account, auth } = await setUp();
    const headers = { ...auth, 'idempotency-key': 'retry-me' };
    deps.workflows.failWith = new Error('Temporal unreachable');
    const failed = await app.inject({ method: 'POST', url: '/v1/scans', headers, payload: url() });
    expect(failed.statusCode).toBe(503);
    expect(deps.idempotency.docs.size).toBe(0);
    expect(deps.usage.of(account._id, deps.now()).scans).toBe(0);
    deps.workflows.failWith = null;
    const retried = await app.inject({ method: 'POST', url: '/v1/scans', headers, payload: url() });
    expect(retried.statusCode).toBe(202);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    // A 400 (private address) also frees the key, for a different request under it.
    const refused = await app.inject({
      method: 'POST',
      url: '/v1/scans',
      headers: { ...auth, 'idempotency-key': 'bad' },
      payload: { input: { type: 'url', url: 'http://10.0.0.1/a.mp4' } },
    });
    expect(refused.statusCode).toBe(400);
    const fixed = await app.inject({ method: 'POST', url: '/v1/scans', headers: { ...auth, 'idempotency-key': 'bad' }, payload: url(3) });
    expect(fixed.statusCode).toBe(202);
    expect(deps.usage.of(account._id, deps.now()).scans).toBe(2);
  });

  it('a quota refusal frees the key too', async () => {
    const { deps, app, account, auth } = await setUp();
    for (let i = 0; i < 30; i++) await deps.usage.take(account._id, 'scans', 30, deps.now());
    const headers = { ...auth, 'idempotency-key': 'full' };
    expect((await app.inject({ method: 'POST', url: '/v1/scans', headers, payload: url() })).statusCode).toBe(429);
    expect(deps.idempotency.docs.size).toBe(0);
  });

  it('a replay needs no quota: the last unit of the month, retried, still answers the first scan', async () => {
    const { deps, app, account, auth } = await setUp();
    for (let i = 0; i < 29; i++) await deps.usage.take(account._id, 'scans', 30, deps.now());
    const headers = { ...auth, 'idempotency-key': 'last-one' };
    const first = await app.inject({ method: 'POST', url: '/v1/scans', headers, payload: url() });
    expect(first.statusCode).toBe(202);
    const again = await app.inject({ method: 'POST', url: '/v1/scans', headers, payload: url() });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(first.json());
    expect(deps.usage.of(account._id, deps.now()).scans).toBe(30);
  });

  it('keys expire after 24 h: the same key then starts a new scan', async () => {
    const { deps, app, auth } = await setUp();
    const headers = { ...auth, 'idempotency-key': 'daily' };
    const first = await app.inject({ method: 'POST', url: '/v1/scans', headers, payload: url() });
    deps.clock.advance(24 * 3_600_000 - 1000);
    expect((await app.inject({ method: 'POST', url: '/v1/scans', headers, payload: url() })).json()).toEqual(first.json());
    deps.clock.advance(2000);
    const later = await app.inject({ method: 'POST', url: '/v1/scans', headers, payload: url() });
    expect(later.statusCode).toBe(202);
    expect(later.json().scan_id).not.toBe(first.json().scan_id);
    expect(deps.workflows.started).toHaveLength(2);
  });

  it('an upload again (same title, size and bytes) returns the first scan and keeps neither the second copy nor a unit', async () => {
    const { deps, app, account, auth } = await setUp();
    const headers = { ...auth, 'idempotency-key': 'upload-1' };
    const send = (data: Buffer, title = 'Clip') => {
      const body = multipart([
        { name: 'title', value: title },
        { name: 'file', filename: 'clip.mp4', data },
      ]);
      return app.inject({ method: 'POST', url: '/v1/scans', headers: { ...headers, ...body.headers }, payload: body.payload });
    };
    const video = Buffer.alloc(5000, 3);
    const first = await send(video);
    expect(first.statusCode).toBe(202);
    const again = await send(video);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(first.json());
    expect(deps.media.objects.size).toBe(1);
    expect(deps.usage.of(account._id, deps.now()).scans).toBe(1);
    // One byte changed, or another title: a different request.
    const changed = Buffer.from(video);
    changed[4999] = 4;
    expect((await send(changed)).statusCode).toBe(409);
    expect((await send(video, 'Other')).statusCode).toBe(409);
    expect(deps.media.objects.size).toBe(1);
    expect(deps.usage.of(account._id, deps.now()).scans).toBe(1);
    expect(deps.workflows.started).toHaveLength(1);
  });

  it('a JSON request and an upload under one key are different requests', async () => {
    const { app, auth } = await setUp();
    const headers = { ...auth, 'idempotency-key': 'mixed' };
    expect((await app.inject({ method: 'POST', url: '/v1/scans', headers, payload: url() })).statusCode).toBe(202);
    const body = multipart([{ name: 'file', filename: 'clip.mp4', data: Buffer.alloc(100, 1) }]);
    expect((await app.inject({ method: 'POST', url: '/v1/scans', headers: { ...headers, ...body.headers }, payload: body.payload })).statusCode).toBe(409);
  });

  it('concurrent duplicates admit exactly one; the others answer with its scan', async () => {
    const { deps, app, account, auth } = await setUp();
    const headers = { ...auth, 'idempotency-key': 'burst' };
    const responses = await Promise.all(Array.from({ length: 8 }, () => app.inject({ method: 'POST', url: '/v1/scans', headers, payload: url() })));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(202));
    expect(new Set(responses.map((r) => r.json().scan_id)).size).toBe(1);
    expect(deps.usage.of(account._id, deps.now()).scans).toBe(1);
    expect(deps.workflows.started).toHaveLength(1);
  });

  it('while the first request with the key is still running, a duplicate is 409 with Retry-After and takes nothing', async () => {
    const { deps, app, account, auth } = await setUp();
    const now = deps.now();
    const fingerprint = jsonFingerprint('POST /v1/scans', url());
    deps.idempotency.docs.set(`${account._id}:busy`, {
      _id: `${account._id}:busy`,
      account_id: account._id,
      fingerprint,
      claim: 'other-process',
      state: 'pending',
      result: null,
      created_at: now,
      expires_at: new Date(now.getTime() + 24 * 3_600_000),
      pending_until: new Date(now.getTime() + 3_600_000),
    });
    const response = await app.inject({ method: 'POST', url: '/v1/scans', headers: { ...auth, 'idempotency-key': 'busy' }, payload: url() });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: expect.stringContaining('still in progress') });
    expect(response.headers['retry-after']).toBe('1');
    expect(deps.usage.of(account._id, deps.now()).scans).toBe(0);
    expect(deps.workflows.started).toEqual([]);
    expect(deps.idempotency.docs.get(`${account._id}:busy`)?.claim).toBe('other-process');
  });

  it('concurrent duplicate uploads store one copy, take one unit and start one workflow', async () => {
    // Four at once: until their bytes are read and found to be one request, each counts among the account's
    // scans in flight, past the Signal plan's 3; the Agents plan's 5 admits them all.
    const { deps, app, account, auth } = await setUp('agents');
    const body = multipart([{ name: 'file', filename: 'clip.mp4', data: Buffer.alloc(20_000, 9) }]);
    const headers = { ...auth, 'idempotency-key': 'upload-burst', ...body.headers };
    const responses = await Promise.all(Array.from({ length: 4 }, () => app.inject({ method: 'POST', url: '/v1/scans', headers, payload: body.payload })));
    expect(responses.map((r) => r.statusCode)).toEqual([202, 202, 202, 202]);
    expect(new Set(responses.map((r) => r.json().scan_id)).size).toBe(1);
    expect(deps.media.objects.size).toBe(1);
    expect(deps.usage.of(account._id, deps.now()).scans).toBe(1);
    expect(deps.workflows.started).toHaveLength(1);
  });

  it.each([
    ['empty', ''],
    ['over 255 characters', 'k'.repeat(256)],
    ['non-ASCII', 'clé'],
    ['a control character', 'a\tb'],
  ])('a key that is %s is 400 and takes nothing', async (_name, key) => {
    const { deps, app, account, auth } = await setUp();
    const response = await app.inject({ method: 'POST', url: '/v1/scans', headers: { ...auth, 'idempotency-key': key }, payload: url() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: expect.stringContaining('Idempotency-Key') });
    expect(deps.usage.of(account._id, deps.now()).scans).toBe(0);
    expect(deps.workflows.started).toEqual([]);
  });

  it('a 255-character key of printable ASCII is accepted', async () => {
    const { app, auth } = await setUp();
    const key = ' !~'.repeat(85);
    expect((await app.inject({ method: 'POST', url: '/v1/scans', headers: { ...auth, 'idempotency-key': key }, payload: url() })).statusCode).toBe(202);
  });
});

describe('Idempotency-Key on POST /v1/scans/:id/recut', () => {
  function completeScan(deps: ReturnType<typeof fakeDeps>, accountId: string, scanId: string) {
    deps.scans.docs.set(scanId, { _id: scanId, scan_id: scanId, account_id: accountId, status: 'complete', duration_sec: 60 } as unknown as ScanDoc);
  }

  it('replays the recut for the same body, 409 for another, and a refusal frees the key', async () => {
    const { deps, app, account, auth } = await setUp('agents');
    completeScan(deps, account._id, 'scn_a');
    const headers = { ...auth, 'idempotency-key': 'recut-1' };
    const first = await app.inject({ method: 'POST', url: '/v1/scans/scn_a/recut', headers, payload: { goal: 'shorter' } });
    expect(first.statusCode).toBe(202);
    const again = await app.inject({ method: 'POST', url: '/v1/scans/scn_a/recut', headers, payload: { goal: 'shorter' } });
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(deps.recuts.docs.size).toBe(1);
    expect(deps.usage.of(account._id, deps.now()).scans).toBe(1);
    expect((await app.inject({ method: 'POST', url: '/v1/scans/scn_a/recut', headers, payload: { goal: 'longer' } })).statusCode).toBe(409);
    // The same key on another scan is another request.
    expect((await app.inject({ method: 'POST', url: '/v1/scans/scn_b/recut', headers, payload: { goal: 'shorter' } })).statusCode).toBe(409);
    const missing = await app.inject({ method: 'POST', url: '/v1/scans/scn_b/recut', headers: { ...auth, 'idempotency-key': 'recut-2' }, payload: {} });
    expect(missing.statusCode).toBe(404);
    completeScan(deps, account._id, 'scn_b');
    expect(
      (await app.inject({ method: 'POST', url: '/v1/scans/scn_b/recut', headers: { ...auth, 'idempotency-key': 'recut-2' }, payload: {} })).statusCode,
    ).toBe(202);
    expect(deps.workflows.started.filter((s) => s.kind === 'recut')).toHaveLength(2);
  });
});
