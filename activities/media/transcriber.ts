// Speech-to-text as a port, so a Whisper server can replace pocketsphinx
// without touching the scan. The pocketsphinx adapter runs the Debian
// `pocketsphinx_continuous` with its default en-us model.

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
  /** Recognised words in time order, fillers and markers removed, times from the file start. */
  transcribe(request: TranscribeRequest): Promise<RecognisedWord[]>;
}

export interface PocketsphinxOptions {
  /** Default `pocketsphinx_continuous` from PATH. */
  binary?: string;
  /**
   * Extra arguments such as `['-hmm', dir, '-lm', file, '-dict', file]`. The
   * Debian build finds /usr/share/pocketsphinx/model/en-us by default.
   */
  extraArgs?: string[];
}

/** The pocketsphinx command line for one WAV (exported so tests assert it). */
export function pocketsphinxArgs(wavPath: string, extraArgs: readonly string[] = []): string[] {
  // The file name must end in .wav: only then does pocketsphinx skip (and check) the 44-byte header.
  return ['-infile', wavPath, '-time', 'yes', '-logfn', '/dev/null', ...extraArgs];
}

export class PocketsphinxTranscriber implements Transcriber {
  private readonly binary: string;
  private readonly extraArgs: string[];

  constructor(options: PocketsphinxOptions = {}) {
    this.binary = options.binary ?? 'pocketsphinx_continuous';
    this.extraArgs = options.extraArgs ?? [];
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

export { wavHeader, writeWavSlice } from './wav';
