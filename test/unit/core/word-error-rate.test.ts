import { describe, expect, it } from 'vitest';
import { normaliseWords, wordErrorRate } from '../../../core/word-error-rate';

describe('normaliseWords', () => {
  it.each<[string, string[]]>([
    ['He was not an ill-disposed young man.', ['he', 'was', 'not', 'an', 'ill', 'disposed', 'young', 'man']],
    ['  Mister   JOHN Dashwood, had — then ', ['mister', 'john', 'dashwood', 'had', 'then']],
    ['Don’t stop; it’s "fine"!', ["don't", 'stop', "it's", 'fine']],
    ["'quoted' words", ['quoted', 'words']],
    ['¿Dónde está la estación? Über Straße.', ['dónde', 'está', 'la', 'estación', 'über', 'straße']],
    ['90 percent, 3.5', ['90', 'percent', '35']],
    ['', []],
    ['... !!', []],
  ])('%j', (text, words) => {
    expect(normaliseWords(text)).toEqual(words);
  });
});

describe('wordErrorRate', () => {
  it.each<
    [
      string,
      string,
      string,
      { rate: number | null; substitutions: number; deletions: number; insertions: number; referenceWords: number; hypothesisWords: number },
    ]
  >([
    [
      'identical after normalising',
      'He was not an ill disposed young man',
      'he was NOT an ill-disposed young man.',
      { rate: 0, substitutions: 0, deletions: 0, insertions: 0, referenceWords: 8, hypothesisWords: 8 },
    ],
    [
      'one substitution',
      'the cat sat on the mat',
      'the cat sat on a mat',
      { rate: 1 / 6, substitutions: 1, deletions: 0, insertions: 0, referenceWords: 6, hypothesisWords: 6 },
    ],
    [
      'one deletion',
      'the cat sat on the mat',
      'the cat on the mat',
      { rate: 1 / 6, substitutions: 0, deletions: 1, insertions: 0, referenceWords: 6, hypothesisWords: 5 },
    ],
    [
      'two insertions',
      'the cat sat',
      'well the cat sat down',
      { rate: 2 / 3, substitutions: 0, deletions: 0, insertions: 2, referenceWords: 3, hypothesisWords: 5 },
    ],
    [
      'nothing heard',
      'he might even have been made amiable himself',
      '',
      { rate: 1, substitutions: 0, deletions: 8, insertions: 0, referenceWords: 8, hypothesisWords: 0 },
    ],
    [
      'more errors than words: the rate exceeds 1',
      'yes',
      'no no no',
      { rate: 3, substitutions: 1, deletions: 0, insertions: 2, referenceWords: 1, hypothesisWords: 3 },
    ],
    ['nothing spoken, nothing heard', '', '', { rate: null, substitutions: 0, deletions: 0, insertions: 0, referenceWords: 0, hypothesisWords: 0 }],
    [
      'nothing spoken, words invented',
      '',
      'you are dead',
      { rate: null, substitutions: 0, deletions: 0, insertions: 3, referenceWords: 0, hypothesisWords: 3 },
    ],
    [
      'a mix: substitution, deletion and insertion',
      'a b c d e f',
      'a x c e f g',
      { rate: 3 / 6, substitutions: 1, deletions: 1, insertions: 1, referenceWords: 6, hypothesisWords: 6 },
    ],
  ])('%s', (_name, reference, hypothesis, expected) => {
    expect(wordErrorRate(reference, hypothesis)).toEqual(expected);
  });
});
