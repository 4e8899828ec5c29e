import { describe, expect, it } from 'vitest';
import { candidatePhrases, keyPhrase } from '../../../core/key-phrase';

describe('keyPhrase', () => {
  it.each([
    ['Today we review three budget microphones for recording voice at home.', 'Review three budget microphones'],
    ['Hey everyone, welcome back to the channel. Let me show you how to bake sourdough bread.', 'Bake sourdough bread'],
    ['Mr. John Dashwood had not the strong feelings of the rest of the family.', 'John Dashwood'],
    ['so here we go', ''],
    ['Thanks for watching, see you next time!', ''],
    ['', ''],
  ])('%j names %j', (text, phrase) => {
    expect(keyPhrase(text)).toBe(phrase);
  });

  it('cuts candidate phrases at stop words and punctuation, at most 4 words, dropping lone short words and numbers', () => {
    expect(candidatePhrases('The quick brown fox jumps over the lazy dog, 42, ox.')).toEqual([
      ['quick', 'brown', 'fox', 'jumps'],
      ['lazy', 'dog'],
    ]);
  });
});
