import type { HoldlineConfig } from '../config/env';
import { createScanActivities } from '../activities/scan-activities';
import { probeMedia } from '../activities/media/probe';
import { decodeMedia } from '../activities/media/decode';
import { PocketsphinxTranscriber } from '../activities/media/transcriber';
import { safeFetchStream } from '../activities/net/safe-fetch';
import type { Mongo } from '../store/mongo';
import { MediaStore } from '../store/media';
import { ScansStore } from '../store/scans';

/** The real dependencies of every activity, wired once per worker process. */
export function createWorkerActivities(config: HoldlineConfig, mongo: Mongo) {
  return {
    ...createScanActivities({
      scans: new ScansStore(mongo.db),
      media: new MediaStore(mongo.db),
      probe: probeMedia,
      decode: decodeMedia,
      transcriber: new PocketsphinxTranscriber(),
      fetch: safeFetchStream,
      scratchDir: config.scratchDir,
      allowHosts: config.allowHosts,
      uploadLimitBytes: config.uploadLimitBytes,
    }),
  };
}
