// Plain data passed between the API, the scan workflow and its activities.

export interface ScanWorkflowInput {
  scanId: string;
}

export interface ScanWorkflowResult {
  scanId: string;
  status: 'complete' | 'error';
  detail?: string;
}

export interface ProbeResult {
  durationSec: number;
  hasVideo: boolean;
  hasAudio: boolean;
  width: number;
  height: number;
  /** Average frame rate of the video stream, null when unknown; decides the decoder's shortcuts. Absent in probes recorded before it existed. */
  fps?: number | null;
}

export interface TranscriptChunk {
  index: number;
  start: number;
  end: number;
}

export interface DecodeResult {
  frames: number;
  /** The length the read covers, from what was decoded (see core/media-limits `readDurationSec`). */
  durationSec: number;
  /** Where transcription may split the audio; empty when there is no audio. */
  chunks: TranscriptChunk[];
}

