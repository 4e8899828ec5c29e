import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdempotencyStore } from '../../../store/idempotency';
import { startService, type Service } from '../helpers/service';

// Idempotency-Key on the real stack (FerretDB, Temporal): concurrent duplicates admit
// exactly one scan, one unit and one workflow. No worker runs: accepted scans stay queued.

let service: Service;
let apiKey: string;
let accountId: string;

beforeAll(async () => {
  // 127.0.0.2 stands in for a public host: no worker fetches it.
  service = await startService({ inProcessWorkers: false, env: { HOLDLINE_ALLOW_HOSTS: '127.0.0.2:9' } });
  ({ apiKey, accountId } = await service.createAccount());
});
afterAll(async () => service?.stop());

const submit = (key: string, body: unknown, extra: Record<string, string> = {}) =>
  fetch(`${service.apiUrl}/v1/scans`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'idempotency-key': key, ...extra },
    body: JSON.stringify(body),
  });

const scansUsed = async () => (await service.deps.usage.month(accountId)).scans;

describe('Idempotency-Key', () => {
  it('the store reports a second claim of one key as a duplicate (code 11000 from the embedded FerretDB)', async () => {
    const collection = service.mongo.db.collection<{ _id: string }>('idempotency');
    await collection.insertOne({ _id: 'probe:dup' });
    await expect(collection.insertOne({ _id: 'probe:dup' })).rejects.toMatchObject({ code: 11000 });
    await collection.deleteOne({ _id: 'probe:dup' });
  });

  it('the store on FerretDB: one claim per key, a release deletes only its own claim, expired and abandoned claims are taken over', async () => {
    const store = new IdempotencyStore(service.mongo.db);
    const now = new Date('2026-03-10T12:00:00Z');
    const claim = (at: Date, fingerprint = 'f1') =>
      store.claim({ accountId: 'acct_store', key: 'k', fingerprint, now: at, ttlMs: 24 * 3_600_000, pendingMs: 3_600_000 });
    const first = await claim(now);
    expect(first.kind).toBe('claimed');
    const held = await claim(now, 'f2');
    expect(held).toMatchObject({ kind: 'existing', doc: { fingerprint: 'f1', state: 'pending' } });
    // A stale release (another claim's token) leaves the key alone.
    await store.release(IdempotencyStore.id('acct_store', 'k'), 'not-mine');
    expect((await claim(now)).kind).toBe('existing');
    // Abandoned while pending (its process died): taken over once pending_until passed.
    const takeover = await claim(new Date(now.getTime() + 3_600_000), 'f3');
    expect(takeover.kind).toBe('claimed');
    if (takeover.kind !== 'claimed' || first.kind !== 'claimed') throw new Error('unreachable');
    await store.release(takeover.id, first.claim);
    expect(await store.get('acct_store', 'k')).toMatchObject({ fingerprint: 'f3' });
    await store.complete(takeover.id, { status_code: 202, body: { scan_id: 'scn_x' } });
    expect(await claim(new Date(now.getTime() + 2 * 3_600_000), 'f3')).toMatchObject({
      kind: 'existing',
      doc: { state: 'done', result: { body: { scan_id: 'scn_x' } } },
    });
    // Done keys live 24 h from their claim, then a new request claims the key.
    expect((await claim(new Date(now.getTime() + 3_600_000 + 24 * 3_600_000), 'f4')).kind).toBe('claimed');
  });

  it('twelve concurrent duplicates admit exactly one scan, unit and workflow; every answer names it', async () => {
    const before = await scansUsed();
    const body = { input: { type: 'url', url: 'http://127.0.0.2:9/burst.mp4' }, title: 'Burst' };
    const responses = await Promise.all(Array.from({ length: 12 }, () => submit('burst-1', body)));
    const bodies = await Promise.all(responses.map((r) => r.json() as Promise<{ scan_id: string; status: string }>));
    expect(responses.map((r) => r.status)).toEqual(Array(12).fill(202));
    const ids = new Set(bodies.map((b) => b.scan_id));
    expect(ids.size).toBe(1);
    expect(bodies[0]).toEqual({ scan_id: expect.stringMatching(/^scn_/), status: 'queued', pct: 0 });
    expect(responses.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(11);
    expect(await scansUsed()).toBe(before + 1);
    const [scanId] = [...ids];
    expect(await service.mongo.db.collection('scans').countDocuments({ account_id: accountId, title: 'Burst' })).toBe(1);
    const description = await service.temporal.workflow.getHandle(`scan-${scanId}`).describe();
    expect(description.status.name).toBe('RUNNING');
    // The key's document holds the answer.
    const stored = await service.mongo.db.collection('idempotency').findOne({ _id: IdempotencyStore.id(accountId, 'burst-1') as never });
    expect(stored).toMatchObject({ state: 'done', result: { status_code: 202, body: { scan_id: scanId } } });
  });

  it('a different request under a used key is 409 {detail}; a refused one leaves the key free', async () => {
    const first = await submit('k-409', { input: { type: 'url', url: 'http://127.0.0.2:9/a.mp4' } });
    expect(first.status).toBe(202);
    const other = await submit('k-409', { input: { type: 'url', url: 'http://127.0.0.2:9/b.mp4' } });
    expect(other.status).toBe(409);
    expect(await other.json()).toEqual({ detail: expect.stringContaining('different request') });
    const before = await scansUsed();
    const refused = await submit('k-refused', { input: { type: 'url', url: 'http://10.1.2.3/a.mp4' } });
    expect(refused.status).toBe(400);
    expect(await scansUsed()).toBe(before);
    const retried = await submit('k-refused', { input: { type: 'url', url: 'http://127.0.0.2:9/c.mp4' } });
    expect(retried.status).toBe(202);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
  });

  it('a malformed key is 400', async () => {
    const response = await submit('x'.repeat(256), { input: { type: 'url', url: 'http://127.0.0.2:9/a.mp4' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ detail: expect.stringContaining('Idempotency-Key') });
  });
});
