// Why attention is likely to drop: every dead stretch and every sharp fall of
// hold becomes a dip, with the causes read from the series themselves and one
// plain sentence of advice. Proxies from the file, like the series they read.

import { clampEnd } from './dead';
import type { DeadStretch } from './wire/read';
import type { RecognisedWord } from './measurements';
import { mean, round1 } from './numbers';
import { percentile } from './percentile';
import { spanEndTime } from './summary';
import { CUE_WORDS, unspokenCues, type TechnicalCue } from './technical-cues';
import type { DipCause } from './wire/constants';

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

/** Each cause (DIP_CAUSES, listed in core/wire/constants.ts) in plain words, as the website, the timelines' markers and the recut's rationale name it. */
export const DIP_CAUSE_WORDS: Record<DipCause, string> = {
  ...CUE_WORDS,
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
  /** The read's technical cues: each one nobody speaks over is a dip of its own. */
  cues?: readonly TechnicalCue[];
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

/**
 * The cause table: the first row whose causes a dip has decides what to do; the sentence
 * still names every cause. Rows that need two causes come first, and a dip at the file's
 * edge with nothing to watch or hear is cut off (`edgeAction`).
 */
export const ADVICE_TABLE: ReadonlyArray<{ when: readonly DipCause[]; action: string }> = [
  { when: ['still_picture', 'silence'], action: 'cut' },
  { when: ['silence'], action: 'cut or add sound under' },
  // Nobody speaking is why the sound drops there: lifting it would lift nothing.
  { when: ['no_speech'], action: 'tighten or talk over' },
  { when: ['long_pause'], action: 'close the pause in' },
  { when: ['still_picture'], action: 'add movement or a cutaway over' },
  { when: ['loudness_drop'], action: 'lift the sound in' },
  { when: ['long_shot'], action: 'add a cut or a cutaway in' },
  { when: ['slow_cutting'], action: 'cut faster in' },
];

/** The action of the first row of ADVICE_TABLE the causes hold; null without causes. */
export function adviceAction(causes: readonly DipCause[]): string | null {
  return ADVICE_TABLE.find((row) => row.when.every((c) => causes.includes(c)))?.action ?? null;
}

/**
 * At the file's start or end, a dip that is silent or wordless (still and silent, or nobody
 * speaks while the picture or the sound fades out) is best cut off: nothing before or after
 * it needs it. Null elsewhere.
 */
function edgeAction(span: DeadStretch, causes: readonly DipCause[], durationSec: number | undefined): string | null {
  if (!causes.includes('silence') && !causes.includes('no_speech')) return null;
  if (durationSec !== undefined && span.end >= durationSec - 1e-6) return 'cut the tail';
  if (span.start === 0 && causes.includes('still_picture') && causes.includes('silence')) return 'cut the opening';
  return null;
}

/**
 * One sentence: what to do over which span (ADVICE_TABLE, or cutting off a silent or wordless
 * start or end) and why, naming every cause. `durationSec` tells a dip that ends the file.
 */
export function dipAdvice(span: DeadStretch, found: ReturnType<typeof dipCauses>, durationSec?: number): string {
  // A dip starts on a whole second unless a cue's frame-exact edge starts it (0:15.5).
  const range = `${spanEndTime(span.start)}–${spanEndTime(span.end)}`;
  const length = round1(span.end - span.start);
  const phrases: Record<DipCause, string> = {
    colour_bars: 'colour bars fill the picture',
    black_frames: 'the picture is black',
    slate: 'a still card stands in for the video',
    still_picture: 'the picture is still',
    silence: 'the sound is silent',
    loudness_drop: 'the sound drops',
    no_speech: 'nobody speaks',
    long_pause: `the speech pauses for ${round1(found.pauseSec)} s`,
    long_shot: `one shot runs ${round1(found.shotSec)} s without a cut`,
    slow_cutting: `the shot (${round1(found.shotSec)} s) is longer than this file's median shot (${round1(found.medianShotSec)} s)`,
  };
  const cue = found.causes.find(isCueKind);
  if (cue) {
    // The cue is what the span is: name it and cut it; the other causes say what a viewer gets there.
    const others = found.causes.filter((c) => c !== cue).map((c) => phrases[c]);
    const plural = cue !== 'slate';
    const name = CUE_WORDS[cue];
    return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${range} (${length} s): cut ${plural ? 'them' : 'it'}${others.length > 0 ? `; ${joinPhrases(others)}` : ''}.`;
  }
  const action = edgeAction(span, found.causes, durationSec) ?? adviceAction(found.causes);
  if (!action) return `Watch ${range} (${length} s): hold falls without one clear cause in motion, sound, speech or cuts; trim what drags.`;
  const joined = joinPhrases(found.causes.map((c) => phrases[c]));
  return `${action.charAt(0).toUpperCase()}${action.slice(1)} ${range} (${length} s): ${joined}.`;
}

const joinPhrases = (reasons: readonly string[]) =>
  reasons.length === 1 ? (reasons[0] as string) : `${reasons.slice(0, -1).join(', ')} and ${reasons[reasons.length - 1]}`;

const CUE_KINDS = new Set<DipCause>(Object.keys(CUE_WORDS) as DipCause[]);
const isCueKind = (cause: DipCause): cause is TechnicalCue['kind'] => CUE_KINDS.has(cause);

/** The whole seconds a cue stands for on the series' grid: those it covers for the most part. */
export const cueSeconds = (cue: Pick<TechnicalCue, 'start' | 'end'>): DeadStretch => ({
  start: Math.round(cue.start),
  end: Math.max(Math.round(cue.start) + 1, Math.round(cue.end)),
});

/** `span` without the parts any of `holes` covers, in time order. */
export function subtractSpans(span: DeadStretch, holes: readonly DeadStretch[]): DeadStretch[] {
  let pieces: DeadStretch[] = [{ ...span }];
  for (const hole of holes) {
    pieces = pieces.flatMap((p) => {
      if (hole.end <= p.start || hole.start >= p.end) return [p];
      const out: DeadStretch[] = [];
      if (hole.start > p.start) out.push({ start: p.start, end: hole.start });
      if (hole.end < p.end) out.push({ start: hole.end, end: p.end });
      return out;
    });
  }
  return pieces;
}

/**
 * Runs of seconds inside `span` where the sound is silent (scaled loudness under SILENT_LOUDNESS)
 * and no counted word starts: of 2 s or more, or of any length when they run to the file's last second.
 */
export function quietRuns(span: DeadStretch, loudness: readonly number[], words: readonly RecognisedWord[], n: number): DeadStretch[] {
  const spoken = new Set(words.map((w) => Math.floor(w.start)));
  const runs: DeadStretch[] = [];
  let from = -1;
  for (let t = span.start; t <= span.end; t++) {
    const quiet = t < span.end && (loudness[t] ?? 0) < SILENT_LOUDNESS && !spoken.has(t);
    if (quiet && from < 0) from = t;
    if (!quiet && from >= 0) {
      if (t - from >= 2 || t >= n) runs.push({ start: from, end: t });
      from = -1;
    }
  }
  return runs;
}

/**
 * Every dead stretch is a dip of its own, its causes read from its own seconds; every sharp
 * fall of hold is a dip over what it adds outside them (falls joined where they overlap), and a
 * silent, wordless run inside a fall (`quietRuns`) is a dip of its own too. Where a fall leaves
 * a single second beside a dead stretch or a quiet run, that second is only the 3-second mean of
 * hold leaning into it, and is no dip. Spans are found on whole seconds; each reported end is
 * clamped to the duration.
 */
export function findDips(inputs: DipInputs): Dip[] {
  const n = inputs.hold.length;
  const durationSec = inputs.durationSec ?? n;
  const found = (grid: DeadStretch) =>
    dipCauses(grid, { motion: inputs.motion, loudness: inputs.loudness, words: inputs.words, cuts: inputs.cuts, durationSec });
  // A cue nobody speaks over is a dip over its own span, found first; the rest is read around it.
  const cues = unspokenCues(inputs.cues ?? [], inputs.words).filter((c) => c.end > c.start && c.start < durationSec);
  const cueGrid = cues.map(cueSeconds);
  const cueDips = cues.map((cue, i) => {
    const grid = cueGrid[i] as DeadStretch;
    const causes = found(grid);
    const span = { start: cue.start, end: clampEnd(cue.end, durationSec) };
    const withCue = { ...causes, causes: [cue.kind, ...causes.causes] };
    return { start: span.start, end: span.end, causes: withCue.causes, advice: dipAdvice(span, withCue, durationSec) };
  });
  // A piece under 2 s left beside a cue is the 3-second mean of hold leaning into it.
  const besideCue = (p: DeadStretch) => p.end - p.start < 2 && cueGrid.some((c) => c.start === p.end || c.end === p.start);
  // A dead stretch's end may be clamped to a partial last second: on the grid it covers that whole second.
  const deadOnGrid = mergeSpans(inputs.dead.map((d) => ({ start: d.start, end: Math.ceil(d.end - 1e-9) })));
  const dead = deadOnGrid.flatMap((d) => subtractSpans(d, cueGrid)).filter((p) => !besideCue(p));
  const outside = mergeSpans(holdDrops(inputs.hold)).flatMap((fall) => subtractSpans(fall, [...deadOnGrid, ...cueGrid]));
  const quiet = outside.flatMap((piece) => quietRuns(piece, inputs.loudness, inputs.words, n));
  const whole = [...dead, ...quiet];
  const falls = outside
    .flatMap((piece) => subtractSpans(piece, quiet))
    .filter((p) => p.end - p.start >= 2 || ![...whole, ...deadOnGrid, ...cueGrid].some((d) => d.start === p.end || d.end === p.start));
  const spans = [...whole, ...falls].filter((s) => s.end > s.start && s.start < n && s.start < durationSec);
  const seriesDips = spans.flatMap((grid) => {
    const causes = found(grid);
    // On the grid a dip may reach into a cue's partial second: its reported span stops at the cue's edge.
    const span = { start: grid.start, end: clampEnd(grid.end, durationSec) };
    for (const cue of cues) {
      if (span.start < cue.start && span.end > cue.start) span.end = cue.start;
      if (span.start < cue.end && span.end > cue.end) span.start = cue.end;
    }
    if (span.end <= span.start) return [];
    return [{ start: span.start, end: span.end, causes: causes.causes, advice: dipAdvice(span, causes, durationSec) }];
  });
  return [...cueDips, ...seriesDips].sort((a, b) => a.start - b.start || a.end - b.end);
}

export const DIPS_METHOD =
  "Dips (beside the spec's fields): every technical cue nobody speaks over is a dip over its own span, its causes the cue's kind and then what the series give over the whole seconds it mostly covers, " +
  'advised to be cut (colour bars 0:42–0:52 (10 s): cut them); the rest is read around those seconds, and a piece under 2 s left beside one is only the 3-second mean of hold leaning into it. ' +
  `Every dead stretch is a dip of its own; every fall of reported hold by ${DIP_DROP_POINTS} points or more within ${DIP_DROP_WITHIN_SEC} s ` +
  '(from the second after the higher value to the lowest second, end exclusive; overlapping falls joined) is a dip over the part of it outside the dead stretches; ' +
  `inside such a part, a run of seconds with scaled loudness under ${SILENT_LOUDNESS} where no counted word starts, of 2 s or more or running to the file's end, is a dip of its own; ` +
  'a single second left beside a dead stretch or such a run is only the 3-second mean leaning into it and is no dip. No dip ends after the duration. Their causes are read from the series over the dip ' +
  '(without its first and last second when it lasts 3 s or more, as hold is a 3-second mean): ' +
  `still picture (mean scaled motion under ${STILL_MOTION}), silence (mean scaled loudness under ${SILENT_LOUDNESS}) or else a loudness drop (${LOUDNESS_DROP_POINTS} points or more under the 3 s before), ` +
  `no speech (no counted word starts in it) or else a long pause (${LONG_PAUSE_SEC} s or more between words), a long shot (one shot of ${LONG_SHOT_SEC} s or more covers it) ` +
  "or else slow cutting (its shot is longer than the file's median shot, with at least 3 shots). The advice is one sentence naming the span and every cause; " +
  'what to do follows the first row of this table the causes hold: still picture and silence: cut; silence: cut or add sound under; no speech: tighten or talk over; ' +
  'long pause: close the pause; still picture: add movement or a cutaway; loudness drop: lift the sound; long shot: add a cut or a cutaway; slow cutting: cut faster. ' +
  'A dip that ends the file with silence or no speech, or opens it still and silent, is to be cut off (cut the tail, cut the opening).';
