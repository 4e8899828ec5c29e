// Frame rates and timecode, shared by the EDL and the editor timelines (OTIO,
// FCPXML, Resolve markers). Pure.

/** A frame rate as editors write it: `num / den` frames a second (29.97 is 30000/1001). */
export interface FrameRate {
  num: number;
  den: number;
}

/** The rate the timelines assume when the read has none (reads made before it, or an unknown rate): 30 is web video's commonest. */
export const DEFAULT_FRAME_RATE: FrameRate = { num: 30, den: 1 };

/** The NTSC family: nominal whole rates whose real rate is n·1000/1001 (23.976, 29.97, 47.952, 59.94, 119.88). */
const NTSC_NOMINAL = [24, 30, 48, 60, 120];

/** Largest denominator tried for a rate that is neither whole nor NTSC (12.5 = 25/2, 7.5 = 15/2). */
const MAX_PLAIN_DENOMINATOR = 100;

/**
 * The rational rate behind a probed average frame rate: NTSC rates within
 * 0.005 fps become n·1000/1001, near-whole rates their whole number, others the
 * closest fraction with a denominator up to 100. Null, zero or a non-number is
 * DEFAULT_FRAME_RATE.
 */
export function frameRateOf(fps: number | null | undefined): FrameRate {
  if (typeof fps !== 'number' || !Number.isFinite(fps) || fps <= 0) return DEFAULT_FRAME_RATE;
  const whole = Math.round(fps);
  if (Math.abs(fps - whole) < 0.001) return { num: whole, den: 1 };
  const nominal = Math.round((fps * 1001) / 1000);
  if (NTSC_NOMINAL.includes(nominal) && Math.abs(fps - (nominal * 1000) / 1001) < 0.005) return { num: nominal * 1000, den: 1001 };
  let best: FrameRate = { num: whole, den: 1 };
  for (let den = 2; den <= MAX_PLAIN_DENOMINATOR; den++) {
    const num = Math.round(fps * den);
    if (Math.abs(fps - num / den) < Math.abs(fps - best.num / best.den) - 1e-9) best = { num, den };
  }
  return reduced(best);
}

/** Frames a second as a number (for OTIO's RationalTime rate and the EDL). */
export const fpsOf = (rate: FrameRate) => rate.num / rate.den;

/** The frame that shows at a time in seconds (nearest frame start). */
export const frameAt = (seconds: number, rate: FrameRate) => Math.max(0, Math.round((Math.max(0, seconds) * rate.num) / rate.den));

/** Seconds of a frame count as an exact fraction `[numerator, denominator]`, reduced. */
export function framesToSeconds(frames: number, rate: FrameRate): [number, number] {
  const r = reduced({ num: frames * rate.den, den: rate.num });
  return [r.num, r.den];
}

/** 29.97 and 59.94 fps (30000/1001, 60000/1001): the rates SMPTE drop-frame timecode exists for. */
export function isDropFrameRate(fps: number): boolean {
  return Math.abs(fps - 30000 / 1001) < 0.01 || Math.abs(fps - 60000 / 1001) < 0.01;
}

/**
 * Timecode of a frame count at a source rate: `HH:MM:SS;FF` drop-frame at 29.97
 * and 59.94 fps (frame numbers 0–1, or 0–3, skipped at each minute but every
 * tenth, so the clock keeps wall time), else `HH:MM:SS:FF` counted at the nominal
 * whole rate (23.976 counts as 24, as editors count it).
 */
export function timecode(frames: number, fps: number): string {
  let f = Math.max(0, Math.round(frames));
  const nominal = Math.round(fps);
  const drop = isDropFrameRate(fps);
  if (drop) {
    const dropped = nominal / 15;
    const perMinute = nominal * 60 - dropped;
    const perTenMinutes = nominal * 600 - 9 * dropped;
    const tens = Math.floor(f / perTenMinutes);
    const rest = f % perTenMinutes;
    f += 9 * dropped * tens + (rest > dropped ? dropped * Math.floor((rest - dropped) / perMinute) : 0);
  }
  const totalSeconds = Math.floor(f / nominal);
  return `${pad(Math.floor(totalSeconds / 3600), 2)}:${pad(Math.floor(totalSeconds / 60) % 60, 2)}:${pad(totalSeconds % 60, 2)}${drop ? ';' : ':'}${pad(f % nominal, 2)}`;
}

function reduced(rate: FrameRate): FrameRate {
  const divisor = gcd(Math.abs(rate.num), Math.abs(rate.den)) || 1;
  return { num: rate.num / divisor, den: rate.den / divisor };
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

export function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}
