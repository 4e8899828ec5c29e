import { describe, expect, it } from 'vitest';
import { assembleRead } from '../../../core/read';
import type { RawMeasurements } from '../../../core/measurements';

// Issue 32's sanity pairs, through the whole read: measurements made second by second
// from a script of what each second holds, as a file made from known ingredients would give.

interface Second {
  /** Mean frame difference in grey levels (96x54, 4 fps). */
  grey: number;
  /** RMS, full scale 1.0. */
  rms: number;
  /** Words starting in the second. */
  words: number;
  /** A hard cut at the second's start. */
  cut?: boolean;
}

function measured(script: readonly Second[]): RawMeasurements {
  const frameDiffs: number[] = [];
  const skipDiffs: number[] = [];
  script.forEach((s, t) => {
    for (let q = 0; q < 4; q++) {
      const cut = s.cut === true && q === 0 && t > 0;
      frameDiffs.push(t === 0 && q === 0 ? 0 : cut ? 60 : s.grey);
      skipDiffs.push(cut ? 60 : s.grey);
    }
  });
  const words = script.flatMap((s, t) =>
    Array.from({ length: s.words }, (_, i) => ({ word: 'word', start: t + 0.05 + (i * 0.9) / s.words, end: t + 0.05 + (i * 0.9) / s.words + 0.25 })),
  );
  return { durationSec: script.length, frameDiffs, skipDiffs, loudnessRms: script.map((s) => s.rms), words };
}

const repeat = <T>(n: number, at: (t: number) => T): T[] => Array.from({ length: n }, (_, t) => at(t));

/**
 * A test pattern that scrolls, with a steady tone at -20 dBFS: no words, no cuts. It scrolls because a static one
 * never ranked wrong: its hold is the tone's 0.25 x 100 = 25, under the floor every second, so the first contract's
 * rule and this one both score it 0 (every second dead); a moving pattern is what scored 95 (A) under the old rule.
 */
const testPattern = repeat(20, () => ({ grey: 4, rms: 0.1, words: 0 }));

/** A talking head with a cut every 5 s, speech with breaths and a pause, motion and level that vary as real footage does. */
const spoken = repeat(30, (t) => ({
  grey: [1.0, 2.0, 1.5, 3.5, 0.8, 1.2][t % 6] as number,
  rms: [0.03, 0.06, 0.045, 0.08][t % 4] as number,
  words: [3, 2, 3, 0, 2, 3, 3, 1][t % 8] as number,
  cut: t > 0 && t % 5 === 0,
}));

const still = (n: number) => repeat(n, () => ({ grey: 0, rms: 0, words: 0 }));
/** `inserted` spliced in at second `at`, with a cut into it and out of it. */
const insert = (script: readonly Second[], at: number, inserted: readonly Second[]): Second[] => [
  ...script.slice(0, at),
  ...inserted.map((s, i) => (i === 0 ? { ...s, cut: true } : s)),
  ...script.slice(at).map((s, i) => (i === 0 ? { ...s, cut: true } : s)),
];

const score = (script: readonly Second[]) => assembleRead(measured(script)).score;

/** The script without the seconds of the read's dead stretches. */
function trimmed(script: readonly Second[]): Second[] {
  const { dead } = assembleRead(measured(script));
  expect(dead.length).toBeGreaterThan(0);
  return script.filter((_, t) => !dead.some((d) => t >= d.start && t < d.end));
}

describe("issue 32's sanity pairs", () => {
  it('scores a static test pattern with a tone below a spoken video with cuts', () => {
    expect(score(testPattern)).toBeLessThan(score(spoken));
    // Not only in order: the pattern is no "Engaging" B.
    expect(assembleRead(measured(testPattern)).grade).toBe('F');
  });

  it('scores the same video lower with 10 s of still silence inserted', () => {
    expect(score(insert(spoken, 15, still(10)))).toBeLessThan(score(spoken));
    expect(score(insert(spoken, 0, still(10)))).toBeLessThan(score(spoken));
  });

  it.each([
    { name: 'a spoken video with 10 s of still silence', script: insert(spoken, 15, still(10)) },
    { name: 'a silent title card, then speech', script: insert(spoken, 0, still(4)) },
    {
      name: 'colour bars with no sound between two spoken parts',
      script: insert(
        spoken,
        12,
        repeat(8, () => ({ grey: 0.2, rms: 0, words: 0 })),
      ),
    },
    { name: 'a test pattern with a silent tail', script: [...testPattern, ...still(6)] },
  ])('never scores lower once the dead stretches are trimmed off: $name', ({ script }) => {
    expect(score(trimmed(script))).toBeGreaterThanOrEqual(score(script));
  });
});
