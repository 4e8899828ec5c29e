// Hook, score, grade and label (design §4; the score's rule is issue 32's, see SCORE_METHOD).

import { mean, round1 } from './numbers';

/** Mean reported hold over the first 3 seconds (fewer if shorter), one decimal; 0 with no seconds. */
export function hookValue(hold: readonly number[]): number {
  return round1(mean(hold.slice(0, 3)));
}

/**
 * What the score is computed from: measures that mean the same in every file (seconds, words,
 * grey levels, dBFS), unlike the series, which are scaled to each file's own 95th percentile.
 */
export interface ScoreMeasures {
  durationSec: number;
  /** The counted words (inside a voice), any order. */
  words: ReadonlyArray<{ start: number; end: number }>;
  /** Cut times in seconds. */
  cuts: readonly number[];
  /** The read's dead stretches (whole seconds; the last end may be clamped to the duration). */
  dead: ReadonlyArray<{ start: number; end: number }>;
  /** motion_raw per second: mean frame difference in grey levels, cut samples left out (before scaling). */
  motionRaw: readonly number[];
  /** loudness_raw per second: RMS, full scale 1.0 (before scaling). */
  loudnessRms: readonly number[];
}

/** Each part of the score, 0..1. */
export interface ScoreParts {
  /** Share of the duration that is neither in a dead stretch nor empty (still, silent, wordless, uncut). */
  live: number;
  /** Speech coverage: share of the duration inside speech, full from SPEECH_FULL_SHARE on. */
  speech: number;
  /** Speaking pace in words per minute of speech against the comfortable band. */
  pace: number;
  /** Mean shot length (duration over shots) against fixed references. */
  cutting: number;
  /** Mean motion in grey levels against MOTION_FULL_GREY. */
  motion: number;
  /** Mean level in dBFS between SILENT_DBFS and LOUD_DBFS. */
  loudness: number;
}

/** Words closer than this (seconds, end to next start) are one stretch of speech, as in the transcript's segments. */
export const SPEECH_JOIN_SEC = 0.5;
/** Speech over this share of the duration counts fully: a video needs room to breathe. */
export const SPEECH_FULL_SHARE = 0.8;
/** Words per minute of speech (pauses of SPEECH_JOIN_SEC or more left out) that count fully… */
export const PACE_BAND_WPM: readonly [number, number] = [110, 230];
/** …falling linearly to 0 at these. */
export const PACE_ZERO_WPM: readonly [number, number] = [40, 330];
/** A mean shot of this many seconds or less counts fully… */
export const SHOT_FULL_SEC = 4;
/** …one of this many or more not at all; log-linear between. */
export const SHOT_ZERO_SEC = 40;
/** A second's mean frame difference (grey levels at 96x54, 4 fps) from which its motion counts fully; a steady talking head is near 1. */
export const MOTION_FULL_GREY = 3;
/** A second's RMS level from which its sound counts fully, and the level at which it counts nothing, dBFS. */
export const LOUD_DBFS = -30;
export const SILENT_DBFS = -60;
/** A still second: mean frame difference under this (the motion gate). */
export const STILL_GREY = 0.5;
/** A silent second: RMS under this (the loudness gate, −50 dBFS). */
export const SILENT_RMS = 10 ** (-50 / 20);

/** The weights of the parts inside the live share; they sum to 1. Pace counts as far as there is speech. */
export const SCORE_WEIGHTS = { speech: 0.4, pace: 0.1, cutting: 0.2, motion: 0.15, loudness: 0.15 } as const;

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

/** How much of second t the file holds: 1, or less for a partial last second. */
const secondWeight = (t: number, durationSec: number) => clamp01(durationSec - t);

/** Seconds inside speech: the words' spans joined across pauses under SPEECH_JOIN_SEC, within [0, duration]. */
export function speakingSeconds(words: ScoreMeasures['words'], durationSec: number): number {
  const sorted = [...words].sort((a, b) => a.start - b.start);
  let total = 0;
  let from = Number.NaN;
  let to = Number.NaN;
  const close = () => {
    if (Number.isFinite(from)) total += Math.max(0, Math.min(to, durationSec) - Math.max(0, from));
  };
  for (const w of sorted) {
    if (Number.isFinite(to) && w.start - to < SPEECH_JOIN_SEC) to = Math.max(to, w.end);
    else {
      close();
      [from, to] = [w.start, w.end];
    }
  }
  close();
  return total;
}

/** 1 inside [lo, hi], falling linearly to 0 at zeroLo and zeroHi. */
function band(x: number, [lo, hi]: readonly [number, number], [zeroLo, zeroHi]: readonly [number, number]): number {
  if (x < lo) return clamp01((x - zeroLo) / (lo - zeroLo));
  if (x > hi) return clamp01((zeroHi - x) / (zeroHi - hi));
  return 1;
}

/** The parts of the score (`ScoreParts`); all 0 for a file without duration. */
export function scoreParts(m: ScoreMeasures): ScoreParts {
  const d = m.durationSec;
  if (!(d > 0)) return { live: 0, speech: 0, pace: 0, cutting: 0, motion: 0, loudness: 0 };
  const n = Math.ceil(d - 1e-6);
  const cutSeconds = new Set(m.cuts.map((c) => Math.floor(c)));
  const wordSeconds = new Set(m.words.map((w) => Math.floor(w.start)));
  let notLive = 0;
  let motion = 0;
  let loudness = 0;
  for (let t = 0; t < n; t++) {
    const w = secondWeight(t, d);
    const grey = m.motionRaw[t] ?? 0;
    const rms = m.loudnessRms[t] ?? 0;
    const empty = grey < STILL_GREY && rms < SILENT_RMS && !wordSeconds.has(t) && !cutSeconds.has(t);
    if (empty || m.dead.some((s) => t >= s.start && t < s.end)) notLive += w;
    motion += w * clamp01(grey / MOTION_FULL_GREY);
    const dbfs = rms > 0 ? 20 * Math.log10(rms) : Number.NEGATIVE_INFINITY;
    loudness += w * clamp01((dbfs - SILENT_DBFS) / (LOUD_DBFS - SILENT_DBFS));
  }
  const speaking = speakingSeconds(m.words, d);
  const wpm = speaking > 0 ? (m.words.length / speaking) * 60 : 0;
  const shotSec = d / (m.cuts.filter((c) => c > 0 && c < d).length + 1);
  const cutting = shotSec <= SHOT_FULL_SEC ? 1 : clamp01(Math.log(SHOT_ZERO_SEC / shotSec) / Math.log(SHOT_ZERO_SEC / SHOT_FULL_SEC));
  return {
    live: clamp01(1 - notLive / d),
    speech: clamp01(speaking / d / SPEECH_FULL_SHARE),
    pace: speaking > 0 ? band(wpm, PACE_BAND_WPM, PACE_ZERO_WPM) : 0,
    cutting,
    motion: clamp01(motion / d),
    loudness: clamp01(loudness / d),
  };
}

/**
 * score = round(100 × live × (0.40·speech + 0.10·pace·speech + 0.20·cutting + 0.15·motion + 0.15·loudness)),
 * 0..100: the same file scores the same wherever it sits in a library, and a still, silent
 * or dead second lowers it through the live share and the means alike.
 */
export function overallScore(m: ScoreMeasures): number {
  const p = scoreParts(m);
  const w = SCORE_WEIGHTS;
  const within = w.speech * p.speech + w.pace * p.pace * p.speech + w.cutting * p.cutting + w.motion * p.motion + w.loudness * p.loudness;
  return Math.round(100 * p.live * within);
}

export const SCORE_METHOD =
  "Score: unlike the series, which are scaled to each file's own 95th percentile, the score is computed from measures that mean the same in every file, so scores compare across videos. " +
  `live is the share of the duration outside the dead stretches and outside empty seconds (mean frame difference under ${STILL_GREY} grey levels, RMS under -50 dBFS, no counted word starting and no cut); ` +
  `speech is the share of the duration inside speech (the counted words' spans joined across pauses under ${SPEECH_JOIN_SEC} s), counted fully from ${SPEECH_FULL_SHARE * 100} %; ` +
  `pace is 1 for ${PACE_BAND_WPM[0]} to ${PACE_BAND_WPM[1]} words per minute of speech, falling linearly to 0 at ${PACE_ZERO_WPM[0]} and ${PACE_ZERO_WPM[1]} (0 without speech); ` +
  `cutting is 1 when the mean shot (duration over the number of shots) is ${SHOT_FULL_SEC} s or less, 0 from ${SHOT_ZERO_SEC} s, log-linear between; ` +
  `motion is the mean over seconds of motion_raw / ${MOTION_FULL_GREY} grey levels, capped at 1 a second; loudness the mean over seconds of the RMS level from ${SILENT_DBFS} dBFS (0) to ${LOUD_DBFS} dBFS (1); ` +
  'a partial last second counts by the part of it the file holds. ' +
  `score = round(100 x live x (${SCORE_WEIGHTS.speech.toFixed(2)} x speech + ${SCORE_WEIGHTS.pace.toFixed(2)} x pace x speech + ${SCORE_WEIGHTS.cutting.toFixed(2)} x cutting + ${SCORE_WEIGHTS.motion.toFixed(2)} x motion + ${SCORE_WEIGHTS.loudness.toFixed(2)} x loudness)), 0 to 100. ` +
  'It supersedes the formula of the first contract (mean hold x (1 - dead share) through a piecewise-linear map), which followed the per-file scaling and so ranked a test pattern with a tone above a spoken, cut video.';

/** Lowest score for each grade, best first; below the last is F. */
export const GRADE_FLOORS: ReadonlyArray<readonly [string, number]> = [
  ['A+', 97],
  ['A', 93],
  ['A-', 90],
  ['B+', 87],
  ['B', 83],
  ['B-', 80],
  ['C+', 77],
  ['C', 73],
  ['C-', 70],
  ['D+', 67],
  ['D', 63],
  ['D-', 60],
];

/** Letter grade with ASCII `+`/`-`: A+ ≥ 97 … D− ≥ 60, F below. */
export function gradeFor(score: number): string {
  for (const [grade, floor] of GRADE_FLOORS) if (score >= floor) return grade;
  return 'F';
}

export const LABELS: Readonly<Record<string, string>> = {
  A: 'Gripping',
  B: 'Engaging',
  C: 'Steady',
  D: 'Sluggish',
  F: 'Flat',
};

/** Word label by the grade's letter: A Gripping, B Engaging, C Steady, D Sluggish, F Flat. */
export function labelFor(grade: string): string {
  return LABELS[grade.charAt(0)] ?? 'Flat';
}
