// The OpenAI-compatible transcription adapter against a scripted server on
// loopback (exact answers and injected failures), the fallback to the real
// pocketsphinx when the server fails, and the test stack's real ear asking for its key.

import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POCKETSPHINX_ENGINE, PocketsphinxTranscriber, fallbackEar } from '../../../activities/media/transcriber';
import { TranscriptionServerError, TranscriptionServerTranscriber, parseVerboseJson, transcriptionsUrl } from '../../../activities/media/transcription-server';
import { EAR_MODEL } from '../../../tooling/stack/ear';
import { startScriptedTranscriptionServer, type ScriptedTranscriptionServer } from '../../scripted-upstream/transcription-server';
import { getStackEnv } from '../helpers/stack-env';

const run = promisify(execFile);
let dir: string;
let server: ScriptedTranscriptionServer;
let speechWav: string;

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'holdline-transcription-'));
  speechWav = join(dir, 'speech.wav');
  await run('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', join(dir, 'raw.wav'), 'the people want more money and more time']);
  await run('ffmpeg', [
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-i',
    join(dir, 'raw.wav'),
    '-ac',
    '1',
    '-ar',
    '16000',
    '-c:a',
    'pcm_s16le',
    '-map_metadata',
    '-1',
    '-bitexact',
    speechWav,
  ]);
  server = await startScriptedTranscriptionServer();
});

afterAll(async () => {
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const adapter = (options: Partial<ConstructorParameters<typeof TranscriptionServerTranscriber>[0]> = {}) =>
  new TranscriptionServerTranscriber({ url: server.url, model: 'scripted-whisper', timeoutMs: 5000, ...options });

describe('transcriptionsUrl', () => {
  it.each([
    ['http://127.0.0.1:8000/v1', 'http://127.0.0.1:8000/v1/audio/transcriptions'],
    ['http://127.0.0.1:8000/v1/', 'http://127.0.0.1:8000/v1/audio/transcriptions'],
    ['http://h/v1/audio/transcriptions', 'http://h/v1/audio/transcriptions'],
  ])('%s → %s', (base, endpoint) => {
    expect(transcriptionsUrl(base)).toBe(endpoint);
  });
});

describe('parseVerboseJson', () => {
  it('reads top-level words, shifts them, keeps punctuation, drops fillers, empties and broken times', () => {
    const words = parseVerboseJson(
      {
        text: 'Um, studies show.',
        words: [
          { word: ' Um,', start: 0, end: 0.2 },
          { word: ' studies', start: 0.3, end: 0.71 },
          { word: ' show.', start: 0.75, end: 1.0004 },
          { word: ' ', start: 1.1, end: 1.2 },
          { word: 'late', start: 2, end: 1 },
          { word: 'nan', start: 'x', end: 1 },
        ],
      },
      60,
    );
    expect(words).toEqual([
      { word: 'studies', start: 60.3, end: 60.71 },
      { word: 'show.', start: 60.75, end: 61 },
    ]);
  });

  it('reads the words of each segment when there are no top-level words', () => {
    expect(
      parseVerboseJson({ text: 'a b', segments: [{ words: [{ word: 'a', start: 0.5, end: 0.6 }] }, { words: [{ word: 'b', start: 0.1, end: 0.2 }] }] }, 1),
    ).toEqual([
      { word: 'b', start: 1.1, end: 1.2 },
      { word: 'a', start: 1.5, end: 1.6 },
    ]);
  });

  it('takes a body with text but no word times as no words, and refuses a body that is neither', () => {
    expect(parseVerboseJson({ text: '' }, 0)).toEqual([]);
    expect(() => parseVerboseJson({ detail: 'x' }, 0)).toThrow(TranscriptionServerError);
    expect(() => parseVerboseJson(null, 0)).toThrow(TranscriptionServerError);
  });
});

describe('TranscriptionServerTranscriber', () => {
  it('posts the chunk as verbose_json with word timestamps and shifts the words by the chunk offset', async () => {
    server.respond(() => ({
      words: [
        { word: 'people', start: 0.4, end: 0.8 },
        { word: 'want', start: 0.9, end: 1.1 },
      ],
    }));
    const before = server.requests.length;
    const { words } = await adapter({ apiKey: 'sk-test' }).transcribe({ wavPath: speechWav, offsetSec: 120.5 });
    expect(words).toEqual([
      { word: 'people', start: 120.9, end: 121.3 },
      { word: 'want', start: 121.4, end: 121.6 },
    ]);
    const request = server.requests[before]!;
    expect(request.path).toBe('/v1/audio/transcriptions');
    expect(request.fields.model).toEqual(['scripted-whisper']);
    expect(request.fields.response_format).toEqual(['verbose_json']);
    expect(request.fields['timestamp_granularities[]']).toEqual(['word']);
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(request.fileName).toBe('speech.wav');
    expect(request.file?.subarray(0, 4).toString('ascii')).toBe('RIFF');
  });

  it('gives each chunk its own offset', async () => {
    server.respond(() => ({ words: [{ word: 'same', start: 1, end: 1.25 }] }));
    const ear = adapter();
    const chunks = await Promise.all([0, 61.2, 122.9].map((offsetSec) => ear.transcribe({ wavPath: speechWav, offsetSec })));
    expect(chunks.map((c) => c.words[0]?.start)).toEqual([1, 62.2, 123.9]);
  });

  it('takes the language and the engine the server names, and the model id when it names none', async () => {
    server.respond(() => ({
      body: { language: 'spanish', engine: 'whisper-base int8\u001b[2J (faster-whisper 1.2.1)', words: [{ word: 'hola', start: 0.2, end: 0.5 }] },
    }));
    expect(await adapter().transcribe({ wavPath: speechWav, offsetSec: 0 })).toEqual({
      words: [{ word: 'hola', start: 0.2, end: 0.5 }],
      language: 'es',
      engine: 'whisper-base int8 [2J (faster-whisper 1.2.1)',
    });
    server.respond(() => ({ body: { language: 'en', words: [] } }));
    expect(await adapter().transcribe({ wavPath: speechWav, offsetSec: 0 })).toEqual({
      words: [],
      language: null,
      engine: 'scripted-whisper (OpenAI-compatible server)',
    });
    server.respond(() => ({ body: { language: 'klingon', words: [{ word: 'x', start: 0.2, end: 0.5 }] } }));
    expect((await adapter().transcribe({ wavPath: speechWav, offsetSec: 0 })).language).toBeNull();
  });

  it.each([400, 401, 413, 500, 503])('turns a %i answer into a TranscriptionServerError with the status', async (status) => {
    server.respond(() => ({ status, body: { error: { message: `scripted ${status}` } } }));
    const error = await adapter()
      .transcribe({ wavPath: speechWav, offsetSec: 0 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TranscriptionServerError);
    expect((error as TranscriptionServerError).status).toBe(status);
    expect((error as Error).message).toContain(`scripted ${status}`);
  });

  it('gives up on a server slower than the time limit', async () => {
    server.respond(() => ({ delayMs: 1500, words: [] }));
    await expect(adapter({ timeoutMs: 1000 }).transcribe({ wavPath: speechWav, offsetSec: 0 })).rejects.toThrow(/did not answer within 1000 ms/);
  });

  it('reports a dropped connection, a body that is not JSON and a server that is down', async () => {
    server.respond(() => ({ dropConnection: true }));
    await expect(adapter().transcribe({ wavPath: speechWav, offsetSec: 0 })).rejects.toThrow(TranscriptionServerError);
    server.respond(() => ({ body: '<html>gateway</html>' }));
    await expect(adapter().transcribe({ wavPath: speechWav, offsetSec: 0 })).rejects.toThrow(/not JSON/);
    const down = new TranscriptionServerTranscriber({ url: `http://127.0.0.1:${await closedPort()}/v1`, model: 'm', timeoutMs: 5000 });
    await expect(down.transcribe({ wavPath: speechWav, offsetSec: 0 })).rejects.toThrow(/could not be reached/);
  });

  it('passes a cancellation through as the reason, not as a server failure', async () => {
    server.respond(() => ({ delayMs: 2000, words: [] }));
    const controller = new AbortController();
    const reason = new Error('cancelled by test');
    setTimeout(() => controller.abort(reason), 100);
    await expect(adapter().transcribe({ wavPath: speechWav, offsetSec: 0, signal: controller.signal })).rejects.toBe(reason);
  });
});

describe('fallbackEar', () => {
  it('hears with the server and names it while the server answers', async () => {
    server.respond(() => ({ words: [{ word: 'money', start: 1, end: 1.3 }] }));
    const heard = await fallbackEar(adapter(), new PocketsphinxTranscriber()).hear({ wavPath: speechWav, offsetSec: 0 });
    expect(heard).toEqual({ words: [{ word: 'money', start: 1, end: 1.3 }], language: 'en', engine: 'scripted-whisper (OpenAI-compatible server)' });
  });

  it('hears with pocketsphinx, and says so, when the server is down or fails', async () => {
    const reasons: unknown[] = [];
    const down = new TranscriptionServerTranscriber({ url: `http://127.0.0.1:${await closedPort()}/v1`, model: 'm', timeoutMs: 5000 });
    const heard = await fallbackEar(down, new PocketsphinxTranscriber(), (e) => reasons.push(e)).hear({ wavPath: speechWav, offsetSec: 0 });
    expect(heard.engine).toBe(POCKETSPHINX_ENGINE);
    expect(heard.words.map((w) => w.word)).toContain('people');
    expect(reasons).toHaveLength(1);
    server.respond(() => ({ status: 500 }));
    expect((await fallbackEar(adapter(), new PocketsphinxTranscriber()).hear({ wavPath: speechWav, offsetSec: 0 })).engine).toBe(POCKETSPHINX_ENGINE);
  });
});

describe("the test stack's ear", () => {
  it('refuses a request without its key (401) and hears one with it', async () => {
    const { transcriberUrl, transcriberApiKey } = getStackEnv();
    expect(transcriberUrl).toBeDefined();
    expect(transcriberApiKey).toMatch(/^sk-ear-/);
    const ear = (apiKey: string | null) => new TranscriptionServerTranscriber({ url: transcriberUrl!, model: EAR_MODEL, apiKey, timeoutMs: 60_000 });
    for (const apiKey of [null, `${transcriberApiKey}x`]) {
      const refused = await ear(apiKey)
        .transcribe({ wavPath: speechWav, offsetSec: 0 })
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(TranscriptionServerError);
      expect((refused as TranscriptionServerError).status).toBe(401);
    }
    const heard = await ear(transcriberApiKey!).transcribe({ wavPath: speechWav, offsetSec: 0 });
    expect(heard.words.map((w) => w.word.toLowerCase())).toContain('people');
  });

  it('answers the same audio with the same options from its kept answers, and other options afresh', async () => {
    const { transcriberUrl, transcriberApiKey } = getStackEnv();
    // A sound no other test sends (this speed is its own), so its first request is heard now.
    const wav = join(dir, 'kept.wav');
    await run('espeak-ng', ['-v', 'en-us', '-s', '143', '-w', wav, 'the people want more money and more time']);
    const audio = new Blob([await readFile(wav)], { type: 'audio/wav' });
    const post = async (fields: Record<string, string>) => {
      const form = new FormData();
      form.set('file', audio, 'kept.wav');
      form.set('model', EAR_MODEL);
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      const res = await fetch(`${transcriberUrl}/audio/transcriptions`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${transcriberApiKey}` },
      });
      expect(res.status).toBe(200);
      return { cache: res.headers.get('x-ear-cache'), body: await res.text() };
    };
    const first = await post({ response_format: 'verbose_json', 'timestamp_granularities[]': 'word' });
    const again = await post({ response_format: 'verbose_json', 'timestamp_granularities[]': 'word' });
    expect([first.cache, again.cache]).toEqual(['miss', 'hit']);
    expect(again.body).toBe(first.body);
    expect(JSON.parse(first.body).text.toLowerCase()).toContain('people');
    // Without word times the request is another one.
    expect((await post({ response_format: 'verbose_json' })).cache).toBe('miss');
  });
});
