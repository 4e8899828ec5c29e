import { describe, expect, it } from 'vitest';
import { maxTranscriptChunks, planTranscriptChunks } from '../../../core/chunks';

function windows(seconds: number, level: number, quiet: Record<number, number> = {}): number[] {
  return Array.from({ length: Math.round(seconds * 10) }, (_, w) => quiet[w] ?? level);
}

describe('planTranscriptChunks', () => {
  it('splits at the centre of the quietest 100 ms window within ±10 s of each 60 s mark', () => {
    // window 612 covers 61.2–61.3 s; window 750 (75 s) is quieter but out of reach.
    expect(planTranscriptChunks(windows(150, 0.1, { 612: 0.001, 750: 0 }), 150)).toEqual([
      { start: 0, end: 61.25 },
      { start: 61.25, end: 150 },
    ]);
  });

  it('takes the quiet window nearest the mark on a tie', () => {
    expect(planTranscriptChunks(windows(100, 0.1, { 570: 0, 625: 0 }), 100)).toEqual([
      { start: 0, end: 62.55 },
      { start: 62.55, end: 100 },
    ]);
  });

  it('keeps a remainder of at most 1.5 chunks whole', () => {
    expect(planTranscriptChunks(windows(80, 0.1), 80)).toEqual([{ start: 0, end: 80 }]);
    expect(planTranscriptChunks(windows(90, 0.1), 90)).toEqual([{ start: 0, end: 90 }]);
  });

  it('splits on the marks when there is no audio level to go by', () => {
    expect(planTranscriptChunks([], 200)).toEqual([
      { start: 0, end: 60 },
      { start: 60, end: 120 },
      { start: 120, end: 200 },
    ]);
  });

  it('honours a different chunk length and gives nothing for no duration', () => {
    expect(planTranscriptChunks([], 50, { targetChunkSec: 20 })).toEqual([
      { start: 0, end: 20 },
      { start: 20, end: 50 },
    ]);
    expect(planTranscriptChunks([], 51, { targetChunkSec: 20 })).toEqual([
      { start: 0, end: 20 },
      { start: 20, end: 40 },
      { start: 40, end: 51 },
    ]);
    expect(planTranscriptChunks([], 0)).toEqual([]);
  });
});

describe('maxTranscriptChunks', () => {
  it('bounds the chunk count of a 2-hour file at 145 and of a 3-hour one at 217', () => {
    expect(maxTranscriptChunks(7200)).toBe(145);
    expect(maxTranscriptChunks(10800)).toBe(217);
    expect(maxTranscriptChunks(0)).toBe(0);
  });

  it('holds for a soundtrack whose quietest moment is always as early as the search allows', () => {
    // Ever louder: the quietest window in reach is always the earliest, 10 s before the mark, so every chunk is as short as it can be.
    const duration = 7200;
    const rms = Array.from({ length: duration * 10 }, (_, w) => w);
    const chunks = planTranscriptChunks(rms, duration);
    expect(chunks.length).toBeGreaterThan(140);
    expect(chunks.length).toBeLessThanOrEqual(maxTranscriptChunks(duration));
  });
});
