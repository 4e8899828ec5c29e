import { randomBytes } from 'node:crypto';
import type { Db } from 'mongodb';
import type { ReadFigures, Segment } from '../core/recut';

/** `rct_` + 24 hex characters (design §1's id format). */
export const newRecutId = () => `rct_${randomBytes(12).toString('hex')}`;

export type RecutStatus = 'queued' | 'processing' | 'complete' | 'error';
export type RecutStage = 'queued' | 'propose' | 'render' | 'rescan' | 'compare' | 'complete' | 'error';

/** One recut: read by `_id`; its scan (`scan_id`) is created by the render step. */
export interface RecutDoc {
  _id: string;
  recut_id: string;
  account_id: string;
  parent_scan_id: string;
  /** The re-scan's id, chosen at submit so every retry writes the same scan. */
  scan_id: string;
  goal: string | null;
  max_seconds: number | null;
  status: RecutStatus;
  stage: RecutStage;
  pct: number;
  segments?: Segment[];
  rationale?: string;
  proposed_by?: 'model' | 'rules';
  base_model?: string | null;
  before?: ReadFigures;
  after?: ReadFigures;
  detail?: string;
  created_at: Date;
  updated_at: Date;
  completed_at?: Date;
}

export interface RecutProposalFields {
  segments: Segment[];
  rationale: string;
  proposed_by: 'model' | 'rules';
  base_model: string | null;
}

const IN_FLIGHT = { $in: ['queued', 'processing'] as RecutStatus[] };

export class RecutsStore {
  private indexes: Promise<void> | undefined;

  constructor(private readonly db: Db) {}

  /** The one secondary index, made on first use: a scan's recuts are listed without a collection scan. */
  private ensureIndexes(): Promise<void> {
    this.indexes ??= this.recuts.createIndex({ parent_scan_id: 1, created_at: -1 }).then(
      () => undefined,
      (error: unknown) => {
        this.indexes = undefined;
        throw error;
      },
    );
    return this.indexes;
  }

  get recuts() {
    return this.db.collection<RecutDoc>('recuts');
  }

  async insertQueued(doc: Omit<RecutDoc, '_id' | 'status' | 'stage' | 'pct' | 'updated_at'>): Promise<RecutDoc> {
    const full: RecutDoc = { ...doc, _id: doc.recut_id, status: 'queued', stage: 'queued', pct: 0, updated_at: doc.created_at };
    await this.recuts.insertOne(full);
    return full;
  }

  async remove(recutId: string): Promise<void> {
    await this.recuts.deleteOne({ _id: recutId });
  }

  async get(recutId: string): Promise<RecutDoc | null> {
    return this.recuts.findOne({ _id: recutId });
  }

  /** Another account's recut is indistinguishable from a missing one. */
  async getOwned(recutId: string, accountId: string): Promise<RecutDoc | null> {
    const doc = await this.get(recutId);
    return doc && doc.account_id === accountId ? doc : null;
  }

  /** A scan's recuts, newest first. */
  async listForScan(parentScanId: string, accountId: string, limit = 100): Promise<RecutDoc[]> {
    await this.ensureIndexes();
    return this.recuts.find({ parent_scan_id: parentScanId, account_id: accountId }).sort({ created_at: -1, _id: -1 }).limit(limit).toArray();
  }

  /** Every recut of a scan, whoever asked for it (for the scan's deletion). */
  async listAllForScan(parentScanId: string): Promise<RecutDoc[]> {
    await this.ensureIndexes();
    return this.recuts.find({ parent_scan_id: parentScanId }).toArray();
  }

  /** Every recut the account asked for (its closure; recuts of its scans go with the scans). */
  async idsOfAccount(accountId: string): Promise<string[]> {
    return (await this.recuts.find({ account_id: accountId }, { projection: { _id: 1 } }).toArray()).map((doc) => doc._id);
  }

  /** Moves an in-flight recut forward; pct never goes back, a finished recut is never touched. */
  async advance(recutId: string, stage: RecutStage, pct: number, set: Partial<RecutDoc> = {}): Promise<void> {
    await this.recuts.updateOne({ _id: recutId, status: IN_FLIGHT }, { $set: { status: 'processing', stage, updated_at: new Date(), ...set }, $max: { pct } });
  }

  async complete(recutId: string, figures: { before: ReadFigures; after: ReadFigures }): Promise<void> {
    await this.recuts.updateOne(
      { _id: recutId, status: IN_FLIGHT },
      { $set: { ...figures, status: 'complete', stage: 'complete', pct: 100, completed_at: new Date(), updated_at: new Date() } },
    );
  }

  /** Ends the recut in error; true only for the call that moved it there (a retry finds it ended). */
  async fail(recutId: string, detail: string): Promise<boolean> {
    const result = await this.recuts.updateOne(
      { _id: recutId, status: IN_FLIGHT },
      { $set: { status: 'error', stage: 'error', detail, updated_at: new Date() } },
    );
    return result.modifiedCount === 1;
  }
}
