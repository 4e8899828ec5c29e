import { describe, expect, it } from 'vitest';
import { claimsApplyTo, dominantLanguage, languageCode } from '../../../core/language';

describe('languageCode', () => {
  it.each([
    ['en', 'en'],
    ['EN', 'en'],
    ['en-US', 'en'],
    ['pt_BR', 'pt'],
    ['english', 'en'],
    ['Spanish', 'es'],
    [' german ', 'de'],
    ['haitian creole', 'ht'],
    ['haw', 'haw'],
    ['klingon', null],
    ['xx', null],
    ['', null],
    [null, null],
    [42, null],
    [undefined, null],
  ])('%j → %j', (raw, code) => {
    expect(languageCode(raw)).toBe(code);
  });
});

describe('dominantLanguage', () => {
  it.each([
    [[], null],
    [[{ language: null, words: 9 }], null],
    [[{ language: 'en', words: 0 }], null],
    [
      [
        { language: 'en', words: 3 },
        { language: 'de', words: 2 },
        { language: 'de', words: 2 },
      ],
      'de',
    ],
    [
      [
        { language: 'fr', words: 2 },
        { language: 'en', words: 2 },
      ],
      'fr',
    ],
    [
      [
        { language: 'es', words: 1 },
        { language: null, words: 40 },
      ],
      'es',
    ],
  ])('%j → %j', (chunks, language) => {
    expect(dominantLanguage(chunks)).toBe(language);
  });
});

describe('claimsApplyTo', () => {
  it('keeps the English cues for English and for words of an engine that names no language, and none for others', () => {
    expect(claimsApplyTo('en')).toBe(true);
    expect(claimsApplyTo(null)).toBe(true);
    expect(claimsApplyTo('es')).toBe(false);
  });
});
