// The decoder's shortcut (non-reference frames not decoded, from 20 fps) must
// leave the read of every fixture unchanged in substance: the same frame count,
// loudness and cuts, every second's hold within 2 points of 100 and motion
// within 10, and a second in or out of a dead stretch only where its hold sits
// within those 2 points of the floor. Each fixture is decoded twice by the real
// ffmpeg, with the shortcuts its frame rate gets and with none. A file built so
// that skipping would leave samples without a new picture (16 non-reference
// B-frames in a row) shows the fallback to a full decode.

import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMedia, type DecodeResult } from '../../../activities/media/decode';
import { NO_SHORTCUTS, decoderShortcuts, type DecoderShortcuts } from '../../../activities/media/ffmpeg-args';
import { probeMedia } from '../../../activities/media/probe';
import { FLOOR } from '../../../core/dead';
import { assembleRead } from '../../../core/read';
import { FrameDiffAccumulator, NON_REF_REPEAT_SHARE, isolatedRepeatShare } from '../../../activities/media/decode';
import { decodeArgs } from '../../../activities/media/ffmpeg-args';
import { makeFixtures } from '../../../tooling/fixtures/make';

const run = promisify(execFile);

/** Largest allowed change of a second's hold and motion scores (0–100) between the two decodes. */
const HOLD_TOLERANCE = 2;
const MOTION_TOLERANCE = 10;

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'holdline-shortcuts-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function decode(path: string, shortcuts: DecoderShortcuts | undefined, fps: number | null, name: string) {
  const info = await probeMedia(path);
  const decoded = await decodeMedia({
    input: path,
    wavOut: join(dir, `${name}-${shortcuts === NO_SHORTCUTS ? 'plain' : 'short'}.wav`),
    hasAudio: info.hasAudio,
    durationSec: info.durationSec,
    sourceFps: fps ?? info.fps,
    ...(shortcuts ? { shortcuts } : {}),
  });
  return decoded;
}

function readOf(decoded: DecodeResult) {
  const read = assembleRead({
    durationSec: decoded.durationSec,
    frameDiffs: decoded.frameDiffs,
    skipDiffs: decoded.skipDiffs,
    loudnessRms: decoded.loudnessRms,
    words: [],
  });
  const dead = new Set(read.dead.flatMap((d) => Array.from({ length: d.end - d.start }, (_, i) => d.start + i)));
  return { cuts: read.cuts, dead, hold: read.timeline.map((t) => t.scores.hold), motion: read.timeline.map((t) => t.scores.motion) };
}

const worstChange = (a: number[], b: number[]) => Math.max(0, ...a.map((x, t) => Math.abs(x - (b[t] ?? Number.NaN))));

function expectSameRead(plain: DecodeResult, short: DecodeResult) {
  const a = readOf(plain);
  const b = readOf(short);
  expect(short.frames).toBe(plain.frames);
  expect(short.loudnessRms).toEqual(plain.loudnessRms);
  expect(b.cuts).toEqual(a.cuts);
  expect(worstChange(a.hold, b.hold)).toBeLessThanOrEqual(HOLD_TOLERANCE);
  expect(worstChange(a.motion, b.motion)).toBeLessThanOrEqual(MOTION_TOLERANCE);
  const flipped = a.hold.map((_, t) => t).filter((t) => a.dead.has(t) !== b.dead.has(t));
  for (const t of flipped) expect(Math.abs((a.hold[t] as number) - FLOOR), `second ${t} left or joined a dead stretch`).toBeLessThanOrEqual(HOLD_TOLERANCE);
}

describe('decoder shortcuts keep the read of every fixture', async () => {
  const fixtures = (await makeFixtures({ log: () => undefined })).filter((f) => f.truth.hasVideo && !f.truth.expectError && (f.truth.duration ?? 0) <= 120);

  it('covers fixtures whose frame rate allows skipping non-reference frames', () => {
    expect(decoderShortcuts(null).skipNonRef).toBe(false);
    expect(fixtures.filter((f) => decoderShortcuts(f.truth.fps).skipNonRef).length).toBeGreaterThanOrEqual(10);
  });

  it.each(fixtures.map((f) => [f.name, f] as const))('%s: same cuts, dead stretches and motion', async (name, f) => {
    const plain = await decode(f.path, NO_SHORTCUTS, null, name);
    const short = await decode(f.path, undefined, null, name);
    expectSameRead(plain, short);
  });
});

describe('skipping non-reference frames falls back to a full decode when it would repeat pictures', () => {
  it('decodes a 30 fps file with 16 non-reference B-frames in a row as without the skip', async () => {
    const path = join(dir, 'long-b-runs.mp4');
    // A moving test pattern with two hard cuts; every run of 16 B-frames is 0.53 s, two sample intervals.
    await run('ffmpeg', [
      '-nostdin',
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=320x180:r=30:d=4',
      '-f',
      'lavfi',
      '-i',
      'mandelbrot=s=320x180:r=30,trim=duration=4',
      '-f',
      'lavfi',
      '-i',
      'testsrc=s=320x180:r=30:d=4',
      '-filter_complex',
      '[0:v][1:v][2:v]concat=n=3:v=1:a=0,format=yuv420p[v]',
      '-map',
      '[v]',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-x264-params',
      'bframes=16:b-adapt=0:b-pyramid=none:scenecut=0:keyint=300',
      path,
    ]);
    // Without the fallback, the skip leaves isolated repeated samples...
    const { stdout } = await run('ffmpeg', decodeArgs({ input: path, shortcuts: { skipLoopFilter: false, skipNonRef: true } }), {
      encoding: 'buffer',
      maxBuffer: 64 * 1024 * 1024,
    });
    const raw = new FrameDiffAccumulator();
    raw.push(stdout);
    expect(isolatedRepeatShare(raw.frameDiffs)).toBeGreaterThan(NON_REF_REPEAT_SHARE);
    // ...so decodeMedia decodes again in full.
    const skipped = await decodeMedia({
      input: path,
      wavOut: join(dir, 'x.wav'),
      hasAudio: false,
      durationSec: 12,
      shortcuts: { skipLoopFilter: false, skipNonRef: true },
    });
    const plain = await decodeMedia({ input: path, wavOut: join(dir, 'y.wav'), hasAudio: false, durationSec: 12, shortcuts: NO_SHORTCUTS });
    // The fallback gives the full decode's samples exactly (no deblocking shortcut in either).
    expect(skipped.frameDiffs).toEqual(plain.frameDiffs);
    expect(readOf(skipped).cuts).toEqual([4, 8]);
  });
});
