import { describe, expect, it } from 'vitest';
import { LOUDNESS_GATE, MOTION_GATE, percentile, scaleSpeech, scaleToP95 } from '../../../core/percentile';

const oneToTen = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

describe('percentile (linear interpolation, rank = p/100 · (n−1))', () => {
  it.each([
    [0, 1],
    [25, 3.25],
    [50, 5.5],
    [75, 7.75],
    [95, 9.55],
    [100, 10],
  ])('of 1..10 at p=%s is %s', (p, expected) => {
    expect(percentile(oneToTen, p)).toBeCloseTo(expected, 10);
  });

  it('does not depend on input order', () => {
    expect(percentile([10, 1, 9, 2, 8, 3, 7, 4, 6, 5], 50)).toBe(5.5);
  });

  it('of one value is that value and of nothing is 0', () => {
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 50)).toBe(0);
  });
});

describe('scaleToP95', () => {
  it('maps the 95th percentile to 100 and scales the rest linearly', () => {
    // P95 of [0, 2, 4, 4]: rank 2.85 between 4 and 4 = 4.
    expect(scaleToP95([0, 2, 4, 4], 0)).toEqual([0, 50, 100, 100]);
  });

  it('caps values above the 95th percentile at 100', () => {
    const raw = [...new Array<number>(20).fill(1), 10]; // P95 = sorted[19] = 1
    expect(scaleToP95(raw, 0)).toEqual(new Array<number>(21).fill(100));
  });

  it('gives all 0 when P95 is 0', () => {
    expect(scaleToP95([0, 0, 0], 0)).toEqual([0, 0, 0]);
  });

  it('gives all 0 when P95 is below the motion gate of 0.5 grey levels', () => {
    expect(MOTION_GATE).toBe(0.5);
    expect(scaleToP95([0.1, 0.2, 0.4], MOTION_GATE)).toEqual([0, 0, 0]);
    expect(scaleToP95([0.25, 0.5, 0.5], MOTION_GATE)).toEqual([50, 100, 100]);
  });

  it('gives all 0 when P95 is below the loudness gate of −50 dBFS', () => {
    expect(LOUDNESS_GATE).toBeCloseTo(0.0031623, 7);
    expect(scaleToP95([0.003, 0.003], LOUDNESS_GATE)).toEqual([0, 0]);
    expect(scaleToP95([0.002, 0.004], LOUDNESS_GATE)).toEqual([(100 * 0.002) / (0.002 + 0.95 * 0.002), 100]);
  });
});

describe('scaleSpeech', () => {
  it('is all 0 with fewer than 3 words in the file', () => {
    expect(scaleSpeech([1, 1, 0])).toEqual([0, 0, 0]);
  });

  it('scales to P95 from 3 words on', () => {
    expect(scaleSpeech([1, 1, 1, 0])).toEqual([100, 100, 100, 0]);
    // [0,0,1,2]: P95 rank 2.85 → 1 + 0.85 = 1.85
    const scaled = scaleSpeech([0, 0, 2, 1]);
    expect(scaled[2]).toBe(100);
    expect(scaled[3]).toBeCloseTo(100 / 1.85, 10);
  });
});
