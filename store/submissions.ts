import type { Db } from 'mongodb';

/**
 * A submission being received: written when its quota unit is taken, before a byte
 * of the upload (or the URL) is read, and removed once its scan is queued or undone.
 * An account's closure waits for those that began before it; the hourly sweep
 * removes what an API process that died mid-upload left (its stored video).
 */
export interface SubmissionDoc {
  /** The scan id the submission stores its video under. */
  _id: string;
  account_id: string;
  started_at: Date;
  /**
   * The submission took a scan unit of the month of `started_at` (a retry of an answered
   * Idempotency-Key takes none). The sweep gives it back when the submission's process died
   * before a scan was written: otherwise the client's retry is charged a second unit for one
   * scan. Absent on submissions noted before this field existed: nothing is given back for them.
   */
  unit?: boolean;
}

/** Submissions in flight, one document per scan id; `{account_id, started_at}` indexed (store/mongo.ts). */
export class SubmissionsStore {
  constructor(private readonly db: Db) {}

  private get collection() {
    return this.db.collection<SubmissionDoc>('submissions');
  }

  async begin(input: { scanId: string; accountId: string; now: Date; unit?: boolean }): Promise<void> {
    await this.collection.insertOne({ _id: input.scanId, account_id: input.accountId, started_at: input.now, ...(input.unit ? { unit: true } : {}) });
  }

  /** Notes that the submission took its unit after it began (the answered key it retried had expired meanwhile). */
  async tookUnit(scanId: string): Promise<void> {
    await this.collection.updateOne({ _id: scanId }, { $set: { unit: true } });
  }

  /** Idempotent. */
  async end(scanId: string): Promise<void> {
    await this.collection.deleteOne({ _id: scanId });
  }

  /** The account's submissions that began at or after `since` and have not ended. */
  async countOfAccount(accountId: string, since: Date): Promise<number> {
    return this.collection.countDocuments({ account_id: accountId, started_at: { $gte: since } });
  }

  /** The scan ids of the account's submissions that began at or after `since` and have not ended (its scans in flight count them). */
  async idsOfAccount(accountId: string, since: Date): Promise<string[]> {
    const docs = await this.collection.find({ account_id: accountId, started_at: { $gte: since } }, { projection: { _id: 1 } }).toArray();
    return docs.map((doc) => doc._id);
  }

  /** Up to `limit` submissions that began before `before` (their request is over by now: its process died), oldest first. */
  async startedBefore(before: Date, limit: number): Promise<SubmissionDoc[]> {
    return this.collection
      .find({ started_at: { $lt: before } })
      .sort({ started_at: 1, _id: 1 })
      .limit(limit)
      .toArray();
  }
}
