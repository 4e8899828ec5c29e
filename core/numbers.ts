// Small numeric helpers shared by the read. Rounding happens only at the edges
// of the read (reported values), never inside a computation.

/** x rounded to `digits` decimals, half away from zero; -0 becomes 0. */
export function roundTo(x: number, digits: number): number {
  const f = 10 ** digits;
  const r = (Math.sign(x) * Math.round(Math.abs(x) * f + 1e-9)) / f;
  return r === 0 ? 0 : r;
}

/** x rounded to one decimal. */
export function round1(x: number): number {
  return roundTo(x, 1);
}

/** x rounded to two decimals. */
export function round2(x: number): number {
  return roundTo(x, 2);
}

/** Arithmetic mean; 0 for an empty list. */
export function mean(values: readonly number[]): number {
  if (values.length === 0) return 0;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** `values` cut or padded with `fill` to exactly `n` entries. */
export function fitLength(values: readonly number[], n: number, fill = 0): number[] {
  const out = values.slice(0, n);
  while (out.length < n) out.push(fill);
  return out;
}

/** Number of seconds in the read: N = ceil(duration), at least 1 for any positive duration. */
export function secondsIn(durationSec: number): number {
  if (!(durationSec > 0) || !Number.isFinite(durationSec)) return 0;
  // 1e-6 absorbs float noise such as 10.000000001 from container arithmetic.
  return Math.max(1, Math.ceil(durationSec - 1e-6));
}
