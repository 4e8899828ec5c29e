// Scan progress as a percentage (design §5).

import type { InFlightStage } from './wire/constants';

/** Stages a scan passes through while processing, in order. */
export type ScanStage = 'queued' | 'ingest' | 'probe' | 'decode' | 'assembly' | 'complete';

/** Where a scan stands; fractions 0..1 matter only in the `decode` stage (decoding and transcription run together). */
export interface ScanProgress {
  stage: ScanStage;
  decodeFraction?: number;
  transcribedFraction?: number;
}

/**
 * Fixed percentages of the stages that have no inner progress. A scan shows a
 * stage's figure once that stage's work is done (ingest stored the media → 5, …);
 * `queued`'s 0 stands until then.
 */
export const STAGE_PCT = { queued: 0, ingest: 5, probe: 10, assembly: 95, complete: 100 } as const;

/**
 * queued 0, ingest 5, probe 10; in `decode` (decoding and transcription) 10 +
 * 80 × the mean of the two fractions (each clamped to 0..1, a missing one 0),
 * floored so the figure never runs ahead of the work and stays ≤ 90; assembly
 * 95, complete 100. The result is a whole number that only grows as the
 * stage and fractions grow.
 */
export function scanPct(progress: ScanProgress): number {
  if (progress.stage !== 'decode') return STAGE_PCT[progress.stage];
  const f = (clamp01(progress.decodeFraction) + clamp01(progress.transcribedFraction)) / 2;
  return Math.floor(10 + 80 * f + 1e-9);
}

function clamp01(x: number | undefined): number {
  if (x === undefined || !Number.isFinite(x)) return 0;
  return Math.min(1, Math.max(0, x));
}

/**
 * The stage a scan in flight is in, from its status and pct: the status
 * document keeps no stage name, and pct reaches a stage's fixed figure only once
 * that stage's work is done (ingest's 5 when the media is stored), so a pct
 * below a stage's figure means that stage is running.
 */
export function inFlightStage(status: 'queued' | 'processing', pct: number): InFlightStage {
  if (status === 'queued') return 'queued';
  if (pct < STAGE_PCT.ingest) return 'ingest';
  if (pct < STAGE_PCT.probe) return 'probe';
  if (pct < STAGE_PCT.assembly) return 'decode';
  return 'assembly';
}
