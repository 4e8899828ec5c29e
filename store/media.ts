// The media store port: what the scans, recuts and routes ask of the store of
// media and decoded audio. The backends implement it (media-directory.ts,
// media-s3.ts) and media-factory.ts picks one, so this file imports neither.
import type { Readable } from 'node:stream';

/** The two kinds of stored object: the scan's media and its decoded audio samples. */
export type MediaBucket = 'media' | 'audio';

export interface StoredObject {
  length: number;
  contentType: string;
  filename: string;
}

/**
 * Media and intermediate audio, outside the document database, so any worker
 * (or API instance) can read them. Each object has a deterministic id, so a
 * retried write replaces, never duplicates; a write becomes visible whole or
 * not at all.
 */
export interface MediaStore {
  readonly media: MediaBucket;
  readonly audio: MediaBucket;
  /** Streams `source` in under `id`, replacing any earlier copy. Returns the byte count. */
  put(bucket: MediaBucket, id: string, source: Readable | AsyncIterable<Uint8Array>, meta: { filename: string; contentType?: string }): Promise<number>;
  stat(bucket: MediaBucket, id: string): Promise<StoredObject | null>;
  /** The bytes [start, end) of a stored object (all of it without a range). */
  read(bucket: MediaBucket, id: string, range?: { start: number; end: number }): Readable;
  /** A complete local copy at `path`. */
  download(bucket: MediaBucket, id: string, path: string, signal?: AbortSignal): Promise<void>;
  /** The object's own file when the store is a local directory (no copy needed), else null. */
  localPath(bucket: MediaBucket, id: string): Promise<string | null>;
  remove(bucket: MediaBucket, id: string): Promise<void>;
}

export const MediaStore = {
  mediaId: (scanId: string) => `media:${scanId}`,
  audioId: (scanId: string) => `audio:${scanId}`,
};
