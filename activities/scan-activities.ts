// The scan activities, one file each under scan/ over the same ports (as in
// temporalio/samples-typescript `activities-dependency-injection`). The keys
// below are the activity type names in Temporal's history: renaming one breaks
// the replay of scans already run.
import type { ScanActivityDeps } from './scan/deps';
import { createIngestMedia } from './scan/ingest-media';
import { createProbeMedia } from './scan/probe-media';
import { createExtractAudio } from './scan/extract-audio';
import { createDecodeMedia } from './scan/decode-media';
import { createTranscribeChunk } from './scan/transcribe-chunk';
import { createRefineCuts } from './scan/refine-cuts';
import { createAssembleRead } from './scan/assemble-read';
import { createPersistScan } from './scan/persist-scan';
import { createFailScan } from './scan/fail-scan';

export type { ScanActivityDeps } from './scan/deps';

export type ScanActivities = ReturnType<typeof createScanActivities>;

export function createScanActivities(deps: ScanActivityDeps) {
  return {
    ingestMedia: createIngestMedia(deps),
    probeMedia: createProbeMedia(deps),
    extractAudio: createExtractAudio(deps),
    decodeMedia: createDecodeMedia(deps),
    transcribeChunk: createTranscribeChunk(deps),
    refineCuts: createRefineCuts(deps),
    assembleRead: createAssembleRead(deps),
    persistScan: createPersistScan(deps),
    failScan: createFailScan(deps),
  };
}
