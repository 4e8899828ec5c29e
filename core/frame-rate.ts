// Whether a video's frames come at a steady rate, from the presentation
// timestamps of its first packets (probe reads them; a pure decision here).

/** Packets (of every stream) probe reads at most to judge the rate: a few seconds of video, a cheap read even on a pipe. */
export const FRAME_RATE_PROBE_PACKETS = 600;

/** Frames a decoder may reorder (H.264's and HEVC's largest picture buffer): the last timestamps of a cut-off read may still have gaps. */
export const REORDER_DEPTH = 16;

/**
 * True when the gaps between consecutive presentation timestamps (in the
 * stream's time-base ticks, sorted: packets come in decode order) differ by
 * more than one tick plus 1 % of the median gap. One tick: a container whose
 * time base does not divide the frame period (Matroska's milliseconds at
 * 29.97 fps: 33, 33, 34) rounds every gap; 1 %: encoders that nudge a
 * timestamp by a fraction. Duplicate and missing timestamps are left out. With
 * fewer than three timestamps there is nothing to compare: not variable.
 * `truncated`: the read stopped at its packet limit, so the highest
 * `REORDER_DEPTH` timestamps are left out (their B-frames may not have been read).
 */
export function isVariableFrameRate(ptsTicks: readonly number[], options: { truncated?: boolean } = {}): boolean {
  const all = [...new Set(ptsTicks.filter((p) => Number.isFinite(p)))].sort((a, b) => a - b);
  const pts = options.truncated ? all.slice(0, Math.max(0, all.length - REORDER_DEPTH)) : all;
  if (pts.length < 3) return false;
  const gaps = pts.slice(1).map((p, i) => p - (pts[i] as number));
  const sorted = [...gaps].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] as number;
  const tolerance = 1 + 0.01 * median;
  return (sorted[sorted.length - 1] as number) - (sorted[0] as number) > tolerance;
}
