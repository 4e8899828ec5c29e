// Motion: mean absolute grey-level difference between frames sampled at 4 fps.

/** Frames are sampled at this rate; frame k sits at k / FRAME_RATE seconds. */
export const FRAME_RATE = 4;
/** Frame size the decoder scales to (grey, one byte per pixel). */
export const FRAME_WIDTH = 96;
export const FRAME_HEIGHT = 54;

/** mean |a_i − b_i| over two equally sized grey frames, in grey levels 0..255. */
export function meanAbsDiff(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) throw new RangeError(`frame sizes differ: ${a.length} vs ${b.length}`);
  if (a.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] as number) - (b[i] as number));
  return sum / a.length;
}

/**
 * motion_raw[t] for t = 0..seconds−1: the mean of d_k over samples with k/4 in
 * [t, t+1), leaving out d_0 (no previous frame) and the cut samples (a cut is
 * rewarded by the hold bonus; left in, a few cut spikes would set the 95th
 * percentile and flatten all real motion). A second with no samples left is 0.
 */
export function motionPerSecond(frameDiffs: readonly number[], cutSamples: readonly number[], seconds: number): number[] {
  const cuts = new Set(cutSamples);
  const sums = new Array<number>(seconds).fill(0);
  const counts = new Array<number>(seconds).fill(0);
  for (let k = 1; k < frameDiffs.length; k++) {
    if (cuts.has(k)) continue;
    const t = Math.floor(k / FRAME_RATE);
    if (t >= seconds) break;
    sums[t] = (sums[t] as number) + (frameDiffs[k] as number);
    counts[t] = (counts[t] as number) + 1;
  }
  return sums.map((s, t) => ((counts[t] as number) > 0 ? s / (counts[t] as number) : 0));
}
