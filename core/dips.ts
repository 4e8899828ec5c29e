// Why attention is likely to drop: every dead stretch and every sharp fall of
// hold becomes a dip, with the causes read from the series themselves and one
// plain sentence of advice. Proxies from the file, like the series they read.

import { clampEnd } from './dead';
import type { DeadStretch, RecognisedWord } from './shapes';
import { mean, round1 } from './numbers';
import { percentile } from './percentile';
import { clockTime, spanEndTime } from './summary';

/** A fall of reported hold by at least this many points… */
export const DIP_DROP_POINTS = 15;
/** …within this many seconds is a dip. */
export const DIP_DROP_WITHIN_SEC = 3;
/** Mean scaled motion (0–100) under which the picture counts as still. */
export const STILL_MOTION = 10;
/** Mean scaled loudness (0–100) under which the sound counts as silent. */
export const SILENT_LOUDNESS = 10;
/** A loudness drop: the dip's mean loudness at least this many points under the 3 s before it. */
export const LOUDNESS_DROP_POINTS = 30;
/** A pause in speech at least this long (seconds, from one word's end to the next word's start) inside a dip. */
export const LONG_PAUSE_SEC = 2;
/** A shot at least this long (seconds) counts as a long shot with no cut. */
export const LONG_SHOT_SEC = 10;

export const DIP_CAUSES = ['still_picture', 'silence', 'loudness_drop', 'no_speech', 'long_pause', 'long_shot', 'slow_cutting'] as const;
export type DipCause = (typeof DIP_CAUSES)[number];

/** Each cause in plain words, as the website, the timelines' markers and the recut's rationale name it. */
export const DIP_CAUSE_WORDS: Record<DipCause, string> = {
  still_picture: 'still picture',
  silence: 'silence',
  loudness_drop: 'loudness drop',
  no_speech: 'no speech',
  long_pause: 'long pause',
  long_shot: 'long shot',
  slow_cutting: 'slow cutting',
};

export interface Dip {
  start: number;
  /** Exclusive, in seconds. */
  end: number;
  causes: DipCause[];
  advice: string;
}

export interface DipInputs {
  /** Reported hold per second. */
  hold: readonly number[];
  /** Scaled series per second, 0–100. */
  motion: readonly number[];
  loudness: readonly number[];
  /** The words that count (inside a voice), sorted by start. */
  words: readonly RecognisedWord[];
  /** Cut times in seconds. */
  cuts: readonly number[];
  dead: readonly DeadStretch[];
  /** The file's duration in seconds: the last shot ends there and no dip runs past it. Default: the number of seconds. */
  durationSec?: number;
}

/**
 * Spans where hold falls by DIP_DROP_POINTS or more within DIP_DROP_WITHIN_SEC: from
 * the second after the last one still that far above the lowest, to the lowest
 * second, end exclusive (the same fall seen from several seconds gives one span).
 */
export function holdDrops(hold: readonly number[], points = DIP_DROP_POINTS, withinSec = DIP_DROP_WITHIN_SEC): DeadStretch[] {
  const spans: DeadStretch[] = [];
  for (let t = 0; t < hold.length; t++) {
    const from = hold[t] as number;
    let lowest = t;
    for (let u = t + 1; u <= Math.min(hold.length - 1, t + withinSec); u++) if ((hold[u] as number) < (hold[lowest] as number)) lowest = u;
    if (lowest === t || from - (hold[lowest] as number) < points) continue;
    let high = lowest - 1;
    while ((hold[high] as number) < (hold[lowest] as number) + points) high--;
    if (!spans.some((s) => s.start === high + 1 && s.end === lowest + 1)) spans.push({ start: high + 1, end: lowest + 1 });
  }
  return spans;
}

/** Overlapping or touching spans joined, in time order. */
export function mergeSpans(spans: readonly DeadStretch[]): DeadStretch[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || a.end - b.end);
  const out: DeadStretch[] = [];
  for (const span of sorted) {
    const last = out[out.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else out.push({ ...span });
  }
  return out;
}

const slice = (series: readonly number[], span: DeadStretch) => series.slice(span.start, span.end);

/** The shots as [start, end) between the cut times over a file of `durationSec` seconds (the last shot ends at the duration). */
export function shots(cuts: readonly number[], durationSec: number): DeadStretch[] {
  const bounds = [0, ...cuts.filter((c) => c > 0 && c < durationSec), durationSec];
  return bounds.slice(1).map((end, i) => ({ start: bounds[i] as number, end }));
}

/** The longest pause (word end to next word start, or the span's edge when no word is near) inside the span; the whole span when nobody speaks. */
function longestPause(words: readonly RecognisedWord[], span: DeadStretch): number {
  const inside = words.filter((w) => w.end > span.start && w.start < span.end);
  if (inside.length === 0) return span.end - span.start;
  let longest = Math.max(0, (inside[0] as RecognisedWord).start - span.start);
  for (let i = 1; i < inside.length; i++) longest = Math.max(longest, (inside[i] as RecognisedWord).start - (inside[i - 1] as RecognisedWord).end);
  return Math.max(longest, span.end - (inside[inside.length - 1] as RecognisedWord).end);
}

/**
 * The seconds a dip's causes are read from: reported hold is a centred 3-second mean,
 * so a span's first and last second carry the neighbours' signals; from 3 s on they are left out.
 */
export function innerSpan(span: DeadStretch): DeadStretch {
  return span.end - span.start >= 3 ? { start: span.start + 1, end: span.end - 1 } : span;
}

/**
 * The causes of one dip, each against its threshold above, in a fixed order. `whole` is in whole
 * seconds (the series' grid); pauses and shots are measured in time, up to the file's end.
 */
export function dipCauses(
  whole: DeadStretch,
  inputs: Omit<DipInputs, 'dead' | 'hold' | 'durationSec'> & { durationSec: number },
): { causes: DipCause[]; shotSec: number; pauseSec: number; medianShotSec: number } {
  const causes: DipCause[] = [];
  const span = innerSpan(whole);
  if (mean(slice(inputs.motion, span)) < STILL_MOTION) causes.push('still_picture');
  const loud = mean(slice(inputs.loudness, span));
  const before = mean(inputs.loudness.slice(Math.max(0, whole.start - 3), whole.start));
  if (loud < SILENT_LOUDNESS) causes.push('silence');
  else if (whole.start > 0 && before - loud >= LOUDNESS_DROP_POINTS) causes.push('loudness_drop');
  const spoken = inputs.words.some((w) => w.start >= span.start && w.start < span.end);
  const pauseSec = longestPause(inputs.words, { start: span.start, end: Math.min(span.end, inputs.durationSec) });
  if (!spoken) causes.push('no_speech');
  else if (pauseSec >= LONG_PAUSE_SEC) causes.push('long_pause');
  const all = shots(inputs.cuts, inputs.durationSec);
  // The cut-less run the dip sits in: from the last cut before its end to the first cut after its start.
  const covering = all.filter((s) => s.end > span.start && s.start < span.end);
  const shotSec = covering.length === 1 ? (covering[0] as DeadStretch).end - (covering[0] as DeadStretch).start : 0;
  const medianShotSec =
    all.length >= 3
      ? percentile(
          all.map((s) => s.end - s.start),
          50,
        )
      : 0;
  if (shotSec >= LONG_SHOT_SEC) causes.push('long_shot');
  else if (medianShotSec > 0 && shotSec > medianShotSec) causes.push('slow_cutting');
  return { causes, shotSec, pauseSec, medianShotSec };
}

const ACTION: Record<DipCause, string> = {
  still_picture: 'cut or speed up',
  silence: 'cut or add sound under',
  loudness_drop: 'lift the sound in',
  no_speech: 'tighten or talk over',
  long_pause: 'close the pause in',
  long_shot: 'add a cut or a cutaway in',
  slow_cutting: 'cut faster in',
};

/** One sentence: what to do over which span and why, naming every cause. */
export function dipAdvice(span: DeadStretch, found: ReturnType<typeof dipCauses>): string {
  const range = `${clockTime(span.start)}–${spanEndTime(span.end)}`;
  const length = round1(span.end - span.start);
  const phrases: Record<DipCause, string> = {
    still_picture: 'the picture is still',
    silence: 'the sound is silent',
    loudness_drop: 'the sound drops',
    no_speech: 'nobody speaks',
    long_pause: `the speech pauses for ${round1(found.pauseSec)} s`,
    long_shot: `one shot runs ${round1(found.shotSec)} s without a cut`,
    slow_cutting: `the shot (${round1(found.shotSec)} s) is longer than this file's median shot (${round1(found.medianShotSec)} s)`,
  };
  const first = found.causes[0];
  if (!first) return `Watch ${range} (${length} s): hold falls without one clear cause in motion, sound, speech or cuts; trim what drags.`;
  const reasons = found.causes.map((c) => phrases[c]);
  const joined = reasons.length === 1 ? reasons[0] : `${reasons.slice(0, -1).join(', ')} and ${reasons[reasons.length - 1]}`;
  const action = ACTION[first];
  return `${action.charAt(0).toUpperCase()}${action.slice(1)} ${range} (${length} s): ${joined}.`;
}

/**
 * Every dead stretch and every sharp fall of hold, merged where they overlap, with causes and advice.
 * Spans are found on whole seconds; each reported end is clamped to the duration.
 */
export function findDips(inputs: DipInputs): Dip[] {
  const n = inputs.hold.length;
  const durationSec = inputs.durationSec ?? n;
  // A dead stretch's end may be clamped to a partial last second: on the grid it covers that whole second.
  const onGrid = inputs.dead.map((d) => ({ start: d.start, end: Math.ceil(d.end - 1e-9) }));
  const spans = mergeSpans([...onGrid, ...holdDrops(inputs.hold)]).filter((s) => s.end > s.start && s.start < n && s.start < durationSec);
  return spans.map((grid) => {
    const found = dipCauses(grid, { motion: inputs.motion, loudness: inputs.loudness, words: inputs.words, cuts: inputs.cuts, durationSec });
    const span = { start: grid.start, end: clampEnd(grid.end, durationSec) };
    return { start: span.start, end: span.end, causes: found.causes, advice: dipAdvice(span, found) };
  });
}

export const DIPS_METHOD =
  `Dips (beside the spec's fields): every dead stretch and every fall of reported hold by ${DIP_DROP_POINTS} points or more within ${DIP_DROP_WITHIN_SEC} s ` +
  '(from the second after the higher value to the lowest second, end exclusive), overlapping or touching spans joined. Their causes are read from the series over the dip ' +
  '(without its first and last second when it lasts 3 s or more, as hold is a 3-second mean): ' +
  `still picture (mean scaled motion under ${STILL_MOTION}), silence (mean scaled loudness under ${SILENT_LOUDNESS}) or else a loudness drop (${LOUDNESS_DROP_POINTS} points or more under the 3 s before), ` +
  `no speech (no counted word starts in it) or else a long pause (${LONG_PAUSE_SEC} s or more between words), a long shot (one shot of ${LONG_SHOT_SEC} s or more covers it) ` +
  "or else slow cutting (its shot is longer than the file's median shot, with at least 3 shots). The advice is one sentence naming the span and every cause.";
