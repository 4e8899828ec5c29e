import type { ExportableScan } from '../../../core/exports';

/** A complete 3-second read as the exports receive it, with `overrides` laid over it. */
export function exportableScan(overrides: Partial<ExportableScan> = {}): ExportableScan {
  return {
    scan_id: 'scn_0123456789abcdef01234567',
    status: 'complete',
    media_url: '/v1/scans/scn_0123456789abcdef01234567/media',
    duration_sec: 3,
    score: 61,
    grade: 'B-',
    label: 'Engaging',
    hook: 55.5,
    timeline: [
      { second: 0, scores: { hold: 50, motion: 10.5, loudness: 20, speech: 0 } },
      { second: 1, scores: { hold: 60.2, motion: 0, loudness: 30, speech: 100 } },
      { second: 2, scores: { hold: 12, motion: 1, loudness: 2, speech: 3 } },
    ],
    cuts: [],
    dead: [],
    moments: [],
    claims: [],
    transcript: [],
    summary: 's',
    method: 'm',
    transcriber: null,
    ...overrides,
  };
}
