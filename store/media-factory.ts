// Picks the media store's backend from the configuration (HOLDLINE_MEDIA_STORE):
// the one place that knows both, apart from the port (media.ts) they implement.
import type { MediaStoreConfig } from '../config/env';
import type { MediaStore } from './media';
import { FsMediaStore } from './media-directory';
import { S3MediaStore } from './media-s3';

export function createMediaStore(config: MediaStoreConfig): MediaStore {
  return config.kind === 's3' ? new S3MediaStore(config) : new FsMediaStore(config.dir);
}
