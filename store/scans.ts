import type { Db } from 'mongodb';
import type { RecognisedWord, ScanRead, ScanStatus, ScanView } from '../core/shapes';
import type { ProbeResult } from '../workflows/scan-types';

export type ScanSource = { type: 'url'; url: string } | { type: 'upload'; filename: string | null };

/** A scan document: the public scan shape plus ownership and bookkeeping. */
export interface ScanDoc extends Partial<ScanRead> {
  _id: string;
  scan_id: string;
  account_id: string;
  title: string | null;
  status: ScanStatus;
  pct: number;
  detail?: string;
  media_url?: string;
  source: ScanSource;
  priority: boolean;
  created_at: Date;
  updated_at: Date;
  completed_at?: Date;
  published_at?: Date;
  /** Fractions done of the two parallel stages, from which pct is derived. */
  progress?: { decode?: number; transcribe?: Record<string, number> };
}

/** Intermediate results of one scan, written by activities, read by assembly, removed on completion. */
export interface ScanPartsDoc {
  _id: string;
  probe?: ProbeResult;
  frameDiffs?: number[];
  skipDiffs?: number[];
  loudnessRms?: number[];
  chunks?: { start: number; end: number }[];
  words?: Record<string, RecognisedWord[]>;
  /** Per chunk: where the voice activity detector heard a voice, and which engine transcribed it. */
  voice?: Record<string, Array<{ start: number; end: number }>>;
  engines?: Record<string, string>;
  read?: ScanRead;
}

const READ_FIELDS = [
  'duration_sec', 'score', 'grade', 'label', 'hook', 'timeline', 'cuts', 'dead',
  'moments', 'claims', 'transcript', 'summary', 'method', 'transcriber',
] as const satisfies readonly (keyof ScanRead)[];

export const mediaUrl = (scanId: string) => `/v1/scans/${scanId}/media`;

/** The public view of a scan document: exactly one of the three spec shapes. */
export function scanView(doc: ScanDoc): ScanView {
  if (doc.status === 'complete') {
    const read = Object.fromEntries(READ_FIELDS.map((field) => [field, doc[field]])) as unknown as ScanRead;
    return { scan_id: doc.scan_id, status: 'complete', ...read, media_url: mediaUrl(doc.scan_id) };
  }
  if (doc.status === 'error') {
    return { scan_id: doc.scan_id, status: 'error', pct: doc.pct, detail: doc.detail ?? 'scan failed' };
  }
  return { scan_id: doc.scan_id, status: doc.status, pct: doc.pct };
}

export class ScansStore {
  constructor(private readonly db: Db) {}

  get scans() {
    return this.db.collection<ScanDoc>('scans');
  }
  get parts() {
    return this.db.collection<ScanPartsDoc>('scan_parts');
  }

  async insertQueued(doc: Omit<ScanDoc, '_id' | 'status' | 'pct' | 'updated_at'>): Promise<ScanDoc> {
    const full: ScanDoc = { ...doc, _id: doc.scan_id, status: 'queued', pct: 0, updated_at: doc.created_at };
    await this.scans.insertOne(full);
    return full;
  }

  async remove(scanId: string): Promise<void> {
    await Promise.all([this.scans.deleteOne({ _id: scanId }), this.parts.deleteOne({ _id: scanId })]);
  }

  async get(scanId: string): Promise<ScanDoc | null> {
    return this.scans.findOne({ _id: scanId });
  }

  /** Another account's scan is indistinguishable from a missing one. */
  async getOwned(scanId: string, accountId: string): Promise<ScanDoc | null> {
    return this.scans.findOne({ _id: scanId, account_id: accountId });
  }

  async listOwned(accountId: string, page: { limit: number; offset: number }): Promise<{ docs: ScanDoc[]; total: number }> {
    const filter = { account_id: accountId };
    const [docs, total] = await Promise.all([
      this.scans.find(filter).sort({ created_at: -1, _id: -1 }).skip(page.offset).limit(page.limit).toArray(),
      this.scans.countDocuments(filter),
    ]);
    return { docs, total };
  }

  /** Moves an in-flight scan forward; pct never goes back, a finished scan is never touched. */
  async advance(scanId: string, pct: number, set: Partial<ScanDoc> = {}): Promise<void> {
    await this.scans.updateOne(
      { _id: scanId, status: { $in: ['queued', 'processing'] } },
      { $set: { status: 'processing', updated_at: new Date(), ...set }, $max: { pct } },
    );
  }

  async complete(scanId: string, read: ScanRead): Promise<boolean> {
    const result = await this.scans.updateOne(
      { _id: scanId, status: { $in: ['queued', 'processing'] } },
      { $set: { ...read, status: 'complete', pct: 100, media_url: mediaUrl(scanId), completed_at: new Date(), updated_at: new Date() }, $unset: { progress: '' } },
    );
    return result.modifiedCount === 1;
  }

  async fail(scanId: string, detail: string): Promise<void> {
    await this.scans.updateOne(
      { _id: scanId, status: { $in: ['queued', 'processing'] } },
      { $set: { status: 'error', detail, updated_at: new Date() }, $unset: { progress: '' } },
    );
  }

  async setParts(scanId: string, fields: Partial<Omit<ScanPartsDoc, '_id'>>): Promise<void> {
    const stored = fields.skipDiffs ? { ...fields, skipDiffs: fields.skipDiffs.map((v) => (Number.isFinite(v) ? v : null)) } : fields;
    await this.parts.updateOne({ _id: scanId }, { $set: stored as Partial<ScanPartsDoc> }, { upsert: true });
  }

  async getParts(scanId: string): Promise<ScanPartsDoc | null> {
    const doc = await this.parts.findOne({ _id: scanId });
    // FerretDB cannot store NaN (the flash test's "undefined"), so it travels as null.
    if (doc?.skipDiffs) doc.skipDiffs = (doc.skipDiffs as (number | null)[]).map((v) => v ?? Number.NaN);
    return doc;
  }

  /** Sets one stage's fraction done and returns every stage's progress. */
  async recordProgress(scanId: string, key: string, fraction: number): Promise<ScanDoc['progress'] | null> {
    // findOneAndUpdate without a projection: FerretDB v1 does not implement one there.
    const doc = await this.scans.findOneAndUpdate(
      { _id: scanId, status: { $in: ['queued', 'processing'] } },
      { $set: { [`progress.${key}`]: fraction } },
      { returnDocument: 'after' },
    );
    return doc ? (doc.progress ?? {}) : null;
  }

  async removeParts(scanId: string): Promise<void> {
    await this.parts.deleteOne({ _id: scanId });
  }
}
