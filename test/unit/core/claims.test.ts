import { describe, expect, it } from 'vitest';
import { extractClaims, isCheckWorthy, transcriptSentences } from '../../../core/claims';

const seg = (text: string, start = 0) => ({ start, end: start + 1, text });

describe('isCheckWorthy', () => {
  it.each([
    ['this saves you fifty percent', 'number word and percent'],
    ['we sold 3 units last week', 'digit'],
    ['it costs ten dollars', 'money'],
    ['the channel has a million views', 'million'],
    ['it is three times faster', 'times'],
    ['it is twice as fast', 'twice'],
    ['your reach will double', 'double'],
    ['half of all people skip the intro', 'half'],
    ['studies show that coffee is good', 'evidence'],
    ['new research on sleep', 'research'],
    ['it is clinically tested', 'clinically'],
    ['according to the company it works', 'according to'],
    ['the data shows a clear trend', 'data shows'],
    ['this method is proven', 'proven'],
    ['it always works', 'absolute'],
    ['everyone agrees', 'absolute'],
    ['results are guaranteed', 'guaranteed'],
    ['it is the best camera ever', 'superlative'],
    ['this is the number one choice', 'number one'],
    ['the only way to grow', 'only'],
    ['this phone is more powerful than a laptop', 'more … than'],
    ['it takes less time than you think', 'less … than'],
    ['it is faster than ever', '-er than'],
    ['sugar causes cancer', 'causes'],
    ['this tea cures colds', 'cures'],
    ['stretching prevents injury', 'prevents'],
    ['skipping sleep leads to mistakes', 'leads to'],
    ['this trick will help you grow', 'will help'],
    ['this will make you rich', 'will make'],
  ])('flags %j (%s)', (sentence) => {
    expect(isCheckWorthy(sentence)).toBe(true);
  });

  it.each([
    'hello and welcome back to the channel',
    'today we are going to look at the garden',
    'i like this song a lot',
    'let me show you how it works',
    'rather than waiting we start now',
    'other than that it was fine',
    'the one i like is green',
    'sometimes it rains in the morning',
    'this is more fun',
    'she helped us move the table',
  ])('does not flag %j', (sentence) => {
    expect(isCheckWorthy(sentence)).toBe(false);
  });
});

describe('transcriptSentences', () => {
  it('treats each segment as a sentence when there is no punctuation', () => {
    expect(transcriptSentences([seg('hello there'), seg('  it costs  ten dollars '), seg('')])).toEqual(['hello there', 'it costs ten dollars']);
  });

  it('splits the joined text after . ! ? when there is punctuation', () => {
    expect(transcriptSentences([seg('It costs 3.5 dollars. Hello there!'), seg('Is it'), seg('true?')])).toEqual([
      'It costs 3.5 dollars.',
      'Hello there!',
      'Is it true?',
    ]);
  });
});

describe('extractClaims', () => {
  it('keeps the check-worthy sentences in order, each once', () => {
    expect(
      extractClaims([
        seg('hello and welcome', 0),
        seg('studies show ten percent of people agree', 2),
        seg('let us begin', 5),
        seg('this is the best tool', 7),
        seg('studies show ten percent of people agree', 9),
      ]),
    ).toEqual(['studies show ten percent of people agree', 'this is the best tool']);
  });

  it('finds nothing in an empty transcript', () => {
    expect(extractClaims([])).toEqual([]);
  });
});

describe('greetings and sign-offs (issue 32)', () => {
  it.each([
    'Hey everyone, welcome back to the channel.',
    'Hi guys, welcome to my channel!',
    'Thanks so much for watching, see you next time.',
    "That's it for today, bye everyone.",
    "Don't forget to subscribe.",
  ])('%j is no claim', (sentence) => {
    expect(isCheckWorthy(sentence)).toBe(false);
  });

  it.each(['Hey everyone, studies show that 90 percent of creators never post twice.', 'Welcome back: this lens is the best under 500 dollars.'])(
    '%j still is one: its greeting is left out, not its claim',
    (sentence) => {
      expect(isCheckWorthy(sentence)).toBe(true);
    },
  );

  it('leaves the greeting out of the claims of a transcript', () => {
    expect(
      extractClaims([
        { start: 0, end: 2, text: 'Hey everyone, welcome back to the channel.' },
        { start: 2.6, end: 6, text: 'This trick doubles your battery life.' },
      ]),
    ).toEqual(['This trick doubles your battery life.']);
  });
});
