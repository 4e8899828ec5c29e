// The OpenAI transcription API as a Transcriber: whisper.cpp's server,
// faster-whisper-server, vLLM or OpenAI itself. One request per chunk:
// POST <base>/audio/transcriptions, multipart, response_format=verbose_json,
// timestamp_granularities[]=word; word times are shifted by the chunk offset.
// The detected language comes from the answer's `language` (a code or
// Whisper's English name); a server may name its engine in `engine` (the ear
// does), which the read then reports instead of the model id.

import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { languageCode } from '../../core/language';
import { isFillerToken } from '../../core/speech';
import type { RecognisedWord } from '../../core/measurements';
import type { Heard, TranscribeRequest, Transcriber } from './transcriber';

export interface TranscriptionServerOptions {
  /** The server's API base, e.g. `http://127.0.0.1:8000/v1`, or the full `…/audio/transcriptions` URL. */
  url: string;
  /** Sent as `model`; also how the read names the engine unless the server names its model. */
  model: string;
  apiKey?: string | null;
  /** One request's time limit in ms. */
  timeoutMs: number;
  /** Default the global fetch. */
  fetch?: typeof fetch;
}

/** The server answered with an error status, an unreadable body, or not at all in time. */
export class TranscriptionServerError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'TranscriptionServerError';
  }
}

interface VerboseWord {
  word?: unknown;
  start?: unknown;
  end?: unknown;
}

/** The endpoint for a base URL (a trailing `/audio/transcriptions` is kept as given). */
export function transcriptionsUrl(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return trimmed.endsWith('/audio/transcriptions') ? trimmed : `${trimmed}/audio/transcriptions`;
}

/**
 * Words from a verbose_json body: the top-level `words` (OpenAI), else the
 * `words` of each segment (faster-whisper-server). Each word is trimmed;
 * empty ones and fillers (judged without punctuation) are dropped; times are
 * shifted by `offsetSec`, rounded to milliseconds, and a word without finite
 * times or ending before it starts is dropped. Sorted by start.
 */
export function parseVerboseJson(body: unknown, offsetSec: number): RecognisedWord[] {
  if (typeof body !== 'object' || body === null) throw new TranscriptionServerError('the transcription server sent no JSON object', null);
  const b = body as { words?: unknown; segments?: unknown };
  let raw: VerboseWord[] = [];
  if (Array.isArray(b.words)) raw = b.words as VerboseWord[];
  else if (Array.isArray(b.segments))
    raw = (b.segments as Array<{ words?: unknown }>).flatMap((s) => (Array.isArray(s?.words) ? (s.words as VerboseWord[]) : []));
  else if (typeof (b as { text?: unknown }).text !== 'string') throw new TranscriptionServerError('the transcription server sent neither words nor text', null);
  const ms = (x: number) => Math.round(x * 1000) / 1000;
  const words: RecognisedWord[] = [];
  for (const w of raw) {
    if (typeof w?.word !== 'string' || typeof w.start !== 'number' || typeof w.end !== 'number') continue;
    if (!Number.isFinite(w.start) || !Number.isFinite(w.end) || w.end < w.start) continue;
    const word = w.word.trim();
    const bare = word.replace(/[^\p{L}\p{N}'’-]+/gu, '');
    if (bare === '' || isFillerToken(bare)) continue;
    words.push({ word, start: ms(w.start + offsetSec), end: ms(w.end + offsetSec) });
  }
  return words.sort((a, b) => a.start - b.start);
}

/** Longest engine name taken from a server's answer. */
const MAX_ENGINE_NAME = 120;

/**
 * The engine a server names in its answer (`engine`, an extension the ear
 * sends), printable and bounded, or null when it names none.
 */
export function serverEngineName(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const raw = (body as { engine?: unknown }).engine;
  if (typeof raw !== 'string') return null;
  // The name reaches the read and the method text: no control characters, one line.
  const clean = raw
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_ENGINE_NAME);
  return clean === '' ? null : clean;
}

/** The language a verbose_json answer names, when it also carries words; null otherwise. */
export function verboseLanguage(body: unknown, words: readonly RecognisedWord[]): string | null {
  if (words.length === 0 || typeof body !== 'object' || body === null) return null;
  return languageCode((body as { language?: unknown }).language);
}

export class TranscriptionServerTranscriber implements Transcriber {
  readonly engine: string;
  private readonly endpoint: string;
  private readonly doFetch: typeof fetch;

  constructor(private readonly options: TranscriptionServerOptions) {
    this.endpoint = transcriptionsUrl(options.url);
    this.engine = `${options.model} (OpenAI-compatible server)`;
    this.doFetch = options.fetch ?? fetch;
  }

  async transcribe({ wavPath, offsetSec, signal }: TranscribeRequest): Promise<Heard> {
    const form = new FormData();
    form.set('file', new Blob([await readFile(wavPath)], { type: 'audio/wav' }), basename(wavPath));
    form.set('model', this.options.model);
    form.set('response_format', 'verbose_json');
    form.append('timestamp_granularities[]', 'word');
    form.set('temperature', '0');
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    let response: Response;
    try {
      response = await this.doFetch(this.endpoint, {
        method: 'POST',
        body: form,
        headers: this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {},
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted) throw new TranscriptionServerError(`the transcription server did not answer within ${this.options.timeoutMs} ms`, null);
      throw new TranscriptionServerError(`the transcription server could not be reached: ${(error as Error).message}`, null);
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw new TranscriptionServerError(`the transcription server's answer broke off: ${(error as Error).message}`, response.status);
    }
    if (!response.ok) {
      throw new TranscriptionServerError(`the transcription server answered ${response.status}: ${text.slice(0, 300)}`, response.status);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new TranscriptionServerError('the transcription server sent a body that is not JSON', response.status);
    }
    const words = parseVerboseJson(body, offsetSec);
    return { words, language: verboseLanguage(body, words), engine: serverEngineName(body) ?? this.engine };
  }
}
