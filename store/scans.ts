import type { Db, Filter } from 'mongodb';
import { withLibraryPercentile } from '../core/hook-report';
import { LibraryHooks } from './library-hooks';
import { OrderedIndex } from './ordered-index';
import { ReadCache } from './read-cache';
import { isDuplicateKey } from './duplicate-key';
import { serializedAcrossProcesses, updateIf, updateIfReturning, upsertRetrying } from './point';
import { READ_FIELDS, type ScanRead, type ScanStatus } from '../core/wire/read';
import type { MediaProbe, RecognisedWord } from '../core/measurements';
import type { LoudnessLufsParts } from '../core/lufs';
import type { ScanDoc, ScanReadDoc } from './scan-docs';
import type { CutRefinement } from '../core/cut-refinement';

/** What the status document keeps of the read: what history and library rows show. */
const SUMMARY_FIELDS = ['duration_sec', 'score', 'grade', 'label'] as const satisfies readonly (keyof ScanRead)[];

/** Intermediate results of one scan, written by activities, read by assembly, removed on completion. */
export interface ScanPartsDoc {
  _id: string;
  probe?: MediaProbe;
  /** The length the read covers, set by decode from what ffmpeg produced. */
  durationSec?: number;
  frameDiffs?: number[];
  skipDiffs?: number[];
  /** What each 4 fps sample shows (core/technical-cues.ts `FrameKind`); absent on parts decoded before it existed. */
  frameKinds?: number[];
  /** RMS per second: fitted to `durationSec` by a one-pass decode; as long as the soundtrack when `extractAudio` wrote it (the read fits it). */
  loudnessRms?: number[];
  /** EBU R128 loudness, measured by whichever pass decoded the soundtrack; absent or null without sound. */
  loudnessLufs?: LoudnessLufsParts | null;
  chunks?: { start: number; end: number }[];
  words?: Record<string, RecognisedWord[]>;
  /** Per chunk: where the voice activity detector heard a voice, and which engine transcribed it. */
  voice?: Record<string, Array<{ start: number; end: number }>>;
  engines?: Record<string, string>;
  /** Per chunk: the language the engine named (null when it named none). */
  languages?: Record<string, string | null>;
  /** Per grid cut: the frame `refineCuts` moved it to, or null when its window could not be decoded. */
  cutRefinement?: CutRefinement[];
  read?: ScanRead;
}

const ACTIVE = ['queued', 'processing'] as const;

/** A scan in flight: written with its status document, removed at its end (`inFlightIdsOfAccount`). */
interface InFlightDoc {
  _id: string;
  account_id: string;
  created_at: Date;
}

/** How long an in-flight entry may go without its status document before it is taken for a failed insert. */
const IN_FLIGHT_INSERT_MS = 60_000;

/** A scan whose owner asked to delete it is gone for every reader, though its documents are still being removed. */
const visible = (doc: ScanDoc | null): ScanDoc | null => (doc && doc.deleted_at === undefined ? doc : null);
const active = { filter: { status: { $in: [...ACTIVE] } }, test: (doc: ScanDoc) => doc.status === 'queued' || doc.status === 'processing' };

/**
 * Scans as two documents under the same `_id`: a small status document in `scans`
 * (what polls, history and library pages touch) and the heavy read in
 * `scan_reads`, written before the status turns complete. Every read and write
 * here filters on `_id` alone (see point.ts); history is an `OrderedIndex` per
 * account, so a page is a bounded number of point reads.
 */
export class ScansStore {
  static readonly POLL_CACHE_MS = 250;
  // Per process, shared by every ScansStore (and LibraryStore) of it, so a write here is seen at once here.
  /** What the API's polls and pages read: at most POLL_CACHE_MS old, shared by concurrent requests. */
  private static readonly statusCache = new ReadCache<ScanDoc | null>(ScansStore.POLL_CACHE_MS);
  private static readonly pageCache = new ReadCache<{ docs: ScanDoc[]; total: number }>(ScansStore.POLL_CACHE_MS, 2_000);
  /** A complete read never changes: kept longer, few of them (a 10-minute read is ~150 KB). */
  private static readonly readCache = new ReadCache<ScanReadDoc | null>(30_000, 64);
  readonly history: OrderedIndex;

  constructor(private readonly db: Db) {
    this.history = new OrderedIndex(db, 'scan_history');
  }

  get scans() {
    return this.db.collection<ScanDoc>('scans');
  }
  get reads() {
    return this.db.collection<ScanReadDoc>('scan_reads');
  }
  get parts() {
    return this.db.collection<ScanPartsDoc>('scan_parts');
  }
  /** The scans in flight, one small entry each (see `inFlightIdsOfAccount`). */
  get inFlight() {
    return this.db.collection<InFlightDoc>('scans_in_flight');
  }

  async insertQueued(doc: Omit<ScanDoc, '_id' | 'status' | 'pct' | 'updated_at'>): Promise<ScanDoc> {
    const seq = await this.history.reserve(doc.account_id);
    const full: ScanDoc = { ...doc, _id: doc.scan_id, status: 'queued', pct: 0, updated_at: doc.created_at, seq };
    try {
      // Noted in flight before the status document exists, so a queued scan is never missed by the count.
      await this.inFlight.insertOne({ _id: doc.scan_id, account_id: doc.account_id, created_at: doc.created_at }).catch((error: unknown) => {
        if (!isDuplicateKey(error)) throw error;
      });
      await this.scans.insertOne(full);
    } catch (error) {
      await this.history.remove(doc.account_id, seq).catch(() => undefined);
      throw error;
    }
    await this.history.place(doc.account_id, seq, doc.scan_id);
    ScansStore.pageCache.clear();
    return full;
  }

  /**
   * Removes the scan's documents and its history entry. Idempotent: a retry after
   * a crash finds what is left and removes that; the status document goes last, so
   * until then it still names the history position to take out.
   */
  async remove(scanId: string): Promise<void> {
    const doc = await this.getRaw(scanId);
    if (doc?.seq !== undefined) await this.history.removeEntry(doc.account_id, doc.seq, scanId);
    await Promise.all([this.reads.deleteOne({ _id: scanId }), this.parts.deleteOne({ _id: scanId }), this.inFlight.deleteOne({ _id: scanId })]);
    await this.scans.deleteOne({ _id: scanId });
    this.forget(scanId);
    ScansStore.pageCache.clear();
  }

  /** The status document as stored, a scan being deleted included (for the deletion and its waits). */
  async getRaw(scanId: string): Promise<ScanDoc | null> {
    return this.scans.findOne({ _id: scanId });
  }

  /**
   * Hides the scan from every read at once (its deletion follows). Returns false
   * when there is no such scan. Idempotent.
   */
  async hide(scanId: string, now = new Date()): Promise<boolean> {
    const result = await this.inOrder('status', scanId, () => this.scans.updateOne({ _id: scanId }, { $set: { deleted_at: now } }));
    this.forget(scanId);
    return result.matchedCount === 1;
  }

  /** Every account id that has a scan (the hourly sweep looks for those whose account is gone). */
  async accountIds(): Promise<string[]> {
    return (await this.scans.distinct('account_id')).filter((id): id is string => typeof id === 'string');
  }

  /** Every scan of the account, those being deleted included (its closure; a collection read, done once per closure). */
  async idsOfAccount(accountId: string): Promise<string[]> {
    return (await this.scans.find({ account_id: accountId }, { projection: { _id: 1 } }).toArray()).map((doc) => doc._id);
  }

  /** The account's scans still shown (none being deleted), oldest first: what its archive holds (`GET /v1/account/export`). */
  async visibleIdsOfAccount(accountId: string): Promise<string[]> {
    const docs = await this.scans
      .find({ account_id: accountId, deleted_at: { $exists: false } }, { projection: { _id: 1 }, sort: { created_at: 1, _id: 1 } })
      .toArray();
    return docs.map((doc) => doc._id);
  }

  /**
   * One page of the account's ended scans created before `before` whose media is still
   * kept (published ones only with `includePublished`), oldest first, after `after`
   * (the previous page's last row): the hourly retention run's candidates. Read through
   * the `{account_id, created_at}` index (store/mongo.ts), so a run costs what the
   * accounts with a retention have to remove, not the whole history.
   */
  async mediaRetentionPage(
    accountId: string,
    before: Date,
    options: { includePublished: boolean; after?: { created_at: Date; _id: string }; limit: number },
  ): Promise<Array<Pick<ScanDoc, '_id' | 'account_id' | 'created_at' | 'published_at'>>> {
    const filter: Filter<ScanDoc> = {
      account_id: accountId,
      created_at: { $lt: before },
      status: { $in: ['complete', 'error'] },
      media_removed_at: { $exists: false },
      deleted_at: { $exists: false },
    };
    if (!options.includePublished) filter.published_at = { $exists: false };
    if (options.after)
      filter.$or = [{ created_at: { $gt: options.after.created_at } }, { created_at: options.after.created_at, _id: { $gt: options.after._id } }];
    return this.scans
      .find(filter, { projection: { _id: 1, account_id: 1, created_at: 1, published_at: 1 }, sort: { created_at: 1, _id: 1 }, limit: options.limit })
      .toArray();
  }

  /** Notes that the scan's media was removed by the retention setting (its read stays); false when there is no such scan. */
  async markMediaRemoved(scanId: string, now = new Date()): Promise<boolean> {
    const result = await this.inOrder('status', scanId, () => this.scans.updateOne({ _id: scanId }, { $set: { media_removed_at: now } }));
    this.forget(scanId);
    return result.matchedCount === 1;
  }

  /** Marks the scan's quota unit as given back; true only for the first call, so the unit is returned once. */
  async markQuotaReturned(scanId: string, now = new Date()): Promise<boolean> {
    return this.inOrder('status', scanId, () =>
      updateIf(
        this.db,
        this.scans,
        scanId,
        { filter: { quota_returned_at: { $exists: false } }, test: (doc) => doc.quota_returned_at === undefined },
        { $set: { quota_returned_at: now } },
      ),
    );
  }

  /** The small status document alone: no timeline or transcript. A scan being deleted reads as missing. */
  async getStatus(scanId: string): Promise<ScanDoc | null> {
    return visible(await this.scans.findOne({ _id: scanId }));
  }

  /** The whole scan: the status document, joined with its read when complete (two `_id` reads). */
  async get(scanId: string): Promise<ScanDoc | null> {
    const doc = visible(await this.scans.findOne({ _id: scanId }));
    return doc ? this.withRead(doc) : null;
  }

  async withRead(doc: ScanDoc): Promise<ScanDoc> {
    if (doc.status !== 'complete') return doc;
    const read = await this.reads.findOne({ _id: doc._id });
    if (!read) return doc;
    const { _id, ...fields } = read;
    return this.placedInLibrary({ ...doc, ...fields });
  }

  /** The hook report's Library percentile is read as the scan is served: the Library changes after assembly. */
  private placedInLibrary(doc: ScanDoc): Promise<ScanDoc> {
    return withLibraryPercentile(doc, new LibraryHooks(this.db));
  }

  /**
   * Another account's scan is indistinguishable from a missing one. Ownership is
   * checked after the `_id` read. For the API's polls: the answer may be up to
   * POLL_CACHE_MS old, and concurrent polls of one scan share one read.
   */
  async getOwned(scanId: string, accountId: string): Promise<ScanDoc | null> {
    const doc = visible(await ScansStore.statusCache.get(this.key(scanId), () => this.scans.findOne({ _id: scanId })));
    if (!doc || doc.account_id !== accountId) return null;
    if (doc.status !== 'complete') return doc;
    const read = await ScansStore.readCache.get(this.key(scanId), () => this.reads.findOne({ _id: scanId }));
    if (!read) return doc;
    const { _id, ...fields } = read;
    return this.placedInLibrary({ ...doc, ...fields });
  }

  /** One page of the account's scans, newest first: status documents only (no timelines), up to POLL_CACHE_MS old. */
  async listOwned(accountId: string, page: { limit: number; offset: number }): Promise<{ docs: ScanDoc[]; total: number }> {
    return ScansStore.pageCache.get(this.key(`${accountId}:${page.offset}:${page.limit}`), async () => {
      const { ids, total } = await this.history.page(accountId, page.offset, page.limit);
      const docs = await Promise.all(ids.map((id) => ScansStore.statusCache.get(this.key(id), () => this.scans.findOne({ _id: id }))));
      return { docs: docs.filter((doc): doc is ScanDoc => doc !== null && doc.deleted_at === undefined && doc.account_id === accountId), total };
    });
  }

  /**
   * A cursor page of the account's scans, newest first: those older than the scan
   * `startingAfter` (from the newest when null), of `status` when given. The history
   * index is walked from the cursor's position (its `seq`, one `_id` read), so the
   * page costs the buckets it falls in and its rows' status documents, at any depth.
   * A filter examines at most `CURSOR_WALK_BUDGET` rows a page; a page cut short by it
   * still has a `nextCursor` (the last row examined), so following the cursors misses
   * nothing. Null when the cursor names no scan of the account.
   */
  async listOwnedAfter(
    accountId: string,
    page: { limit: number; startingAfter: string | null; status?: ScanStatus },
  ): Promise<{ docs: ScanDoc[]; total: number; offset: number; nextCursor: string | null } | null> {
    let beforeSeq: number | null = null;
    if (page.startingAfter !== null) {
      // The cursor scan may be being deleted: its position still holds.
      const cursor = await this.scans.findOne({ _id: page.startingAfter });
      if (!cursor || cursor.account_id !== accountId || cursor.seq === undefined) return null;
      beforeSeq = cursor.seq;
    }
    const docs: ScanDoc[] = [];
    let total = await this.history.length(accountId);
    let offset: number | null = null;
    let examined = 0;
    let lastExamined: string | null = null;
    for await (const entry of this.history.walk(accountId, beforeSeq)) {
      total = entry.total;
      // Rows remain unexamined: the next page starts after the last one examined.
      if (examined === ScansStore.CURSOR_WALK_BUDGET) return { docs, total, offset: offset ?? entry.position, nextCursor: lastExamined };
      examined += 1;
      const doc = await this.pageRow(entry.id, accountId, page.status);
      // One more row that would be shown: there is a next page, after the page's last row.
      if (doc && docs.length === page.limit) return { docs, total, offset: offset ?? entry.position, nextCursor: docs.at(-1)!.scan_id };
      lastExamined = entry.id;
      if (!doc) continue;
      offset ??= entry.position;
      docs.push(doc);
    }
    return { docs, total, offset: offset ?? total, nextCursor: null };
  }

  /** Rows a cursor page examines per request when a filter skips most of them. */
  static readonly CURSOR_WALK_BUDGET = 1000;

  private async pageRow(scanId: string, accountId: string, status: ScanStatus | undefined): Promise<ScanDoc | null> {
    const doc = await ScansStore.statusCache.get(this.key(scanId), () => this.scans.findOne({ _id: scanId }));
    if (!doc || doc.deleted_at !== undefined || doc.account_id !== accountId) return null;
    return status === undefined || doc.status === status ? doc : null;
  }

  private key = (id: string) => `${this.db.databaseName}:${id}`;

  /**
   * Runs one write of a scan's status or parts document after every other of the same
   * document, in any process: a scan's activities write at once (the decode its series and progress, each
   * transcription chunk its words, voice and progress), and FerretDB writes an update
   * back as a whole document, so without this one of two concurrent writes was lost
   * (measured: 2 of 12 chunks' words lost in test/integration/store/scans-store.test.ts). On MongoDB it is a
   * queue hop in this process (store/point.ts).
   */
  private inOrder<T>(what: 'status' | 'parts', scanId: string, work: () => Promise<T>): Promise<T> {
    return serializedAcrossProcesses(this.db, `scan-${what}:${this.key(scanId)}`, work);
  }

  /** Forgets what this process cached of a scan (after a write to it here). */
  forget(scanId: string) {
    ScansStore.statusCache.delete(this.key(scanId));
    ScansStore.readCache.delete(this.key(scanId));
    // Pages hold status documents too; they are few and short-lived.
    ScansStore.pageCache.clear();
  }

  /** Moves an in-flight scan forward; pct never goes back, a finished scan is never touched. */
  async advance(scanId: string, pct: number, set: Partial<ScanDoc> = {}): Promise<void> {
    await this.inOrder('status', scanId, () =>
      updateIf(this.db, this.scans, scanId, active, { $set: { status: 'processing', updated_at: new Date(), ...set }, $max: { pct } }),
    );
    this.forget(scanId);
  }

  /** Stores the read, then turns the status complete: a complete status always has its read. */
  async complete(scanId: string, read: ScanRead): Promise<boolean> {
    const heavy = Object.fromEntries(READ_FIELDS.map((field) => [field, read[field]])) as unknown as ScanRead;
    await upsertRetrying(() => this.reads.replaceOne({ _id: scanId }, heavy, { upsert: true }));
    const summary = Object.fromEntries(SUMMARY_FIELDS.map((field) => [field, read[field]]));
    const now = new Date();
    const done = await this.inOrder('status', scanId, () =>
      updateIf(this.db, this.scans, scanId, active, {
        $set: { ...summary, status: 'complete', pct: 100, completed_at: now, updated_at: now },
        $unset: { progress: '' },
      }),
    );
    this.forget(scanId);
    if (done) await this.inFlight.deleteOne({ _id: scanId });
    return done;
  }

  async fail(scanId: string, detail: string): Promise<void> {
    await this.inOrder('status', scanId, () =>
      updateIf(this.db, this.scans, scanId, active, { $set: { status: 'error', detail, updated_at: new Date() }, $unset: { progress: '' } }),
    );
    this.forget(scanId);
    // Ended either way now (in error, or complete already).
    await this.inFlight.deleteOne({ _id: scanId });
  }

  /**
   * The ids of the account's scans in flight (queued or processing): the per-account cap
   * of `POST /v1/scans` counts them (services/scans-in-flight.ts). Read from the small
   * `scans_in_flight` collection (an entry per scan from its insert until it completes,
   * fails or is removed), not from `scans`, which FerretDB would read whole for a filter
   * on `account_id` (point.ts). Each entry is checked against its status document by
   * `_id`: one whose scan has ended (its end was recorded but the entry's removal was
   * lost), or has been missing for over a minute (an insert that failed half-way), is
   * removed here; a younger one without its document is still being written and counts.
   */
  async inFlightIdsOfAccount(accountId: string, now = new Date()): Promise<string[]> {
    const entries = await this.inFlight.find({ account_id: accountId }).toArray();
    const ids: string[] = [];
    for (const entry of entries) {
      const doc = await this.scans.findOne({ _id: entry._id }, { projection: { status: 1 } });
      const live = doc ? doc.status === 'queued' || doc.status === 'processing' : now.getTime() - entry.created_at.getTime() < IN_FLIGHT_INSERT_MS;
      if (live) ids.push(entry._id);
      else await this.inFlight.deleteOne({ _id: entry._id });
    }
    return ids;
  }

  async setParts(scanId: string, fields: Partial<Omit<ScanPartsDoc, '_id'>>): Promise<void> {
    const stored = fields.skipDiffs ? { ...fields, skipDiffs: fields.skipDiffs.map((v) => (Number.isFinite(v) ? v : null)) } : fields;
    await this.inOrder('parts', scanId, () =>
      upsertRetrying(() => this.parts.updateOne({ _id: scanId }, { $set: stored as Partial<ScanPartsDoc> }, { upsert: true })),
    );
  }

  async getParts(scanId: string): Promise<ScanPartsDoc | null> {
    const doc = await this.parts.findOne({ _id: scanId });
    // FerretDB cannot store NaN (the flash test's "undefined"), so it travels as null.
    if (doc?.skipDiffs) doc.skipDiffs = (doc.skipDiffs as (number | null)[]).map((v) => v ?? Number.NaN);
    return doc;
  }

  /** Sets one stage's fraction done and returns every stage's progress. */
  async recordProgress(scanId: string, key: string, fraction: number): Promise<ScanDoc['progress'] | null> {
    const doc = await this.inOrder('status', scanId, () => updateIfReturning(this.db, this.scans, scanId, active, { $set: { [`progress.${key}`]: fraction } }));
    return doc ? (doc.progress ?? {}) : null;
  }

  async removeParts(scanId: string): Promise<void> {
    await this.parts.deleteOne({ _id: scanId });
  }
}
