// Cuts to the frame: each cut found on the 4 fps grid is looked at again in a
// short window decoded at the source's full frame rate, and moved to the frame
// where the picture changes most. Pure: the window's frames come in as
// (time, difference) pairs measured by ffmpeg; the frame rate comes from probe.

import { FRAME_RATE } from './motion';
import { roundTo } from './numbers';

/** Seconds decoded on either side of the quarter second a grid cut can stand for. */
export const CUT_WINDOW_MARGIN_SEC = 0.3;

/** Size of the small grey frames a cut's window is compared in: enough to see a shot change, cheap to scale to. */
export const CUT_WINDOW_WIDTH = 64;
export const CUT_WINDOW_HEIGHT = 36;

/**
 * The grid's sample k shows the last frame before (k + 0.5)/4 s (ffmpeg's `fps`
 * filter rounds to the nearest sample), so the first frame of a new shot found
 * at sample k lies in [k/4 − 0.125, k/4 + 0.125) when every frame is decoded.
 * The decode's shortcut of skipping non-reference frames (≥ 20 fps only) can
 * show sample k−1 a frame up to 0.25 s older, so the cut may lie up to
 * k/4 − 0.375; the margin of 0.3 s either side of the quarter second covers
 * that with a frame to spare at 20 fps.
 */
export function cutWindow(sample: number): { startSec: number; durationSec: number } {
  const centre = sample / FRAME_RATE;
  const half = 0.5 / FRAME_RATE + CUT_WINDOW_MARGIN_SEC;
  const startSec = Math.max(0, roundTo(centre - half, 6));
  return { startSec, durationSec: roundTo(centre + half - startSec, 6) };
}

/** One decoded frame of a window: its time from the file start, and its mean absolute difference from the frame before it. */
export interface WindowFrame {
  timeSec: number;
  /** Any monotone measure of |f_i − f_(i−1)|; the window's first frame has no previous one and is never the cut. */
  diff: number;
}

export interface RefinedCut {
  /** The cut's time in seconds: the new shot's first frame. */
  timeSec: number;
  /** Its index at the source rate (see `frameIndexAt`). */
  frame: number;
}

/**
 * The frame of the window where the picture changes most: the cut's first
 * frame (the earlier on a tie; the window's first frame never, having nothing
 * before it). Null when the window has fewer than two frames or no change at
 * all: there is nothing to refine with, and the grid time stays.
 * With a constant frame rate the time is the frame index over the rate, so
 * `cuts` and `cut_frames` agree exactly; with a variable one it is the frame's
 * own timestamp, to the millisecond.
 */
export function refineCut(frames: readonly WindowFrame[], rate: { fps: number; variable: boolean }): RefinedCut | null {
  let best: WindowFrame | undefined;
  for (let i = 1; i < frames.length; i++) {
    const frame = frames[i] as WindowFrame;
    if (!(frame.diff > 0)) continue;
    if (best === undefined || frame.diff > best.diff) best = frame;
  }
  if (best === undefined) return null;
  const frame = frameIndexAt(best.timeSec, rate.fps);
  return { timeSec: rate.variable ? roundTo(best.timeSec, 3) : secondsOfFrame(frame, rate.fps), frame };
}

/**
 * The frame index at `fps` of a time in seconds: the nearest whole frame.
 * With a variable rate, `fps` is the average rate, the one an editor's
 * timeline of the file runs at, so the index is where the cut sits on it.
 */
export function frameIndexAt(timeSec: number, fps: number): number {
  return Math.max(0, Math.round(timeSec * fps));
}

/**
 * A frame index as decimal seconds, to the millisecond: half a millisecond is
 * far less than half a frame at any accepted rate (240 fps at most), so
 * `frameIndexAt` of the result gives the frame back.
 */
export function secondsOfFrame(frame: number, fps: number): number {
  return roundTo(frame / fps, 3);
}

/** What the refinement of one scan left in its parts: per grid cut sample, the refined cut, or null when its window could not be decoded or showed no change. */
export interface CutRefinement {
  sample: number;
  refined: RefinedCut | null;
}

export interface CutsToTheFrame {
  /** Cut times in seconds, ascending: refined where refined, else on the grid. */
  cuts: number[];
  /** Frame index at the source rate of each cut, parallel to `cuts`; absent when the frame rate is unknown. */
  cutFrames?: number[];
  /** Grid times (seconds) of the cuts that stayed on the grid although a refinement ran. */
  unrefined: number[];
}

/**
 * The read's cuts from the grid cuts and what refinement found. Without a
 * refinement (scans begun before it, files of unknown frame rate) the grid
 * times stay and nothing counts as unrefined. A refined time at or after the
 * read's end (frames outlasting the container's duration) keeps the grid time.
 */
export function cutsToTheFrame(
  grid: { samples: readonly number[]; times: readonly number[] },
  refinement: readonly CutRefinement[] | undefined,
  fps: number | null,
  seconds: number,
): CutsToTheFrame {
  const bySample = new Map((refinement ?? []).map((r) => [r.sample, r.refined]));
  const cuts: number[] = [];
  const unrefined: number[] = [];
  grid.samples.forEach((sample, i) => {
    const gridTime = grid.times[i] as number;
    const refined = bySample.get(sample);
    if (refined && refined.timeSec < seconds) cuts.push(refined.timeSec);
    else {
      cuts.push(gridTime);
      if (refinement !== undefined) unrefined.push(gridTime);
    }
  });
  cuts.sort((a, b) => a - b);
  // Two grid cuts 0.75 s apart have windows that overlap by 0.1 s: should both land on the same frame, it is one cut.
  const distinct = cuts.filter((t, i) => i === 0 || t !== cuts[i - 1]);
  cuts.splice(0, cuts.length, ...distinct);
  if (fps === null || !(fps > 0)) return { cuts, unrefined };
  return { cuts, cutFrames: cuts.map((t) => frameIndexAt(t, fps)), unrefined };
}
