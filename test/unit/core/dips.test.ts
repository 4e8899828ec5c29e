import { describe, expect, it } from 'vitest';
import { adviceAction, dipAdvice, dipCauses, findDips, holdDrops, mergeSpans, shots, subtractSpans } from '../../../core/dips';
import type { DipCause } from '../../../core/wire/constants';
import type { RecognisedWord } from '../../../core/measurements';

const fill = (n: number, v: number) => Array.from({ length: n }, () => v);
const word = (start: number, end = start + 0.3): RecognisedWord => ({ word: 'w', start, end });
/** A word starting every half second over [from, to). */
const talk = (from: number, to: number) => Array.from({ length: Math.round((to - from) * 2) }, (_, i) => word(from + i / 2));

describe('holdDrops', () => {
  it.each([
    { name: 'a fall of 15 within 3 s, to the lowest second', hold: [60, 60, 50, 44, 45, 60], expected: [{ start: 2, end: 4 }] },
    { name: 'a fall of 14 is none', hold: [60, 55, 50, 46, 50], expected: [] },
    { name: 'a slow fall over 4 s is none', hold: [60, 56, 52, 48, 44.5], expected: [] },
    {
      name: 'a steep fall seen from two seconds is one span, from the last second high enough above the lowest',
      hold: [80, 60, 40, 40],
      expected: [{ start: 2, end: 3 }],
    },
    { name: 'a fall after a plateau starts after the plateau', hold: [60, 60, 60, 40, 60], expected: [{ start: 3, end: 4 }] },
  ])('$name', ({ hold, expected }) => {
    expect(holdDrops(hold)).toEqual(expected);
  });
});

describe('mergeSpans and shots', () => {
  it('joins overlapping and touching spans', () => {
    expect(
      mergeSpans([
        { start: 5, end: 8 },
        { start: 1, end: 3 },
        { start: 3, end: 4 },
        { start: 7, end: 9 },
      ]),
    ).toEqual([
      { start: 1, end: 4 },
      { start: 5, end: 9 },
    ]);
  });
  it('cuts the file into shots between cuts', () => {
    expect(shots([2.5, 6], 10)).toEqual([
      { start: 0, end: 2.5 },
      { start: 2.5, end: 6 },
      { start: 6, end: 10 },
    ]);
    expect(shots([], 4)).toEqual([{ start: 0, end: 4 }]);
  });
});

describe('dipCauses', () => {
  const n = 30;
  const moving = fill(n, 60);
  const loud = fill(n, 70);
  it.each([
    {
      name: 'a still silent slate with nobody speaking, inside one long shot',
      span: { start: 10, end: 16 },
      motion: moving.map((m, t) => (t >= 10 && t < 16 ? 0 : m)),
      loudness: loud.map((l, t) => (t >= 10 && t < 16 ? 0 : l)),
      words: [...talk(0, 10), ...talk(16, 30)],
      cuts: [5, 20],
      expected: ['still_picture', 'silence', 'no_speech', 'long_shot'],
    },
    {
      name: 'a moving picture whose sound drops and whose speech pauses, in a shot longer than the median',
      span: { start: 10, end: 15 },
      motion: moving,
      loudness: loud.map((l, t) => (t >= 10 && t < 15 ? 30 : l)),
      words: [...talk(0, 11.5), ...talk(14, 30)],
      cuts: [2, 4, 6, 8, 16, 18, 20],
      expected: ['loudness_drop', 'long_pause', 'slow_cutting'],
    },
    {
      name: 'no cause when picture, sound, words and cutting all carry on',
      span: { start: 10, end: 12 },
      motion: moving,
      loudness: loud,
      words: talk(0, 30),
      cuts: [3, 6, 9, 11, 14, 17],
      expected: [],
    },
    {
      name: 'just under the thresholds: motion 10, loudness 10 points under what came before, a pause of 1.9 s',
      span: { start: 10, end: 12 },
      motion: moving.map((m, t) => (t >= 10 && t < 12 ? 10 : m)),
      loudness: loud.map((l, t) => (t >= 10 && t < 12 ? 60 : l)),
      words: [...talk(0, 10), word(10, 10.2), word(12, 12.4), ...talk(12.5, 30)],
      cuts: [9, 12],
      expected: [],
    },
    {
      name: 'a 3 s dip or longer is read without its first and last second (hold is a 3 s mean)',
      span: { start: 9, end: 14 },
      motion: moving.map((m, t) => (t >= 10 && t < 13 ? 0 : m)),
      loudness: loud.map((l, t) => (t >= 10 && t < 13 ? 0 : l)),
      words: [...talk(0, 10), ...talk(13, 30)],
      cuts: [3, 6, 9, 12, 15, 18],
      expected: ['still_picture', 'silence', 'no_speech'],
    },
  ])('$name', ({ span, motion, loudness, words, cuts, expected }) => {
    expect(dipCauses(span, { motion, loudness, words, cuts, durationSec: n }).causes).toEqual(expected);
  });
});

describe('adviceAction: the cause table', () => {
  it.each<[DipCause[], string | null]>([
    [['still_picture', 'silence', 'no_speech', 'long_shot'], 'cut'],
    [['silence', 'no_speech'], 'cut or add sound under'],
    [['loudness_drop', 'no_speech'], 'tighten or talk over'],
    [['loudness_drop', 'long_pause'], 'close the pause in'],
    [['still_picture', 'long_pause'], 'close the pause in'],
    [['still_picture'], 'add movement or a cutaway over'],
    [['loudness_drop', 'slow_cutting'], 'lift the sound in'],
    [['long_shot'], 'add a cut or a cutaway in'],
    [['slow_cutting'], 'cut faster in'],
    [[], null],
  ])('%j: %s', (causes, action) => {
    expect(adviceAction(causes)).toBe(action);
  });
});

describe('subtractSpans', () => {
  it('leaves the parts outside the holes', () => {
    expect(subtractSpans({ start: 36, end: 52 }, [{ start: 42, end: 52 }])).toEqual([{ start: 36, end: 42 }]);
    expect(
      subtractSpans({ start: 0, end: 10 }, [
        { start: 2, end: 4 },
        { start: 6, end: 7 },
      ]),
    ).toEqual([
      { start: 0, end: 2 },
      { start: 4, end: 6 },
      { start: 7, end: 10 },
    ]);
    expect(subtractSpans({ start: 3, end: 5 }, [{ start: 0, end: 8 }])).toEqual([]);
  });
});

describe('dipAdvice', () => {
  it("names the span, its length and every cause in one sentence, led by the first cause's action", () => {
    const found = { causes: ['still_picture', 'no_speech'] as const, shotSec: 20, pauseSec: 14, medianShotSec: 5 };
    expect(dipAdvice({ start: 22, end: 36 }, { ...found, causes: [...found.causes] })).toBe(
      'Tighten or talk over 0:22–0:36 (14 s): the picture is still and nobody speaks.',
    );
  });
  it('gives the shot lengths for slow cutting', () => {
    expect(dipAdvice({ start: 65, end: 68 }, { causes: ['slow_cutting'], shotSec: 7.5, pauseSec: 0, medianShotSec: 3 })).toBe(
      "Cut faster in 1:05–1:08 (3 s): the shot (7.5 s) is longer than this file's median shot (3 s).",
    );
  });
  it('says so when no cause is clear', () => {
    expect(dipAdvice({ start: 3, end: 5 }, { causes: [], shotSec: 2, pauseSec: 0, medianShotSec: 2 })).toBe(
      'Watch 0:03–0:05 (2 s): hold falls without one clear cause in motion, sound, speech or cuts; trim what drags.',
    );
  });
});

describe('findDips', () => {
  it('gives every dead stretch and every sharp fall; a fall leaving one second beside a dead stretch is no dip of its own', () => {
    const n = 20;
    const hold = [60, 60, 60, 60, 60, 40, 20, 20, 20, 50, 60, 60, 60, 60, 44, 60, 60, 60, 60, 60];
    const motion = fill(n, 50).map((m, t) => (t >= 5 && t < 9 ? 0 : m));
    const loudness = fill(n, 50).map((l, t) => (t >= 5 && t < 9 ? 0 : l));
    // The falls are 5..7 and 14..15; outside the dead stretch 6..9 the first leaves only second 5.
    const dips = findDips({ hold, motion, loudness, words: [], cuts: [10], dead: [{ start: 6, end: 9 }] });
    expect(dips.map(({ start, end, causes }) => ({ start, end, causes }))).toEqual([
      { start: 6, end: 9, causes: ['still_picture', 'silence', 'no_speech', 'long_shot'] },
      { start: 14, end: 15, causes: ['no_speech', 'long_shot'] },
    ]);
    expect(dips[0]?.advice).toBe('Cut 0:06–0:09 (3 s): the picture is still, the sound is silent, nobody speaks and one shot runs 10 s without a cut.');
  });

  it("keeps a still, silent slide after falling speech as its own dip, read from its own seconds (issue 32's 0:36–0:52)", () => {
    // 60 s, cuts at 10, 20, 30, 42 and 52. Speech runs to 36 s and gets quieter from 36 to 42 with
    // long pauses; 42–52 is a still slide with no sound; speech comes back at 52.
    const n = 60;
    const hold = fill(n, 70).map((h, t) => (t >= 36 && t < 42 ? 70 - (t - 35) * 7 : t >= 42 && t < 52 ? 5 : h));
    const motion = fill(n, 60).map((m, t) => (t >= 42 && t < 52 ? 0 : m));
    const loudness = fill(n, 80).map((l, t) => (t >= 36 && t < 42 ? 40 : t >= 42 && t < 52 ? 0 : l));
    const words = [...talk(0, 36), word(37), word(39.5), ...talk(52, 60)];
    const dead = [{ start: 42, end: 52 }];
    const dips = findDips({ hold, motion, loudness, words, cuts: [10, 20, 30, 42, 52], dead });
    const slide = dips.find((d) => d.start === 42);
    expect(slide).toMatchObject({ end: 52, causes: ['still_picture', 'silence', 'no_speech', 'long_shot'] });
    expect(slide?.advice).toMatch(/^Cut 0:42–0:52 \(10 s\): the picture is still, the sound is silent/);
    // The fall before it is a dip of its own, not joined into one 0:36–0:52 span.
    expect(dips.some((d) => d.start < 42 && d.end > 42)).toBe(false);
    for (const d of dips) expect(d.advice).not.toMatch(/^Lift the sound in 0:4/);
  });

  it('names colour bars nobody speaks over as a dip of their own, to the frame, and advises cutting them (issue 32: "colour bars 0:42–0:52: cut them")', () => {
    // The same 60 s as above, but 41.96–52.04 is colour bars with a tone: the cue decides the dip, and the rest is read around it.
    const n = 60;
    const hold = fill(n, 70).map((h, t) => (t >= 36 && t < 42 ? 70 - (t - 35) * 7 : t >= 41 && t < 53 ? 12 : h));
    const motion = fill(n, 60).map((m, t) => (t >= 42 && t < 52 ? 0 : m));
    const loudness = fill(n, 80).map((l, t) => (t >= 36 && t < 42 ? 40 : t >= 42 && t < 52 ? 30 : l));
    const words = [...talk(0, 36), word(37), word(39.5), ...talk(52.5, 60)];
    const dead = [{ start: 41, end: 53 }];
    const cues = [{ kind: 'colour_bars' as const, start: 41.96, end: 52.04 }];
    const dips = findDips({ hold, motion, loudness, words, cuts: [10, 20, 30, 41.96, 52.04], dead, cues });
    const bars = dips.find((d) => d.causes.includes('colour_bars'));
    expect(bars).toMatchObject({ start: 41.96, end: 52.04 });
    expect(bars?.causes[0]).toBe('colour_bars');
    expect(bars?.advice).toMatch(/^Colour bars 0:42–0:52 \(10\.1 s\): cut them; the picture is still/);
    // The one-second edges of the dead stretch around the bars are the mean leaning in: no dip of their own, nothing overlaps the bars.
    expect(dips.filter((d) => d !== bars && d.end > 41.96 && d.start < 52.04)).toEqual([]);
    // Bars somebody speaks over are not cut: they stay an ordinary dead stretch.
    const spoken = findDips({ hold, motion, loudness, words: [...words, word(45)], cuts: [10, 20, 30, 41.96, 52.04], dead, cues });
    expect(spoken.some((d) => d.causes.includes('colour_bars'))).toBe(false);
    expect(spoken.some((d) => d.start === 41 && d.end === 53)).toBe(true);
  });

  it('names black frames and a slate with their own words', () => {
    const hold = [5, 5, 5, 5, 5, 5, ...fill(14, 70)];
    const motion = [0, 0, 0, 0, 0, 0, ...fill(14, 50)];
    const loudness = [0, 0, 0, 0, 0, 0, ...fill(14, 60)];
    const cues = [
      { kind: 'black_frames' as const, start: 0, end: 1.5 },
      { kind: 'slate' as const, start: 1.5, end: 6 },
    ];
    const dips = findDips({ hold, motion, loudness, words: talk(6, 20), cuts: [1.5, 6, 10, 14], dead: [{ start: 0, end: 6 }], cues });
    expect(dips.slice(0, 2).map((d) => [d.start, d.end, d.causes[0], d.advice.split(':')[0]])).toEqual([
      [0, 1.5, 'black_frames', 'Black frames 0'],
      [1.5, 6, 'slate', 'Still title card or slate 0'],
    ]);
    expect(dips[1]?.advice).toMatch(/\(4\.5 s\): cut it; /);
  });

  it('advises cutting a silent or wordless tail off, not lifting its sound', () => {
    // A 14.2 s short: speech ends at 12.4 s and the sound with it; hold falls over the last seconds.
    const hold = [...fill(11, 70), 50, 30, 20, 10];
    const motion = fill(15, 40);
    const loudness = [...fill(12, 80), 40, 0, 0];
    const dips = findDips({ hold, motion, loudness, words: talk(0, 12.4), cuts: [4, 8], dead: [], durationSec: 14.2 });
    const tail = dips[dips.length - 1];
    expect(tail?.end).toBe(14.2);
    expect(tail?.advice).toMatch(/^Cut the tail /);
  });

  it('advises cutting off a still, silent opening', () => {
    const hold = [5, 5, 5, 5, ...fill(16, 70)];
    const motion = [0, 0, 0, 0, ...fill(16, 50)];
    const loudness = [0, 0, 0, 0, ...fill(16, 60)];
    const dips = findDips({ hold, motion, loudness, words: talk(4, 20), cuts: [4, 8, 12, 16], dead: [{ start: 0, end: 4 }] });
    expect(dips[0]?.advice).toBe('Cut the opening 0:00–0:04 (4 s): the picture is still, the sound is silent and nobody speaks.');
  });

  it('ends a dip at the duration and measures the last shot to it', () => {
    // 12.4 s (N = 13): a cut at 2 s, then still and silent from 9 s; the last shot is 10.4 s, not 11 s.
    const hold = [...fill(9, 60), 20, 10, 10, 10];
    const quiet = (v: number) => fill(13, v).map((x, t) => (t >= 9 ? 0 : x));
    const dips = findDips({ hold, motion: quiet(50), loudness: quiet(50), words: [], cuts: [2], dead: [{ start: 9, end: 12.4 }], durationSec: 12.4 });
    expect(dips.map(({ start, end }) => ({ start, end }))).toEqual([{ start: 9, end: 12.4 }]);
    expect(dips[0]?.advice).toMatch(/^Cut the tail 0:09–0:12\.4 \(3\.4 s\): /);
    expect(dips[0]?.advice).toContain('one shot runs 10.4 s without a cut');
  });
  it('finds none in a steady file', () => {
    expect(findDips({ hold: fill(10, 55), motion: fill(10, 50), loudness: fill(10, 50), words: [], cuts: [], dead: [] })).toEqual([]);
  });
});
