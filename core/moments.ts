// Moments: the strongest peaks of reported hold, spread out, with what was said.

import { FLOOR } from './dead';
import { percentile } from './percentile';
import type { DeadStretch, Moment } from './wire/read';
import type { RecognisedWord } from './measurements';

/** Two moments are at least this many seconds apart. */
export const MOMENT_MIN_GAP_SEC = 10;
/** At most this many moments, or MOMENT_MAX_LONG for files longer than MOMENT_LONG_AFTER_SEC seconds. */
export const MOMENT_MAX = 3;
export const MOMENT_MAX_LONG = 5;
export const MOMENT_LONG_AFTER_SEC = 180;
/** A quote holds at most this many words. */
export const QUOTE_MAX_WORDS = 15;

/**
 * Seconds t where hold[t] is a local maximum (see `peakSeconds`), ≥ 30,
 * ≥ the median hold, and outside
 * every dead stretch; chosen greedily highest first (earlier on a tie), at
 * least 10 s apart, at most 3 (5 when N > 180), returned in time order with
 * label "peak" and the quote of `quoteAt`.
 */
export function findMoments(hold: readonly number[], dead: readonly DeadStretch[], words: readonly RecognisedWord[]): Moment[] {
  const n = hold.length;
  const median = percentile(hold, 50);
  const isDead = (t: number): boolean => dead.some((d) => t >= d.start && t < d.end);
  const candidates: number[] = [];
  for (const t of peakSeconds(hold)) {
    const h = hold[t] as number;
    if (h < FLOOR || h < median || isDead(t)) continue;
    candidates.push(t);
  }
  candidates.sort((a, b) => (hold[b] as number) - (hold[a] as number) || a - b);
  const max = n > MOMENT_LONG_AFTER_SEC ? MOMENT_MAX_LONG : MOMENT_MAX;
  const chosen: number[] = [];
  for (const t of candidates) {
    if (chosen.length >= max) break;
    if (chosen.every((c) => Math.abs(c - t) >= MOMENT_MIN_GAP_SEC)) chosen.push(t);
  }
  chosen.sort((a, b) => a - b);
  return chosen.map((t) => ({ second: t, label: 'peak', hold: hold[t] as number, quote: quoteAt(words, t) }));
}

/**
 * Local maxima of a series: the first second of every run of equal values
 * whose neighbours outside the run (where they exist) are both lower. A flat
 * stretch beside a higher second is no peak; a whole flat series is one peak
 * at its start.
 */
export function peakSeconds(series: readonly number[]): number[] {
  const out: number[] = [];
  let t = 0;
  while (t < series.length) {
    const v = series[t] as number;
    let end = t + 1;
    while (end < series.length && series[end] === v) end++;
    const before = series[t - 1];
    const after = series[end];
    if ((before === undefined || before < v) && (after === undefined || after < v)) out.push(t);
    t = end;
  }
  return out;
}

/** Words starting in [t−1, t+2), in time order, at most 15, joined by spaces; "" if none. */
export function quoteAt(words: readonly RecognisedWord[], t: number): string {
  return words
    .filter((w) => w.start >= t - 1 && w.start < t + 2)
    .sort((a, b) => a.start - b.start)
    .slice(0, QUOTE_MAX_WORDS)
    .map((w) => w.word)
    .join(' ');
}
