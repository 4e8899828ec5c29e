// Speech: recognised words per second, and the cleaning of pocketsphinx output.

import type { RecognisedWord } from './measurements';

/** Hesitation sounds that carry no content; they do not count as speech. */
export const FILLER_WORDS: ReadonlySet<string> = new Set(['um', 'umm', 'uh', 'uhm', 'er', 'erm', 'ah', 'hmm', 'hm', 'mm', 'mhm']);

/**
 * True for pocketsphinx markers and fillers: `<s>`, `</s>`, `<sil>`, any
 * `[NOISE]`-style bracket token, `++…++` noise words, and um/uh/er/ah/hmm
 * (after stripping a `(2)` pronunciation suffix).
 */
export function isFillerToken(token: string): boolean {
  const t = stripVariant(token.trim());
  if (t === '') return true;
  if (/^<.*>$/.test(t)) return true;
  if (/^\[.*\]$/.test(t)) return true;
  if (/^\+\+.*\+\+$/.test(t)) return true;
  return FILLER_WORDS.has(t.toLowerCase());
}

/** The word as spoken (`was(2)` → `was`, lower case), or null for markers and fillers. */
export function cleanRecognisedWord(token: string): string | null {
  if (isFillerToken(token)) return null;
  return stripVariant(token.trim()).toLowerCase();
}

function stripVariant(token: string): string {
  return token.replace(/\(\d+\)$/, '');
}

const TIME_LINE = /^(\S+)\s+(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?(?:e-?\d+)?)\s*$/i;

/**
 * Words from `pocketsphinx_continuous -time yes` stdout. Each utterance prints
 * its hypothesis on one line (ignored), then one `word start end confidence`
 * line per token. Markers and fillers are dropped, `(n)` suffixes stripped,
 * times shifted by `offsetSec` (the chunk's start in the file) and rounded to
 * milliseconds.
 */
export function parsePocketsphinxTimes(stdout: string, offsetSec = 0): RecognisedWord[] {
  const words: RecognisedWord[] = [];
  for (const line of stdout.split(/\r?\n/)) {
    const m = TIME_LINE.exec(line.trim());
    if (!m) continue;
    const word = cleanRecognisedWord(m[1] as string);
    if (word === null) continue;
    words.push({
      word,
      start: roundMs(Number(m[2]) + offsetSec),
      end: roundMs(Number(m[3]) + offsetSec),
    });
  }
  return words;
}

function roundMs(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/**
 * speech_raw[t] for t = 0..seconds−1: words whose middle falls in [t, t+1).
 * The middle, not the start: the last word of a sentence that starts at
 * 11.8 s and ends at 12.4 s is mostly spoken in second 12.
 */
export function wordsPerSecond(words: readonly RecognisedWord[], seconds: number): number[] {
  const counts = new Array<number>(Math.max(0, seconds)).fill(0);
  for (const w of words) {
    if (!(w.start >= 0)) continue;
    const t = Math.floor((w.start + Math.max(w.start, w.end)) / 2);
    if (t < seconds) counts[t] = (counts[t] as number) + 1;
  }
  return counts;
}

/** A recognised "word" longer than this is not speech: pocketsphinx reports multi-second words on music and hum. */
export const MAX_WORD_SEC = 1.5;
/** ...and one shorter than this is a glitch of the aligner. */
export const MIN_WORD_SEC = 0.02;

export interface VoiceRegion {
  start: number;
  end: number;
}

/** True when a word's length could be a spoken word. */
export function plausibleWordLength(w: RecognisedWord): boolean {
  const length = w.end - w.start;
  return length >= MIN_WORD_SEC && length <= MAX_WORD_SEC;
}

/**
 * How far outside a voice region a recognised word's middle may fall and
 * still belong to it. Whisper's word times drift by up to about 0.4 s at a
 * spoken stretch's edges (its first word often starts early, its last ends
 * early or late), while the voice detector's edges are within about 0.1 s
 * (`npm run bench -- --fidelity`).
 */
export const VOICE_REACH_SEC = 0.5;

/**
 * A region's words are stretched onto it (first start → region start, last
 * end → region end) only when that changes their span by at most this factor
 * either way; a region far longer or shorter than what was heard in it (one
 * word in a long hum of voice) keeps the words' own times, moved inside it.
 */
export const MAX_FIT_SCALE = 2;

/**
 * The words that count as speech, on the voice detector's clock. Words of
 * implausible length are dropped. When a voice activity detector ran (`voice`
 * given), each word goes to the region nearest its middle (distance 0 inside)
 * if within `VOICE_REACH_SEC`, and is dropped otherwise; each region's words
 * are then fitted onto the region, because the detector places a stretch's
 * edges better than the recogniser does. `voice` undefined means no detector
 * ran (no gate, times unchanged); an empty list means it ran and heard no
 * voice (no word counts). Returned in time order.
 */
export function gateWords(words: readonly RecognisedWord[], voice: readonly VoiceRegion[] | undefined): RecognisedWord[] {
  const plausible = words.filter(plausibleWordLength).sort((a, b) => a.start - b.start);
  if (voice === undefined) return plausible;
  const regions = [...voice].sort((a, b) => a.start - b.start);
  const groups: RecognisedWord[][] = regions.map(() => []);
  for (const w of plausible) {
    const i = nearestRegion(regions, (w.start + w.end) / 2);
    if (i !== null) groups[i]!.push(w);
  }
  return groups.flatMap((group, i) => (group.length === 0 ? [] : fitIntoRegion(group, regions[i]!)));
}

/** Index of the region nearest `t` (0 inside one) within `VOICE_REACH_SEC`, or null. Binary search: regions sorted by start. */
function nearestRegion(regions: readonly VoiceRegion[], t: number): number | null {
  let lo = 0;
  let hi = regions.length - 1;
  // The last region starting at or before t.
  while (lo <= hi) {
    const m = (lo + hi) >> 1;
    if (regions[m]!.start <= t) lo = m + 1;
    else hi = m - 1;
  }
  let best: number | null = null;
  let bestDistance = VOICE_REACH_SEC;
  for (const i of [hi, hi + 1]) {
    const r = regions[i];
    if (r === undefined) continue;
    const distance = t < r.start ? r.start - t : t > r.end ? t - r.end : 0;
    if (distance <= bestDistance) {
      best = i;
      bestDistance = distance;
    }
  }
  return best;
}

/** A region's words (sorted, non-empty) placed inside it: stretched onto it, or moved in by clamping (see `MAX_FIT_SCALE`). */
function fitIntoRegion(words: readonly RecognisedWord[], region: VoiceRegion): RecognisedWord[] {
  const from = words[0]!.start;
  const to = Math.max(...words.map((w) => w.end));
  const scale = (region.end - region.start) / (to - from);
  if (scale >= 1 / MAX_FIT_SCALE && scale <= MAX_FIT_SCALE) {
    const at = (t: number) => roundMs(region.start + (t - from) * scale);
    return words.map((w) => ({ ...w, start: at(w.start), end: at(w.end) }));
  }
  const clamp = (t: number) => Math.min(region.end, Math.max(region.start, t));
  return words.map((w) => {
    // A word pressed against the region's edge keeps the shortest length a word can have.
    const start = Math.max(region.start, Math.min(clamp(w.start), region.end - MIN_WORD_SEC));
    const end = Math.max(clamp(w.end), start + MIN_WORD_SEC);
    return { ...w, start, end };
  });
}
