import { GridFSBucket, type Db } from 'mongodb';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';

/**
 * Media and intermediate audio live in GridFS so any worker (or API instance)
 * can read them; each file has a deterministic id so a retried write replaces,
 * never duplicates.
 */
export class MediaStore {
  readonly media: GridFSBucket;
  readonly audio: GridFSBucket;

  constructor(db: Db) {
    // 1 MiB chunks: a quarter of the inserts of the 255 KiB default, which FerretDB feels.
    this.media = new GridFSBucket(db, { bucketName: 'media', chunkSizeBytes: 1024 * 1024 });
    this.audio = new GridFSBucket(db, { bucketName: 'audio', chunkSizeBytes: 1024 * 1024 });
  }

  static mediaId = (scanId: string) => `media:${scanId}`;
  static audioId = (scanId: string) => `audio:${scanId}`;

  /** Streams `source` into `bucket` under `id`, replacing any earlier partial copy. Returns the byte count. */
  async put(bucket: GridFSBucket, id: string, source: Readable, meta: { filename: string; contentType?: string }): Promise<number> {
    await this.remove(bucket, id);
    const upload = bucket.openUploadStreamWithId(id as never, meta.filename, {
      metadata: { content_type: meta.contentType ?? 'application/octet-stream' },
    });
    try {
      await pipeline(source, upload);
    } catch (error) {
      await upload.abort().catch(() => undefined);
      await this.remove(bucket, id);
      throw error;
    }
    return upload.gridFSFile?.length ?? 0;
  }

  async stat(bucket: GridFSBucket, id: string): Promise<{ length: number; contentType: string; filename: string } | null> {
    const [file] = await bucket.find({ _id: id as never }).limit(1).toArray();
    if (!file) return null;
    const contentType = (file.metadata as { content_type?: string } | undefined)?.content_type ?? 'application/octet-stream';
    return { length: file.length, contentType, filename: file.filename };
  }

  /** A byte range [start, end) of a stored file. */
  read(bucket: GridFSBucket, id: string, range?: { start: number; end: number }): Readable {
    return bucket.openDownloadStream(id as never, range);
  }

  async download(bucket: GridFSBucket, id: string, path: string, signal?: AbortSignal): Promise<void> {
    await pipeline(this.read(bucket, id), createWriteStream(path), { signal });
  }

  async remove(bucket: GridFSBucket, id: string): Promise<void> {
    try {
      await bucket.delete(id as never);
    } catch (error) {
      if (!/not found/i.test(String((error as Error).message))) throw error;
    }
  }
}
