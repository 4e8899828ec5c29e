// The hook with its scale and what to do about it: where it stands among this
// file's own seconds, what carried or was missing in the opening, and the
// strongest 3-second window as a suggested opening.

import { mean, round1 } from './numbers';
import type { RecognisedWord } from './shapes';

/** The opening the hook is measured over, seconds. */
export const HOOK_SECONDS = 3;
/** Mean scaled motion or loudness (0–100) over the opening from which it carries the hook. */
export const HOOK_CARRY_LEVEL = 30;

export type HookPart = 'motion' | 'sound' | 'words';

export interface HookReport {
  value: number;
  scale: string;
  /** Share of this file's seconds whose reported hold is below the hook, 0–100. */
  file_percentile: number;
  /** The hook's percentile among published scans' hooks; null until the Library's distribution is read at assembly (not yet). */
  library_percentile: number | null;
  carried: HookPart[];
  missing: HookPart[];
  /** The strongest 3-second window of the file, a suggested opening. */
  best_opening: { start: number; end: number; hold: number };
  advice: string;
}

export interface HookInputs {
  hook: number;
  hold: readonly number[];
  motion: readonly number[];
  loudness: readonly number[];
  words: readonly RecognisedWord[];
}

/** Start of the 3-second window with the highest mean reported hold (the earliest on a tie); the whole file when shorter. */
export function strongestWindow(hold: readonly number[], width = HOOK_SECONDS): { start: number; end: number; hold: number } {
  const span = Math.min(width, hold.length);
  let best = { start: 0, end: span, hold: round1(mean(hold.slice(0, span))) };
  for (let s = 1; s + span <= hold.length; s++) {
    const m = round1(mean(hold.slice(s, s + span)));
    if (m > best.hold) best = { start: s, end: s + span, hold: m };
  }
  return best;
}

/** Percent of seconds whose hold is below `value`, one decimal; 0 for an empty file. */
export function percentBelow(values: readonly number[], value: number): number {
  if (values.length === 0) return 0;
  return round1((100 * values.filter((v) => v < value).length) / values.length);
}

export function hookReport(inputs: HookInputs): HookReport {
  const opening = Math.min(HOOK_SECONDS, inputs.hold.length);
  const parts: Record<HookPart, boolean> = {
    motion: mean(inputs.motion.slice(0, opening)) >= HOOK_CARRY_LEVEL,
    sound: mean(inputs.loudness.slice(0, opening)) >= HOOK_CARRY_LEVEL,
    words: inputs.words.some((w) => w.start < opening),
  };
  const carried = (Object.keys(parts) as HookPart[]).filter((p) => parts[p]);
  const missing = (Object.keys(parts) as HookPart[]).filter((p) => !parts[p]);
  const best = strongestWindow(inputs.hold);
  const better = best.start > 0 && best.hold > inputs.hook;
  const advice = better
    ? `The strongest 3 seconds start at ${best.start} s (mean hold ${best.hold} against the hook's ${inputs.hook}): consider opening with them${missing.length > 0 ? `, or add ${missing.join(' and ')} to the first 3 s` : ''}.`
    : `The opening is already the strongest 3 seconds of the file${missing.length > 0 ? `; ${missing.join(' and ')} could still lift it` : ''}.`;
  return {
    value: inputs.hook,
    scale: 'Mean reported hold over the first 3 s, 0 to 100 like hold itself (100 is this file\'s 95th percentile mix of motion, sound and words). file_percentile says how many of this file\'s seconds hold less: 50 is an average opening for the file, 80 or more a strong one.',
    file_percentile: percentBelow(inputs.hold, inputs.hook),
    library_percentile: null,
    carried,
    missing,
    best_opening: best,
    advice,
  };
}

export const HOOK_REPORT_METHOD =
  `Hook report (beside the spec's fields): the hook with its scale; file_percentile, the percent of this file's seconds whose reported hold is below the hook; ` +
  `what carried the first ${HOOK_SECONDS} s or was missing: motion or sound when its mean scaled value there is at least ${HOOK_CARRY_LEVEL}, words when a counted word starts there; ` +
  `and the ${HOOK_SECONDS}-second window with the highest mean reported hold (earliest on a tie) as a suggested opening. library_percentile (the hook among published scans' hooks) is null: the Library's distribution is not read yet.`;
