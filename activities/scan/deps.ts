import { DEFAULT_MEDIA_LIMITS, type MediaLimits } from '../../core/media-limits';
import type { MediaStore } from '../../store/media';
import type { ScansStore } from '../../store/scans';
import type { DownloadTime } from '../../store/download-time';
import type { LocalMediaCache } from '../media/local-cache';
import type { probeMedia as ProbeMedia } from '../media/probe';
import type { decodeMedia as DecodeMedia, decodeSoundtrack as DecodeSoundtrack, measureLoudness as MeasureLoudness } from '../media/decode';
import type { frameDiffsInWindow as FrameDiffsInWindow } from '../media/cut-window';
import type { Ear } from '../media/transcriber';
import type { safeFetchStream as SafeFetchStream } from '../../net/safe-fetch';

/** The ports the scan activities run on; workers/deps.ts wires the real ones. */
export interface ScanActivityDeps {
  scans: ScansStore;
  media: MediaStore;
  probe: typeof ProbeMedia;
  decode: typeof DecodeMedia;
  /** The soundtrack alone, decoded before the picture so transcription overlaps it. */
  decodeSoundtrack: typeof DecodeSoundtrack;
  /** The soundtrack's EBU R128 loudness, metered beside the picture's decode. */
  measureLoudness: typeof MeasureLoudness;
  /** One cut's short window at the full frame rate, for refining the cut to its frame. */
  cutWindow: typeof FrameDiffsInWindow;
  /** Speech-to-text: the configured engine, pocketsphinx behind a server that fails. */
  transcriber: Ear;
  fetch: typeof SafeFetchStream;
  scratchDir: string;
  /** This worker's copies of scan media, shared by probe and decode. */
  mediaCache: LocalMediaCache;
  allowHosts: string[];
  uploadLimitBytes: number;
  /** Whole-download time limit for URL inputs. */
  downloadTimeoutMs?: number;
  /** Where URL downloads' running time is counted per account and hour (store/download-time.ts); none: not counted. */
  downloadTime?: Pick<DownloadTime, 'record'>;
  /** How often a running download's seconds are written (default DOWNLOAD_METER_MS). */
  downloadMeterMs?: number;
  /** Duration, frame size and frame rate limits, checked at probe and given to ffmpeg. Default DEFAULT_MEDIA_LIMITS. */
  mediaLimits?: MediaLimits;
}

export const mediaLimitsOf = (deps: ScanActivityDeps): MediaLimits => deps.mediaLimits ?? DEFAULT_MEDIA_LIMITS;
