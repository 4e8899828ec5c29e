import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MEDIA_LIMITS,
  MAX_WORDS_PER_SEC,
  MAX_WORD_CHARS,
  capWords,
  decodeTimeLimitSec,
  decodedOverLimit,
  formatDuration,
  frameSizeOverLimit,
  mediaLimitBreach,
  readDurationSec,
} from '../../../core/media-limits';

const ok = { durationSec: 60, width: 1920, height: 1080, fps: 30 };

describe('DEFAULT_MEDIA_LIMITS', () => {
  it('are 2 hours, 8192 px a side, 8192 × 4320 pixels a frame and 240 fps', () => {
    expect(DEFAULT_MEDIA_LIMITS).toEqual({ maxDurationSec: 7200, maxSidePx: 8192, maxPixels: 35_389_440, maxFps: 240 });
  });
});

describe('mediaLimitBreach', () => {
  it.each([
    ['a 1080p minute', ok],
    ['exactly 2 hours', { ...ok, durationSec: 7200 }],
    ['DCI 8K', { ...ok, width: 8192, height: 4320 }],
    ['a tall 8192 px portrait', { ...ok, width: 4000, height: 8192 }],
    ['exactly 240 fps', { ...ok, fps: 240 }],
    ['an unknown frame rate', { ...ok, fps: null }],
    ['one frame an hour', { ...ok, fps: 1 / 3600 }],
  ])('accepts %s', (_, facts) => {
    expect(mediaLimitBreach(facts)).toBeNull();
  });

  it.each([
    ['2 hours and a bit', { ...ok, durationSec: 7200.4 }, 'The video is too long: it lasts 2 hours 1 second; the limit is 2 hours.'],
    ['three hours', { ...ok, durationSec: 10800 }, 'The video is too long: it lasts 3 hours; the limit is 2 hours.'],
    ['a declared 10^9 s', { ...ok, durationSec: 1e9 }, 'The video is too long: it lasts 277777 hours 46 minutes 40 seconds; the limit is 2 hours.'],
    ['16000 px wide', { ...ok, width: 16000, height: 16000 }, "The video's frames are too large: 16000×16000 pixels; the limit is 8192 pixels on a side."],
    ['8193 px tall', { ...ok, width: 100, height: 8193 }, "The video's frames are too large: 100×8193 pixels; the limit is 8192 pixels on a side."],
    [
      '36 million pixels',
      { ...ok, width: 8000, height: 4500 },
      "The video's frames are too large: 8000×4500 is 36.0 million pixels; the limit is 35.4 million pixels per frame.",
    ],
    ['300 fps', { ...ok, fps: 300 }, "The video's frame rate is too high: 300 frames per second; the limit is 240."],
    ['240.5 fps', { ...ok, fps: 240.5 }, "The video's frame rate is too high: 240.5 frames per second; the limit is 240."],
  ])('refuses %s, naming the limit', (_, facts, detail) => {
    expect(mediaLimitBreach(facts)).toBe(detail);
  });

  it('names the duration first when several limits are broken', () => {
    expect(mediaLimitBreach({ durationSec: 9000, width: 9000, height: 9000, fps: 1000 })).toMatch(/too long/);
    expect(mediaLimitBreach({ durationSec: 60, width: 9000, height: 9000, fps: 1000 })).toMatch(/too large/);
  });

  it('applies a configured duration limit', () => {
    const limits = { ...DEFAULT_MEDIA_LIMITS, maxDurationSec: 5400 };
    expect(mediaLimitBreach({ ...ok, durationSec: 5400 }, limits)).toBeNull();
    expect(mediaLimitBreach({ ...ok, durationSec: 5401 }, limits)).toBe(
      'The video is too long: it lasts 1 hour 30 minutes 1 second; the limit is 1 hour 30 minutes.',
    );
  });
});

describe('frameSizeOverLimit', () => {
  it('is null within both limits', () => {
    expect(frameSizeOverLimit(8192, 4320, DEFAULT_MEDIA_LIMITS)).toBeNull();
  });
});

describe('decodedOverLimit', () => {
  it('says the file plays past the limit although its header says less', () => {
    expect(decodedOverLimit(DEFAULT_MEDIA_LIMITS)).toBe('The video is too long: it plays for more than 2 hours, the limit, although its header declares less.');
  });
});

describe('decodeTimeLimitSec', () => {
  it('is the duration limit plus a 30 s margin', () => {
    expect(decodeTimeLimitSec(DEFAULT_MEDIA_LIMITS)).toBe(7230);
    expect(decodeTimeLimitSec({ maxDurationSec: 60 })).toBe(90);
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0 seconds'],
    [1, '1 second'],
    [59.4, '59 seconds'],
    [60, '1 minute'],
    [3600, '1 hour'],
    [3661, '1 hour 1 minute 1 second'],
    [5400, '1 hour 30 minutes'],
    [7200, '2 hours'],
  ])('%s s → %s', (sec, text) => {
    expect(formatDuration(sec)).toBe(text);
  });
});

describe('readDurationSec', () => {
  it.each([
    ['an honest file: the header', 20, 20.25, 20],
    ['frames a little short of the header', 10, 9.75, 10],
    ['a long honest file, 2 % apart', 7000, 7130, 7000],
    ['a header of 10^9 s over 2 s of picture: what was decoded', 1e9, 2, 2],
    ['a header of 90 minutes over 5 s: what was decoded', 5400, 5, 5],
    ['a header that hides most of the file: what was decoded', 10, 600, 600],
    ['a header with no usable number', Number.NaN, 12, 12],
    ['nothing decoded', 20, 0, 0],
  ])('%s', (_, declared, decoded, expected) => {
    expect(readDurationSec(declared, decoded)).toBe(expected);
  });
});

describe('capWords', () => {
  const word = (start: number, length: number, text = 'word') => ({ word: text, start, end: start + length });

  it('keeps every word of ordinary speech', () => {
    const words = Array.from({ length: 50 }, (_, i) => word(i * 0.25, 0.2));
    expect(capWords(words, 60)).toEqual(words);
  });

  it(`keeps at most ${MAX_WORDS_PER_SEC} words a second of the chunk, the longest, in time order`, () => {
    // 10 s of "words": 100 blips of 10 ms and 20 real words of 300 ms between them.
    const blips = Array.from({ length: 100 }, (_, i) => word(i * 0.1, 0.01, 'uh'));
    const real = Array.from({ length: 20 }, (_, i) => word(i * 0.5 + 0.05, 0.3, 'real'));
    const all = [...blips, ...real].sort((a, b) => a.start - b.start);
    const kept = capWords(all, 10);
    expect(kept).toHaveLength(10 * MAX_WORDS_PER_SEC);
    expect(kept.filter((w) => w.word === 'real')).toHaveLength(20);
    expect(kept.map((w) => w.start)).toEqual([...kept.map((w) => w.start)].sort((a, b) => a - b));
  });

  it(`cuts absurdly long words to ${MAX_WORD_CHARS} characters`, () => {
    expect(capWords([word(0, 1, 'x'.repeat(5000))], 1)[0]!.word).toBe('x'.repeat(MAX_WORD_CHARS));
  });
});
