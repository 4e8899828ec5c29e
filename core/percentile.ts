// Percentiles by linear interpolation and the per-file 0..100 scaling of §4.

/**
 * The p-th percentile (p in 0..100) of `values` by linear interpolation between
 * closest ranks (rank = p/100 · (n−1), as numpy's default). 0 for an empty list.
 */
export function percentile(values: readonly number[], p: number): number {
  const n = values.length;
  if (n === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const clamped = Math.min(100, Math.max(0, p));
  const rank = (clamped / 100) * (n - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  const a = sorted[lo] ?? 0;
  const b = sorted[hi] ?? a;
  return a + (b - a) * (rank - lo);
}

/** Absolute gate for motion: a P95 below 0.5 grey levels is sensor noise. */
export const MOTION_GATE = 0.5;
/** Absolute gate for loudness: a P95 below −50 dBFS (RMS, full scale 1.0) is hiss. */
export const LOUDNESS_GATE = 10 ** (-50 / 20);
/** Speech gate: fewer recognised words than this in the whole file gives an all-0 series. */
export const SPEECH_MIN_WORDS = 3;

/**
 * X[t] = min(100, 100·x[t]/P95(x)). When P95 is 0 or below `gate` the whole
 * series is 0, so noise is never scaled up to 100. Values are not rounded.
 */
export function scaleToP95(raw: readonly number[], gate: number): number[] {
  const p95 = percentile(raw, 95);
  if (!(p95 > 0) || p95 < gate) return raw.map(() => 0);
  return raw.map((x) => Math.min(100, Math.max(0, (100 * x) / p95)));
}

/** Speech scaled like the others, but all 0 when the file holds fewer than 3 words. */
export function scaleSpeech(wordsPerSecond: readonly number[]): number[] {
  const total = wordsPerSecond.reduce((s, x) => s + x, 0);
  if (total < SPEECH_MIN_WORDS) return wordsPerSecond.map(() => 0);
  return scaleToP95(wordsPerSecond, 0);
}
