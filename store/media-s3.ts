import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { MediaStoreConfig } from '../config/env';
import type { MediaBucket, MediaStore, StoredObject } from './media';
import { checkId } from './media-keys';

const PART_SIZE = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 3;
const DOWNLOAD_RANGE = 16 * 1024 * 1024;
const DOWNLOADS_IN_FLIGHT = 4;

const isNotFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * Any S3-compatible service (AWS S3, R2, GCS, Ceph, MinIO): uploads stream in
 * 8 MiB multipart parts, three in flight, and the object appears only when the
 * upload completes; reads are ranged GETs; a local copy is fetched as parallel
 * 16 MiB ranges written at their offsets.
 */
export class S3MediaStore implements MediaStore {
  readonly media = 'media' as const;
  readonly audio = 'audio' as const;
  readonly client: S3Client;
  private readonly bucketName: string;
  private ready: Promise<void> | undefined;

  constructor(config: Extract<MediaStoreConfig, { kind: 's3' }>) {
    this.bucketName = config.bucket;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      // Path-style addressing works on every S3-compatible service; virtual hosts need DNS.
      forcePathStyle: config.endpoint !== undefined,
      credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
    });
  }

  private key = (bucket: MediaBucket, id: string) => `${bucket}/${checkId(id)}`;

  /** Creates the bucket if it is missing (MinIO on a fresh disk); production buckets exist already. */
  private ensureBucket(): Promise<void> {
    this.ready ??= (async () => {
      try {
        await this.client.send(new HeadBucketCommand({ Bucket: this.bucketName }));
      } catch (error) {
        if (!isNotFound(error)) throw error;
        await this.client.send(new CreateBucketCommand({ Bucket: this.bucketName })).catch((e: { name?: string }) => {
          if (e?.name !== 'BucketAlreadyOwnedByYou' && e?.name !== 'BucketAlreadyExists') throw e;
        });
      }
    })().catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  async put(bucket: MediaBucket, id: string, source: Readable | AsyncIterable<Uint8Array>, meta: { filename: string; contentType?: string }): Promise<number> {
    await this.ensureBucket();
    const Key = this.key(bucket, id);
    const ContentType = meta.contentType ?? 'application/octet-stream';
    const Metadata = { filename: encodeURIComponent(meta.filename) };
    let uploadId: string | undefined;
    const parts: { PartNumber: number; ETag: string }[] = [];
    let partCount = 0;
    const inFlight = new Set<Promise<void>>();
    let length = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const sendPart = async (body: Buffer) => {
      uploadId ??= (await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucketName, Key, ContentType, Metadata }))).UploadId!;
      if (inFlight.size >= PARTS_IN_FLIGHT) await Promise.race(inFlight);
      const PartNumber = ++partCount;
      const sending: Promise<void> = this.client
        .send(new UploadPartCommand({ Bucket: this.bucketName, Key, UploadId: uploadId, PartNumber, Body: body, ContentLength: body.length }))
        .then((answer) => void parts.push({ PartNumber, ETag: answer.ETag! }))
        .finally(() => inFlight.delete(sending));
      // Observed by the race and the final wait; this keeps an early failure from counting as unhandled.
      sending.catch(() => undefined);
      inFlight.add(sending);
    };
    try {
      for await (const piece of source) {
        const chunk = Buffer.isBuffer(piece) ? piece : Buffer.from(piece);
        pending.push(chunk);
        pendingBytes += chunk.length;
        length += chunk.length;
        if (pendingBytes >= PART_SIZE) {
          const all = Buffer.concat(pending);
          pending = [];
          pendingBytes = 0;
          for (let at = 0; at < all.length; at += PART_SIZE) {
            const slice = all.subarray(at, at + PART_SIZE);
            if (slice.length < PART_SIZE) {
              pending = [slice];
              pendingBytes = slice.length;
            } else await sendPart(slice);
          }
        }
      }
      const rest = Buffer.concat(pending);
      if (uploadId === undefined) {
        // Small object: one PUT, atomic by itself.
        await this.client.send(new PutObjectCommand({ Bucket: this.bucketName, Key, Body: rest, ContentLength: rest.length, ContentType, Metadata }));
        return length;
      }
      if (rest.length > 0) await sendPart(rest);
      await Promise.all(inFlight);
      parts.sort((a, b) => a.PartNumber - b.PartNumber);
      await this.client.send(new CompleteMultipartUploadCommand({ Bucket: this.bucketName, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
      return length;
    } catch (error) {
      await Promise.allSettled(inFlight);
      if (uploadId !== undefined) {
        await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucketName, Key, UploadId: uploadId })).catch(() => undefined);
      }
      throw error;
    }
  }

  async stat(bucket: MediaBucket, id: string): Promise<StoredObject | null> {
    await this.ensureBucket();
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucketName, Key: this.key(bucket, id) }));
      const filename = head.Metadata?.filename;
      return {
        length: head.ContentLength ?? 0,
        contentType: head.ContentType ?? 'application/octet-stream',
        filename: filename ? decodeURIComponent(filename) : 'upload',
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  read(bucket: MediaBucket, id: string, range?: { start: number; end: number }): Readable {
    const store = this;
    async function* bytes() {
      let Range: string | undefined;
      if (range) {
        const start = Math.max(0, range.start);
        if (range.end <= start) return;
        Range = `bytes=${start}-${range.end - 1}`;
      }
      await store.ensureBucket();
      let answer;
      try {
        answer = await store.client.send(new GetObjectCommand({ Bucket: store.bucketName, Key: store.key(bucket, id), Range }));
      } catch (error) {
        // A range past the end of the object is simply empty.
        if ((error as { name?: string }).name === 'InvalidRange') return;
        if (isNotFound(error)) throw new Error(`no stored object ${id}`);
        throw error;
      }
      yield* answer.Body as Readable;
    }
    return Readable.from(bytes(), { objectMode: false });
  }

  async download(bucket: MediaBucket, id: string, path: string, signal?: AbortSignal): Promise<void> {
    const stored = await this.stat(bucket, id);
    if (!stored) throw new Error(`no stored object ${id}`);
    const file = await open(path, 'w');
    try {
      const ranges: { start: number; end: number }[] = [];
      for (let start = 0; start < stored.length; start += DOWNLOAD_RANGE) ranges.push({ start, end: Math.min(stored.length, start + DOWNLOAD_RANGE) });
      let next = 0;
      const worker = async () => {
        while (next < ranges.length) {
          signal?.throwIfAborted();
          const range = ranges[next++]!;
          let at = range.start;
          for await (const chunk of this.read(bucket, id, range)) {
            const buffer = chunk as Buffer;
            await file.write(buffer, 0, buffer.length, at);
            at += buffer.length;
          }
          if (at !== range.end) throw new Error(`short read of ${id} at ${range.start}: ${at - range.start} of ${range.end - range.start} bytes`);
        }
      };
      await Promise.all(Array.from({ length: Math.min(DOWNLOADS_IN_FLIGHT, ranges.length) }, worker));
    } finally {
      await file.close();
    }
  }

  async localPath(): Promise<string | null> {
    return null;
  }

  async remove(bucket: MediaBucket, id: string): Promise<void> {
    await this.ensureBucket();
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucketName, Key: this.key(bucket, id) }));
  }
}
