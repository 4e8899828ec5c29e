// Voice regions from a voice detector's per-frame speech probabilities: the
// decision rule of Silero VAD's own `get_speech_timestamps` (with one measured
// difference, `minResumeSec`), in seconds and pure, so the ONNX runner in
// activities/media only produces probabilities.

/** Silero VAD reads 16 kHz mono in windows of 512 samples (32 ms). */
export const SILERO_SAMPLE_RATE = 16_000;
export const SILERO_FRAME_SAMPLES = 512;
export const SILERO_FRAME_SEC = SILERO_FRAME_SAMPLES / SILERO_SAMPLE_RATE;

export interface VoiceSpan {
  start: number;
  end: number;
}

export interface VoiceRegionOptions {
  /** Seconds each probability covers (frame i is [i·frameSec, (i+1)·frameSec)). */
  frameSec: number;
  /** A region opens at the first frame whose probability is at least this. */
  threshold: number;
  /** An open region can close only where the probability falls below this (hysteresis). */
  negThreshold: number;
  /** Regions shorter than this, before padding, are dropped (a click, a breath). Seconds. */
  minSpeechSec: number;
  /** A region closes once this long has passed since the probability fell below `negThreshold` without climbing back to `threshold`: shorter pauses are bridged. Seconds. */
  minSilenceSec: number;
  /**
   * A region that closes ends where its voice last stopped for good: a pause interrupted
   * only by returns to `threshold` shorter than this (a lone frame of a music bed's melody
   * in the voice's decaying tail) counts as part of the final pause. The returns still
   * cancel pauses as in Silero's rule, so no region splits inside speech; only its end
   * moves. 0 (the default) is Silero's own rule. Seconds.
   */
  minResumeSec?: number;
  /** Each kept region is widened by this on both sides (clamped to the audio; regions that then touch merge). Seconds. */
  padSec: number;
  /** Length of the audio in seconds, where a region still open at the end closes. Default: frames × frameSec. */
  durationSec?: number;
}

const roundMs = (x: number) => Math.round(x * 1000) / 1000;

/**
 * The voice regions of a run of speech probabilities, in seconds from the
 * first frame, times rounded to the millisecond. A region starts at the start
 * of the first frame at or above `threshold` and ends at the start of the first
 * frame below `negThreshold` that begins a pause of at least `minSilenceSec`
 * (or, with `minResumeSec`, the start of the pauses before it that only lone
 * frames interrupted); a frame back at or above `threshold` inside a shorter
 * pause cancels it.
 */
export function voiceRegions(probabilities: ArrayLike<number>, options: VoiceRegionOptions): VoiceSpan[] {
  const { frameSec, threshold, negThreshold, minSpeechSec, minSilenceSec, padSec } = options;
  const minResumeSec = options.minResumeSec ?? 0;
  if (!(frameSec > 0) || !(negThreshold <= threshold) || minSpeechSec < 0 || minSilenceSec < 0 || padSec < 0 || minResumeSec < 0) {
    throw new RangeError('voiceRegions: frameSec must be > 0, negThreshold <= threshold and the durations >= 0');
  }
  const n = probabilities.length;
  const resumeFrames = Math.max(1, Math.round(minResumeSec / frameSec));
  /** Whether frames from i on stay at or above the threshold long enough to count as the voice's return. */
  const resumes = (i: number) => {
    for (let k = i; k < i + resumeFrames; k++) if (k >= n || probabilities[k]! < threshold) return false;
    return true;
  };
  const duration = options.durationSec ?? n * frameSec;
  const raw: VoiceSpan[] = [];
  let start: number | null = null;
  let pauseStart: number | null = null;
  // Where the region's voice last stopped before pauses that only lone frames interrupted.
  let tailStart: number | null = null;
  const close = (end: number) => {
    if (start !== null && end - start >= minSpeechSec - 1e-9) raw.push({ start, end });
    start = null;
    pauseStart = null;
    tailStart = null;
  };
  for (let i = 0; i < n; i++) {
    const p = probabilities[i]!;
    const t = i * frameSec;
    if (p >= threshold) {
      // Silero's rule: any frame back at the threshold cancels the pause.
      if (pauseStart !== null && !resumes(i)) tailStart ??= pauseStart;
      else tailStart = null;
      pauseStart = null;
      start ??= t;
    } else if (start !== null && p < negThreshold) {
      pauseStart ??= t;
      // The pause is long enough once the frames since it began span minSilenceSec.
      if (t + frameSec - pauseStart >= minSilenceSec - 1e-9) close(tailStart ?? pauseStart);
    }
  }
  if (start !== null) close(pauseStart === null ? Math.min(duration, n * frameSec) : (tailStart ?? pauseStart));

  const merged: VoiceSpan[] = [];
  for (const r of raw) {
    const padded = { start: Math.max(0, r.start - padSec), end: Math.min(duration, r.end + padSec) };
    const last = merged[merged.length - 1];
    // The tolerance absorbs binary fractions (0.3 + 0.15 vs 0.6 − 0.15).
    if (last && padded.start <= last.end + 1e-9) last.end = Math.max(last.end, padded.end);
    else merged.push(padded);
  }
  return merged.map((r) => ({ start: roundMs(r.start), end: roundMs(r.end) }));
}

/**
 * The rule in force for Silero's probabilities: Silero's own defaults
 * (`get_speech_timestamps` of silero-vad 6.2.3). Measured on every fixture
 * against the hand-made detector it replaced (docs/benchmarks.md, Fidelity);
 * padding them more only lets regions run into the next second's silence.
 * One difference, `minResumeSec`: under a music bed 6 dB below the voice a lone
 * 32 ms window of the melody at 0.51, inside the voice's decaying tail, kept a
 * sentence's region open 0.36 s past its end (0.26 s with this rule). Measured
 * on every fixture's soundtrack and the 10-minute bench file against Silero's
 * own rule: only two region ends moved, that one and one 0.1 s earlier inside
 * snd-speech-music-12's first sentence; no region split or merged.
 */
export const SILERO_REGION_OPTIONS: Omit<VoiceRegionOptions, 'durationSec'> = {
  frameSec: SILERO_FRAME_SEC,
  threshold: 0.5,
  negThreshold: 0.35,
  minSpeechSec: 0.25,
  minSilenceSec: 0.1,
  padSec: 0.03,
  // Not Silero's: a region's end does not wait for a lone frame back above the threshold (see minResumeSec).
  minResumeSec: 2 * SILERO_FRAME_SEC,
};
