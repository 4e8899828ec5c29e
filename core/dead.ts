// Dead stretches: runs of seconds whose reported hold stays under the floor.

import type { DeadStretch } from './shapes';

/** A reported hold below this is under the floor. */
export const FLOOR = 30;
/** A run of at least this many seconds under the floor is a dead stretch. */
export const DEAD_MIN_SECONDS = 2;

/** Maximal runs of ≥ 2 consecutive seconds with hold < 30, as `{start, end}` with `end` exclusive. */
export function deadStretches(hold: readonly number[], floor = FLOOR, minSeconds = DEAD_MIN_SECONDS): DeadStretch[] {
  const out: DeadStretch[] = [];
  let runStart = -1;
  for (let t = 0; t <= hold.length; t++) {
    const under = t < hold.length && (hold[t] as number) < floor;
    if (under && runStart < 0) runStart = t;
    if (!under && runStart >= 0) {
      if (t - runStart >= minSeconds) out.push({ start: runStart, end: t });
      runStart = -1;
    }
  }
  return out;
}

/** Total seconds covered by the stretches. */
export function deadSeconds(dead: readonly DeadStretch[]): number {
  return dead.reduce((s, d) => s + (d.end - d.start), 0);
}
