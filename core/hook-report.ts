// The hook with its scale and what to do about it: where it stands among this
// file's own seconds, what carried or was missing in the opening, and the
// strongest 3-second window as a suggested opening.

import { mean, round1, round2 } from './numbers';
import type { RecognisedWord } from './measurements';

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
  /** Percent of published scans' hooks below this one, filled in when the read is served (withLibraryPercentile); null while LIBRARY_MIN_PUBLISHED or fewer are published. */
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
  /** The file's duration in seconds: the suggested opening ends no later. Default: the number of seconds. */
  durationSec?: number;
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
  const window = strongestWindow(inputs.hold);
  const best = { ...window, end: Math.min(window.end, round2(inputs.durationSec ?? inputs.hold.length)) };
  const better = best.start > 0 && best.hold > inputs.hook;
  const advice = better
    ? `The strongest 3 seconds start at ${best.start} s (mean hold ${best.hold} against the hook's ${inputs.hook}): consider opening with them${missing.length > 0 ? `, or add ${missing.join(' and ')} to the first 3 s` : ''}.`
    : `The opening is already the strongest 3 seconds of the file${missing.length > 0 ? `; ${missing.join(' and ')} could still lift it` : ''}.`;
  return {
    value: inputs.hook,
    scale:
      "Mean reported hold over the first 3 s, 0 to 100 like hold itself (100 is this file's 95th percentile mix of motion, sound and words). file_percentile says how many of this file's seconds hold less: 50 is an average opening for the file, 80 or more a strong one.",
    file_percentile: percentBelow(inputs.hold, inputs.hook),
    library_percentile: null,
    carried,
    missing,
    best_opening: best,
    advice,
  };
}

/** The Library places a hook only among more than this many published scans: fewer say little. */
export const LIBRARY_MIN_PUBLISHED = 20;

/** How many of the ascending `sorted` are below `value` (binary search). */
export function countBelow(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Percent of published scans' hooks (ascending) below `hook`, one decimal, as
 * file_percentile counts seconds; null while LIBRARY_MIN_PUBLISHED or fewer are published.
 */
export function libraryPercentile(sortedHooks: readonly number[], hook: number): number | null {
  if (sortedHooks.length <= LIBRARY_MIN_PUBLISHED) return null;
  return round1((100 * countBelow(sortedHooks, hook)) / sortedHooks.length);
}

/** Where the published scans' hooks come from: ascending, one per published scan. */
export interface PublishedHooks {
  sortedHooks(): Promise<number[]>;
}

/**
 * The read with its hook placed in the Library, as it is served: the stored read keeps
 * null, since the Library changes after assembly. A read without a hook report is
 * returned as it is, without asking the port.
 */
export async function withLibraryPercentile<Read extends { hook_report?: HookReport | undefined }>(read: Read, hooks: PublishedHooks): Promise<Read> {
  const report = read.hook_report;
  if (!report) return read;
  return { ...read, hook_report: { ...report, library_percentile: libraryPercentile(await hooks.sortedHooks(), report.value) } };
}

export const HOOK_REPORT_METHOD =
  `Hook report (beside the spec's fields): the hook with its scale; file_percentile, the percent of this file's seconds whose reported hold is below the hook; ` +
  `what carried the first ${HOOK_SECONDS} s or was missing: motion or sound when its mean scaled value there is at least ${HOOK_CARRY_LEVEL}, words when a counted word starts there; ` +
  `and the ${HOOK_SECONDS}-second window with the highest mean reported hold (earliest on a tie) as a suggested opening. ` +
  `library_percentile, the percent of published scans' hooks below this one, is filled in when the read is served (the Library changes after a scan) and is null while ${LIBRARY_MIN_PUBLISHED} or fewer scans are published.`;
