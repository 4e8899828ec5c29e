import { MediaStore, type MediaBucket } from './media';

/** The media store's calls on one object: each takes the bucket and the id first. */
type ObjectCall = 'put' | 'stat' | 'read' | 'download' | 'localPath' | 'remove';
const OBJECT_CALLS: readonly ObjectCall[] = ['put', 'stat', 'read', 'download', 'localPath', 'remove'];

type WithoutBucketAndId<F> = F extends (bucket: MediaBucket, id: string, ...rest: infer Rest) => infer Result ? (...rest: Rest) => Result : never;

/** Those of the calls the given port offers, with the bucket and the id filled in. */
export type StoredObjectCalls<Port> = { [Call in ObjectCall & keyof Port]: WithoutBucketAndId<MediaStore[Call]> };

/**
 * Binds a port's object calls to one object. Ports are narrow picks of
 * `MediaStore` (a deletion only removes, a route only stats and reads), so
 * only the calls the port has are bound, and the type says which.
 */
function storedObject<Port extends Partial<Pick<MediaStore, ObjectCall>>>(port: Port, bucket: MediaBucket, id: string): StoredObjectCalls<Port> {
  const bound: Partial<Record<ObjectCall, (...rest: unknown[]) => unknown>> = {};
  for (const call of OBJECT_CALLS) {
    const method = port[call] as ((bucket: MediaBucket, id: string, ...rest: unknown[]) => unknown) | undefined;
    if (method) bound[call] = (...rest) => method.call(port, bucket, id, ...rest);
  }
  return bound as StoredObjectCalls<Port>;
}

/**
 * A scan's stored video (the `media` bucket, under `MediaStore.mediaId`): the
 * port's calls with the bucket and the id filled in, so a caller names the
 * scan once instead of `store.stat(store.media, MediaStore.mediaId(id))`.
 */
export function scanMedia<Port extends Pick<MediaStore, 'media'> & Partial<Pick<MediaStore, ObjectCall>>>(port: Port, scanId: string): StoredObjectCalls<Port> {
  return storedObject(port, port.media, MediaStore.mediaId(scanId));
}

/** A scan's decoded audio samples (the `audio` bucket, under `MediaStore.audioId`), as `scanMedia` is its video. */
export function scanAudio<Port extends Pick<MediaStore, 'audio'> & Partial<Pick<MediaStore, ObjectCall>>>(port: Port, scanId: string): StoredObjectCalls<Port> {
  return storedObject(port, port.audio, MediaStore.audioId(scanId));
}
