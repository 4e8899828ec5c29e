// Dead stretches: runs of seconds whose reported hold stays under the floor.

import type { DeadStretch } from './wire/read';

/** A reported hold below this is under the floor. */
export const FLOOR = 30;
/** A run of at least this many seconds under the floor is a dead stretch. */
export const DEAD_MIN_SECONDS = 2;

/**
 * Maximal runs of ≥ 2 consecutive seconds with hold < 30, as `{start, end}` with `end` exclusive.
 * `durationSec` (default: the number of seconds) ends the last second: the file's last second
 * is partial when its duration is not whole, so a run's end is clamped to the duration and a
 * run that lasts under `minSeconds` of real time once clamped is no dead stretch.
 */
export function deadStretches(hold: readonly number[], floor = FLOOR, minSeconds = DEAD_MIN_SECONDS, durationSec: number = hold.length): DeadStretch[] {
  const out: DeadStretch[] = [];
  let runStart = -1;
  for (let t = 0; t <= hold.length; t++) {
    const under = t < hold.length && (hold[t] as number) < floor;
    if (under && runStart < 0) runStart = t;
    if (!under && runStart >= 0) {
      const end = clampEnd(t, durationSec);
      if (end - runStart >= minSeconds - 1e-9) out.push({ start: runStart, end });
      runStart = -1;
    }
  }
  return out;
}

/** A span's end in seconds, no later than the file's duration (two decimals, as `duration_sec`). */
export function clampEnd(end: number, durationSec: number): number {
  return end > durationSec ? Math.round(durationSec * 100) / 100 : end;
}

/** Total seconds covered by the stretches (to the millisecond: a clamped end has two decimals). */
export function deadSeconds(dead: readonly DeadStretch[]): number {
  return Math.round(dead.reduce((s, d) => s + (d.end - d.start), 0) * 1000) / 1000;
}
