import { describe, expect, it } from 'vitest';
import { gradeFor, hookValue, labelFor, overallScore, scoreParts, speakingSeconds, type ScoreMeasures } from '../../../core/score';

const fill = (n: number, v: number) => Array.from({ length: n }, () => v);
/** `count` words of `length` seconds, one every `every` seconds from `from`. */
const wordsEvery = (count: number, every: number, length: number, from = 0) =>
  Array.from({ length: count }, (_, i) => ({ start: from + i * every, end: from + i * every + length }));
const measures = (over: Partial<ScoreMeasures> & { durationSec: number }): ScoreMeasures => ({
  words: [],
  cuts: [],
  dead: [],
  motionRaw: fill(Math.ceil(over.durationSec), 0),
  loudnessRms: fill(Math.ceil(over.durationSec), 0),
  ...over,
});
const minus30dBFS = 10 ** (-30 / 20);

describe('speakingSeconds', () => {
  it.each([
    {
      name: 'joins words closer than 0.5 s',
      words: [
        { start: 0, end: 0.3 },
        { start: 0.5, end: 0.8 },
        { start: 1.5, end: 1.8 },
      ],
      duration: 10,
      expected: 1.1,
    },
    {
      name: 'a gap of exactly 0.5 s is a pause',
      words: [
        { start: 0, end: 0.5 },
        { start: 1, end: 1.5 },
      ],
      duration: 10,
      expected: 1,
    },
    { name: 'counts only what lies inside the file', words: [{ start: 9.8, end: 10.4 }], duration: 10, expected: 0.2 },
    { name: 'nothing without words', words: [], duration: 10, expected: 0 },
  ])('$name', ({ words, duration, expected }) => {
    expect(speakingSeconds(words, duration)).toBeCloseTo(expected, 9);
  });
});

describe('scoreParts and overallScore', () => {
  it.each([
    {
      name: 'spoken throughout at 152 wpm, a cut every 2.5 s, moving, at -30 dBFS: every part full',
      m: measures({ durationSec: 10, words: wordsEvery(25, 0.4, 0.3), cuts: [2.5, 5, 7.5], motionRaw: fill(10, 3), loudnessRms: fill(10, minus30dBFS) }),
      parts: { live: 1, speech: 1, pace: 1, cutting: 1, motion: 1, loudness: 1 },
      score: 100,
    },
    {
      name: 'one 10 s shot, half the reference motion, sound at -60 dBFS',
      m: measures({ durationSec: 10, words: wordsEvery(25, 0.4, 0.3), motionRaw: fill(10, 1.5), loudnessRms: fill(10, 0.001) }),
      // cutting = ln(40/10)/ln(10) = 0.60206; 100 × (0.4 + 0.1 + 0.2 × 0.60206 + 0.15 × 0.5 + 0) = 69.54
      parts: { live: 1, speech: 1, pace: 1, cutting: 0.60206, motion: 0.5, loudness: 0 },
      score: 70,
    },
    {
      name: 'a slow talker: 10 words over 8.6 s of speech is 69.8 wpm',
      m: measures({ durationSec: 10, words: wordsEvery(10, 0.9, 0.5), motionRaw: fill(10, 3), loudnessRms: fill(10, minus30dBFS) }),
      // pace = (69.77 − 40) / (110 − 40) = 0.4252; 100 × (0.4 + 0.1 × 0.4252 + 0.2 × 0.60206 + 0.15 + 0.15) = 86.29
      parts: { live: 1, speech: 1, pace: 0.42525, cutting: 0.60206, motion: 1, loudness: 1 },
      score: 86,
    },
    {
      name: 'a still, silent, wordless file is empty: nothing is live',
      m: measures({ durationSec: 4.5 }),
      parts: { live: 0, speech: 0, pace: 0, cutting: 0.94884, motion: 0, loudness: 0 },
      score: 0,
    },
    {
      name: 'a dead stretch ending on a partial last second counts by the time it holds',
      // Seconds 3, 4 and half of 5 are dead: 2.5 of 5.5 s. cutting = ln(40/5.5)/ln(10) = 0.86170.
      // 100 × (3/5.5) × (0.2 × 0.86170 + 0.15 + 0.15) = 25.76
      m: measures({ durationSec: 5.5, dead: [{ start: 3, end: 5.5 }], motionRaw: fill(6, 3), loudnessRms: fill(6, minus30dBFS) }),
      parts: { live: 0.54545, speech: 0, pace: 0, cutting: 0.8617, motion: 1, loudness: 1 },
      score: 26,
    },
    {
      name: 'no duration scores 0',
      m: measures({ durationSec: 0 }),
      parts: { live: 0, speech: 0, pace: 0, cutting: 0, motion: 0, loudness: 0 },
      score: 0,
    },
  ])('$name', ({ m, parts, score }) => {
    const got = scoreParts(m);
    for (const [key, value] of Object.entries(parts)) expect(got[key as keyof typeof got], key).toBeCloseTo(value, 4);
    expect(overallScore(m)).toBe(score);
  });

  it('weighs a partial last second by its share of a second in the motion and loudness means', () => {
    // 2.25 s: seconds 0 and 1 full, second 2 a quarter; motion 3, 3, 0 → (1 + 1 + 0) / 2.25.
    const got = scoreParts(measures({ durationSec: 2.25, motionRaw: [3, 3, 0], loudnessRms: [minus30dBFS, minus30dBFS, minus30dBFS] }));
    expect(got.motion).toBeCloseTo(2 / 2.25, 9);
    expect(got.loudness).toBeCloseTo(1, 9);
  });
});

describe('gradeFor and labelFor', () => {
  it.each([
    [100, 'A+', 'Gripping'],
    [97, 'A+', 'Gripping'],
    [96, 'A', 'Gripping'],
    [93, 'A', 'Gripping'],
    [92, 'A-', 'Gripping'],
    [90, 'A-', 'Gripping'],
    [89, 'B+', 'Engaging'],
    [87, 'B+', 'Engaging'],
    [86, 'B', 'Engaging'],
    [83, 'B', 'Engaging'],
    [82, 'B-', 'Engaging'],
    [80, 'B-', 'Engaging'],
    [79, 'C+', 'Steady'],
    [77, 'C+', 'Steady'],
    [76, 'C', 'Steady'],
    [73, 'C', 'Steady'],
    [72, 'C-', 'Steady'],
    [70, 'C-', 'Steady'],
    [69, 'D+', 'Sluggish'],
    [67, 'D+', 'Sluggish'],
    [66, 'D', 'Sluggish'],
    [63, 'D', 'Sluggish'],
    [62, 'D-', 'Sluggish'],
    [60, 'D-', 'Sluggish'],
    [59, 'F', 'Flat'],
    [0, 'F', 'Flat'],
  ])('score %s is %s, %s', (score, grade, label) => {
    expect(gradeFor(score)).toBe(grade);
    expect(labelFor(grade)).toBe(label);
  });
});

describe('hookValue', () => {
  it.each([
    [[10, 20, 30, 40], 20],
    [[10, 21], 15.5],
    [[10, 10, 11], 10.3],
    [[], 0],
  ])('of %j is %s', (hold, expected) => {
    expect(hookValue(hold)).toBe(expected);
  });
});
