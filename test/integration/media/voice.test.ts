// The voice detector on real audio: fixtures made from known ingredients
// (recorded LibriVox sentences, espeak-ng speech, synthetic music), checked
// against where their truth says someone speaks.

import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SILERO_MODEL_SHA256, SileroModelError, defaultSileroModelPath, loadSileroSession, speechProbabilities } from '../../../activities/media/silero-vad';
import { detectVoice } from '../../../activities/media/voice';
import { readWavLayout } from '../../../activities/media/wav';
import { secondsCovered } from '../../../bench/fidelity-measures';
import { fixture, type Fixture } from '../helpers/fixtures';

const run = promisify(execFile);
let dir: string;

/** The fixture's soundtrack as the worker hands it to the detector: 16 kHz mono s16le WAV. */
async function soundtrack(f: Fixture, seconds?: number): Promise<string> {
  const out = join(dir, `${f.truth.name}${seconds ? `-${seconds}` : ''}.wav`);
  const limit = seconds ? ['-t', String(seconds)] : [];
  await run('ffmpeg', [
    '-nostdin',
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-i',
    f.path,
    ...limit,
    '-vn',
    '-ac',
    '1',
    '-ar',
    '16000',
    '-c:a',
    'pcm_s16le',
    out,
  ]);
  return out;
}

const spokenSeconds = (f: Fixture) => secondsCovered(f.truth.speech, Math.ceil(f.truth.duration!));

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'holdline-voice-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.each(['real-speech', 'real-speech-music-10', 'speech-es', 'talking'])('speech: %s', (name) => {
  let f: Fixture;
  let regions: Awaited<ReturnType<typeof detectVoice>>;
  beforeAll(async () => {
    f = await fixture(name);
    regions = await detectVoice(await soundtrack(f), 0);
  });

  it('finds a voice over every spoken stretch of the truth', () => {
    for (const s of f.truth.speech) {
      const covered = regions.reduce((sum, r) => sum + Math.max(0, Math.min(r.end, s.end) - Math.max(r.start, s.start)), 0);
      expect(covered / (s.end - s.start), `${s.start}-${s.end} "${s.text}"`).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('flags at least 90 % of the spoken seconds and no second more than 1 s from speech', () => {
    const spoken = spokenSeconds(f);
    const flagged = secondsCovered(regions, spoken.length);
    const hits = flagged.filter((v, t) => v && spoken[t]).length;
    expect(hits / spoken.filter(Boolean).length).toBeGreaterThanOrEqual(0.9);
    const nearSpeech = (t: number) => f.truth.speech.some((s) => t + 1 > s.start - 1 && t < s.end + 1);
    expect(flagged.map((v, t) => (v && !nearSpeech(t) ? t : null)).filter((t) => t !== null)).toEqual([]);
  });

  it("lies within the spoken stretches, and each stretch's voice starts and ends within 0.5 s of its truth window", () => {
    const widened = f.truth.speech.map((s) => ({ start: s.start - 0.5, end: s.end + 0.5 }));
    for (const r of regions) {
      expect(
        widened.some((w) => r.start >= w.start && r.end <= w.end),
        `region ${r.start}-${r.end} inside a stretch`,
      ).toBe(true);
    }
    for (const s of f.truth.speech) {
      // A sentence's own pauses may split it into several regions.
      const inside = regions.filter((r) => r.start < s.end && s.start < r.end);
      expect(Math.abs(inside[0]!.start - s.start), `start of "${s.text}"`).toBeLessThanOrEqual(0.5);
      expect(Math.abs(inside[inside.length - 1]!.end - s.end), `end of "${s.text}"`).toBeLessThanOrEqual(0.5);
    }
  });
});

describe.each(['real-music-only', 'snd-music', 'snd-applause', 'snd-hum'])('no voice: %s', (name) => {
  it('hears no voice in at least 95 % of the seconds', async () => {
    const f = await fixture(name);
    expect(f.truth.speech).toEqual([]);
    const regions = await detectVoice(await soundtrack(f), 0);
    const flagged = secondsCovered(regions, Math.ceil(f.truth.duration!));
    expect(flagged.filter(Boolean).length / flagged.length).toBeLessThanOrEqual(0.05);
  });
});

describe('the Silero runner', () => {
  it('gives one probability per 32 ms window, the last partial window included, and offsets regions by where the WAV starts', async () => {
    // 10.01 s: 160160 samples, 312 whole windows and one of 416 samples.
    const wav = await soundtrack(await fixture('real-speech'), 10.01);
    const samples = (await readWavLayout(wav)).dataBytes / 2;
    expect(samples).toBe(160160);
    const { probabilities, durationSec } = await speechProbabilities(wav);
    expect(durationSec).toBe(samples / 16000);
    expect(probabilities.length).toBe(313);
    const at0 = await detectVoice(wav, 0);
    const at100 = await detectVoice(wav, 100);
    expect(at100).toEqual(at0.map((r) => ({ start: Math.round((r.start + 100) * 1000) / 1000, end: Math.round((r.end + 100) * 1000) / 1000 })));
  });

  it('gives the same regions when several files share the session at once', async () => {
    const wavs = await Promise.all(['real-speech', 'speech-es'].map(async (n) => soundtrack(await fixture(n))));
    const alone = [];
    for (const w of wavs) alone.push(await detectVoice(w, 0));
    expect(await Promise.all(wavs.map((w) => detectVoice(w, 0)))).toEqual(alone);
  });

  it('stops at the abort signal with its reason', async () => {
    const wav = await soundtrack(await fixture('real-speech'));
    const controller = new AbortController();
    const reason = new Error('cancelled by the test');
    const pending = speechProbabilities(wav, controller.signal);
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it('refuses a model file whose sha256 is not the pinned one, and names both hashes', async () => {
    const altered = join(dir, 'altered.onnx');
    const bytes = await readFile(defaultSileroModelPath());
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff;
    await writeFile(altered, bytes);
    const error = await loadSileroSession(altered).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SileroModelError);
    expect((error as SileroModelError).code).toBe('model_hash_mismatch');
    expect((error as Error).message).toContain(SILERO_MODEL_SHA256);
    // The same bytes again, unaltered, under another name: the check passes and the model loads.
    const intact = join(dir, 'intact.onnx');
    await copyFile(defaultSileroModelPath(), intact);
    await expect(loadSileroSession(intact)).resolves.toBeDefined();
  });

  it('reports a missing model file as such', async () => {
    const error = await loadSileroSession(join(dir, 'nowhere.onnx')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SileroModelError);
    expect((error as SileroModelError).code).toBe('model_missing');
  });
});
