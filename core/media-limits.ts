// Media limits (design §5): what a scan accepts, checked at probe before any
// heavy work, and the sizes everything downstream is bounded by. Every array of
// a scan is sized from what ffmpeg decoded, never from what a header declares;
// these limits make "what ffmpeg decoded" bounded too.

import type { RecognisedWord } from './measurements';

export interface MediaLimits {
  /** Longest accepted video in seconds (default 7200: two hours). */
  maxDurationSec: number;
  /** Widest or tallest accepted picture in pixels (default 8192). */
  maxSidePx: number;
  /** Most pixels in one frame (default 8192 × 4320 = 35,389,440: DCI 8K). */
  maxPixels: number;
  /** Highest accepted average frame rate (default 240). */
  maxFps: number;
}

export const DEFAULT_MEDIA_LIMITS: Readonly<MediaLimits> = Object.freeze({
  maxDurationSec: 2 * 3600,
  maxSidePx: 8192,
  maxPixels: 8192 * 4320,
  maxFps: 240,
});

/** The longest duration an operator may configure: the document bounds below are computed for it. */
export const MAX_CONFIGURABLE_DURATION_SEC = 3 * 3600;

/**
 * How far past the duration limit ffmpeg may read (`-t`). A file whose header
 * understates its length is still cut off here, and the decoded length is
 * then checked against the limit itself.
 */
export const DECODE_MARGIN_SEC = 30;

/** ffmpeg's input time limit for a decode. */
export function decodeTimeLimitSec(limits: Pick<MediaLimits, 'maxDurationSec'>): number {
  return limits.maxDurationSec + DECODE_MARGIN_SEC;
}

/** What the probe says about a file, as far as the limits care. */
export interface MediaFacts {
  durationSec: number;
  width: number;
  height: number;
  /** Average frame rate; null when the container does not say. */
  fps: number | null;
}

/**
 * The client-facing detail of the first limit the file breaks, or null when it
 * keeps them all. Duration first (the cheapest thing to fix by trimming), then
 * the frame size, then the frame rate.
 */
export function mediaLimitBreach(facts: MediaFacts, limits: MediaLimits = DEFAULT_MEDIA_LIMITS): string | null {
  if (facts.durationSec > limits.maxDurationSec) return durationOverLimit(facts.durationSec, limits);
  const size = frameSizeOverLimit(facts.width, facts.height, limits);
  if (size) return size;
  if (facts.fps !== null && facts.fps > limits.maxFps) {
    return `The video's frame rate is too high: ${formatNumber(facts.fps)} frames per second; the limit is ${limits.maxFps}.`;
  }
  return null;
}

export function durationOverLimit(durationSec: number, limits: Pick<MediaLimits, 'maxDurationSec'>): string {
  // Rounded up, so a file a fraction of a second over the limit never reads as exactly the limit.
  return `The video is too long: it lasts ${formatDuration(Math.ceil(durationSec))}; the limit is ${formatDuration(limits.maxDurationSec)}.`;
}

/** The detail when the decoded picture or sound ran past the limit although the header declared less. */
export function decodedOverLimit(limits: Pick<MediaLimits, 'maxDurationSec'>): string {
  return `The video is too long: it plays for more than ${formatDuration(limits.maxDurationSec)}, the limit, although its header declares less.`;
}

/** The detail for a frame size over a limit, or null within them; also used when ffmpeg itself refused a frame as too large. */
export function frameSizeOverLimit(width: number, height: number, limits: Pick<MediaLimits, 'maxSidePx' | 'maxPixels'>): string | null {
  if (Math.max(width, height) > limits.maxSidePx) {
    return `The video's frames are too large: ${width}×${height} pixels; the limit is ${limits.maxSidePx} pixels on a side.`;
  }
  if (width * height > limits.maxPixels) {
    return `The video's frames are too large: ${width}×${height} is ${millions(width * height)} million pixels; the limit is ${millions(limits.maxPixels)} million pixels per frame.`;
  }
  return null;
}

/** Whole hours, minutes and seconds in words, zero parts left out: "2 hours", "1 hour 30 minutes", "45 seconds". */
export function formatDuration(sec: number): string {
  const total = Math.max(0, Math.round(sec));
  const parts: [number, string][] = [
    [Math.floor(total / 3600), 'hour'],
    [Math.floor((total % 3600) / 60), 'minute'],
    [total % 60, 'second'],
  ];
  const named = parts.filter(([n]) => n > 0).map(([n, unit]) => `${n} ${unit}${n === 1 ? '' : 's'}`);
  return named.length > 0 ? named.join(' ') : '0 seconds';
}

function formatNumber(x: number): string {
  return String(Math.round(x * 10) / 10);
}

function millions(pixels: number): string {
  return (pixels / 1e6).toFixed(1);
}

/**
 * The length the read covers. The container's declared duration when what
 * ffmpeg decoded agrees with it (within 1 s or 2 %: frame rounding, encoder
 * padding); otherwise what was decoded, so a header can never size the read,
 * neither one that declares hours over a few frames nor one that hides most
 * of the file. `decodedSec` is the longer of the picture (frames / 4 fps) and
 * the soundtrack.
 */
export function readDurationSec(declaredSec: number, decodedSec: number): number {
  if (!(decodedSec > 0)) return 0;
  const tolerance = Math.max(1, 0.02 * decodedSec);
  if (Number.isFinite(declaredSec) && Math.abs(declaredSec - decodedSec) <= tolerance) return declaredSec;
  return decodedSec;
}

/**
 * Most recognised words kept per second of audio. Fast speech runs at about
 * 4–5 words a second; a recogniser fed noise can emit far more, and the words
 * live in one MongoDB document, so a chunk keeps at most this many per second.
 */
export const MAX_WORDS_PER_SEC = 5;

/** Longest word kept, in characters (the recogniser's dictionary tops out at 28; another transcriber may send anything). */
export const MAX_WORD_CHARS = 32;

/**
 * The chunk's words, at most MAX_WORDS_PER_SEC per second of its length (the
 * longest ones: a burst of noise is many tiny "words"), in time order, each cut
 * to MAX_WORD_CHARS.
 */
export function capWords(words: readonly RecognisedWord[], chunkSec: number): RecognisedWord[] {
  const max = Math.max(1, Math.ceil(chunkSec * MAX_WORDS_PER_SEC));
  if (words.length <= max) return words.map(shortWord);
  const keep = new Set(
    words
      .map((w, i) => ({ i, length: w.end - w.start }))
      .sort((a, b) => b.length - a.length || a.i - b.i)
      .slice(0, max)
      .map((w) => w.i),
  );
  return words.filter((_, i) => keep.has(i)).map(shortWord);
}

function shortWord(w: RecognisedWord): RecognisedWord {
  return w.word.length > MAX_WORD_CHARS ? { ...w, word: w.word.slice(0, MAX_WORD_CHARS) } : w;
}
