import type { Readable } from 'node:stream';
import { MediaStore } from './media';

/** The calls on a scan's stored video; what `MediaPort` in services/ports.ts offers. */
type MediaCalls = Pick<MediaStore, 'media' | 'put' | 'stat' | 'read' | 'remove'>;

/**
 * A scan's stored video (the `media` bucket, under `MediaStore.mediaId`): the
 * media store's calls with the bucket and the id filled in, so a caller names
 * the scan once instead of `store.stat(store.media, MediaStore.mediaId(id))`.
 */
export function scanMedia(store: MediaCalls, scanId: string) {
  const id = MediaStore.mediaId(scanId);
  return {
    stat: () => store.stat(store.media, id),
    read: (range?: { start: number; end: number }) => store.read(store.media, id, range),
    put: (source: Readable | AsyncIterable<Uint8Array>, meta: { filename: string; contentType?: string }) => store.put(store.media, id, source, meta),
    remove: () => store.remove(store.media, id),
  };
}
