import { describe, expect, it } from 'vitest';
import { LoudnessMeter, SILENCE_RMS } from '../../../core/loudness';

const constant = (n: number, v: number) => new Int16Array(n).fill(v);

function bytesOf(samples: Int16Array): Uint8Array {
  const out = new Uint8Array(samples.length * 2);
  samples.forEach((s, i) => {
    out[2 * i] = s & 0xff;
    out[2 * i + 1] = (s >> 8) & 0xff;
  });
  return out;
}

describe('LoudnessMeter', () => {
  it('gives the RMS of each second at full scale 1.0, a partial last second over its own samples', () => {
    const m = new LoudnessMeter();
    m.feed(constant(16000, 16384)); // 0.5 full scale
    m.feed(constant(8000, -8192)); // 0.25 full scale
    expect(m.perSecondRms()).toEqual([0.5, 0.25]);
    expect(m.durationSec).toBe(1.5);
  });

  it('gives a full-scale sine an RMS of 1/√2', () => {
    const m = new LoudnessMeter();
    m.feed(Int16Array.from({ length: 16000 }, (_, i) => Math.round(32767 * Math.sin((2 * Math.PI * 440 * i) / 16000))));
    expect(m.perSecondRms()[0]).toBeCloseTo(Math.SQRT1_2, 3);
  });

  it('counts a second below −60 dBFS as 0', () => {
    expect(SILENCE_RMS).toBeCloseTo(0.001, 12);
    const m = new LoudnessMeter();
    m.feed(constant(16000, 32)); // 0.000977
    m.feed(constant(16000, 33)); // 0.001007
    expect(m.perSecondRms()).toEqual([0, 33 / 32768]);
  });

  it('gives the same result whatever the chunk sizes, as samples or as odd-sized byte chunks', () => {
    const samples = Int16Array.from({ length: 40000 }, (_, i) => ((i * 7919) % 65536) - 32768);
    const whole = new LoudnessMeter();
    whole.feed(samples);
    const pieces = new LoudnessMeter();
    for (let i = 0; i < samples.length; i += 1234) pieces.feed(samples.subarray(i, i + 1234));
    const bytes = bytesOf(samples);
    const fromBytes = new LoudnessMeter();
    for (const [a, b] of [
      [0, 1],
      [1, 4],
      [4, 4],
      [4, 30001],
      [30001, bytes.length],
    ] as const) {
      fromBytes.feedBytes(bytes.subarray(a, b));
    }
    expect(pieces.perSecondRms()).toEqual(whole.perSecondRms());
    expect(fromBytes.perSecondRms()).toEqual(whole.perSecondRms());
    expect(fromBytes.windowRms()).toEqual(whole.windowRms());
    expect(fromBytes.sampleCount).toBe(40000);
  });

  it('gives RMS per 100 ms window without a silence floor', () => {
    const m = new LoudnessMeter();
    m.feed(constant(1600, 16384));
    m.feed(constant(1600, 0));
    m.feed(constant(1600, 8192));
    m.feed(constant(800, 32)); // a partial last window, over its own samples
    expect(m.windowRms()).toEqual([0.5, 0, 0.25, 32 / 32768]);
  });

  it('reports nothing before any audio', () => {
    const m = new LoudnessMeter();
    expect(m.perSecondRms()).toEqual([]);
    expect(m.windowRms()).toEqual([]);
  });
});
