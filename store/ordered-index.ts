import type { Db } from 'mongodb';
import { serializedAcrossProcesses, upsertRetrying } from './point';

/** The head of one list: how many entries were ever added, how many are live, removals per bucket. */
interface IndexHeadDoc {
  _id: string;
  seq: number;
  total: number;
  removed?: Record<string, number>;
}

/** Up to BUCKET entries of one list, keyed by their sequence number. */
interface IndexBucketDoc {
  _id: string;
  entries: Record<string, string>;
}

/**
 * Newest-first lists of ids (an account's scans, the public library) kept as a
 * small head document plus fixed-size buckets, so a page is a bounded number of
 * `_id` reads however long the list grows: the head (counters) and the one or
 * two buckets the page falls in. Entry n lives in bucket floor(n / size); the
 * head counts removals per bucket, so the offset of any entry is known without
 * reading the buckets before it. Every write is a single-document update,
 * serialized per document across the processes that write it (`serializedAcrossProcesses`:
 * API instances reserve positions, workers remove them).
 */
export class OrderedIndex {
  constructor(
    private readonly db: Db,
    private readonly name: string,
    private readonly size = 200,
  ) {}

  private get heads() {
    return this.db.collection<IndexHeadDoc>(`${this.name}_heads`);
  }
  private get buckets() {
    return this.db.collection<IndexBucketDoc>(`${this.name}_buckets`);
  }

  private bucketId = (key: string, bucket: number) => `${key}#${String(bucket).padStart(8, '0')}`;

  /** Takes the next sequence number of `key`'s list (and counts the entry in `total`). */
  async reserve(key: string): Promise<number> {
    const head = await serializedAcrossProcesses(this.db, `${this.name}:${key}`, () =>
      upsertRetrying(() => this.heads.findOneAndUpdate({ _id: key }, { $inc: { seq: 1, total: 1 } }, { upsert: true, returnDocument: 'after' })),
    );
    return head!.seq - 1;
  }

  /** Puts `id` at the reserved position `seq`. Idempotent. */
  async place(key: string, seq: number, id: string): Promise<void> {
    const bucket = Math.floor(seq / this.size);
    const bucketId = this.bucketId(key, bucket);
    await serializedAcrossProcesses(this.db, `${this.name}:${bucketId}`, () =>
      upsertRetrying(() => this.buckets.updateOne({ _id: bucketId }, { $set: { [`entries.${seq}`]: id } }, { upsert: true })),
    );
  }

  async add(key: string, id: string): Promise<number> {
    const seq = await this.reserve(key);
    await this.place(key, seq, id);
    return seq;
  }

  /**
   * Writes a whole list at once into an empty key, oldest first (bulk loads: the
   * load benchmark, a migration). Returns each id's sequence number.
   */
  async seed(key: string, ids: string[]): Promise<number[]> {
    const buckets = new Map<number, Record<string, string>>();
    ids.forEach((id, seq) => {
      const bucket = Math.floor(seq / this.size);
      if (!buckets.has(bucket)) buckets.set(bucket, {});
      buckets.get(bucket)![String(seq)] = id;
    });
    const docs = [...buckets].map(([bucket, entries]) => ({ _id: this.bucketId(key, bucket), entries }));
    for (let i = 0; i < docs.length; i += 50) await this.buckets.insertMany(docs.slice(i, i + 50));
    await this.heads.insertOne({ _id: key, seq: ids.length, total: ids.length });
    return ids.map((_, seq) => seq);
  }

  /** Takes the entry at `seq` out of the list (or gives back a reserved, never placed, position). */
  async remove(key: string, seq: number): Promise<void> {
    const bucket = Math.floor(seq / this.size);
    const bucketId = this.bucketId(key, bucket);
    await serializedAcrossProcesses(this.db, `${this.name}:${bucketId}`, () =>
      this.buckets.updateOne({ _id: bucketId }, { $unset: { [`entries.${seq}`]: '' } }),
    );
    await serializedAcrossProcesses(this.db, `${this.name}:${key}`, () =>
      this.heads.updateOne({ _id: key }, { $inc: { total: -1, [`removed.${bucket}`]: 1 } }),
    );
  }

  /**
   * Takes `id` out of the list at `seq` if it is still there, so a retried deletion
   * never counts a removal twice. Returns whether this call removed it.
   */
  async removeEntry(key: string, seq: number, id: string): Promise<boolean> {
    const bucket = Math.floor(seq / this.size);
    const bucketId = this.bucketId(key, bucket);
    const removed = await serializedAcrossProcesses(this.db, `${this.name}:${bucketId}`, async () => {
      const doc = await this.buckets.findOne({ _id: bucketId });
      if (doc?.entries[String(seq)] !== id) return false;
      await this.buckets.updateOne({ _id: bucketId }, { $unset: { [`entries.${seq}`]: '' } });
      return true;
    });
    if (removed)
      await serializedAcrossProcesses(this.db, `${this.name}:${key}`, () =>
        this.heads.updateOne({ _id: key }, { $inc: { total: -1, [`removed.${bucket}`]: 1 } }),
      );
    return removed;
  }

  /** How many live entries `key`'s list holds (one `_id` read of its head). */
  async length(key: string): Promise<number> {
    return Math.max(0, (await this.heads.findOne({ _id: key }))?.total ?? 0);
  }

  /**
   * The entries older than `beforeSeq` (all when it is null), newest first, read
   * bucket by bucket as the caller asks for more: a cursor page costs the head and
   * the one or two buckets it falls in, however deep it is, never a skip. Each entry
   * comes with its position (live entries newer than it); `total` is the list's length.
   */
  async *walk(key: string, beforeSeq: number | null): AsyncGenerator<{ seq: number; id: string; position: number; total: number }> {
    const head = await this.heads.findOne({ _id: key });
    if (!head || head.seq === 0) return;
    const end = Math.min(beforeSeq ?? head.seq, head.seq);
    if (end <= 0) return;
    const liveIn = (bucket: number) => Math.min(this.size, head.seq - bucket * this.size) - (head.removed?.[String(bucket)] ?? 0);
    const first = Math.floor((end - 1) / this.size);
    let newer = 0;
    for (let bucket = Math.floor((head.seq - 1) / this.size); bucket > first; bucket--) newer += liveIn(bucket);
    for (let bucket = first; bucket >= 0; bucket--) {
      if (liveIn(bucket) <= 0) continue;
      const doc = await this.buckets.findOne({ _id: this.bucketId(key, bucket) });
      const entries = Object.entries(doc?.entries ?? {})
        .map(([seq, id]) => ({ seq: Number(seq), id }))
        .sort((a, b) => b.seq - a.seq);
      for (const entry of entries) {
        if (entry.seq >= end) {
          newer += 1;
          continue;
        }
        yield { ...entry, position: newer, total: Math.max(0, head.total) };
        newer += 1;
      }
    }
  }

  /** The ids at [offset, offset + limit) of the newest-first list, and the list's length. */
  /** Drops `key`'s whole list, head and buckets (an account's history at its closure). Idempotent. */
  async dropKey(key: string): Promise<void> {
    const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await this.buckets.deleteMany({ _id: { $regex: `^${escaped}#` } });
    await this.heads.deleteOne({ _id: key });
  }

  async page(key: string, offset: number, limit: number): Promise<{ ids: string[]; total: number }> {
    const head = await this.heads.findOne({ _id: key });
    if (!head || head.seq === 0) return { ids: [], total: 0 };
    const wanted: number[] = [];
    let skipped = 0;
    for (let bucket = Math.floor((head.seq - 1) / this.size); bucket >= 0 && skipped < offset + limit; bucket--) {
      const count = Math.min(this.size, head.seq - bucket * this.size) - (head.removed?.[String(bucket)] ?? 0);
      if (skipped + count > offset) wanted.push(bucket);
      skipped += count;
    }
    const docs = await Promise.all(wanted.map((bucket) => this.buckets.findOne({ _id: this.bucketId(key, bucket) })));
    // Buckets are read newest first; skip what lies before `offset` in the first of them.
    let before = 0;
    for (let bucket = Math.floor((head.seq - 1) / this.size); bucket > (wanted[0] ?? -1); bucket--) {
      before += Math.min(this.size, head.seq - bucket * this.size) - (head.removed?.[String(bucket)] ?? 0);
    }
    const entries = docs.flatMap((doc) =>
      Object.entries(doc?.entries ?? {})
        .map(([seq, id]) => ({ seq: Number(seq), id }))
        .sort((a, b) => b.seq - a.seq),
    );
    const start = Math.max(0, offset - before);
    return { ids: entries.slice(start, start + limit).map((e) => e.id), total: Math.max(0, head.total) };
  }
}
