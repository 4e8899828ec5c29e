import { describe, expect, it } from 'vitest';
import { FrameDiffAccumulator } from '../../../activities/media/decode';
import { PICTURE_BYTES } from '../../../activities/media/ffmpeg-args';
import { FrameKind } from '../../../core/technical-cues';

/** Frames of 4 bytes, every pixel of frame i has the value values[i]. */
function stream(values: number[]): Uint8Array {
  return Uint8Array.from(values.flatMap((v) => [v, v, v, v]));
}

describe('FrameDiffAccumulator', () => {
  it('computes d_k against the previous frame and the skip diff across each frame', () => {
    const acc = new FrameDiffAccumulator(4);
    acc.push(stream([10, 30, 20, 20, 200]));
    expect(acc.frames).toBe(5);
    expect(acc.frameDiffs).toEqual([0, 20, 10, 0, 180]);
    expect(acc.skipDiffs).toEqual([NaN, 10, 10, 180, NaN]);
  });

  it('gives the same result whatever the chunk boundaries', () => {
    const bytes = stream([0, 5, 9, 100, 3, 3, 250]);
    const whole = new FrameDiffAccumulator(4);
    whole.push(bytes);
    for (const size of [1, 3, 5, 7]) {
      const split = new FrameDiffAccumulator(4);
      for (let i = 0; i < bytes.length; i += size) split.push(bytes.subarray(i, i + size));
      expect(split.frameDiffs).toEqual(whole.frameDiffs);
      expect(split.skipDiffs).toEqual(whole.skipDiffs);
    }
  });

  it('leaves an incomplete last frame out', () => {
    const acc = new FrameDiffAccumulator(4);
    acc.push(Uint8Array.from([1, 1, 1, 1, 9, 9]));
    expect(acc.frames).toBe(1);
    expect(acc.pendingBytes).toBe(2);
    expect(acc.skipDiffs).toEqual([NaN]);
  });

  it('diffs the grey plane of each colour sample and classifies every sample (black, colour bars, plain)', () => {
    const plane = 96 * 54;
    const sample = (grey: number, u: number, v: number) => {
      const bytes = new Uint8Array(PICTURE_BYTES);
      bytes.fill(grey, 0, plane);
      bytes.fill(u, plane, 2 * plane);
      bytes.fill(v, 2 * plane);
      return bytes;
    };
    const acc = new FrameDiffAccumulator();
    // Black, then a mid grey, then the same grey with other colour planes: the colour never counts as motion.
    for (const s of [sample(0, 128, 128), sample(100, 128, 128), sample(100, 60, 200)]) acc.push(s);
    expect(acc.frameDiffs).toEqual([0, 100, 0]);
    expect(acc.frameKinds).toEqual([FrameKind.black, FrameKind.plain, FrameKind.plain]);
  });

  it('diffs per pixel, not per mean', () => {
    const acc = new FrameDiffAccumulator(4);
    acc.push(Uint8Array.from([0, 255, 0, 255, 255, 0, 255, 0]));
    expect(acc.frameDiffs).toEqual([0, 255]);
  });
});
