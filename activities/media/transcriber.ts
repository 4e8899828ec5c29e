// Speech-to-text as a port, so a Whisper server can replace pocketsphinx
// without touching the scan. The pocketsphinx adapter runs the Debian
// `pocketsphinx_continuous` with its default en-us model; the server adapter
// (transcription-server.ts) speaks the OpenAI transcription API. The scan
// runs an `Ear`: the configured engine, with pocketsphinx behind a server
// that fails, and it reports which engine heard each chunk.

import { parsePocketsphinxTimes } from '../../core/speech';
import type { RecognisedWord } from '../../core/measurements';
import { runProcess } from './process';

export interface TranscribeRequest {
  /** 16 kHz mono s16le WAV with a 44-byte header (`writeWavSlice`, `wavHeader`). */
  wavPath: string;
  /** Where the WAV starts in the file, in seconds; added to every word time. */
  offsetSec: number;
  signal?: AbortSignal;
}

/** What an engine heard in one chunk. */
export interface Heard {
  /** Recognised words in time order, fillers and markers removed, times from the file start. */
  words: RecognisedWord[];
  /** ISO 639-1 code of the spoken language (core/language.ts), or null when the engine heard nothing or does not say. */
  language: string | null;
  /** How the read names the engine that heard them, e.g. `whisper-base int8 (faster-whisper 1.2.1)`. */
  engine: string;
}

export interface Transcriber {
  /** How the read names this engine until it names itself (a server may, in its answer). */
  readonly engine: string;
  transcribe(request: TranscribeRequest): Promise<Heard>;
}

/** What the scan asks for the words of a chunk. */
export interface Ear {
  hear(request: TranscribeRequest): Promise<Heard>;
}

export interface PocketsphinxOptions {
  /** Default `pocketsphinx_continuous` from PATH. */
  binary?: string;
  /**
   * Extra arguments such as `['-hmm', dir, '-lm', file, '-dict', file]`. The
   * Debian build finds /usr/share/pocketsphinx/model/en-us by default.
   */
  extraArgs?: string[];
  /** Default `pocketsphinx 5prealpha en-us`: Debian's 0.8+5prealpha build with its en-us model. */
  engine?: string;
}

export const POCKETSPHINX_ENGINE = 'pocketsphinx 5prealpha en-us';
/** The only language Debian's pocketsphinx model hears. */
const POCKETSPHINX_LANGUAGE = 'en';

/** The pocketsphinx command line for one WAV (exported so tests assert it). */
export function pocketsphinxArgs(wavPath: string, extraArgs: readonly string[] = []): string[] {
  // The file name must end in .wav: only then does pocketsphinx skip (and check) the 44-byte header.
  return ['-infile', wavPath, '-time', 'yes', '-logfn', '/dev/null', ...extraArgs];
}

export class PocketsphinxTranscriber implements Transcriber {
  readonly engine: string;
  private readonly binary: string;
  private readonly extraArgs: string[];

  constructor(options: PocketsphinxOptions = {}) {
    this.binary = options.binary ?? 'pocketsphinx_continuous';
    this.extraArgs = options.extraArgs ?? [];
    this.engine = options.engine ?? POCKETSPHINX_ENGINE;
  }

  async transcribe({ wavPath, offsetSec, signal }: TranscribeRequest): Promise<Heard> {
    if (!wavPath.toLowerCase().endsWith('.wav')) {
      throw new Error(`pocketsphinx reads the WAV header only from a .wav path, got ${wavPath}`);
    }
    const result = await runProcess(this.binary, pocketsphinxArgs(wavPath, this.extraArgs), {
      ...(signal ? { signal } : {}),
    });
    if (result.exitCode !== 0) {
      // With -logfn /dev/null the reason is not on stderr; the input is ours (never the customer's), so this is retryable.
      throw new Error(
        `${this.binary} failed on ${wavPath} (${result.signalName ?? `exit ${result.exitCode}`})${result.stderrTail ? `: ${result.stderrTail}` : ''}`,
      );
    }
    const words: RecognisedWord[] = parsePocketsphinxTimes(result.stdout, offsetSec);
    return { words, language: words.length > 0 ? POCKETSPHINX_LANGUAGE : null, engine: this.engine };
  }
}

/** One engine, no fallback. */
export function singleEar(transcriber: Transcriber): Ear {
  return {
    async hear(request) {
      return transcriber.transcribe(request);
    },
  };
}

/**
 * The primary engine (a transcription server), and when it fails in any way
 * (down, 4xx, 5xx, timeout, a body it cannot read) the fallback engine for
 * that chunk, so the scan goes on; `onFallback` hears why. A cancelled scan
 * is not a failure of the server and is not retried.
 */
export function fallbackEar(primary: Transcriber, fallback: Transcriber, onFallback?: (error: unknown) => void): Ear {
  return {
    async hear(request) {
      try {
        return await primary.transcribe(request);
      } catch (error) {
        if (request.signal?.aborted) throw error;
        onFallback?.(error);
        return await fallback.transcribe(request);
      }
    },
  };
}

export { wavHeader, writeWavSlice } from './wav';
