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

/**
 * A recut's parent read and its cut, as the recut exports receive them (issue 32 item 4),
 * shared by the unit tests of the recut timeline and the read-back by the reference readers:
 * a 20 s read at 25 fps with sound, cuts at 4 s and 12.52 s (frame 313), a dead stretch
 * 6–9 s, a moment at 15 s, made from `Field notes (take 2).mov`.
 */
export const recutParent: ExportableScan = exportableScan({
  title: 'Field notes',
  source_name: 'Field notes (take 2).mov',
  duration_sec: 20,
  frame_rate: 25,
  cuts: [4, 12.52],
  cut_frames: [100, 313],
  dead: [{ start: 6, end: 9 }],
  moments: [{ second: 15, label: 'peak', hold: 80, quote: 'the trick' }],
  timeline: [],
});

/** Its recut keeps 0.48–5.8 s and 11.32–17.12 s (bounds between words, not on whole seconds): frames 12–145 and 283–428. */
export const recutOfParent = {
  recutId: 'rct_0123456789abcdef01234567',
  segments: [
    { start: 0.48, end: 5.8 },
    { start: 11.32, end: 17.12 },
  ],
};
