import { describe, expect, it } from 'vitest';
import { transcriptSegments } from '../../../core/transcript';

const w = (word: string, start: number, end: number) => ({ word, start, end });

describe('transcriptSegments', () => {
  it('splits where the pause between words is 0.5 s or more', () => {
    expect(transcriptSegments([w('hello', 0.1, 0.4), w('there', 0.5, 0.8), w('next', 1.3, 1.6), w('one', 1.7, 2.0), w('close', 2.49, 2.7)])).toEqual([
      { start: 0.1, end: 0.8, text: 'hello there' },
      { start: 1.3, end: 2.7, text: 'next one close' },
    ]);
  });

  it('splits after 25 words', () => {
    const words = Array.from({ length: 30 }, (_, i) => w(`w${i}`, i * 0.2, i * 0.2 + 0.15));
    const segments = transcriptSegments(words);
    expect(segments.map((s) => s.text.split(' ').length)).toEqual([25, 5]);
    expect(segments[1]).toEqual({ start: 5, end: 5.95, text: 'w25 w26 w27 w28 w29' });
  });

  it('orders words by start and gives nothing for no words', () => {
    expect(transcriptSegments([w('b', 1, 1.2), w('a', 0.8, 0.95)])).toEqual([{ start: 0.8, end: 1.2, text: 'a b' }]);
    expect(transcriptSegments([])).toEqual([]);
  });
});

describe('transcriptSegments and hyphenated words (issue 32)', () => {
  it('keeps a word the engine split at its hyphen whole', () => {
    const words = ['not', 'an', 'ill', '-disposed', 'man,', 'rather', 'cold', '-hearted'].map((word, i) => ({ word, start: i * 0.3, end: i * 0.3 + 0.25 }));
    expect(transcriptSegments(words).map((s) => s.text)).toEqual(['not an ill-disposed man, rather cold-hearted']);
  });
});
