// The single decode of a scan: one ffmpeg pass writes the 4 fps samples to
// stdout (each a grey frame, diffed on the fly with two frames kept, and its
// colour planes, classified for the technical cues) and the 16 kHz soundtrack to
// a WAV, which is then streamed through the loudness meter. Memory stays flat
// however long the file is, and every array is sized by what ffmpeg actually
// produced (itself bounded by the input time limit), never by the header.

import { readFile, rm } from 'node:fs/promises';
import { LoudnessMeter } from '../../core/loudness';
import { parseEbur128Log, summariseEbur128, type LoudnessLufsParts } from '../../core/lufs';
import { DEFAULT_MEDIA_LIMITS, decodeTimeLimitSec, decodedOverLimit, readDurationSec, type MediaLimits } from '../../core/media-limits';
import { FRAME_HEIGHT, FRAME_RATE, FRAME_WIDTH, meanAbsDiff } from '../../core/motion';
import { classifyFrame } from '../../core/technical-cues';
import { fitLength, secondsIn } from '../../core/numbers';
import { BadMediaError } from './errors';
import { UNDECODABLE_DETAIL, guardRefusal } from './failures';
import {
  AUDIO_SAMPLE_RATE,
  FRAME_BYTES,
  PICTURE_BYTES,
  decodeArgs,
  decoderShortcuts,
  loudnessArgs,
  soundtrackArgs,
  type DecoderShortcuts,
} from './ffmpeg-args';
import { runProcess, type ProcessResult } from './process';
import { assertMonoS16, createSampleStream, readWavLayout } from './wav';

export interface DecodeOptions {
  input: string;
  /** Where the 16 kHz mono WAV is written; only when `hasAudio`. The caller deletes it. */
  wavOut: string;
  hasAudio: boolean;
  /** The container's declared duration: scales progress and is the read's length when what is decoded agrees with it. */
  durationSec: number;
  /** Pixel and duration limits passed to ffmpeg. Default DEFAULT_MEDIA_LIMITS. */
  limits?: MediaLimits;
  signal?: AbortSignal;
  /** fraction done, 0..1, at most once per `progressIntervalMs` and once with 1 at the end. */
  onProgress?: (fraction: number) => void;
  /** Default 1000 ms. */
  progressIntervalMs?: number;
  /** Default `ffmpeg` from PATH. */
  ffmpegPath?: string;
  /** Decoder threads, default 2. */
  threads?: number;
  /** The video stream's average frame rate (probe), which decides the decoder's shortcuts; null or absent: unknown. */
  sourceFps?: number | null;
  /** Overrides the shortcuts `decoderShortcuts(sourceFps)` would choose (the shortcut tests and the benchmark compare with `NO_SHORTCUTS`). */
  shortcuts?: DecoderShortcuts;
  /**
   * Without `hasAudio`: the length of a soundtrack decoded apart (`decodeSoundtrack`), which
   * counts toward `decodedSec` as this pass's own soundtrack would. Its loudness is the caller's.
   */
  soundtrackSec?: number;
}

export interface DecodeResult {
  /** d_k = mean |f_k − f_(k−1)|, d_0 = 0. */
  frameDiffs: number[];
  /** mean |f_(k+1) − f_(k−1)|; NaN for the first and last frame. */
  skipDiffs: number[];
  /** What each sample shows (`classifyFrame`: plain, black or colour bars), parallel to `frameDiffs`. */
  frameKinds: number[];
  /** The length the read covers (`readDurationSec` of the declared and the decoded length). */
  durationSec: number;
  /** What was decoded: the longer of the picture (frames / 4 fps) and the soundtrack, in seconds. */
  decodedSec: number;
  /** RMS per second, full scale 1.0, < −60 dBFS as 0; exactly ceil(durationSec) entries (all 0 without audio). */
  loudnessRms: number[];
  /** RMS per 100 ms window (no floor), for choosing transcription chunk boundaries; empty without audio. */
  windowRms: number[];
  /** Frames decoded (= frameDiffs.length). */
  frames: number;
  /** EBU R128 loudness of the soundtrack measured in this pass; null without `hasAudio`. */
  lufs: LoudnessLufsParts | null;
}

/**
 * Frame differences over a byte stream of concatenated grey frames, fed in
 * chunks of any size. Three frame buffers rotate: the one being filled, the
 * previous frame and the one before it.
 */
export class FrameDiffAccumulator {
  readonly frameDiffs: number[] = [];
  readonly skipDiffs: number[] = [];
  /** `classifyFrame` of each sample (black, colour bars or plain); empty when the samples carry no colour planes. */
  readonly frameKinds: number[] = [];
  private readonly buffers: [Uint8Array, Uint8Array, Uint8Array];
  private current = 0;
  private filled = 0;
  /** Bytes of the grey frame at the head of each sample, the part the differences read. */
  private readonly greyBytes: number;

  /**
   * `frameBytes`: one sample as ffmpeg writes it (default PICTURE_BYTES: grey, U and V of 96x54;
   * any other size is a grey frame alone). `maxFrames`: a frame past it throws (the decode is then
   * stopped), a guard behind ffmpeg's own time limit.
   */
  constructor(
    readonly frameBytes: number = PICTURE_BYTES,
    readonly maxFrames: number = Number.POSITIVE_INFINITY,
  ) {
    this.buffers = [new Uint8Array(frameBytes), new Uint8Array(frameBytes), new Uint8Array(frameBytes)];
    this.greyBytes = frameBytes === PICTURE_BYTES ? FRAME_BYTES : frameBytes;
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
    if (k >= this.maxFrames) throw new FrameLimitError(this.maxFrames);
    const grey = (i: number) => this.buffers[i]!.subarray(0, this.greyBytes);
    const frame = grey(this.current);
    const previous = grey((this.current + 2) % 3);
    const beforePrevious = grey((this.current + 1) % 3);
    this.frameDiffs.push(k === 0 ? 0 : meanAbsDiff(frame, previous));
    this.skipDiffs.push(Number.NaN);
    if (k >= 2) this.skipDiffs[k - 1] = meanAbsDiff(frame, beforePrevious);
    if (this.greyBytes !== this.frameBytes) this.frameKinds.push(classifyFrame(this.buffers[this.current]!, FRAME_WIDTH, FRAME_HEIGHT));
    this.current = (this.current + 1) % 3;
    this.filled = 0;
  }
}

export class FrameLimitError extends Error {
  constructor(readonly maxFrames: number) {
    super(`more than ${maxFrames} frames came out of the decode`);
    this.name = 'FrameLimitError';
  }
}

// stderr phrases that point at the worker, not the customer's file. A missing file is the
// worker's too: ffmpeg's input is our stored copy and its output goes to our scratch
// directory, so either vanishing (a disk cleaned under a running scan) is retried.
const ENVIRONMENT_FAULT =
  /No space left on device|Permission denied|Cannot allocate memory|Too many open files|Resource temporarily unavailable|No such file or directory/i;

/**
 * Share of isolated repeats from which a decode that skipped non-reference
 * frames is not trusted. When a run of skipped frames is longer than a sample
 * interval (a stream whose P-frames are all non-reference, or 16 B-frames in a
 * row), the 4 fps sampler repeats the last picture between new ones: an exact
 * repeat (d = 0) between two changes, which a moving picture decoded in full
 * never gives. A still stretch repeats too, but in runs, and is not counted.
 * The picture is then decoded again without the skip.
 */
export const NON_REF_REPEAT_SHARE = 0.02;

export async function decodeMedia(options: DecodeOptions): Promise<DecodeResult> {
  const shortcuts = options.shortcuts ?? decoderShortcuts(options.sourceFps);
  let frames = await decodePicture(options, shortcuts);
  if (shortcuts.skipNonRef && (frames.frames === 0 || isolatedRepeatShare(frames.frameDiffs) > NON_REF_REPEAT_SHARE)) {
    frames = await decodePicture(options, { ...shortcuts, skipNonRef: false });
  }
  if (frames.frames === 0) {
    throw new BadMediaError('corrupt', 'The video could not be decoded: no picture came out of its video stream.');
  }
  return finish(options, frames);
}

/** Share of samples whose picture is byte for byte the one before while the samples either side change. */
export function isolatedRepeatShare(frameDiffs: readonly number[]): number {
  if (frameDiffs.length < 4) return 0;
  let repeats = 0;
  for (let k = 2; k < frameDiffs.length - 1; k++) {
    if (frameDiffs[k] === 0 && (frameDiffs[k - 1] as number) > 0 && (frameDiffs[k + 1] as number) > 0) repeats++;
  }
  return repeats / (frameDiffs.length - 1);
}

/** The one ffmpeg pass: frames diffed from stdout (possibly none), the soundtrack written to `wavOut`. */
async function decodePicture(options: DecodeOptions, shortcuts: DecoderShortcuts): Promise<FrameDiffAccumulator> {
  const { signal, onProgress } = options;
  const interval = options.progressIntervalMs ?? 1000;
  const limits = options.limits ?? DEFAULT_MEDIA_LIMITS;
  // Progress only: a lying header makes the bar wrong, never an allocation.
  const expectedFrames = Math.max(1, Math.min(options.durationSec, decodeTimeLimitSec(limits)) * FRAME_RATE);
  // ffmpeg stops reading at the time limit; the fps filter may add a frame or two at the end.
  const frames = new FrameDiffAccumulator(PICTURE_BYTES, Math.ceil(decodeTimeLimitSec(limits) * FRAME_RATE) + 8);
  let lastReport = Date.now();

  const args = decodeArgs({
    input: options.input,
    limits,
    ...(options.hasAudio ? { wavOut: options.wavOut, loudnessLog: loudnessLogPath(options.wavOut) } : {}),
    ...(options.threads !== undefined ? { threads: options.threads } : {}),
    shortcuts,
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
  }).catch((error: unknown) => {
    if (error instanceof FrameLimitError) throw new BadMediaError('over_limit', decodedOverLimit(limits), { cause: error });
    throw error;
  });
  assertFfmpegSucceeded(result, options.input, limits);
  return frames;
}

/** A failed pass: the worker's own trouble is retried (a plain Error), the file's is bad media with the customer's detail. */
function assertFfmpegSucceeded(result: ProcessResult, input: string, limits: MediaLimits): void {
  if (result.exitCode === 0) return;
  const stderr = result.stderrTail.split(input).join('<input>');
  if (result.exitCode === null || ENVIRONMENT_FAULT.test(stderr)) {
    throw new Error(`ffmpeg failed (${result.signalName ?? `exit ${result.exitCode}`}): ${stderr}`);
  }
  throw guardRefusal(stderr, limits) ?? new BadMediaError('corrupt', UNDECODABLE_DETAIL, { diagnostic: stderr || `ffmpeg exit ${result.exitCode}` });
}

export interface SoundtrackOptions {
  input: string;
  /** Where the 16 kHz mono WAV is written. The caller deletes it. */
  wavOut: string;
  limits?: MediaLimits;
  signal?: AbortSignal;
  ffmpegPath?: string;
}

export interface SoundtrackResult {
  /** Seconds of soundtrack decoded. */
  decodedSec: number;
  /** RMS per second as `DecodeResult.loudnessRms`, before it is fitted to the read's length. */
  perSecondRms: number[];
  /** RMS per 100 ms window, for choosing transcription chunk boundaries. */
  windowRms: number[];
}

/** The meter's log sits beside the WAV, in the caller's scratch folder, and is removed once read. */
export const loudnessLogPath = (wavOut: string) => `${wavOut}.r128.txt`;

/** The meter's readings summarised; the log is removed whether or not it could be read. */
async function readLoudnessLog(path: string): Promise<LoudnessLufsParts> {
  try {
    return summariseEbur128(parseEbur128Log(await readFile(path, 'utf8')));
  } finally {
    await rm(path, { force: true });
  }
}

/**
 * The soundtrack alone, the same WAV the full pass gives (`soundtrackArgs`), so it can
 * be transcribed while `decodeMedia` (without `hasAudio`) decodes the picture and
 * `measureLoudness` meters it. A soundtrack longer than the limit is refused as the
 * full pass refuses it.
 */
export async function decodeSoundtrack(options: SoundtrackOptions): Promise<SoundtrackResult> {
  const limits = options.limits ?? DEFAULT_MEDIA_LIMITS;
  const result = await runProcess(options.ffmpegPath ?? 'ffmpeg', soundtrackArgs({ input: options.input, wavOut: options.wavOut, limits }), {
    ...(options.signal ? { signal: options.signal } : {}),
  });
  assertFfmpegSucceeded(result, options.input, limits);
  const meter = await meterWav(options.wavOut, options.signal);
  if (meter.durationSec > limits.maxDurationSec) throw new BadMediaError('over_limit', decodedOverLimit(limits));
  return { decodedSec: meter.durationSec, perSecondRms: meter.perSecondRms(), windowRms: meter.windowRms() };
}

export interface LoudnessOptions {
  input: string;
  /** Where the meter's log is written and read back; removed once read. */
  loudnessLog: string;
  limits?: MediaLimits;
  signal?: AbortSignal;
  ffmpegPath?: string;
}

/**
 * EBU R128 loudness of the first audio stream, the same readings the full pass takes
 * (`loudnessArgs`), from a pass of its own that runs beside the picture's decode.
 */
export async function measureLoudness(options: LoudnessOptions): Promise<LoudnessLufsParts> {
  const limits = options.limits ?? DEFAULT_MEDIA_LIMITS;
  try {
    const result = await runProcess(options.ffmpegPath ?? 'ffmpeg', loudnessArgs({ input: options.input, loudnessLog: options.loudnessLog, limits }), {
      ...(options.signal ? { signal: options.signal } : {}),
      // Beside the picture's decode, the scan's longest pass: the meter takes the CPU the decode leaves.
      yieldTo: 5,
    });
    assertFfmpegSucceeded(result, options.input, limits);
  } catch (error) {
    await rm(options.loudnessLog, { force: true });
    throw error;
  }
  return readLoudnessLog(options.loudnessLog);
}

/** Loudness from the WAV and the lengths, once the pass is over. */
async function finish(options: DecodeOptions, frames: FrameDiffAccumulator): Promise<DecodeResult> {
  const { signal, onProgress } = options;
  const limits = options.limits ?? DEFAULT_MEDIA_LIMITS;
  const meter = options.hasAudio ? await meterWav(options.wavOut, signal) : null;
  const decodedSec = Math.max(frames.frames / FRAME_RATE, meter ? meter.durationSec : (options.soundtrackSec ?? 0));
  const durationSec = readDurationSec(options.durationSec, decodedSec);
  // Only a header that understated the length gets here: the probe refused any that declared too much.
  if (durationSec > limits.maxDurationSec) throw new BadMediaError('over_limit', decodedOverLimit(limits));
  // One entry per second t = 0..N−1 like every series: audio running past the
  // picture (encoder padding) is cut, audio ending early (or none) is silence.
  const loudnessRms = fitLength(meter ? meter.perSecondRms() : [], secondsIn(durationSec));
  const windowRms = meter ? meter.windowRms() : [];
  const lufs = options.hasAudio ? await readLoudnessLog(loudnessLogPath(options.wavOut)) : null;
  onProgress?.(1);
  return {
    durationSec,
    decodedSec,
    frameDiffs: frames.frameDiffs,
    skipDiffs: frames.skipDiffs,
    frameKinds: frames.frameKinds,
    loudnessRms,
    windowRms,
    frames: frames.frames,
    lufs,
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
