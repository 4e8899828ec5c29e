// Real ffmpeg, ffprobe and pocketsphinx over tiny files made from known
// ingredients (lavfi sources, espeak-ng), so expected values follow from how
// each file was made.

import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile, stat } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMedia, decodeSoundtrack } from '../../../activities/media/decode';
import { BadMediaError } from '../../../activities/media/errors';
import { PROBE_TIMEOUT_DETAIL, probeMedia } from '../../../activities/media/probe';
import { POCKETSPHINX_ENGINE, PocketsphinxTranscriber } from '../../../activities/media/transcriber';
import { readWavLayout, writeWavSlice } from '../../../activities/media/wav';
import { DEFAULT_MEDIA_LIMITS } from '../../../core/media-limits';
import { fixture } from '../helpers/fixtures';

const run = promisify(execFile);
const ffmpeg = (...args: string[]) => run('ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...args]);
const x264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];

let dir: string;
const file = (name: string) => join(dir, name);

const SENTENCE = 'the people want more money and more time';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'holdline-media-'));
  await Promise.all([
    // 2 s of black, then 1 s of testsrc2: a hard cut at exactly 2.0 s. Sound:
    // 1 s of silence, then a 440 Hz sine at amplitude 0.5 (RMS 0.354).
    ffmpeg(
      '-f',
      'lavfi',
      '-i',
      'color=c=black:s=320x240:r=25:d=2',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=320x240:r=25:d=1',
      '-f',
      'lavfi',
      '-i',
      'aevalsrc=if(gte(t\\,1)\\,0.5*sin(2*PI*440*t)\\,0):s=48000:d=3',
      '-filter_complex',
      '[0:v][1:v]concat=n=2:v=1:a=0[v]',
      '-map',
      '[v]',
      '-map',
      '2:a',
      ...x264,
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      file('cut.mp4'),
    ),
    // 3 s of picture; its sound starts 1 s late (the audio stream's start time is 1 s).
    ffmpeg(
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=160x120:r=25:d=3',
      '-itsoffset',
      '1',
      '-f',
      'lavfi',
      '-i',
      'sine=f=300:d=2',
      '-map',
      '0:v',
      '-map',
      '1:a',
      ...x264,
      '-c:a',
      'aac',
      file('late-audio.mp4'),
    ),
    // Portrait 180x320 stored with a quarter-turn display rotation, no sound.
    ffmpeg('-f', 'lavfi', '-i', 'testsrc2=s=180x320:r=25:d=2', ...x264, file('portrait-raw.mp4')).then(() =>
      ffmpeg('-i', file('portrait-raw.mp4'), '-c', 'copy', '-metadata:s:v:0', 'rotate=90', file('portrait.mp4')),
    ),
    ffmpeg('-f', 'lavfi', '-i', 'sine=f=440:d=2', '-c:a', 'aac', file('audio-only.m4a')),
    ffmpeg('-f', 'lavfi', '-i', 'testsrc2=s=320x240:r=25:d=20', ...x264, file('twenty-seconds.mp4')),
    writeFile(file('garbage.mp4'), Buffer.from(Array.from({ length: 50_000 }, (_, i) => (i * 7919 + 13) % 251))),
    // Speech: 1 s of silence, the sentence, silence to 8 s; 16 kHz mono s16le.
    run('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', file('sentence.wav'), SENTENCE]).then(() =>
      ffmpeg(
        '-f',
        'lavfi',
        '-i',
        'anullsrc=r=16000:cl=mono:d=1',
        '-i',
        file('sentence.wav'),
        '-filter_complex',
        '[0:a][1:a]concat=n=2:v=0:a=1,aresample=16000,apad=whole_dur=8[a]',
        '-map',
        '[a]',
        '-ac',
        '1',
        '-ar',
        '16000',
        '-c:a',
        'pcm_s16le',
        '-map_metadata',
        '-1',
        '-bitexact',
        file('speech.wav'),
      ),
    ),
  ]);
}, 120_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function badMediaCode(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (error instanceof BadMediaError) return error.code;
    throw error;
  }
  return 'no error';
}

describe('probeMedia', () => {
  it('reads duration, streams and size of a video with sound', async () => {
    const info = await probeMedia(file('cut.mp4'));
    expect(info.durationSec).toBeGreaterThanOrEqual(3);
    expect(info.durationSec).toBeLessThan(3.1);
    expect([info.hasVideo, info.hasAudio, info.width, info.height]).toEqual([true, true, 320, 240]);
    expect(info.formatName).toBe('mov,mp4,m4a,3gp,3g2,mj2');
  });

  it('reports a rotated portrait video at its displayed size', async () => {
    const info = await probeMedia(file('portrait.mp4'));
    expect([info.width, info.height, info.hasAudio]).toEqual([320, 180, false]);
  });

  it('refuses an audio-only file with no_video_stream', async () => {
    expect(await badMediaCode(probeMedia(file('audio-only.m4a')))).toBe('no_video_stream');
  });

  it('refuses bytes that are not media with not_a_video, without the worker path in the message', async () => {
    const error = await probeMedia(file('garbage.mp4')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadMediaError);
    expect((error as BadMediaError).code).toBe('not_a_video');
    expect((error as BadMediaError).message).not.toContain(dir);
  });

  it('fails with a plain (retryable) error when the file is missing', async () => {
    const error = await probeMedia(file('nope.mp4')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(BadMediaError);
  });
});

describe('decodeMedia', () => {
  it('samples 4 frames a second and puts the hard cut at sample 8 (2.0 s)', async () => {
    const info = await probeMedia(file('cut.mp4'));
    const progress: number[] = [];
    const result = await decodeMedia({
      input: file('cut.mp4'),
      wavOut: file('cut.wav'),
      hasAudio: info.hasAudio,
      durationSec: info.durationSec,
      onProgress: (f) => progress.push(f),
    });
    expect(Math.abs(result.frames - Math.ceil(info.durationSec * 4))).toBeLessThanOrEqual(1);
    expect(result.frameDiffs.length).toBe(result.frames);
    expect(result.skipDiffs.length).toBe(result.frames);
    expect(result.frameDiffs[0]).toBe(0);
    // Black is black: no change before the cut.
    expect(result.frameDiffs.slice(1, 8).every((d) => d < 0.5)).toBe(true);
    expect(result.frameDiffs[8]).toBeGreaterThan(15);
    const spike = result.frameDiffs.indexOf(Math.max(...result.frameDiffs));
    expect(spike).toBe(8);
    // The skip diff across sample 8 sees black → picture too (not a one-frame flash).
    expect(result.skipDiffs[8]).toBeGreaterThan(15);
    expect(Number.isNaN(result.skipDiffs[0])).toBe(true);
    expect(Number.isNaN(result.skipDiffs[result.frames - 1])).toBe(true);
    expect(progress.at(-1)).toBe(1);
  });

  it('measures silence in second 0 and the sine in seconds 1 and 2', async () => {
    const info = await probeMedia(file('cut.mp4'));
    const result = await decodeMedia({ input: file('cut.mp4'), wavOut: file('cut2.wav'), hasAudio: true, durationSec: info.durationSec });
    expect(result.loudnessRms.length).toBe(Math.ceil(info.durationSec));
    expect(result.loudnessRms[0]).toBeLessThan(0.05);
    expect(result.loudnessRms[1]).toBeGreaterThan(0.3);
    expect(result.loudnessRms[1]).toBeLessThan(0.4);
    expect(result.loudnessRms[2]).toBeGreaterThan(0.3);
    expect(result.windowRms.length).toBeGreaterThanOrEqual(30);
    // The WAV pocketsphinx will read has the bare 44-byte header at 16 kHz mono.
    const layout = await readWavLayout(file('cut2.wav'));
    expect([layout.dataOffset, layout.sampleRate, layout.channels, layout.bitsPerSample]).toEqual([44, 16000, 1, 16]);
  });

  it('keeps sound that starts late at its place in time (silence padded in front)', async () => {
    const info = await probeMedia(file('late-audio.mp4'));
    const result = await decodeMedia({ input: file('late-audio.mp4'), wavOut: file('late.wav'), hasAudio: true, durationSec: info.durationSec });
    // lavfi `sine` plays at amplitude 1/8: RMS 0.088.
    expect(result.loudnessRms[0]).toBeLessThan(0.02);
    expect(result.loudnessRms[1]).toBeGreaterThan(0.06);
    expect(result.loudnessRms[2]).toBeGreaterThan(0.06);
    const layout = await readWavLayout(file('late.wav'));
    expect(layout.dataBytes / 32000).toBeGreaterThan(2.9);
  });

  it('forces a rotated portrait picture to 96x54 and writes no WAV without audio', async () => {
    const info = await probeMedia(file('portrait.mp4'));
    const result = await decodeMedia({ input: file('portrait.mp4'), wavOut: file('portrait.wav'), hasAudio: false, durationSec: info.durationSec });
    expect(result.frames).toBe(8);
    expect(result.loudnessRms).toEqual([0, 0]);
    expect(result.windowRms).toEqual([]);
    await expect(stat(file('portrait.wav'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('fails a file that is not media with BadMediaError corrupt', async () => {
    const code = await badMediaCode(decodeMedia({ input: file('garbage.mp4'), wavOut: file('g.wav'), hasAudio: false, durationSec: 3 }));
    expect(code).toBe('corrupt');
  });

  it('fails with a plain (retryable) error, not bad media, when its scratch directory is gone', async () => {
    // A disk cleaned under a running scan is the worker's fault: the activity must retry, not blame the video.
    const error = await decodeMedia({ input: file('cut.mp4'), wavOut: join(dir, 'removed-scratch', 'audio.wav'), hasAudio: true, durationSec: 3 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(BadMediaError);
  });

  it('fails with a plain (retryable) error when its input file is gone', async () => {
    const error = await decodeMedia({ input: file('vanished.mp4'), wavOut: file('vanished.wav'), hasAudio: false, durationSec: 3 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(BadMediaError);
  });

  it('kills ffmpeg and rejects with the abort reason', async () => {
    const controller = new AbortController();
    const reason = new Error('cancelled by test');
    const work = decodeMedia({
      input: file('twenty-seconds.mp4'),
      wavOut: file('aborted.wav'),
      hasAudio: false,
      durationSec: 20,
      signal: controller.signal,
      onProgress: () => controller.abort(reason),
      progressIntervalMs: 0,
    });
    await expect(work).rejects.toBe(reason);
    // No ffmpeg of this process is left running.
    const ffmpegChildren = readdirSync('/proc').filter((entry) => {
      if (!/^\d+$/.test(entry)) return false;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(ppid) === process.pid && state !== 'Z' && stat.includes('(ffmpeg)');
      } catch {
        return false;
      }
    });
    expect(ffmpegChildren).toEqual([]);
  });
});

describe('decodeSoundtrack', () => {
  it('gives the WAV and loudness of the full pass, and with it the picture pass gives the full read', async () => {
    // The full pass meters before its mix-down, and the meter hands the samples on as doubles:
    // rounded to 16 bits again they may differ from the soundtrack pass's in the last bit, no more.
    const withinOneStep = (apart: number[], full: number[]) => {
      expect(apart).toHaveLength(full.length);
      for (let i = 0; i < full.length; i++) expect(Math.abs(apart[i]! - full[i]!)).toBeLessThanOrEqual(1 / 32768);
    };
    for (const name of ['cut.mp4', 'late-audio.mp4']) {
      const info = await probeMedia(file(name));
      const full = await decodeMedia({ input: file(name), wavOut: file(`${name}-full.wav`), hasAudio: true, durationSec: info.durationSec });
      const sound = await decodeSoundtrack({ input: file(name), wavOut: file(`${name}-apart.wav`) });
      const [apartWav, fullWav] = [readFileSync(file(`${name}-apart.wav`)), readFileSync(file(`${name}-full.wav`))];
      const layout = await readWavLayout(file(`${name}-full.wav`));
      expect(await readWavLayout(file(`${name}-apart.wav`))).toEqual(layout);
      expect(apartWav.subarray(0, layout.dataOffset)).toEqual(fullWav.subarray(0, layout.dataOffset));
      const samples = (wav: Buffer) => Array.from({ length: layout.dataBytes / 2 }, (_, i) => wav.readInt16LE(layout.dataOffset + 2 * i) / 32768);
      withinOneStep(samples(apartWav), samples(fullWav));
      withinOneStep(sound.windowRms, full.windowRms);
      const picture = await decodeMedia({
        input: file(name),
        wavOut: file(`${name}-none.wav`),
        hasAudio: false,
        durationSec: info.durationSec,
        soundtrackSec: sound.decodedSec,
      });
      expect([picture.durationSec, picture.decodedSec, picture.frameDiffs]).toEqual([full.durationSec, full.decodedSec, full.frameDiffs]);
      withinOneStep(sound.perSecondRms.slice(0, full.loudnessRms.length), full.loudnessRms);
    }
  });

  it('counts a soundtrack that outlasts the picture toward the read length', async () => {
    // 2 s of picture, 3 s of sound.
    await ffmpeg('-f', 'lavfi', '-i', 'testsrc2=s=160x120:r=25:d=2', '-f', 'lavfi', '-i', 'sine=f=300:d=3', ...x264, '-c:a', 'aac', file('long-sound.mp4'));
    const sound = await decodeSoundtrack({ input: file('long-sound.mp4'), wavOut: file('long-sound.wav') });
    const picture = await decodeMedia({
      input: file('long-sound.mp4'),
      wavOut: file('ls-none.wav'),
      hasAudio: false,
      durationSec: 3,
      soundtrackSec: sound.decodedSec,
    });
    expect(picture.frames).toBe(8);
    expect(picture.decodedSec).toBe(sound.decodedSec);
    expect(picture.decodedSec).toBeGreaterThanOrEqual(3);
  });

  it('refuses a soundtrack that plays past the duration limit, and bytes that are not media', async () => {
    const limits = { ...DEFAULT_MEDIA_LIMITS, maxDurationSec: 1 };
    const error = await decodeSoundtrack({ input: file('cut.mp4'), wavOut: file('s-limit.wav'), limits }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadMediaError);
    expect((error as BadMediaError).code).toBe('over_limit');
    expect(await badMediaCode(decodeSoundtrack({ input: file('garbage.mp4'), wavOut: file('s-garbage.wav') }))).toBe('corrupt');
  });
});

describe('hostile headers', () => {
  it('reads a file whose header declares 10^9 s as the 2 s it holds: nothing is sized by the header', async () => {
    const f = await fixture('hostile-declared-1e9s');
    expect(f.truth.hasAudio).toBe(true);
    const result = await decodeMedia({ input: f.path, wavOut: file('1e9.wav'), hasAudio: true, durationSec: 1e9 });
    expect(result.frames).toBe(8);
    // Two seconds of picture and (with the codec's padding) a hair over two of sound.
    expect(result.durationSec).toBe(result.decodedSec);
    expect(result.durationSec).toBeGreaterThanOrEqual(2);
    expect(result.durationSec).toBeLessThan(2.1);
    expect(result.loudnessRms).toHaveLength(Math.ceil(result.durationSec));
    // The 440 Hz tone is there in second 0.
    expect(result.loudnessRms[0]).toBeGreaterThan(0.05);
    expect(result.windowRms.length).toBeLessThan(25);
  });

  it('refuses, after decoding, a file that plays past the duration limit', async () => {
    const limits = { ...DEFAULT_MEDIA_LIMITS, maxDurationSec: 5 };
    const error = await decodeMedia({ input: file('twenty-seconds.mp4'), wavOut: file('t.wav'), hasAudio: false, durationSec: 4, limits }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BadMediaError);
    expect((error as BadMediaError).code).toBe('over_limit');
    expect((error as BadMediaError).message).toBe('The video is too long: it plays for more than 5 seconds, the limit, although its header declares less.');
  });

  it('refuses a frame over the pixel limit inside ffmpeg, with the limit named', async () => {
    const limits = { ...DEFAULT_MEDIA_LIMITS, maxPixels: 320 * 240 - 1 };
    const error = await decodeMedia({ input: file('cut.mp4'), wavOut: file('px.wav'), hasAudio: false, durationSec: 3, limits }).catch((e: unknown) => e);
    expect((error as BadMediaError).code).toBe('over_limit');
    expect((error as BadMediaError).message).toBe(
      "The video's frames are too large: 320×240 is 0.1 million pixels; the limit is 0.1 million pixels per frame.",
    );
    expect((error as BadMediaError).diagnostic).toMatch(/exceeds specified max pixel count/);
  });

  it.each([
    ['hostile-huge-frame', 'over_limit'],
    ['hostile-many-pixels', 'over_limit'],
    ['hostile-concat', 'not_accepted'],
  ])('refuses %s at probe (%s) without decoding it', async (name, code) => {
    expect(await badMediaCode(probeMedia((await fixture(name)).path))).toBe(code);
  });

  it('gives up on an ffprobe that is still waiting for data, refusing the file in plain words', async () => {
    // The first bytes of an MP4, then nothing, never an end: ffprobe would wait forever.
    const stalled = new PassThrough();
    stalled.write(Buffer.from('0000001c6674797069736f6d0000020069736f6d69736f326d703431', 'hex'));
    const error = await probeMedia('pipe:0', { stdin: stalled, timeoutMs: 1000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadMediaError);
    expect((error as BadMediaError).message).toBe(PROBE_TIMEOUT_DETAIL);
    stalled.destroy();
  });

  it('keeps the stderr of a failed decode out of the message', async () => {
    const error = (await decodeMedia({ input: file('garbage.mp4'), wavOut: file('g2.wav'), hasAudio: false, durationSec: 3 }).catch(
      (e: unknown) => e,
    )) as BadMediaError;
    expect(error.message).toBe('The video could not be decoded: its data is damaged or uses a form we cannot read.');
    expect(error.diagnostic).toBeTruthy();
    expect(error.message).not.toContain(dir);
  });
});

describe('PocketsphinxTranscriber', () => {
  const transcriber = new PocketsphinxTranscriber();

  it('recognises some of the words of an espeak-ng sentence, at their time in the file', async () => {
    const { words, language, engine } = await transcriber.transcribe({ wavPath: file('speech.wav'), offsetSec: 0 });
    expect(language).toBe('en');
    expect(engine).toBe(POCKETSPHINX_ENGINE);
    const said = new Set(SENTENCE.split(' '));
    const heard = words.filter((w) => said.has(w.word));
    expect(heard.length).toBeGreaterThanOrEqual(2);
    for (const w of words) {
      expect(w.start).toBeGreaterThanOrEqual(0.8);
      expect(w.end).toBeGreaterThanOrEqual(w.start);
      expect(w.word).toMatch(/^[a-z']+$/);
    }
  }, 60_000);

  it('shifts the words of a slice by the slice start', async () => {
    const slice = await writeWavSlice({ source: file('speech.wav'), startSec: 0.5, endSec: 8, out: file('slice.wav') });
    expect(slice).toEqual({ startSec: 0.5, endSec: 8, dataBytes: 7.5 * 32000 });
    const { words: whole } = await transcriber.transcribe({ wavPath: file('speech.wav'), offsetSec: 0 });
    const { words } = await transcriber.transcribe({ wavPath: file('slice.wav'), offsetSec: 0.5 });
    expect(words.length).toBeGreaterThan(0);
    expect(Math.abs(words[0]!.start - whole[0]!.start)).toBeLessThan(0.2);
  }, 60_000);

  it('rejects with the abort reason', async () => {
    const controller = new AbortController();
    const reason = new Error('stop');
    controller.abort(reason);
    await expect(transcriber.transcribe({ wavPath: file('speech.wav'), offsetSec: 0, signal: controller.signal })).rejects.toBe(reason);
  });

  it('fails plainly when the WAV is missing', async () => {
    await expect(transcriber.transcribe({ wavPath: file('missing.wav'), offsetSec: 0 })).rejects.toThrow(/pocketsphinx_continuous failed/);
  });
});
