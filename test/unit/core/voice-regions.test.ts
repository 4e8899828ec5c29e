import { describe, expect, it } from 'vitest';
import { voiceRegions, type VoiceRegionOptions } from '../../../core/voice-regions';

// Frames of 0.1 s make every boundary a round number; probabilities are written
// as strings of digits, one frame each: '9' is 0.9, '4' is 0.4, '0' is 0.
const base: VoiceRegionOptions = { frameSec: 0.1, threshold: 0.5, negThreshold: 0.35, minSpeechSec: 0.2, minSilenceSec: 0.3, padSec: 0 };
const frames = (digits: string) => [...digits].map((d) => Number(d) / 10);

describe('voiceRegions', () => {
  it.each<[string, string, Partial<VoiceRegionOptions>, Array<[number, number]>]>([
    ['no frames', '', {}, []],
    ['silence throughout', '0000000000', {}, []],
    ['below the threshold throughout, even just below', '4444444444', {}, []],
    ['one region, opened at its first frame at the threshold, closed at the first frame of the pause', '00555500000', {}, [[0.2, 0.6]]],
    ['a region still open at the end closes at the end of the audio', '000999', {}, [[0.3, 0.6]]],
    ['durationSec past the last whole frame closes an open region at the last frame', '000999', { durationSec: 0.65 }, [[0.3, 0.6]]],
    ['a pause shorter than minSilenceSec is bridged', '099900999000', {}, [[0.1, 0.9]]],
    [
      'a pause of exactly minSilenceSec splits',
      '0999000999000',
      {},
      [
        [0.1, 0.4],
        [0.7, 1.0],
      ],
    ],
    ['frames between the two thresholds keep a region open (hysteresis)', '0994444444990000', {}, [[0.1, 1.2]]],
    ['frames between the two thresholds do not open a region', '0444444440', {}, []],
    ['a frame between the thresholds neither cancels a pause nor moves where it began', '09900400000', {}, [[0.1, 0.3]]],
    ["a frame back at the threshold cancels a pause that had begun (Silero's own rule)", '0990090000', {}, [[0.1, 0.6]]],
    ['with minResumeSec, frames back at the threshold for that long cancel a pause', '09900990000', { minResumeSec: 0.2 }, [[0.1, 0.7]]],
    ['with minResumeSec, a lone return does not hold the end: the region ends where its voice stopped', '0990090000', { minResumeSec: 0.2 }, [[0.1, 0.3]]],
    ['with minResumeSec, a lone return then frames between the thresholds still end it there', '09900940000', { minResumeSec: 0.2 }, [[0.1, 0.3]]],
    ['with minResumeSec, a lone return inside speech splits nothing: it still cancels the pause', '0990909990000', { minResumeSec: 0.2 }, [[0.1, 0.9]]],
    ['with minResumeSec, lone returns in a row all count as the final pause', '099009090000', { minResumeSec: 0.2 }, [[0.1, 0.3]]],
    ['with minResumeSec, a region still opens at its first frame at the threshold', '000990000', { minResumeSec: 0.2 }, [[0.3, 0.5]]],
    ['with minResumeSec, a pause still open at the end of the audio ends where the voice stopped', '09900900', { minResumeSec: 0.2 }, [[0.1, 0.3]]],
    ['a region shorter than minSpeechSec is dropped', '0900000990000', {}, [[0.7, 0.9]]],
    ['a region of exactly minSpeechSec is kept', '0990000', {}, [[0.1, 0.3]]],
    ['a trailing pause shorter than minSilenceSec ends the region where the pause began', '0999900', {}, [[0.1, 0.5]]],
    [
      'padding widens both sides, clamped to the audio',
      '9990000099',
      { padSec: 0.15 },
      [
        [0, 0.45],
        [0.65, 1.0],
      ],
    ],
    ['padded regions that touch merge', '99900099900', { padSec: 0.15 }, [[0, 1.05]]],
    [
      'padded regions that stay apart do not merge',
      '999000099900',
      { padSec: 0.1 },
      [
        [0, 0.4],
        [0.6, 1.1],
      ],
    ],
  ])('%s', (_name, digits, options, expected) => {
    expect(voiceRegions(frames(digits), { ...base, ...options })).toEqual(expected.map(([start, end]) => ({ start, end })));
  });

  it('gives times to the millisecond from Silero-sized frames (32 ms)', () => {
    const p = [...Array<number>(10).fill(0), ...Array<number>(20).fill(0.9), ...Array<number>(20).fill(0)];
    expect(voiceRegions(p, { ...base, frameSec: 0.032, padSec: 0.03 })).toEqual([{ start: 0.29, end: 0.99 }]);
  });

  it.each<[string, Partial<VoiceRegionOptions>]>([
    ['a frame of zero seconds', { frameSec: 0 }],
    ['negThreshold above threshold', { negThreshold: 0.6 }],
    ['a negative padding', { padSec: -0.1 }],
    ['a negative minimum silence', { minSilenceSec: -1 }],
    ['a negative minimum resume', { minResumeSec: -0.1 }],
  ])('refuses %s', (_name, options) => {
    expect(() => voiceRegions([0.9], { ...base, ...options })).toThrow(RangeError);
  });
});
