// Hard cuts from the 4 fps frame-difference series (design §4).

import { FRAME_RATE } from './motion';
import { percentile } from './percentile';

/** A cut needs at least this frame difference, in grey levels. */
export const CUT_MIN_DIFF = 15;
/** ...and at least this many times the mean of its ±2 neighbours. */
export const CUT_NEIGHBOUR_RATIO = 3;
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
 * Sample k ≥ 1 is a cut candidate when d_k ≥ 15, d_k ≥ P75 of d_1.., d_k ≥ 3 ×
 * the mean of its existing ±2 neighbours (d_0 is not a neighbour; with no
 * neighbour at all there is nothing to compare and k is no cut), and it is not a
 * flash: when d_(k+1) ≥ 0.5·d_k the picture must not come back, i.e.
 * mean |f_(k+1) − f_(k−1)| ≥ 15, and likewise seen from the frame after a
 * flash (see `isFlash`). Candidates closer than 0.75 s are thinned
 * greedily keeping the larger d (the earlier on a tie). A fade or dissolve
 * spreads its change over several samples, so it never passes the neighbour test.
 */
export function detectCuts(input: CutInput): CutDetection {
  const d = input.frameDiffs;
  const real = d.slice(1);
  if (real.length === 0) return { samples: [], times: [] };
  const p75 = percentile(real, 75);
  const candidates: number[] = [];
  for (let k = 1; k < d.length; k++) {
    const dk = d[k] as number;
    if (!(dk >= CUT_MIN_DIFF) || dk < p75) continue;
    const neighbours: number[] = [];
    for (const j of [k - 2, k - 1, k + 1, k + 2]) {
      if (j >= 1 && j < d.length) neighbours.push(d[j] as number);
    }
    if (neighbours.length === 0) continue;
    const neighbourMean = neighbours.reduce((s, x) => s + x, 0) / neighbours.length;
    if (dk < CUT_NEIGHBOUR_RATIO * neighbourMean) continue;
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
 * 0.5·d_k and |f_(k+1) − f_(k−1)| < 15 (design §4), and closes one when
 * d_(k−1) ≥ 0.5·d_k and |f_k − f_(k−2)| < 15 (the same rule seen from the
 * returning frame; without it the return of every flash would count as a cut).
 */
function isFlash(d: readonly number[], skip: readonly number[], k: number): boolean {
  const dk = d[k] as number;
  return opensFlash(dk, d[k + 1], skip[k]) || (k - 1 >= 1 && opensFlash(dk, d[k - 1], skip[k - 1]));
}

function opensFlash(dk: number, other: number | undefined, skipAcross: number | undefined): boolean {
  if (other === undefined || other < 0.5 * dk) return false;
  // Without the frames two apart compared there is nothing to show the picture came back.
  if (skipAcross === undefined || !Number.isFinite(skipAcross)) return false;
  return skipAcross < CUT_MIN_DIFF;
}
