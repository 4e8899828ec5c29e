import { describe, expect, it } from 'vitest';
import { checkTargets, loudnessLufsFor, parseEbur128Log, summariseEbur128, type Ebur128Frame } from '../../../core/lufs';
import { LOUDNESS_TARGETS } from '../../../core/loudness-targets';

/** One frame of an `ametadata=mode=print` log as ffmpeg 5.1 writes it. */
const logFrame = (k: number, r: { M: string; S: string; I: string; LRA: string; peak: string }) =>
  [
    `frame:${k}    pts:${k * 4800}    pts_time:${k / 10}`,
    `lavfi.r128.M=${r.M}`,
    `lavfi.r128.S=${r.S}`,
    `lavfi.r128.I=${r.I}`,
    `lavfi.r128.LRA=${r.LRA}`,
    'lavfi.r128.LRA.low=0.000',
    'lavfi.r128.LRA.high=0.000',
    `lavfi.r128.true_peaks_ch0=${r.peak}`,
    `lavfi.r128.true_peak=${r.peak}`,
  ].join('\n');

const frame = (time: number, shortTerm: number, integrated = -20, range = 0, truePeak = 0.5): Ebur128Frame => ({
  time,
  shortTerm,
  integrated,
  range,
  truePeak,
});

describe('parseEbur128Log', () => {
  it('reads time, short-term, integrated, range and the overall true peak of every frame, nan as NaN', () => {
    const text =
      [
        logFrame(0, { M: '-120.691', S: '-120.691', I: '-70.000', LRA: '0.000', peak: '0.000' }),
        logFrame(1, { M: '-18.2', S: '-19.5', I: '-19.000', LRA: '2.500', peak: '0.586' }),
        logFrame(2, { M: 'nan', S: 'nan', I: '-18.762', LRA: '10.970', peak: '0.586' }),
      ].join('\n') + '\n';
    const frames = parseEbur128Log(text);
    expect(frames).toHaveLength(3);
    expect(frames[0]).toEqual({ time: 0, shortTerm: -120.691, integrated: -70, range: 0, truePeak: 0 });
    expect(frames[1]).toEqual({ time: 0.1, shortTerm: -19.5, integrated: -19, range: 2.5, truePeak: 0.586 });
    expect(frames[2]?.shortTerm).toBeNaN();
    expect(frames[2]?.integrated).toBe(-18.762);
  });

  it('gives no frames for an empty log', () => {
    expect(parseEbur128Log('')).toEqual([]);
  });
});

describe('summariseEbur128', () => {
  it.each([
    {
      name: 'integrated and range from the last frame, short-term from the last frame of each second, peak the highest',
      frames: [frame(0, -30, -25, 1, 0.1), frame(0.9, -24, -24, 1.5, 0.9), frame(1.0, -22, -23, 2, 0.2), frame(1.9, -21, -22.04, 3.06, 0.3)],
      expected: { integratedLufs: -22, rangeLu: 3.1, truePeakDbtp: -0.9, shortTermLufs: [-24, -21] },
    },
    {
      name: 'silence below the absolute gate has no short-term value and no integrated loudness; zero samples no peak',
      frames: [frame(0.9, -120.7, -70, 0, 0), frame(1.9, Number.NaN, -70, 0, 0)],
      expected: { integratedLufs: null, rangeLu: 0, truePeakDbtp: null, shortTermLufs: [null, null] },
    },
    {
      name: 'a second with no frame (a gap in the log) is null',
      frames: [frame(0.5, -20), frame(2.5, -20)],
      expected: { integratedLufs: -20, rangeLu: 0, truePeakDbtp: -6, shortTermLufs: [-20, null, -20] },
    },
    { name: 'no frames', frames: [], expected: { integratedLufs: null, rangeLu: 0, truePeakDbtp: null, shortTermLufs: [] } },
  ])('$name', ({ frames, expected }) => {
    expect(summariseEbur128(frames)).toEqual(expected);
  });
});

describe('checkTargets', () => {
  it.each([
    {
      integrated: -14,
      peak: -2,
      streaming: { difference_lu: 0, verdict: 'on_target', true_peak_over: false },
      podcast: { difference_lu: 2, verdict: 'louder', true_peak_over: false },
    },
    {
      integrated: -9.5,
      peak: 0.3,
      streaming: { difference_lu: 4.5, verdict: 'louder', true_peak_over: true },
      podcast: { difference_lu: 6.5, verdict: 'louder', true_peak_over: true },
    },
    {
      integrated: -15,
      peak: -1,
      streaming: { difference_lu: -1, verdict: 'on_target', true_peak_over: false },
      podcast: { difference_lu: 1, verdict: 'on_target', true_peak_over: false },
    },
    {
      integrated: -30,
      peak: null,
      streaming: { difference_lu: -16, verdict: 'quieter', true_peak_over: false },
      podcast: { difference_lu: -14, verdict: 'quieter', true_peak_over: false },
    },
  ])('at $integrated LUFS and $peak dBTP', ({ integrated, peak, streaming, podcast }) => {
    const checks = checkTargets(integrated, peak);
    expect(checks.map((c) => c.id)).toEqual(LOUDNESS_TARGETS.map((t) => t.id));
    expect(checks.find((c) => c.id === 'streaming')).toMatchObject({ target_lufs: -14, max_true_peak_dbtp: -1, ...streaming });
    expect(checks.find((c) => c.id === 'podcast')).toMatchObject({ target_lufs: -16, max_true_peak_dbtp: -1, ...podcast });
  });

  it('checks nothing for a file with no integrated loudness', () => {
    expect(checkTargets(null, -3)).toEqual([]);
  });
});

describe('loudnessLufsFor', () => {
  it('is null for a file without sound', () => {
    expect(loudnessLufsFor(null, 10)).toBeNull();
    expect(loudnessLufsFor(undefined, 10)).toBeNull();
  });

  it('fits the short-term series to the read length, padding with null', () => {
    const parts = { integratedLufs: -14.2, rangeLu: 4, truePeakDbtp: -1.5, shortTermLufs: [-15, -14, -13] };
    expect(loudnessLufsFor(parts, 2)?.short_term_lufs).toEqual([-15, -14]);
    const read = loudnessLufsFor(parts, 5);
    expect(read?.short_term_lufs).toEqual([-15, -14, -13, null, null]);
    expect(read).toMatchObject({ integrated_lufs: -14.2, range_lu: 4, true_peak_dbtp: -1.5 });
    expect(read?.targets.find((t) => t.id === 'streaming')?.verdict).toBe('on_target');
  });
});
