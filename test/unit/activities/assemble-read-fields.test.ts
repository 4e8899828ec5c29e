// Every field of the read schema reaches a read assembled from measurements
// that know everything (frame rate, size, frame kinds, refined cuts, loudness,
// words). A field added to core/wire/read.ts that the activity or core/read.ts
// does not fill fails here: being optional in the schema (absent on older
// reads), its omission compiles (width and height once needed a second commit
// for the activity's share).
import { describe, expect, it } from 'vitest';
import { createAssembleRead } from '../../../activities/scan/assemble-read';
import { READ_FIELDS, type ScanRead } from '../../../core/wire/read';
import type { ScanPartsDoc, ScansStore } from '../../../store/scans';

describe('assembleRead (the activity)', () => {
  it('writes every field of the read schema when every measurement is known', async () => {
    const seconds = 6;
    const samples = seconds * 4;
    const parts: ScanPartsDoc = {
      _id: 'scn_1',
      probe: { durationSec: seconds, hasVideo: true, hasAudio: true, width: 1280, height: 720, fps: 25, fpsVariable: false },
      durationSec: seconds,
      frameDiffs: Array.from({ length: samples }, (_, k) => (k === 12 ? 60 : 3)),
      skipDiffs: Array.from({ length: samples }, () => 3),
      frameKinds: Array.from({ length: samples }, () => 0),
      loudnessRms: Array.from({ length: seconds }, () => 0.2),
      loudnessLufs: { integratedLufs: -16, rangeLu: 4, truePeakDbtp: -1.5, shortTermLufs: Array.from({ length: seconds }, () => -16) },
      words: { '0': [{ word: 'hello', start: 0.2, end: 0.6 }] },
      voice: { '0': [{ start: 0, end: 1 }] },
      engines: { '0': 'pocketsphinx' },
      languages: { '0': 'en' },
      cutRefinement: [{ sample: 12, refined: null }],
    };
    let written: ScanRead | undefined;
    const scans = {
      getParts: async () => parts,
      setParts: async (_id: string, fields: Partial<ScanPartsDoc>) => {
        written = fields.read;
      },
      advance: async () => {},
    } as unknown as ScansStore;
    await createAssembleRead({ scans })({ scanId: 'scn_1' });
    expect(Object.keys(written ?? {})).toEqual([...READ_FIELDS]);
  });
});
