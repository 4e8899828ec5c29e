// Technical cues (issue 32): colour bars, black frames and a still title card or
// slate, found in the frames the one decode already samples (4 fps, 96x54; the
// grey plane the motion series reads plus the colour planes beside it) and named
// with their spans. Editors cut them before publishing; the dips and the recut do.

import type { RecognisedWord } from './measurements';
import { FRAME_RATE } from './motion';
import type { TechnicalCueKind } from './wire/constants';

/** What one sampled frame shows, as `classifyFrame` judges it. */
export const FrameKind = { plain: 0, black: 1, colourBars: 2 } as const;
export type FrameKind = (typeof FrameKind)[keyof typeof FrameKind];

/** A grey level (0–255, full range) at or under this is a black pixel: ffmpeg `blackdetect`'s `pixel_black_th` default, 0.10 of full scale. */
export const BLACK_PIXEL_MAX = 25;
/** A frame is black when at least this share of its pixels is black (`blackdetect`'s `picture_black_ratio_th` default). */
export const BLACK_SHARE = 0.98;

/**
 * The rows colour bars are read in, as shares of the height: the main bars of
 * SMPTE (top 2/3), SMPTE HD (top 7/12) and EBU (full height) patterns all cover them,
 * while the strips under SMPTE bars (castellations, PLUGE) do not.
 */
export const BARS_ROWS = { from: 0.06, to: 0.55 } as const;
/** A column is uniform down those rows when each plane's mean absolute deviation is at most this (levels). */
export const COLUMN_UNIFORM = 3;
/** A column joins a band while its colour is within this distance of the band's mean (levels, Euclidean over grey, U and V). */
export const BAND_TOLERANCE = 12;
/** A band counts from this many columns (about 3 % of the width). */
export const MIN_BAND_COLUMNS = 3;
/** Neighbouring bands of a pattern differ by at least this much (a gradient's steps do not). */
export const BAND_STEP = 30;
/** A band is saturated when its chroma (distance of U, V from 128) reaches this (75 % bars: about 85). */
export const SATURATED_CHROMA = 40;
/** Colour bars: at least this many bands… */
export const MIN_BANDS = 6;
/** …covering at least this share of the columns… */
export const MIN_BANDS_SHARE = 0.7;
/** …of which at least this many are saturated, in at least MIN_HUES hues MIN_HUE_DEGREES apart. */
export const MIN_SATURATED_BANDS = 4;
export const MIN_HUES = 3;
export const MIN_HUE_DEGREES = 30;

/** A sample is still when its mean difference from the sample before is at most this (grey levels). */
export const STILL_DIFF = 0.5;
/** Shortest span of each cue, seconds. */
export const MIN_CUE_SEC: Record<TechnicalCueKind, number> = { colour_bars: 1, black_frames: 1, slate: 2 };
/** Per-second RMS at or under this is silence (−50 dBFS, the loudness series' gate). */
export const SILENT_RMS = 10 ** (-50 / 20);
/** A steady tone: per-second RMS varies by at most this share of its mean over the span's whole seconds. */
export const STEADY_TONE_SPREAD = 0.1;

export interface TechnicalCue {
  kind: TechnicalCueKind;
  start: number;
  /** Exclusive, seconds. */
  end: number;
}

/** Each kind in plain words, as the dips' advice and the recut's rationale name it. */
export const CUE_WORDS: Record<TechnicalCueKind, string> = { colour_bars: 'colour bars', black_frames: 'black frames', slate: 'still title card or slate' };

/**
 * What a sampled frame shows. `frame` holds three planes of `width`×`height` bytes: grey
 * (full range, the plane the motion series reads), then U and V (limited range, 128 = no colour).
 * Black: BLACK_SHARE of the pixels at or under BLACK_PIXEL_MAX. Colour bars: by their structure,
 * not their exact colours — in the BARS_ROWS, MIN_BANDS or more vertical bands, each uniform down
 * the picture, sharply different from their neighbours, together covering most of the width, with
 * several saturated bands of different hues.
 */
export function classifyFrame(frame: Uint8Array, width: number, height: number): FrameKind {
  const plane = width * height;
  let dark = 0;
  for (let i = 0; i < plane; i++) if ((frame[i] as number) <= BLACK_PIXEL_MAX) dark++;
  if (dark >= BLACK_SHARE * plane) return FrameKind.black;
  return looksLikeColourBars(frame, width, height) ? FrameKind.colourBars : FrameKind.plain;
}

interface Band {
  columns: number;
  y: number;
  u: number;
  v: number;
}

function looksLikeColourBars(frame: Uint8Array, width: number, height: number): boolean {
  const plane = width * height;
  const top = Math.floor(height * BARS_ROWS.from);
  const bottom = Math.max(top + 2, Math.ceil(height * BARS_ROWS.to));
  const rows = bottom - top;
  // Per column: mean grey, U and V down the rows, or null when the column is not uniform.
  const columns: Array<{ y: number; u: number; v: number } | null> = [];
  for (let x = 0; x < width; x++) {
    const means = [0, 1, 2].map((p) => {
      let sum = 0;
      for (let r = top; r < bottom; r++) sum += frame[p * plane + r * width + x] as number;
      return sum / rows;
    });
    const uniform = [0, 1, 2].every((p) => {
      let deviation = 0;
      for (let r = top; r < bottom; r++) deviation += Math.abs((frame[p * plane + r * width + x] as number) - (means[p] as number));
      return deviation / rows <= COLUMN_UNIFORM;
    });
    columns.push(uniform ? { y: means[0] as number, u: means[1] as number, v: means[2] as number } : null);
  }
  const bands: Band[] = [];
  let current: Band | null = null;
  const close = () => {
    if (current && current.columns >= MIN_BAND_COLUMNS) bands.push(current);
    current = null;
  };
  for (const column of columns) {
    if (!column) {
      close();
      continue;
    }
    const band = current as Band | null;
    if (band && colourDistance(band, column) <= BAND_TOLERANCE) {
      const n = band.columns + 1;
      band.y += (column.y - band.y) / n;
      band.u += (column.u - band.u) / n;
      band.v += (column.v - band.v) / n;
      band.columns = n;
    } else {
      close();
      current = { columns: 1, ...column };
    }
  }
  close();
  if (bands.length < MIN_BANDS) return false;
  if (bands.reduce((s, b) => s + b.columns, 0) < MIN_BANDS_SHARE * width) return false;
  for (let i = 1; i < bands.length; i++) if (colourDistance(bands[i - 1] as Band, bands[i] as Band) < BAND_STEP) return false;
  const saturated = bands.filter((b) => Math.hypot(b.u - 128, b.v - 128) >= SATURATED_CHROMA);
  if (saturated.length < MIN_SATURATED_BANDS) return false;
  const hues: number[] = [];
  for (const band of saturated) {
    const hue = (Math.atan2(band.v - 128, band.u - 128) * 180) / Math.PI;
    if (hues.every((h) => angleBetween(h, hue) >= MIN_HUE_DEGREES)) hues.push(hue);
  }
  return hues.length >= MIN_HUES;
}

const colourDistance = (a: { y: number; u: number; v: number }, b: { y: number; u: number; v: number }) => Math.hypot(a.y - b.y, a.u - b.u, a.v - b.v);

function angleBetween(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}

export interface CueInputs {
  /** `classifyFrame` of each 4 fps sample (sample k at k/4 s). */
  frameKinds: readonly number[];
  /** d_k of each sample (d_0 = 0), as the motion series reads them. */
  frameDiffs: readonly number[];
  /** Cut times in seconds, refined to the frame where they could be: cue edges at a cut take its time. */
  cuts: readonly number[];
  durationSec: number;
  /** RMS per second, full scale 1.0 (the loudness series before scaling). */
  loudnessRms: readonly number[];
  /** The words that count, sorted by start. */
  words: readonly RecognisedWord[];
}

/** Runs of consecutive samples for which `test` holds, as inclusive [first, last] indexes. */
function sampleRuns(count: number, test: (k: number) => boolean): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  let first = -1;
  for (let k = 0; k <= count; k++) {
    const on = k < count && test(k);
    if (on && first < 0) first = k;
    if (!on && first >= 0) {
      runs.push([first, k - 1]);
      first = -1;
    }
  }
  return runs;
}

/**
 * The technical cues of a file, in time order:
 * - colour_bars: runs of colour-bar frames (`classifyFrame`), whatever the sound (bars usually come with a tone);
 * - black_frames: runs of black frames;
 * - slate: a still picture (every sample within STILL_DIFF of the one before) that is neither black nor
 *   bars, standing alone between parts — it starts at the file's start or at a cut and ends at a cut or
 *   the file's end — while nobody speaks and the sound is silent or one steady tone.
 * Each lasts at least MIN_CUE_SEC of its kind. A span starts at the first sample that shows it and ends
 * after the last, except where a cut bounds it: then the edge is the cut's time, to the frame when the
 * cut was refined; the last sample's span ends at the duration.
 */
export function technicalCues(inputs: CueInputs): TechnicalCue[] {
  const count = Math.min(inputs.frameKinds.length, inputs.frameDiffs.length);
  const duration = inputs.durationSec;
  const step = 1 / FRAME_RATE;
  const cuts = [...inputs.cuts].sort((a, b) => a - b);
  // The change into sample `first` happened after the sample before; the nearest frame may sit half a sample late.
  const cutBefore = (first: number) => cuts.find((c) => c > (first - 1) * step + 1e-9 && c <= first * step + step / 2 + 1e-9);
  const cutAfter = (last: number) => cuts.find((c) => c > last * step + 1e-9 && c <= (last + 1) * step + step / 2 + 1e-9);
  const span = (first: number, last: number) => {
    const start = first === 0 ? 0 : (cutBefore(first) ?? first * step);
    const end = last === count - 1 ? duration : (cutAfter(last) ?? (last + 1) * step);
    return {
      start: round3(Math.min(start, duration)),
      end: round3(Math.min(end, duration)),
      boundedAtStart: first === 0 || cutBefore(first) !== undefined,
      boundedAtEnd: last === count - 1 || cutAfter(last) !== undefined,
    };
  };
  const cues: TechnicalCue[] = [];
  const add = (kind: TechnicalCueKind, s: { start: number; end: number }) => {
    if (s.end - s.start >= MIN_CUE_SEC[kind] - 1e-9) cues.push({ kind, start: s.start, end: s.end });
  };
  for (const [first, last] of sampleRuns(count, (k) => inputs.frameKinds[k] === FrameKind.colourBars)) add('colour_bars', span(first, last));
  for (const [first, last] of sampleRuns(count, (k) => inputs.frameKinds[k] === FrameKind.black)) add('black_frames', span(first, last));
  // A still run: a plain sample, then samples that repeat it.
  const plain = (k: number) => inputs.frameKinds[k] === FrameKind.plain;
  let k = 0;
  while (k < count) {
    if (!plain(k)) {
      k++;
      continue;
    }
    let last = k;
    while (last + 1 < count && plain(last + 1) && (inputs.frameDiffs[last + 1] as number) <= STILL_DIFF) last++;
    const s = span(k, last);
    // A still over the whole file is the video itself (a podcast's cover, a hum test), not a card between parts.
    const wholeFile = s.start <= 0 && s.end >= duration - 1e-9;
    if (s.boundedAtStart && s.boundedAtEnd && !wholeFile && quietOrTone(s, inputs)) add('slate', s);
    k = last + 1;
  }
  return cues.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** Nobody speaks in the span (no word starts in it: a word begun before its cut is the part before), and its whole seconds are all silent or one steady tone. */
function quietOrTone(span: { start: number; end: number }, inputs: CueInputs): boolean {
  if (inputs.words.some((w) => w.start >= span.start && w.start < span.end)) return false;
  const rms: number[] = [];
  for (let t = Math.ceil(span.start - 1e-9); t + 1 <= span.end + 1e-9; t++) rms.push(inputs.loudnessRms[t] ?? 0);
  if (rms.length === 0) return false;
  if (rms.every((r) => r <= SILENT_RMS)) return true;
  if (rms.some((r) => r <= SILENT_RMS)) return false;
  const mean = rms.reduce((s, r) => s + r, 0) / rms.length;
  return Math.max(...rms) - Math.min(...rms) <= STEADY_TONE_SPREAD * mean;
}

/** Speech reaching less than this far into a cue (seconds) is a word's tail or a timestamp's slack, not speech over it. */
export const SPEECH_OVER_CUE_SEC = 0.25;

/** The cues nobody speaks over: the ones a recut drops and the dips name. Speech is any span of words (transcript segments or words). */
export function unspokenCues(cues: readonly TechnicalCue[], speech: ReadonlyArray<{ start: number; end: number }>): TechnicalCue[] {
  return cues.filter((cue) => !speech.some((s) => Math.min(s.end, cue.end) - Math.max(s.start, cue.start) > SPEECH_OVER_CUE_SEC));
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

export const TECHNICAL_CUES_METHOD =
  "Technical cues (beside the spec's fields): every 4 fps sample of the decode is also read in colour (96x54, the grey plane the motion series reads and the U and V planes). " +
  `A sample is black when ${Math.round(BLACK_SHARE * 100)} % of its pixels are at or under grey ${BLACK_PIXEL_MAX} of 255 (ffmpeg blackdetect's defaults); ` +
  `it shows colour bars when, across ${Math.round(BARS_ROWS.from * 100)}–${Math.round(BARS_ROWS.to * 100)} % of its height, ${MIN_BANDS} or more vertical bands, each uniform down the picture, ` +
  `sharply different from their neighbours and together ${Math.round(MIN_BANDS_SHARE * 100)} % of the width, include ${MIN_SATURATED_BANDS} saturated ones in ${MIN_HUES} hues or more (the structure of SMPTE and EBU bars, not their exact colours). ` +
  `technical_cues lists colour_bars and black_frames over runs of such samples of ${MIN_CUE_SEC.colour_bars} s or more, and slate over a still picture of ${MIN_CUE_SEC.slate} s or more ` +
  `(each sample within ${STILL_DIFF} grey levels of the one before) that is neither, stands between parts (from the start or a cut to a cut or the end) while nobody speaks and the sound is silent or one steady tone. ` +
  "An edge at a cut takes the cut's time (to the frame where the cut is refined); other edges fall on the quarter-second samples. " +
  "A cue nobody speaks over is a dip of its own, advised to be cut, and the rule-based and the model's recuts leave it out.";
