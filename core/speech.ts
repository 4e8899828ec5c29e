// Speech: recognised words per second, and the cleaning of pocketsphinx output.

import type { RecognisedWord } from './shapes';

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

/** speech_raw[t] for t = 0..seconds−1: words whose start falls in [t, t+1). */
export function wordsPerSecond(words: readonly RecognisedWord[], seconds: number): number[] {
  const counts = new Array<number>(Math.max(0, seconds)).fill(0);
  for (const w of words) {
    if (!(w.start >= 0)) continue;
    const t = Math.floor(w.start);
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
 * The words that count as speech: of plausible length, and (when a voice
 * activity detector ran, i.e. `voice` is given) whose midpoint lies inside a
 * voice region. `voice` undefined means no detector ran (no gate); an empty
 * list means it ran and heard no voice (no word counts). Regions are sorted
 * by start; the search is binary so long files stay cheap.
 */
export function gateWords(words: readonly RecognisedWord[], voice: readonly VoiceRegion[] | undefined): RecognisedWord[] {
  const plausible = words.filter(plausibleWordLength);
  if (voice === undefined) return plausible;
  const regions = [...voice].sort((a, b) => a.start - b.start);
  return plausible.filter((w) => {
    const mid = (w.start + w.end) / 2;
    let lo = 0;
    let hi = regions.length - 1;
    while (lo <= hi) {
      const m = (lo + hi) >> 1;
      const r = regions[m]!;
      if (mid < r.start) hi = m - 1;
      else if (mid >= r.end) lo = m + 1;
      else return true;
    }
    return false;
  });
}
