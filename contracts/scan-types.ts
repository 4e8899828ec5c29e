// Plain data passed between the API, the scan workflow and its activities.

export interface ScanWorkflowInput {
  scanId: string;
  /**
   * Where to POST the scan's end (checked public at submission), the seconds to wait
   * before each attempt (config), and the task queue the delivery runs on (the chat
   * queue: network-bound work, so a delivery never waits for a decode's slot).
   */
  webhook?: { url: string; retrySeconds: number[]; taskQueue: string };
}

export interface ScanWorkflowResult {
  scanId: string;
  status: 'complete' | 'error';
  detail?: string;
}

/** What a scan keeps of its probe: core's MediaProbe, under the name the scan activities have always used. */
export type { MediaProbe as ProbeResult } from '../core/measurements';

export interface TranscriptChunk {
  index: number;
  start: number;
  end: number;
}

/** What `refineCuts` did: the grid cuts it looked at and how many it moved to their frame. */
export interface CutRefinementSummary {
  cuts: number;
  refined: number;
}

/**
 * What the workflow learns from the decode activity: the signals themselves
 * (`DecodeResult` of activities/media/decode.ts) stay in the scan's parts.
 */
export interface DecodeSummary {
  frames: number;
  /** The length the read covers, from what was decoded (see core/media-limits `readDurationSec`). */
  durationSec: number;
  /** Where this pass planned to split the audio for transcription; empty without audio, and when `extractAudio` decoded and planned it apart. */
  chunks: TranscriptChunk[];
}
