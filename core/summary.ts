// The one-paragraph summary of a read.

import { mean, round1 } from './numbers';
import type { DeadStretch } from './wire/read';

export interface SummaryInput {
  /** The file's duration in seconds (`duration_sec`); default: the number of seconds. */
  durationSec?: number;
  /** Reported hold per second. */
  hold: readonly number[];
  dead: readonly DeadStretch[];
  cuts: readonly number[];
  hook: number;
}

/** `m:ss`, or `h:mm:ss` from one hour on, for whole seconds. */
export function clockTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * The end of a span: `clockTime`, with one decimal of a second when the end is not a whole
 * second (a span clamped to a file's partial last second ends at its duration, e.g. 1:02.1).
 */
export function spanEndTime(seconds: number): string {
  const tenths = Math.round(Math.max(0, seconds) * 10);
  if (tenths % 10 === 0) return clockTime(tenths / 10);
  return `${clockTime(Math.floor(tenths / 10))}.${tenths % 10}`;
}

/** A count or an amount of seconds: whole numbers plainly, others to one decimal. */
function amount(x: number): string {
  const r = round1(x);
  return Number.isInteger(r) ? String(r) : r.toFixed(1);
}

function plural(n: number, one: string, many: string): string {
  return `${amount(n)} ${n === 1 ? one : many}`;
}

function fixed1(x: number): string {
  return round1(x).toFixed(1);
}

/**
 * One paragraph naming the average hold, the strongest second (the earliest
 * on a tie), the dead stretches, the number of cuts and the hook, for example:
 * "Average hold is 54.2 over 12 seconds. The strongest second is 0:07 (hold 81.0).
 * 2 dead stretches: 0:03 to 0:05 and 0:10 to 0:14, 6 seconds in all. 3 cuts.
 * The hook (mean hold over the first 3 seconds) is 62.3."
 */
export function summaryText(input: SummaryInput): string {
  const { hold, dead, cuts, hook } = input;
  const n = hold.length;
  const parts: string[] = [];
  // The length said is the file's own, not the count of (possibly partial) seconds in the series.
  parts.push(`Average hold is ${fixed1(mean(hold))} over ${plural(input.durationSec ?? n, 'second', 'seconds')}.`);
  if (n > 0) {
    let best = 0;
    for (let t = 1; t < n; t++) if ((hold[t] as number) > (hold[best] as number)) best = t;
    parts.push(`The strongest second is ${clockTime(best)} (hold ${fixed1(hold[best] as number)}).`);
  }
  if (dead.length === 0) {
    parts.push('No dead stretches.');
  } else {
    const ranges = dead.map((d) => `${clockTime(d.start)} to ${spanEndTime(d.end)}`);
    const list = ranges.length === 1 ? ranges[0] : `${ranges.slice(0, -1).join(', ')} and ${ranges[ranges.length - 1]}`;
    const total = dead.reduce((s, d) => s + d.end - d.start, 0);
    parts.push(`${plural(dead.length, 'dead stretch', 'dead stretches')}: ${list}, ${plural(total, 'second', 'seconds')} in all.`);
  }
  parts.push(cuts.length === 0 ? 'No cuts.' : `${plural(cuts.length, 'cut', 'cuts')}.`);
  const hookSeconds = Math.min(3, n);
  const window = hookSeconds === 1 ? 'second' : `${hookSeconds} seconds`;
  parts.push(`The hook (mean hold over the first ${window}) is ${fixed1(hook)}.`);
  return parts.join(' ');
}
