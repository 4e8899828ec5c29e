import { Binary, type Collection, type Db } from 'mongodb';
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

interface BlobFileDoc {
  _id: string;
  length: number;
  chunkSize: number;
  filename: string;
  content_type: string;
  uploaded_at: Date;
}

interface BlobChunkDoc {
  _id: string;
  files_id: string;
  n: number;
  data: Binary;
}

/** A named pair of collections, `<name>.files` and `<name>.chunks`, laid out like GridFS. */
export class BlobBucket {
  readonly files: Collection<BlobFileDoc>;
  readonly chunks: Collection<BlobChunkDoc>;

  constructor(
    db: Db,
    readonly name: string,
    // Large chunks: FerretDB's cost is mostly per document (measured: 4 MiB chunks two at a
    // time write ~40 MB/s and read ~29 MB/s, 1 MiB one at a time ~25 and ~7).
    readonly chunkSize = 4 * 1024 * 1024,
  ) {
    this.files = db.collection<BlobFileDoc>(`${name}.files`);
    this.chunks = db.collection<BlobChunkDoc>(`${name}.chunks`);
  }
}

// Chunk n of a file is found by its _id alone. GridFS finds chunks by
// {files_id, n}, which FerretDB answers by decoding every chunk of the
// collection: a 64 KiB range read cost as much as reading the whole file.
const chunkId = (fileId: string, n: number) => `${fileId}#${String(n).padStart(7, '0')}`;

/**
 * Media and intermediate audio in MongoDB, so any worker (or API instance) can
 * read them, streamed in 1 MiB chunks both ways, with byte-range reads. Each
 * file has a deterministic id, so a retried write replaces, never duplicates.
 */
export class MediaStore {
  readonly media: BlobBucket;
  readonly audio: BlobBucket;

  constructor(db: Db) {
    this.media = new BlobBucket(db, 'media');
    this.audio = new BlobBucket(db, 'audio');
  }

  static mediaId = (scanId: string) => `media:${scanId}`;
  static audioId = (scanId: string) => `audio:${scanId}`;

  /** Streams `source` into `bucket` under `id`, replacing any earlier copy. Returns the byte count. */
  async put(bucket: BlobBucket, id: string, source: Readable | AsyncIterable<Uint8Array>, meta: { filename: string; contentType?: string }): Promise<number> {
    await this.remove(bucket, id);
    let n = 0;
    let length = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    // Two chunk writes in flight: the store encodes one while it stores the other.
    const inFlight = new Set<Promise<void>>();
    const write = async (index: number, bytes: Buffer) => {
      const chunk = { files_id: id, n: index, data: new Binary(bytes) };
      try {
        await bucket.chunks.insertOne({ _id: chunkId(id, index), ...chunk });
      } catch (error) {
        // A chunk left by an attempt that died mid-write is overwritten.
        if ((error as { code?: number }).code !== 11000) throw error;
        await bucket.chunks.replaceOne({ _id: chunkId(id, index) }, chunk);
      }
    };
    const flush = async (bytes: Buffer) => {
      if (inFlight.size >= 2) await Promise.race(inFlight);
      const pendingWrite = write(n++, bytes).finally(() => inFlight.delete(pendingWrite));
      // Observed by the race and the final wait; this keeps an early failure from counting as unhandled.
      pendingWrite.catch(() => undefined);
      inFlight.add(pendingWrite);
    };
    try {
      for await (const piece of source) {
        const chunk = Buffer.isBuffer(piece) ? piece : Buffer.from(piece);
        pending.push(chunk);
        pendingBytes += chunk.length;
        length += chunk.length;
        while (pendingBytes >= bucket.chunkSize) {
          const all = Buffer.concat(pending);
          await flush(all.subarray(0, bucket.chunkSize));
          const rest = all.subarray(bucket.chunkSize);
          pending = rest.length > 0 ? [rest] : [];
          pendingBytes = rest.length;
        }
      }
      if (pendingBytes > 0) await flush(Buffer.concat(pending));
      await Promise.all(inFlight);
      // The file document goes last: a file is visible only once all its chunks are.
      await bucket.files.insertOne({
        _id: id,
        length,
        chunkSize: bucket.chunkSize,
        filename: meta.filename,
        content_type: meta.contentType ?? 'application/octet-stream',
        uploaded_at: new Date(),
      });
    } catch (error) {
      await Promise.allSettled(inFlight);
      await this.removeChunks(bucket, id, n + 1).catch(() => undefined);
      throw error;
    }
    return length;
  }

  async stat(bucket: BlobBucket, id: string): Promise<{ length: number; contentType: string; filename: string } | null> {
    const file = await bucket.files.findOne({ _id: id });
    return file ? { length: file.length, contentType: file.content_type, filename: file.filename } : null;
  }

  /** The bytes [start, end) of a stored file (all of it without a range), reading one chunk ahead. */
  read(bucket: BlobBucket, id: string, range?: { start: number; end: number }): Readable {
    async function* chunks() {
      const file = await bucket.files.findOne({ _id: id });
      if (!file) throw new Error(`no stored file ${id}`);
      const start = Math.max(0, range?.start ?? 0);
      const end = Math.min(file.length, range?.end ?? file.length);
      const first = Math.floor(start / file.chunkSize);
      const last = Math.ceil(end / file.chunkSize) - 1;
      const fetch = (n: number) => {
        const doc = bucket.chunks.findOne({ _id: chunkId(id, n) });
        // A reader that stops early leaves the read-ahead unawaited: its failure is nobody's.
        doc.catch(() => undefined);
        return doc;
      };
      let next = first <= last ? fetch(first) : null;
      for (let n = first; n <= last; n++) {
        const doc = await next!;
        next = n < last ? fetch(n + 1) : null;
        if (!doc) throw new Error(`stored file ${id} is missing chunk ${n}`);
        const offset = n * file.chunkSize;
        yield Buffer.from(doc.data.buffer).subarray(Math.max(0, start - offset), Math.min(file.chunkSize, end - offset));
      }
    }
    return Readable.from(chunks(), { objectMode: false });
  }

  async download(bucket: BlobBucket, id: string, path: string, signal?: AbortSignal): Promise<void> {
    await pipeline(this.read(bucket, id), createWriteStream(path), ...(signal ? [{ signal }] : []));
  }

  async remove(bucket: BlobBucket, id: string): Promise<void> {
    const file = await bucket.files.findOne({ _id: id });
    if (file) {
      await this.removeChunks(bucket, id, Math.ceil(file.length / file.chunkSize));
      await bucket.files.deleteOne({ _id: id });
    }
  }

  private async removeChunks(bucket: BlobBucket, id: string, count: number): Promise<void> {
    for (let first = 0; first < count; first += 100) {
      const ids = Array.from({ length: Math.min(100, count - first) }, (_, i) => chunkId(id, first + i));
      await bucket.chunks.deleteMany({ _id: { $in: ids } });
    }
  }
}
