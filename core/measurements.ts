// The plain data that flows from media extraction into the read: the words the
// speech-to-text engines heard, the raw per-file measurements and what a scan
// keeps of its probe. The read's own shapes are the wire schemas (core/wire/read.ts).

import type { LoudnessLufsParts } from './lufs';
import type { CutRefinement } from './cut-refinement';

/** One recognised word from the speech-to-text engine, times in seconds from the file start. */
export interface RecognisedWord {
  word: string;
  start: number;
  end: number;
}

/**
 * Raw per-file measurements handed from media extraction to the read.
 * Frames are sampled at 4 fps (frame k at time k/4 s), 96x54 grey.
 */
export interface RawMeasurements {
  durationSec: number;
  /** diffs[k] = mean |f_k - f_(k-1)| in grey levels; diffs[0] = 0. Empty when there is no video. */
  frameDiffs: number[];
  /** skipDiffs[k] = mean |f_(k+1) - f_(k-1)|, used by the flash test; NaN where undefined. */
  skipDiffs: number[];
  /**
   * What each sample shows (`classifyFrame` in core/technical-cues.ts: plain, black or colour
   * bars), parallel to `frameDiffs`. Absent on measurements taken before it existed: the read
   * then names no technical cue.
   */
  frameKinds?: number[];
  /** RMS per second of 16 kHz mono audio, full scale 1.0; all 0 when there is no audio. */
  loudnessRms: number[];
  /** The video stream's average frame rate from the probe; null or absent when unknown. */
  fps?: number | null;
  /** Whether the video's frame rate is variable (from the probe); absent: not known to be. */
  fpsVariable?: boolean;
  /** Displayed size of the video in pixels (from the probe, rotation applied); absent when not known. */
  width?: number;
  height?: number;
  /** Where `refineCuts` moved each grid cut; absent when no refinement ran, empty when it failed as a whole. */
  cutRefinement?: CutRefinement[];
  /** EBU R128 loudness of the soundtrack; null or absent without sound. */
  loudnessLufs?: LoudnessLufsParts | null;
  /** Recognised words, fillers and markers already removed. */
  words: RecognisedWord[];
  /**
   * Where the voice activity detector heard a voice, in seconds from the file
   * start. Absent: no detector ran and only the word-length check gates the
   * words; empty: it ran and heard no voice.
   */
  voice?: Array<{ start: number; end: number }>;
  /** The transcription engine that heard the words, as it names itself. */
  transcriber?: string;
  /** Per transcribed chunk: the language its engine named and how many words it heard. */
  languages?: Array<{ language: string | null; words: number }>;
}

/**
 * What a scan keeps of its probe (in its parts, and for the workflow to size the
 * decode); the container and brand that the probe also reads only matter at probe,
 * where the limits and the served Content-Type are decided.
 */
export interface MediaProbe {
  durationSec: number;
  hasVideo: boolean;
  hasAudio: boolean;
  /** Displayed size of the first video stream (rotation applied). */
  width: number;
  height: number;
  /** Average frame rate of the video stream, null when unknown; decides the decoder's shortcuts. Absent in probes recorded before it existed. */
  fps?: number | null;
  /** Whether the video stream's frames come at an uneven rate (judged on its first packets' timestamps). Absent in probes recorded before it existed. */
  fpsVariable?: boolean;
}
