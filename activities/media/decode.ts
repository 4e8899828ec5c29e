// The single decode of a scan: one ffmpeg pass writes the 4 fps grey frames
// to stdout (diffed on the fly, two frames kept) and the 16 kHz soundtrack to
// a WAV, which is then streamed through the loudness meter. Memory stays flat
// however long the file is.

import { LoudnessMeter } from '../../core/loudness';
import { FRAME_RATE, meanAbsDiff } from '../../core/motion';
import { fitLength } from '../../core/numbers';
import { BadMediaError } from './errors';
import { AUDIO_SAMPLE_RATE, FRAME_BYTES, decodeArgs } from './ffmpeg-args';
import { runProcess } from './process';
import { assertMonoS16, createSampleStream, readWavLayout } from './wav';

export interface DecodeOptions {
  input: string;
  /** Where the 16 kHz mono WAV is written; only when `hasAudio`. The caller deletes it. */
  wavOut: string;
  hasAudio: boolean;
  /** From the probe; scales progress. */
  durationSec: number;
  signal?: AbortSignal;
  /** fraction done, 0..1, at most once per `progressIntervalMs` and once with 1 at the end. */
  onProgress?: (fraction: number) => void;
  /** Default 1000 ms. */
  progressIntervalMs?: number;
  /** Default `ffmpeg` from PATH. */
  ffmpegPath?: string;
  /** Decoder threads, default 2. */
  threads?: number;
}

export interface DecodeResult {
  /** d_k = mean |f_k − f_(k−1)|, d_0 = 0. */
  frameDiffs: number[];
  /** mean |f_(k+1) − f_(k−1)|; NaN for the first and last frame. */
  skipDiffs: number[];
  /** RMS per second, full scale 1.0, < −60 dBFS as 0; exactly ceil(durationSec) entries (all 0 without audio). */
  loudnessRms: number[];
  /** RMS per 100 ms window (no floor), for choosing transcription chunk boundaries; empty without audio. */
  windowRms: number[];
  /** Frames decoded (= frameDiffs.length). */
  frames: number;
}

/**
 * Frame differences over a byte stream of concatenated grey frames, fed in
 * chunks of any size. Three frame buffers rotate: the one being filled, the
 * previous frame and the one before it.
 */
export class FrameDiffAccumulator {
  readonly frameDiffs: number[] = [];
  readonly skipDiffs: number[] = [];
  private readonly buffers: [Uint8Array, Uint8Array, Uint8Array];
  private current = 0;
  private filled = 0;

  constructor(readonly frameBytes: number = FRAME_BYTES) {
    this.buffers = [new Uint8Array(frameBytes), new Uint8Array(frameBytes), new Uint8Array(frameBytes)];
  }

  get frames(): number {
    return this.frameDiffs.length;
  }

  /** Bytes of an incomplete last frame (ignored at the end). */
  get pendingBytes(): number {
    return this.filled;
  }

  push(chunk: Uint8Array): void {
    let offset = 0;
    while (offset < chunk.length) {
      const take = Math.min(this.frameBytes - this.filled, chunk.length - offset);
      this.buffers[this.current]!.set(chunk.subarray(offset, offset + take), this.filled);
      this.filled += take;
      offset += take;
      if (this.filled === this.frameBytes) this.completeFrame();
    }
  }

  private completeFrame(): void {
    const k = this.frameDiffs.length;
    const frame = this.buffers[this.current]!;
    const previous = this.buffers[(this.current + 2) % 3]!;
    const beforePrevious = this.buffers[(this.current + 1) % 3]!;
    this.frameDiffs.push(k === 0 ? 0 : meanAbsDiff(frame, previous));
    this.skipDiffs.push(Number.NaN);
    if (k >= 2) this.skipDiffs[k - 1] = meanAbsDiff(frame, beforePrevious);
    this.current = (this.current + 1) % 3;
    this.filled = 0;
  }
}

// stderr phrases that point at the worker, not the customer's file.
const ENVIRONMENT_FAULT = /No space left on device|Permission denied|Cannot allocate memory|Too many open files|Resource temporarily unavailable/i;

export async function decodeMedia(options: DecodeOptions): Promise<DecodeResult> {
  const { signal, onProgress } = options;
  const interval = options.progressIntervalMs ?? 1000;
  const expectedFrames = Math.max(1, options.durationSec * FRAME_RATE);
  const frames = new FrameDiffAccumulator();
  let lastReport = Date.now();

  const args = decodeArgs({
    input: options.input,
    ...(options.hasAudio ? { wavOut: options.wavOut } : {}),
    ...(options.threads !== undefined ? { threads: options.threads } : {}),
  });
  const result = await runProcess(options.ffmpegPath ?? 'ffmpeg', args, {
    ...(signal ? { signal } : {}),
    onStdout: (chunk) => {
      frames.push(chunk);
      if (onProgress && Date.now() - lastReport >= interval) {
        lastReport = Date.now();
        onProgress(Math.min(0.99, frames.frames / expectedFrames));
      }
    },
  });
  if (result.exitCode !== 0) {
    const detail = result.stderrTail.split(options.input).join('<input>');
    if (result.exitCode === null || ENVIRONMENT_FAULT.test(detail)) {
      throw new Error(`ffmpeg failed (${result.signalName ?? `exit ${result.exitCode}`}): ${detail}`);
    }
    throw new BadMediaError('corrupt', `The video could not be decoded: ${detail || `ffmpeg exit ${result.exitCode}`}`);
  }
  if (frames.frames === 0) {
    throw new BadMediaError('corrupt', 'The video could not be decoded: no picture came out of the video stream.');
  }

  let loudnessRms: number[];
  let windowRms: number[];
  if (options.hasAudio) {
    const meter = await meterWav(options.wavOut, signal);
    // One entry per second t = 0..ceil(duration)−1 like every series: audio
    // running past the picture (encoder padding) is cut, audio ending early is silence.
    loudnessRms = fitLength(meter.perSecondRms(), Math.ceil(options.durationSec));
    windowRms = meter.windowRms();
  } else {
    loudnessRms = new Array<number>(Math.ceil(options.durationSec)).fill(0);
    windowRms = [];
  }
  onProgress?.(1);
  return {
    frameDiffs: frames.frameDiffs,
    skipDiffs: frames.skipDiffs,
    loudnessRms,
    windowRms,
    frames: frames.frames,
  };
}

async function meterWav(path: string, signal: AbortSignal | undefined): Promise<LoudnessMeter> {
  const layout = await readWavLayout(path);
  assertMonoS16(layout, path);
  if (layout.sampleRate !== AUDIO_SAMPLE_RATE) throw new Error(`${path}: expected ${AUDIO_SAMPLE_RATE} Hz, got ${layout.sampleRate}`);
  const meter = new LoudnessMeter({ sampleRate: layout.sampleRate });
  try {
    for await (const chunk of createSampleStream(path, layout, {}, signal)) meter.feedBytes(chunk as Buffer);
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw error;
  }
  return meter;
}
