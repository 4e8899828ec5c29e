// Speech-to-text as a port, so a Whisper server can replace pocketsphinx
// without touching the scan. The pocketsphinx adapter runs the Debian
// `pocketsphinx_continuous` with its default en-us model; the server adapter
// (transcription-server.ts) speaks the OpenAI transcription API. The scan
// runs an `Ear`: the configured engine, with pocketsphinx behind a server
// that fails, and it reports which engine heard each chunk.

import { parsePocketsphinxTimes } from '../../core/speech';
import type { RecognisedWord } from '../../core/shapes';
import { runProcess } from './process';

export interface TranscribeRequest {
  /** 16 kHz mono s16le WAV with a 44-byte header (`writeWavSlice`, `wavHeader`). */
  wavPath: string;
  /** Where the WAV starts in the file, in seconds; added to every word time. */
  offsetSec: number;
  signal?: AbortSignal;
}

export interface Transcriber {
  /** How the read names this engine, e.g. `pocketsphinx 5prealpha en-us`. */
  readonly engine: string;
  /** Recognised words in time order, fillers and markers removed, times from the file start. */
  transcribe(request: TranscribeRequest): Promise<RecognisedWord[]>;
}

/** Words and the engine that heard them. */
export interface Heard {
  words: RecognisedWord[];
  engine: string;
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

  async transcribe({ wavPath, offsetSec, signal }: TranscribeRequest): Promise<RecognisedWord[]> {
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
    return parsePocketsphinxTimes(result.stdout, offsetSec);
  }
}

/** One engine, no fallback. */
export function singleEar(transcriber: Transcriber): Ear {
  return {
    async hear(request) {
      return { words: await transcriber.transcribe(request), engine: transcriber.engine };
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
        return { words: await primary.transcribe(request), engine: primary.engine };
      } catch (error) {
        if (request.signal?.aborted) throw error;
        onFallback?.(error);
        return { words: await fallback.transcribe(request), engine: fallback.engine };
      }
    },
  };
}

export { wavHeader, writeWavSlice } from './wav';
