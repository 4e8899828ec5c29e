import { randomBytes } from 'node:crypto';
import { MongoClient, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanRead } from '../../../core/wire/read';
import { newScanId } from '../../../store/ids';
import { LibraryStore } from '../../../store/library';
import { OrderedIndex } from '../../../store/ordered-index';
import { isFerretDb } from '../../../store/point';
import { ScansStore } from '../../../store/scans';
import { UsageStore } from '../../../store/usage';
import { getStackEnv } from '../helpers/stack-env';

let client: MongoClient;
let db: Db;
let scans: ScansStore;

beforeAll(async () => {
  const uri = new URL(getStackEnv().mongodbUri);
  uri.pathname = `/scanstore${randomBytes(3).toString('hex')}`;
  client = await new MongoClient(uri.toString(), { ignoreUndefined: true }).connect();
  db = client.db();
  scans = new ScansStore(db);
});
afterAll(async () => {
  await db?.dropDatabase();
  await client?.close();
});

const read = (score: number): ScanRead =>
  ({
    duration_sec: 3,
    score,
    grade: 'B',
    label: 'ok',
    hook: { score: 1, verdict: 'x' },
    timeline: [{ t: 0 }, { t: 1 }, { t: 2 }],
    cuts: [],
    dead: [],
    moments: [],
    claims: [],
    transcript: [{ start: 0, end: 1, text: 'hello' }],
    summary: 's',
    method: 'm',
  }) as unknown as ScanRead;

async function queued(accountId: string, at = new Date()) {
  const scanId = newScanId();
  await scans.insertQueued({
    scan_id: scanId,
    account_id: accountId,
    title: null,
    source: { type: 'url', url: 'https://example.com/v.mp4' },
    priority: false,
    created_at: at,
  });
  return scanId;
}

describe('the store on the test server', () => {
  it('knows the server is FerretDB, whose only pushed-down filter is {_id}', async () => {
    expect(await isFerretDb(db)).toBe(true);
  });
});

describe('OrderedIndex', () => {
  it('pages newest first across buckets, with removals, for every offset', async () => {
    const index = new OrderedIndex(db, `idx${randomBytes(3).toString('hex')}`, 7);
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push(`id${i}`);
    for (const id of ids) await index.add('k', id);
    // Remove a few, in different buckets, including a whole-bucket boundary.
    for (const seq of [0, 6, 7, 20, 39]) await index.remove('k', seq);
    const live = ids.filter((_, i) => ![0, 6, 7, 20, 39].includes(i)).reverse();
    for (const limit of [1, 5, 20]) {
      for (let offset = 0; offset <= live.length + 1; offset += 3) {
        expect(await index.page('k', offset, limit)).toEqual({ ids: live.slice(offset, offset + limit), total: live.length });
      }
    }
    expect(await index.page('nobody', 0, 10)).toEqual({ ids: [], total: 0 });
  });

  it('gives every concurrent add its own position', async () => {
    const index = new OrderedIndex(db, `idx${randomBytes(3).toString('hex')}`, 4);
    await Promise.all(Array.from({ length: 30 }, (_, i) => index.add('k', `c${i}`)));
    const { ids, total } = await index.page('k', 0, 100);
    expect(total).toBe(30);
    expect(new Set(ids).size).toBe(30);
  });
});

describe('ScansStore', () => {
  it('keeps the read apart from the status document and joins them by _id', async () => {
    const scanId = await queued('acct_a');
    await scans.advance(scanId, 40);
    expect(await scans.complete(scanId, read(71))).toBe(true);
    const status = await db.collection('scans').findOne({ _id: scanId as never });
    expect(status).toMatchObject({ status: 'complete', pct: 100, score: 71, grade: 'B', duration_sec: 3 });
    expect(status).not.toHaveProperty('timeline');
    expect(status).not.toHaveProperty('transcript');
    expect(await scans.get(scanId)).toMatchObject({ status: 'complete', score: 71, timeline: [{ t: 0 }, { t: 1 }, { t: 2 }], transcript: [{ text: 'hello' }] });
    expect(await scans.getStatus(scanId)).not.toHaveProperty('timeline');
  });

  it('checks ownership after the _id read', async () => {
    const scanId = await queued('acct_owner');
    expect(await scans.getOwned(scanId, 'acct_owner')).toMatchObject({ scan_id: scanId });
    expect(await scans.getOwned(scanId, 'acct_other')).toBeNull();
    expect(await scans.getOwned('scn_000000000000000000000000', 'acct_owner')).toBeNull();
  });

  it('never moves a finished scan: no advance, fail or progress after complete, no complete after error', async () => {
    const done = await queued('acct_b');
    await scans.complete(done, read(50));
    await scans.advance(done, 10, { title: 'changed' });
    await scans.fail(done, 'late failure');
    expect(await scans.recordProgress(done, 'decode', 0.5)).toBeNull();
    expect(await scans.getStatus(done)).toMatchObject({ status: 'complete', pct: 100, title: null });
    const failed = await queued('acct_b');
    await scans.fail(failed, 'bad media');
    expect(await scans.complete(failed, read(1))).toBe(false);
    expect(await scans.getStatus(failed)).toMatchObject({ status: 'error', detail: 'bad media' });
    const running = await queued('acct_b');
    await scans.advance(running, 30);
    await scans.advance(running, 20);
    expect(await scans.recordProgress(running, 'decode', 0.5)).toEqual({ decode: 0.5 });
    expect(await scans.getStatus(running)).toMatchObject({ status: 'processing', pct: 30 });
  });

  it("keeps every part and every progress fraction written at once by a scan's decode and its chunks, from two processes", async () => {
    // FerretDB writes an update back as a whole document: without the lock, a chunk's words
    // written while the decode wrote its series were lost (a CI-like run's lively-cuts scan
    // read no speech at all, its one chunk heard).
    const uri = new URL(getStackEnv().mongodbUri);
    uri.pathname = `/${db.databaseName}`;
    const other = await new MongoClient(uri.toString(), { ignoreUndefined: true }).connect();
    try {
      const elsewhere = new ScansStore(other.db(db.databaseName));
      const scanId = await queued('acct_parts');
      const chunks = Array.from({ length: 12 }, (_, i) => i);
      await Promise.all([
        ...chunks.map((i) =>
          (i % 2 ? elsewhere : scans).setParts(scanId, {
            [`words.${i}`]: [{ word: `w${i}`, start: i, end: i + 0.5 }],
            [`voice.${i}`]: [{ start: i, end: i + 1 }],
          } as never),
        ),
        ...chunks.map((i) => (i % 2 ? scans : elsewhere).setParts(scanId, { [`engines.${i}`]: 'whisper-base' } as never)),
        scans.setParts(scanId, { frameDiffs: [0.1, 0.2], loudnessRms: [0.3, 0.4] } as never),
        ...chunks.map((i) => (i % 2 ? elsewhere : scans).recordProgress(scanId, `transcribe.${i}`, 1)),
        ...chunks.map((i) => (i % 2 ? scans : elsewhere).recordProgress(scanId, 'decode', i / 12)),
      ]);
      const parts = (await scans.getParts(scanId)) as unknown as Record<string, Record<string, unknown>>;
      expect(Object.keys(parts.words ?? {}).sort()).toEqual(chunks.map(String).sort());
      expect(Object.keys(parts.voice ?? {}).sort()).toEqual(chunks.map(String).sort());
      expect(Object.keys(parts.engines ?? {}).sort()).toEqual(chunks.map(String).sort());
      expect(parts).toMatchObject({ frameDiffs: [0.1, 0.2], loudnessRms: [0.3, 0.4] });
      const progress = (await db.collection('scans').findOne({ _id: scanId as never }))?.progress as { transcribe?: Record<string, number> } | undefined;
      expect(Object.keys(progress?.transcribe ?? {}).sort()).toEqual(chunks.map(String).sort());
    } finally {
      await other.close();
    }
  });

  it("lists an account newest first with a counted total, leaving out removed and other accounts' scans", async () => {
    const account = `acct_${randomBytes(4).toString('hex')}`;
    const made: string[] = [];
    for (let i = 0; i < 25; i++) made.push(await queued(account, new Date(Date.UTC(2026, 0, 1, 0, i))));
    await queued('acct_someone_else');
    await scans.remove(made[3]!);
    const live = made.filter((_, i) => i !== 3).reverse();
    const first = await scans.listOwned(account, { limit: 10, offset: 0 });
    expect(first.total).toBe(24);
    expect(first.docs.map((d) => d.scan_id)).toEqual(live.slice(0, 10));
    const last = await scans.listOwned(account, { limit: 10, offset: 20 });
    expect(last.docs.map((d) => d.scan_id)).toEqual(live.slice(20));
    expect(await scans.get(made[3]!)).toBeNull();
  });
});

describe('LibraryStore', () => {
  it("publishes once (keeping the first date), lists newest publication first, refuses others' and unfinished scans", async () => {
    const library = new LibraryStore(db);
    const a = await queued('acct_lib');
    const b = await queued('acct_lib');
    const c = await queued('acct_lib');
    await scans.complete(a, read(10));
    await scans.complete(b, read(20));
    expect(await library.publish(c, 'acct_lib', 'x')).toEqual({ outcome: 'not_complete' });
    expect(await library.publish(a, 'acct_other', 'x')).toEqual({ outcome: 'not_found' });
    const first = await library.publish(a, 'acct_lib', 'A', new Date(Date.UTC(2026, 0, 1)));
    await library.publish(b, 'acct_lib', null, new Date(Date.UTC(2026, 0, 2)));
    const again = await library.publish(a, 'acct_lib', 'A renamed', new Date(Date.UTC(2026, 0, 3)));
    expect(first.outcome === 'published' && again.outcome === 'published' && again.doc.published_at).toEqual(new Date(Date.UTC(2026, 0, 1)));
    const { docs, total } = await library.list({ limit: 10, offset: 0 });
    expect(total).toBe(2);
    expect(docs.map((d) => [d.scan_id, d.title])).toEqual([
      [b, 'Untitled scan'],
      [a, 'A renamed'],
    ]);
    expect(docs[0]).not.toHaveProperty('timeline');
    expect(await library.featured()).toBeNull();
    expect(await library.feature(b)).toBe('featured');
    expect(await library.featured()).toMatchObject({ scan_id: b, timeline: [{ t: 0 }, { t: 1 }, { t: 2 }] });
    expect(await library.getPublished(a)).toMatchObject({ scan_id: a, score: 10 });
    expect(await library.getPublished(c)).toBeNull();
  });
});

describe("the hook among the Library's hooks", () => {
  const withHook = (hook: number): ScanRead => ({
    ...read(50),
    hook,
    hook_report: {
      value: hook,
      scale: 's',
      file_percentile: 50,
      library_percentile: null,
      carried: [],
      missing: [],
      best_opening: { start: 0, end: 3, hold: hook },
      advice: 'a',
    },
  });
  const libraryPercentileOf = async (scanId: string) => (await scans.get(scanId))?.hook_report?.library_percentile;

  it('stays null while 20 or fewer scans are published; past 20 it places the served hook, following publish, unpublish and deletion', async () => {
    const library = new LibraryStore(db);
    const published: string[] = [];
    // Hooks 0, 5, …, 100: with all 21 published, 10 are below 50.
    for (let i = 0; i <= 20; i++) {
      const id = await queued('acct_hooks');
      await scans.complete(id, withHook(i * 5));
      published.push(id);
    }
    for (const id of published.slice(0, 3)) expect((await library.publish(id, 'acct_hooks', null)).outcome).toBe('published');
    const middle = published[10]!;
    // Three published: too few to say anything.
    expect(await libraryPercentileOf(published[1]!)).toBeNull();
    expect(await libraryPercentileOf(middle)).toBeNull();
    for (const id of published.slice(3)) expect((await library.publish(id, 'acct_hooks', null)).outcome).toBe('published');
    expect(await libraryPercentileOf(middle)).toBe(47.6);
    expect(await libraryPercentileOf(published[20]!)).toBe(95.2);
    // The stored read keeps null: the Library moves after assembly.
    expect((await scans.reads.findOne({ _id: middle }))?.hook_report?.library_percentile).toBeNull();
    // Back to 20 published: null again; deleting one takes it out too.
    expect((await library.unpublish(published[0]!, 'acct_hooks')).outcome).toBe('unpublished');
    expect(await libraryPercentileOf(middle)).toBeNull();
    await library.publish(published[0]!, 'acct_hooks', null);
    expect(await libraryPercentileOf(middle)).toBe(47.6);
    const gone = (await scans.getStatus(published[20]!))!;
    await library.forgetScan(gone.scan_id, gone.library_seq);
    expect(await libraryPercentileOf(middle)).toBeNull();
  });
});

describe('UsageStore', () => {
  it('takes at most the limit under concurrent requests and gives units back', async () => {
    const usage = new UsageStore(db);
    const account = `acct_${randomBytes(4).toString('hex')}`;
    const taken = await Promise.all(Array.from({ length: 12 }, () => usage.take(account, 'scans', 5)));
    expect(taken.filter(Boolean)).toHaveLength(5);
    expect((await usage.month(account)).scans).toBe(5);
    await usage.giveBack(account, 'scans');
    expect(await usage.take(account, 'scans', 5)).toBe(true);
    expect(await usage.take(account, 'scans', 5)).toBe(false);
    expect((await usage.month(account)).scans).toBe(5);
  });
});

describe('migrateScanLayout', () => {
  it('moves scans stored before the split into the read documents, history and library, once', async () => {
    const uri = new URL(getStackEnv().mongodbUri);
    uri.pathname = `/migrate${randomBytes(3).toString('hex')}`;
    const own = await new MongoClient(uri.toString(), { ignoreUndefined: true }).connect();
    const old = own.db();
    try {
      const { migrateScanLayout } = await import('../../../store/migrate');
      const at = (m: number) => new Date(Date.UTC(2026, 0, 1, 0, m));
      const base = { title: null, source: { type: 'url', url: 'https://example.com/v.mp4' }, priority: false };
      await old.collection('scans').insertMany([
        {
          _id: 'scn_a' as never,
          scan_id: 'scn_a',
          account_id: 'acct_m',
          status: 'complete',
          pct: 100,
          created_at: at(1),
          updated_at: at(1),
          published_at: at(9),
          ...base,
          ...read(40),
        },
        { _id: 'scn_b' as never, scan_id: 'scn_b', account_id: 'acct_m', status: 'processing', pct: 30, created_at: at(2), updated_at: at(2), ...base },
        {
          _id: 'scn_c' as never,
          scan_id: 'scn_c',
          account_id: 'acct_n',
          status: 'complete',
          pct: 100,
          created_at: at(3),
          updated_at: at(3),
          ...base,
          ...read(70),
        },
      ]);
      expect(await migrateScanLayout(old)).toBe(3);
      expect(await migrateScanLayout(old)).toBe(0);
      const store = new ScansStore(old);
      expect((await store.listOwned('acct_m', { limit: 10, offset: 0 })).docs.map((d) => d.scan_id)).toEqual(['scn_b', 'scn_a']);
      expect(await old.collection('scans').findOne({ _id: 'scn_a' as never })).not.toHaveProperty('timeline');
      expect(await store.get('scn_a')).toMatchObject({ score: 40, timeline: [{ t: 0 }, { t: 1 }, { t: 2 }] });
      expect((await new LibraryStore(old).list({ limit: 10, offset: 0 })).docs.map((d) => d.scan_id)).toEqual(['scn_a']);
    } finally {
      await old.dropDatabase();
      await own.close();
    }
  });
});
