// The public shapes of the signal interface (spec "Resources and their fields")
// and the plain data that flows from media extraction into the read.

import type { Dip } from './dips';
import type { HookReport } from './hook-report';
import type { LoudnessLufs, LoudnessLufsParts } from './lufs';

export type ScanStatus = 'queued' | 'processing' | 'complete' | 'error';

export interface SignalScores {
  hold: number;
  motion: number;
  loudness: number;
  speech: number;
}

export interface TimelineEntry {
  second: number;
  scores: SignalScores;
}

/** A dead stretch in seconds, `end` exclusive. */
export interface DeadStretch {
  start: number;
  end: number;
}

export interface Moment {
  second: number;
  label: string;
  hold: number;
  quote: string;
}

export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
}

/** One recognised word from the speech-to-text engine, times in seconds from the file start. */
export interface RecognisedWord {
  word: string;
  start: number;
  end: number;
}

/** Everything a complete scan reports beyond its identity. */
export interface ScanRead {
  duration_sec: number;
  score: number;
  grade: string;
  label: string;
  hook: number;
  timeline: TimelineEntry[];
  cuts: number[];
  dead: DeadStretch[];
  moments: Moment[];
  claims: string[];
  transcript: TranscriptSegment[];
  summary: string;
  method: string;
  /**
   * The speech-to-text engine that heard the words (beside the spec's fields),
   * e.g. `pocketsphinx 5prealpha en-us`; several, comma-separated, when a
   * server failed on some chunks; null when the file has no sound to hear.
   */
  transcriber?: string | null;
  /**
   * The spoken language (beside the spec's fields): ISO 639-1, the one that
   * carried most of the words; null when no words were heard.
   */
  language?: string | null;
  /** EBU R128 loudness (beside the spec's fields); null when the file has no sound. Absent on reads made before it existed. */
  loudness_lufs?: LoudnessLufs | null;
  /** Why attention is likely to drop (beside the spec's fields): dead stretches and sharp falls of hold, with causes and advice. Absent on reads made before it existed. */
  dips?: Dip[];
  /** The hook with its scale, what carried the opening and the strongest 3 s (beside the spec's fields). Absent on reads made before it existed. */
  hook_report?: HookReport;
  /** The video stream's average frame rate as probed (beside the spec's fields); null when unknown. Exports count frames at it. */
  frame_rate?: number | null;
}

export interface InFlightScan {
  scan_id: string;
  status: 'queued' | 'processing';
  pct: number;
}

export interface CompleteScan extends ScanRead {
  scan_id: string;
  status: 'complete';
  media_url: string;
}

export interface ErrorScan {
  scan_id: string;
  status: 'error';
  pct: number;
  detail: string;
}

export type ScanView = InFlightScan | CompleteScan | ErrorScan;

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
  /** RMS per second of 16 kHz mono audio, full scale 1.0; all 0 when there is no audio. */
  loudnessRms: number[];
  /** The video stream's average frame rate from the probe; null or absent when unknown. */
  fps?: number | null;
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

/** One row of the signal reference (`GET /v1/signals`). */
export interface SignalReferenceEntry {
  name: 'hold' | 'motion' | 'loudness' | 'speech';
  reads: string;
  rises_when: string;
  falls_when: string;
  method: string;
}

/** Body of `GET /v1/signals` (design §5). */
export interface SignalsReference {
  version: string;
  floor: number;
  dead_min_seconds: number;
  scale: string;
  signals: SignalReferenceEntry[];
  method: string;
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
}

/** Stages a scan passes through while processing, in order. */
export type ScanStage = 'queued' | 'ingest' | 'probe' | 'decode' | 'assembly' | 'complete';

/** Where a scan stands; fractions 0..1 matter only in the `decode` stage (decoding and transcription run together). */
export interface ScanProgress {
  stage: ScanStage;
  decodeFraction?: number;
  transcribedFraction?: number;
}
