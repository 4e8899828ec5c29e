// Hold: the weighted blend of the scaled series, a bonus on cuts, smoothed.

import { round1 } from './numbers';

/** The spec's weights; they sum to 0.9, so with the cut bonus hold tops out at 100. */
export const HOLD_WEIGHTS = { motion: 0.45, loudness: 0.25, speech: 0.2 } as const;
/** Added to a second in which a cut lands (once, however many cuts it holds). */
export const CUT_BONUS = 10;

export interface HoldInput {
  /** Scaled series 0..100, one entry per second; a missing entry counts 0. */
  motion: readonly number[];
  loudness: readonly number[];
  speech: readonly number[];
  /** Cut times in seconds. */
  cutTimes: readonly number[];
}

/** h[t] = 0.45·M + 0.25·L + 0.20·S + 10 if a cut falls in [t, t+1), for t = 0..seconds−1. Not rounded. */
export function rawHold(input: HoldInput, seconds: number): number[] {
  const cutSeconds = new Set(input.cutTimes.map((c) => Math.floor(c)));
  const out: number[] = [];
  for (let t = 0; t < seconds; t++) {
    out.push(
      HOLD_WEIGHTS.motion * (input.motion[t] ?? 0) +
        HOLD_WEIGHTS.loudness * (input.loudness[t] ?? 0) +
        HOLD_WEIGHTS.speech * (input.speech[t] ?? 0) +
        (cutSeconds.has(t) ? CUT_BONUS : 0),
    );
  }
  return out;
}

/**
 * Reported hold: the centred 3-second mean of h (over t−1, t, t+1; at the
 * edges over the seconds that exist), rounded to one decimal.
 */
export function smoothHold(raw: readonly number[]): number[] {
  return raw.map((_, t) => {
    let sum = 0;
    let n = 0;
    for (let j = t - 1; j <= t + 1; j++) {
      const v = raw[j];
      if (v === undefined) continue;
      sum += v;
      n++;
    }
    return round1(sum / n);
  });
}
