// Transcript segments from recognised words.

import { joinHyphenated } from './captions';
import type { TranscriptSegment } from './wire/read';
import type { RecognisedWord } from './measurements';

/** A silence at least this long between two words starts a new segment. */
export const SEGMENT_PAUSE_SEC = 0.5;
/** A segment holds at most this many words. */
export const SEGMENT_MAX_WORDS = 25;

/**
 * Words in time order grouped into `{start, end, text}` segments, split where
 * the gap from one word's end to the next word's start is ≥ 0.5 s, or after 25
 * words. `start` is the first word's start, `end` the last word's end, both
 * rounded to milliseconds.
 */
export function transcriptSegments(words: readonly RecognisedWord[]): TranscriptSegment[] {
  const sorted = [...words].sort((a, b) => a.start - b.start);
  const segments: TranscriptSegment[] = [];
  let current: RecognisedWord[] = [];
  const flush = (): void => {
    const first = current[0];
    const last = current[current.length - 1];
    if (first && last) {
      segments.push({ start: roundMs(first.start), end: roundMs(last.end), text: joinHyphenated(current.map((w) => w.word).join(' ')) });
    }
    current = [];
  };
  for (const w of sorted) {
    const prev = current[current.length - 1];
    // 1e-9: pocketsphinx times are in milliseconds, so a 0.5 s gap may arrive as 0.49999999.
    if (prev && (w.start - prev.end >= SEGMENT_PAUSE_SEC - 1e-9 || current.length >= SEGMENT_MAX_WORDS)) flush();
    current.push(w);
  }
  flush();
  return segments;
}

function roundMs(x: number): number {
  return Math.round(x * 1000) / 1000;
}
