// Plain data passed between the API, the scan workflow and its activities.

import type { MediaInfo } from '../activities/media/probe';

export interface ScanWorkflowInput {
  scanId: string;
}

export interface ScanWorkflowResult {
  scanId: string;
  status: 'complete' | 'error';
  detail?: string;
}

/**
 * What a scan keeps of its probe (in its parts, and for the workflow to size the
 * decode): the container and brand in `MediaInfo` only matter at probe,
 * where the limits and the served Content-Type are decided.
 */
export type ProbeResult = Pick<MediaInfo, 'durationSec' | 'hasVideo' | 'hasAudio' | 'width' | 'height'> & {
  /** Average frame rate of the video stream, null when unknown; decides the decoder's shortcuts. Absent in probes recorded before it existed. */
  fps?: MediaInfo['fps'];
};

export interface TranscriptChunk {
  index: number;
  start: number;
  end: number;
}

/**
 * What the workflow learns from the decode activity: the signals themselves
 * (`DecodeResult` of activities/media/decode.ts) stay in the scan's parts.
 */
export interface DecodeSummary {
  frames: number;
  /** The length the read covers, from what was decoded (see core/media-limits `readDurationSec`). */
  durationSec: number;
  /** Where transcription may split the audio; empty when there is no audio. */
  chunks: TranscriptChunk[];
}

