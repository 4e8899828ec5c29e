import { describe, expect, it } from 'vitest';
import { CAPTION_LINE_CHARS, captionCues, captionLines, joinHyphenated } from '../../../core/captions';
import { srtFrom, vttFrom } from '../../../core/exports';
import type { TranscriptSegment } from '../../../core/wire/read';

// Issue 32's transcript of the Austen reading, as Whisper's words joined it: 25 words a segment, hyphenated words split.
const austen: TranscriptSegment[] = [
  {
    start: 0.4,
    end: 9.6,
    text: 'Mr. John Dashwood had not the strong feelings of the rest of the family, but he was not an ill -disposed young man, unless to be rather cold -hearted',
  },
  {
    start: 10.2,
    end: 19.8,
    text: 'and rather selfish is to be ill -disposed. He was, in general, well respected. Had he married a more amiable woman, he might have been made still more respectable.',
  },
  { start: 20.5, end: 21.1, text: 'Indeed.' },
  { start: 21.4, end: 23.9, text: 'That is it for today.' },
];

describe('captionLines', () => {
  it.each([
    ['short text stays one line', 'So here we go.', ['So here we go.']],
    [
      'a longer text becomes two balanced lines of at most 42 characters',
      'he might have been made still more respectable than he was',
      ['he might have been made still', 'more respectable than he was'],
    ],
    [
      'a clause mark is a good place to break',
      'He was, in general, well respected by all who knew him',
      ['He was, in general,', 'well respected by all who knew him'],
    ],
  ])('%s', (_name, text, lines) => {
    expect(captionLines(text)).toEqual(lines);
  });
  it('is null when the text needs more than two lines', () => {
    expect(captionLines('x'.repeat(40) + ' ' + 'y'.repeat(40) + ' ' + 'z'.repeat(10))).toBeNull();
  });
});

describe('joinHyphenated', () => {
  it('keeps hyphenated words whole', () => {
    expect(joinHyphenated('an ill -disposed and cold -hearted man, well- known')).toBe('an ill-disposed and cold-hearted man, well-known');
    expect(joinHyphenated('this - that')).toBe('this - that');
  });
});

describe('captionCues', () => {
  const cues = captionCues(austen);
  const texts = cues.map((c) => c.lines.join(' '));

  it('holds at most two lines of at most 42 characters, each cue 1 to 7 s', () => {
    expect(cues.length).toBeGreaterThan(4);
    for (const cue of cues) {
      expect(cue.lines.length).toBeLessThanOrEqual(2);
      for (const line of cue.lines) expect(line.length).toBeLessThanOrEqual(CAPTION_LINE_CHARS);
      expect(cue.end - cue.start).toBeGreaterThanOrEqual(1);
      expect(cue.end - cue.start).toBeLessThanOrEqual(7);
    }
    // In order and never overlapping.
    cues.slice(1).forEach((cue, i) => expect(cue.start).toBeGreaterThanOrEqual(cues[i]!.end));
  });

  it('loses no word, and keeps hyphenated words whole', () => {
    const words = (text: string) => joinHyphenated(text).split(/\s+/).filter(Boolean);
    expect(texts.flatMap(words)).toEqual(austen.flatMap((s) => words(s.text)));
    expect(texts.join(' ')).toContain('ill-disposed young man');
    expect(texts.join(' ')).toContain('cold-hearted');
    expect(texts.join(' ')).not.toMatch(/ -\w/);
  });

  it('breaks at sentence and clause ends, not after "Mr."', () => {
    expect(texts[0]).toMatch(/^Mr\. John Dashwood/);
    // Every cue that ends inside a segment ends after a sentence or a clause mark.
    const insideSegment = cues.filter((c) => austen.some((s) => c.end < s.end - 0.05 && c.end > s.start));
    expect(insideSegment.length).toBeGreaterThan(0);
    for (const cue of insideSegment) expect(cue.lines.join(' ')).toMatch(/[.,;:!?]$/);
    expect(texts).toContain('He was, in general, well respected.');
  });

  it('joins a cue under 1 s to its neighbour when both fit one cue', () => {
    // "Indeed." (0.6 s) and the next sentence 0.3 s later.
    expect(texts).toContain('Indeed. That is it for today.');
  });

  it('ends a cue at a word boundary near a cut rather than carry it over', () => {
    const spoken = [{ start: 0, end: 6, text: 'one two three four five six seven eight nine ten eleven twelve' }];
    const [first] = captionCues(spoken, { cuts: [3] });
    expect(Math.abs(first!.end - 3)).toBeLessThanOrEqual(0.5);
    expect(captionCues(spoken)).toHaveLength(1);
  });

  it('splits a long unpunctuated segment (as pocketsphinx writes) between words within both limits', () => {
    const words = Array.from({ length: 25 }, (_, i) => ['people', 'often', 'say', 'that', 'the', 'first', 'seconds', 'decide'][i % 8]).join(' ');
    const slow = captionCues([{ start: 2, end: 16, text: words }]);
    expect(slow.length).toBeGreaterThan(1);
    for (const cue of slow) {
      expect(cue.end - cue.start).toBeLessThanOrEqual(7);
      expect(cue.lines.length).toBeLessThanOrEqual(2);
      for (const line of cue.lines) expect(line.length).toBeLessThanOrEqual(CAPTION_LINE_CHARS);
    }
    expect(slow.map((c) => c.lines.join(' ')).join(' ')).toBe(words);
  });

  it('keeps a cue that fits with neither neighbour up for 1 s, taking the time from the next cue, never overlapping', () => {
    // Fast speech: the middle cue's words take 0.8 s and it joins neither full cue beside it.
    const spoken = [
      {
        start: 1.22,
        end: 5.66,
        text: 'We are soaked to the bone, all three of us, out in the storm. Really. And then: Go! Go! Go! Back to the car with every cold-weather camera bag we own. What a day.',
      },
    ];
    const timed = captionCues(spoken, { durationSec: 8.46 });
    expect(timed.map((c) => [c.start, c.end, c.lines.join(' / ')])).toEqual([
      [1.22, 2.909, 'We are soaked to the bone, / all three of us, out in the storm.'],
      // 1 s from its first word; the next cue comes 0.18 s after its words start (it was 2.909 to 3.726).
      [2.909, 3.909, 'Really. And then: Go! Go! Go!'],
      [3.909, 5.66, 'Back to the car with every cold-weather / camera bag we own. What a day.'],
    ]);
  });

  it('ends no cue after the duration', () => {
    const last = captionCues([{ start: 9.5, end: 9.8, text: 'Bye.' }], { durationSec: 10 }).at(-1);
    expect(last).toMatchObject({ start: 9.5, end: 10 });
  });
});

describe('SRT and WebVTT cues', () => {
  it('write each cue on its own lines', () => {
    const srt = srtFrom(austen);
    const vtt = vttFrom(austen);
    for (const block of srt.split('\r\n\r\n').filter(Boolean)) {
      const [, , ...lines] = block.split('\r\n');
      expect(lines.length).toBeGreaterThanOrEqual(1);
      expect(lines.length).toBeLessThanOrEqual(2);
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(CAPTION_LINE_CHARS);
    }
    expect(vtt.split('\n\n').length).toBe(srt.split('\r\n\r\n').length + 1);
  });
});
