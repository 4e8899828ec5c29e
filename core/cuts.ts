// Hard cuts from the 4 fps frame-difference series. The rule adapts to the
// local level of change (README decisions; it supersedes design §4's fixed
// 15-level gate, which missed the punch-ins and jump cuts of talking-head edits).

import { FRAME_RATE } from './motion';
import { percentile } from './percentile';

/** A cut needs at least this frame difference, in grey levels: below it is sensor noise and compression. */
export const CUT_MIN_DIFF = 3;
/** ...at least this many times the median d of the surrounding seconds... */
export const CUT_LOCAL_RATIO = 3;
/** ...where the surrounding seconds are this far either side of the sample... */
export const CUT_LOCAL_WINDOW_SEC = 2;
/** ...and at least this many times the mean of its ±2 neighbours (a fade or dissolve spreads its change). */
export const CUT_NEIGHBOUR_RATIO = 3;
/** A flash: the frame after comes back to within this fraction of d_k of the frame before. */
export const FLASH_RETURN_RATIO = 0.5;
/** Two cuts are at least this far apart; of two closer candidates the larger stays. */
export const CUT_MIN_GAP_SEC = 0.75;

export interface CutInput {
  /** d_k = mean |f_k − f_(k−1)|; d_0 is 0 (no previous frame) and never a cut. */
  frameDiffs: readonly number[];
  /** skipDiffs[k] = mean |f_(k+1) − f_(k−1)|; NaN or missing where undefined. */
  skipDiffs: readonly number[];
}

export interface CutDetection {
  /** Sample indices k of the cuts, ascending. */
  samples: number[];
  /** Cut times k/4 in seconds, ascending. */
  times: number[];
}

/**
 * Sample k ≥ 1 is a cut candidate when
 * - d_k ≥ 3 grey levels (the floor: noise and compression stay below it),
 * - d_k ≥ 3 × the median of the d_j with 1 ≤ j, j ≠ k, |j − k| ≤ 8 (the
 *   surrounding ±2 s): a change that stands out from the local level of
 *   change, so a shaky shot's busy baseline raises the bar and a still talking
 *   head's quiet one lowers it; other cuts nearby barely move a median,
 * - d_k ≥ 3 × the mean of its existing ±2 neighbours (d_0 is not a neighbour;
 *   with none there is nothing to compare and k is no cut): a fade, a dissolve
 *   or a push-in spreads its change over several samples and never passes,
 * - and it is not a flash (see `isFlash`).
 * Candidates closer than 0.75 s are thinned greedily keeping the larger d
 * (the earlier on a tie).
 */
export function detectCuts(input: CutInput): CutDetection {
  const d = input.frameDiffs;
  if (d.length <= 1) return { samples: [], times: [] };
  const reach = Math.round(CUT_LOCAL_WINDOW_SEC * FRAME_RATE);
  const candidates: number[] = [];
  for (let k = 1; k < d.length; k++) {
    const dk = d[k] as number;
    if (!(dk >= CUT_MIN_DIFF)) continue;
    const neighbours: number[] = [];
    for (const j of [k - 2, k - 1, k + 1, k + 2]) {
      if (j >= 1 && j < d.length) neighbours.push(d[j] as number);
    }
    if (neighbours.length === 0) continue;
    const neighbourMean = neighbours.reduce((s, x) => s + x, 0) / neighbours.length;
    if (dk < CUT_NEIGHBOUR_RATIO * neighbourMean) continue;
    const around: number[] = [];
    for (let j = Math.max(1, k - reach); j <= Math.min(d.length - 1, k + reach); j++) if (j !== k) around.push(d[j] as number);
    if (dk < CUT_LOCAL_RATIO * percentile(around, 50)) continue;
    if (isFlash(d, input.skipDiffs, k)) continue;
    candidates.push(k);
  }
  const minGapSamples = CUT_MIN_GAP_SEC * FRAME_RATE;
  const byStrength = [...candidates].sort((a, b) => (d[b] as number) - (d[a] as number) || a - b);
  const kept: number[] = [];
  for (const k of byStrength) {
    if (kept.every((j) => Math.abs(j - k) >= minGapSamples)) kept.push(k);
  }
  kept.sort((a, b) => a - b);
  return { samples: kept, times: kept.map((k) => k / FRAME_RATE) };
}

/**
 * A flash is a frame that differs and then the picture comes back: f_(k+1)
 * ≈ f_(k−1) although f_k is far from both. Both of its samples are large, so
 * the test applies on either side: sample k opens a flash when d_(k+1) ≥
 * 0.5·d_k and |f_(k+1) − f_(k−1)| < 0.5·d_k, and closes one when d_(k−1) ≥
 * 0.5·d_k and |f_k − f_(k−2)| < 0.5·d_k (the same rule seen from the
 * returning frame; without it the return of every flash would count as a cut).
 * The return is measured against d_k itself, not a fixed level, so a small
 * cut followed by movement is not mistaken for a flash.
 */
function isFlash(d: readonly number[], skip: readonly number[], k: number): boolean {
  const dk = d[k] as number;
  return opensFlash(dk, d[k + 1], skip[k]) || (k - 1 >= 1 && opensFlash(dk, d[k - 1], skip[k - 1]));
}

function opensFlash(dk: number, other: number | undefined, skipAcross: number | undefined): boolean {
  if (other === undefined || other < 0.5 * dk) return false;
  // Without the frames two apart compared there is nothing to show the picture came back.
  if (skipAcross === undefined || !Number.isFinite(skipAcross)) return false;
  return skipAcross < FLASH_RETURN_RATIO * dk;
}
