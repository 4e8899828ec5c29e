// Loudness as engineers measure it (EBU R128 / ITU-R BS.1770): read from the
// per-100 ms metadata that ffmpeg's `ebur128` filter writes during the pass that
// already decodes the soundtrack, so it costs no second decode.

import { LOUDNESS_TARGETS, TARGET_TOLERANCE_LU, type LoudnessTarget } from './loudness-targets';
import { round1 } from './numbers';

/** BS.1770's absolute gate: below it a block is silence and has no loudness. */
export const ABSOLUTE_GATE_LUFS = -70;

/** One 100 ms frame of the `ebur128` filter's metadata (`lavfi.r128.*`). */
export interface Ebur128Frame {
  /** Frame start in seconds. */
  time: number;
  /** Short-term loudness (3 s window ending with this frame), LUFS; NaN when ffmpeg printed nan. */
  shortTerm: number;
  /** Integrated loudness of everything up to this frame, LUFS. */
  integrated: number;
  /** Loudness range up to this frame, LU. */
  range: number;
  /** Highest true peak so far over all channels, linear full scale (1.0 = 0 dBTP). */
  truePeak: number;
}

/** What a scan keeps of the measurement until its read is assembled. */
export interface LoudnessLufsParts {
  integratedLufs: number | null;
  rangeLu: number;
  truePeakDbtp: number | null;
  /** Short-term loudness at the end of each second t (window [t−2, t+1)); null below the absolute gate. */
  shortTermLufs: Array<number | null>;
}

/**
 * The frames of an `ametadata=mode=print` log of `ebur128=metadata=1:peak=true`:
 * a `frame:… pts_time:T` line, then `key=value` lines. Frames without the
 * loudness keys (none are expected) are skipped.
 */
export function parseEbur128Log(text: string): Ebur128Frame[] {
  const frames: Ebur128Frame[] = [];
  let current: Partial<Ebur128Frame> | null = null;
  const close = () => {
    if (current && current.time !== undefined && current.integrated !== undefined && current.shortTerm !== undefined) {
      frames.push({
        time: current.time,
        shortTerm: current.shortTerm,
        integrated: current.integrated,
        range: current.range ?? 0,
        truePeak: current.truePeak ?? 0,
      });
    }
  };
  for (const line of text.split('\n')) {
    const head = /^frame:\s*\d+\s+pts:\s*\S+\s+pts_time:\s*(\S+)/.exec(line);
    if (head) {
      close();
      current = { time: Number(head[1]) };
      continue;
    }
    if (!current) continue;
    const pair = /^lavfi\.r128\.([A-Za-z_.0-9]+)=(\S+)/.exec(line);
    if (!pair) continue;
    const value = Number(pair[2]);
    switch (pair[1]) {
      case 'S':
        current.shortTerm = value;
        break;
      case 'I':
        current.integrated = value;
        break;
      case 'LRA':
        current.range = value;
        break;
      case 'true_peak':
        current.truePeak = value;
        break;
      default:
        break;
    }
  }
  close();
  return frames;
}

const audible = (lufs: number): number | null => (Number.isFinite(lufs) && lufs > ABSOLUTE_GATE_LUFS ? round1(lufs) : null);

/**
 * Integrated loudness and loudness range are the last frame's (ffmpeg's summary
 * prints the same values); the true peak is the highest of any frame; the
 * short-term value of second t is that of the last frame starting in [t, t+1).
 * A soundtrack that never rises above the absolute gate has no integrated
 * loudness (null), as a soundtrack that is all zeros has no true peak (null).
 */
export function summariseEbur128(frames: readonly Ebur128Frame[]): LoudnessLufsParts {
  const last = frames[frames.length - 1];
  let peak = 0;
  const shortTerm: Array<number | null> = [];
  for (const frame of frames) {
    if (frame.truePeak > peak) peak = frame.truePeak;
    const second = Math.floor(frame.time + 1e-6);
    if (second < 0) continue;
    while (shortTerm.length <= second) shortTerm.push(null);
    shortTerm[second] = audible(frame.shortTerm);
  }
  return {
    integratedLufs: last ? audible(last.integrated) : null,
    rangeLu: last && Number.isFinite(last.range) ? round1(last.range) : 0,
    truePeakDbtp: peak > 0 ? round1(20 * Math.log10(peak)) : null,
    shortTermLufs: shortTerm,
  };
}

export type TargetVerdict = 'on_target' | 'louder' | 'quieter';

export interface TargetCheck {
  id: string;
  name: string;
  target_lufs: number;
  max_true_peak_dbtp: number;
  /** integrated − target, LU (positive: louder than the target). */
  difference_lu: number;
  verdict: TargetVerdict;
  true_peak_over: boolean;
}

/** The read's `loudness_lufs`. */
export interface LoudnessLufs {
  integrated_lufs: number | null;
  range_lu: number;
  true_peak_dbtp: number | null;
  short_term_lufs: Array<number | null>;
  targets: TargetCheck[];
}

/** One check per target; none when the file has no integrated loudness (silence has no level to correct). */
export function checkTargets(integratedLufs: number | null, truePeakDbtp: number | null, targets: readonly LoudnessTarget[] = LOUDNESS_TARGETS): TargetCheck[] {
  if (integratedLufs === null) return [];
  return targets.map((target) => {
    const difference = round1(integratedLufs - target.integratedLufs);
    const verdict: TargetVerdict = Math.abs(difference) <= TARGET_TOLERANCE_LU ? 'on_target' : difference > 0 ? 'louder' : 'quieter';
    return {
      id: target.id,
      name: target.name,
      target_lufs: target.integratedLufs,
      max_true_peak_dbtp: target.maxTruePeakDbtp,
      difference_lu: difference,
      verdict,
      true_peak_over: truePeakDbtp !== null && truePeakDbtp > target.maxTruePeakDbtp,
    };
  });
}

/** The read's field over `n` seconds (short-term padded with null or cut to n); null for a file without sound. */
export function loudnessLufsFor(parts: LoudnessLufsParts | null | undefined, n: number): LoudnessLufs | null {
  if (!parts) return null;
  return {
    integrated_lufs: parts.integratedLufs,
    range_lu: parts.rangeLu,
    true_peak_dbtp: parts.truePeakDbtp,
    short_term_lufs: Array.from({ length: n }, (_, t) => parts.shortTermLufs[t] ?? null),
    targets: checkTargets(parts.integratedLufs, parts.truePeakDbtp),
  };
}

export const LOUDNESS_LUFS_METHOD =
  "loudness_lufs (beside the spec's fields) is measured as EBU R128 / ITU-R BS.1770-4 prescribe, by ffmpeg's ebur128 filter on every channel of the first audio stream " +
  'from its own samples at their own rate, before any mix-down: integrated loudness in LUFS (gated, null when the sound never rises above the absolute gate of -70 LUFS), ' +
  'loudness range in LU, true peak in dBTP (4x oversampled, null when every sample is 0), and short-term loudness (the 3 s window ending at t+1) for each second t, null below -70 LUFS and for the first two seconds, before the window is full. ' +
  `Targets: ${LOUDNESS_TARGETS.map((t) => `${t.name} ${t.integratedLufs} LUFS`).join(', ')}, each with at most ${LOUDNESS_TARGETS[0]?.maxTruePeakDbtp ?? -1} dBTP true peak; ` +
  `within ${TARGET_TOLERANCE_LU} LU a file is on target, above it louder (the platform turns it down), below it quieter. ` +
  'A file with no audio stream has loudness_lufs null.';
