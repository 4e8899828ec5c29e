import { describe, expect, it } from 'vitest';
import {
  MAX_WORD_SEC,
  MIN_WORD_SEC,
  VOICE_REACH_SEC,
  cleanRecognisedWord,
  gateWords,
  isFillerToken,
  parsePocketsphinxTimes,
  plausibleWordLength,
  wordsPerSecond,
} from '../../../core/speech';

describe('isFillerToken', () => {
  it.each([
    ['<s>', true],
    ['</s>', true],
    ['<sil>', true],
    ['[NOISE]', true],
    ['[SPEECH]', true],
    ['++BREATH++', true],
    ['++UH++', true],
    ['um', true],
    ['uh(2)', true],
    ['er', true],
    ['ah', true],
    ['hmm', true],
    ['', true],
    ['the', false],
    ['was(2)', false],
    ['percent', false],
  ])('%j → %s', (token, expected) => {
    expect(isFillerToken(token)).toBe(expected);
  });
});

describe('cleanRecognisedWord', () => {
  it.each([
    ['was(2)', 'was'],
    ['the(3)', 'the'],
    ['Hello', 'hello'],
    ['<sil>', null],
    ['um(2)', null],
  ])('%j → %j', (token, expected) => {
    expect(cleanRecognisedWord(token)).toBe(expected);
  });
});

// Real `pocketsphinx_continuous -infile x.wav -time yes 2>/dev/null` output for two
// espeak-ng utterances with 2 s of silence between them (Debian pocketsphinx 5prealpha).
const REAL_OUTPUT = `three gunmen are you
<s> 0.000 0.330 1.000000
three 0.340 0.570 0.003123
gunmen 0.580 0.910 0.001869
are 0.920 1.170 0.028458
you 1.180 1.280 0.121184
</s> 1.290 1.860 1.000000
so we so fifty percent on the glittery
<s> 3.580 3.720 0.999100
so 3.730 3.880 0.291142
we 3.890 4.020 0.017027
fifty 4.360 4.710 0.181900
percent 4.720 5.140 0.109300
on(2) 5.150 5.260 0.820597
<sil> 5.270 5.300 0.588275
[NOISE] 5.300 5.310 0.500000
++BREATH++ 5.310 5.320 0.500000
um 5.300 5.310 0.500000
the(2) 5.310 5.460 0.799454
glittery 5.470 5.990 0.269294
</s> 6.000 6.270 1.000000
`;

describe('parsePocketsphinxTimes', () => {
  it('reads one word per timed line, skipping hypothesis lines, markers and fillers', () => {
    expect(parsePocketsphinxTimes(REAL_OUTPUT)).toEqual([
      { word: 'three', start: 0.34, end: 0.57 },
      { word: 'gunmen', start: 0.58, end: 0.91 },
      { word: 'are', start: 0.92, end: 1.17 },
      { word: 'you', start: 1.18, end: 1.28 },
      { word: 'so', start: 3.73, end: 3.88 },
      { word: 'we', start: 3.89, end: 4.02 },
      { word: 'fifty', start: 4.36, end: 4.71 },
      { word: 'percent', start: 4.72, end: 5.14 },
      { word: 'on', start: 5.15, end: 5.26 },
      { word: 'the', start: 5.31, end: 5.46 },
      { word: 'glittery', start: 5.47, end: 5.99 },
    ]);
  });

  it('shifts times by the chunk offset, rounded to milliseconds', () => {
    expect(parsePocketsphinxTimes('hello 0.330 0.570 0.99\nworld(2) 0.580 0.910 0.5\n', 60.1)).toEqual([
      { word: 'hello', start: 60.43, end: 60.67 },
      { word: 'world', start: 60.68, end: 61.01 },
    ]);
  });

  it('gives nothing for empty output', () => {
    expect(parsePocketsphinxTimes('')).toEqual([]);
  });
});

describe('wordsPerSecond', () => {
  it('counts words by the second their middle falls in, ignoring middles past the end', () => {
    const w = (start: number) => ({ word: 'x', start, end: start + 0.2 });
    // Middles 0.3, 1.0, 1.1, 3.09 (past the end), 3.1 (past the end).
    expect(wordsPerSecond([w(0.2), w(0.9), w(1.0), w(2.99), w(3.0)], 3)).toEqual([1, 2, 0]);
  });

  it("puts a sentence's long last word in the second it is mostly spoken in", () => {
    expect(wordsPerSecond([{ word: 'together', start: 11.78, end: 12.41 }], 13)[12]).toBe(1);
  });
});

describe('gateWords', () => {
  const w = (word: string, start: number, end: number) => ({ word, start, end });

  it.each([
    [0.3, true],
    [MAX_WORD_SEC, true],
    [MAX_WORD_SEC + 0.001, false],
    [3.5, false],
    [0.01, false],
  ])('a word lasting %s s is plausible: %s', (length, ok) => {
    expect(plausibleWordLength(w('x', 1, 1 + length))).toBe(ok);
  });

  it('keeps every plausible word when no detector ran and none when it heard no voice', () => {
    const words = [w('a', 0, 0.2), w('b', 1, 4.5)];
    expect(gateWords(words, undefined)).toEqual([w('a', 0, 0.2)]);
    expect(gateWords(words, [])).toEqual([]);
  });

  it('gives each word to the region nearest its middle, within the reach, and drops the rest (regions in any order)', () => {
    // 'early' starts before its region and 'late' ends after it, as Whisper's edge words do.
    const words = [w('early', 0.2, 0.7), w('in', 1.0, 1.4), w('out', 2.6, 2.8), w('late', 5.8, 6.3), w('far', 8, 8.3)];
    const kept = gateWords(words, [
      { start: 5, end: 6 },
      { start: 0.5, end: 2.0 },
    ]);
    expect(kept.map((x) => x.word)).toEqual(['early', 'in', 'late']);
    expect(gateWords([w('x', 2.4, 2.7)], [{ start: 0.5, end: 2.0 }])).toEqual([]);
    expect(gateWords([w('x', 2.3, 2.7)], [{ start: 0.5, end: 2.0 }]).map((x) => x.word)).toEqual(['x']);
    expect(VOICE_REACH_SEC).toBe(0.5);
  });

  it("stretches a region's words onto it when their span is within a factor of two of the region", () => {
    // Heard 0.2–2.2, voiced 0.5–2.5: moved by the detector's 0.3 s, proportions kept.
    expect(gateWords([w('the', 0.2, 0.6), w('rain', 1.8, 2.2)], [{ start: 0.5, end: 2.5 }])).toEqual([w('the', 0.5, 0.9), w('rain', 2.1, 2.5)]);
    // Heard 0–2, voiced 0–2.5: stretched by 1.25.
    expect(gateWords([w('a', 0, 0.4), w('b', 0.4, 1.6), w('c', 1.6, 2.0)], [{ start: 0, end: 2.5 }])).toEqual([
      w('a', 0, 0.5),
      w('b', 0.5, 2.0),
      w('c', 2.0, 2.5),
    ]);
  });

  it('moves words inside a region by clamping when the region is far longer or shorter than them', () => {
    // One word heard in ten seconds of voice: it keeps its own time, moved inside.
    expect(gateWords([w('hey', 0.8, 1.2)], [{ start: 1.0, end: 11 }])).toEqual([w('hey', 1.0, 1.2)]);
    // 1.3 s of words on a 0.4 s region: each is pressed inside it, none shorter than a word can be.
    const kept = gateWords([w('a', 0.6, 0.9), w('b', 0.9, 1.5), w('c', 1.5, 1.9)], [{ start: 1.0, end: 1.4 }]);
    expect(kept).toEqual([w('a', 1.0, 1.0 + MIN_WORD_SEC), w('b', 1.0, 1.4), w('c', 1.4 - MIN_WORD_SEC, 1.4)]);
  });
});
