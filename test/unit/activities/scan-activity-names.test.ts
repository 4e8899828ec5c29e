import { describe, expect, it } from 'vitest';
import { createScanActivities, type ScanActivityDeps } from '../../../activities/scan-activities';

describe('scan activities', () => {
  // The keys are the activity type names recorded in Temporal's history: a scan
  // started before a rename would not replay after it.
  it('registers the activity type names the scan workflow has scheduled (refineCuts since cuts are refined to the frame)', () => {
    const deps = { scratchDir: '.', allowHosts: [], uploadLimitBytes: 1 } as unknown as ScanActivityDeps;
    expect(Object.keys(createScanActivities(deps)).sort()).toEqual([
      'assembleRead',
      'decodeMedia',
      'extractAudio',
      'failScan',
      'ingestMedia',
      'persistScan',
      'probeMedia',
      'refineCuts',
      'transcribeChunk',
    ]);
  });
});
