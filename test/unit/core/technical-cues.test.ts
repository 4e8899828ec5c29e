import { describe, expect, it } from 'vitest';
import { FrameKind, classifyFrame, technicalCues, unspokenCues, type CueInputs } from '../../../core/technical-cues';

const W = 96;
const H = 54;

/** Converts full-range RGB to the decode's planes: grey (full-range luma) and limited-range U, V. */
function yuv(r: number, g: number, b: number): [number, number, number] {
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const u = 128 + (((b - y) / 1.8556) * 224) / 255;
  const v = 128 + (((r - y) / 1.5748) * 224) / 255;
  return [Math.round(y), Math.round(u), Math.round(v)];
}

/** A frame whose pixel (x, y) has the colour `at(x, y)` (RGB), with optional noise. */
function frame(at: (x: number, y: number) => [number, number, number], noise = 0, seed = 1): Uint8Array {
  const out = new Uint8Array(3 * W * H);
  let s = seed;
  const rand = () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31 - 0.5;
  };
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const planes = yuv(...at(x, y));
      planes.forEach((v, p) => (out[p * W * H + y * W + x] = Math.max(0, Math.min(255, Math.round(v + noise * rand())))));
    }
  return out;
}

/** Vertical bands of the given colours across the width, over the top `share` of the height, grey below. */
const bands =
  (colours: Array<[number, number, number]>, share = 0.67) =>
  (x: number, y: number): [number, number, number] =>
    y < share * H ? colours[Math.floor((x * colours.length) / W)]! : [30, 30, 30];

const BARS_75: Array<[number, number, number]> = [
  [191, 191, 191],
  [191, 191, 0],
  [0, 191, 191],
  [0, 191, 0],
  [191, 0, 191],
  [191, 0, 0],
  [0, 0, 191],
];

describe('classifyFrame', () => {
  it('finds SMPTE-like bars by their structure, whatever their exact colours, with noise, and EBU-like full-height bars', () => {
    expect(classifyFrame(frame(bands(BARS_75)), W, H)).toBe(FrameKind.colourBars);
    // 100 % bars, rotated hues, full height, in another order: still bars.
    const other: Array<[number, number, number]> = [
      [255, 255, 255],
      [255, 0, 255],
      [0, 255, 0],
      [255, 128, 0],
      [0, 0, 255],
      [255, 255, 0],
      [0, 0, 0],
      [0, 255, 255],
    ];
    expect(classifyFrame(frame(bands(other, 1), 4), W, H)).toBe(FrameKind.colourBars);
  });

  it('does not take grey steps, a tricolour flag, a horizontal rainbow gradient or a busy picture for bars', () => {
    const greys: Array<[number, number, number]> = [0, 40, 80, 120, 160, 200, 240].map((g) => [g, g, g]);
    expect(classifyFrame(frame(bands(greys)), W, H)).toBe(FrameKind.plain);
    expect(
      classifyFrame(
        frame(
          bands(
            [
              [0, 146, 70],
              [255, 255, 255],
              [206, 43, 55],
            ],
            1,
          ),
        ),
        W,
        H,
      ),
    ).toBe(FrameKind.plain);
    const rainbow = (x: number): [number, number, number] => {
      const h = (x / W) * 6;
      const f = h - Math.floor(h);
      const table: Array<[number, number, number]> = [
        [255, 255 * f, 0],
        [255 * (1 - f), 255, 0],
        [0, 255, 255 * f],
        [0, 255 * (1 - f), 255],
        [255 * f, 0, 255],
        [255, 0, 255 * (1 - f)],
      ];
      return table[Math.floor(h) % 6]!;
    };
    expect(
      classifyFrame(
        frame((x) => rainbow(x)),
        W,
        H,
      ),
    ).toBe(FrameKind.plain);
    // Colour bars whose bands are not uniform down the picture (a busy, colourful scene).
    expect(
      classifyFrame(
        frame((x, y) => BARS_75[(Math.floor((x * 7) / W) + Math.floor(y / 6)) % 7]!),
        W,
        H,
      ),
    ).toBe(FrameKind.plain);
  });

  it('calls a frame black when 98 % of its pixels are at or under grey 25, as blackdetect does', () => {
    expect(
      classifyFrame(
        frame(() => [0, 0, 0], 6),
        W,
        H,
      ),
    ).toBe(FrameKind.black);
    expect(
      classifyFrame(
        frame(() => [18, 18, 18]),
        W,
        H,
      ),
    ).toBe(FrameKind.black);
    // A dark slate (grey 33) and a black frame with a small white title are not black.
    expect(
      classifyFrame(
        frame(() => [26, 34, 48]),
        W,
        H,
      ),
    ).toBe(FrameKind.plain);
    expect(
      classifyFrame(
        frame((x, y) => (x > 30 && x < 70 && y > 20 && y < 30 ? [255, 255, 255] : [0, 0, 0])),
        W,
        H,
      ),
    ).toBe(FrameKind.plain);
  });
});

/** Inputs over `seconds` at 4 samples a second: kinds and diffs from `sample(k)`, silence, no words, no cuts. */
function inputs(seconds: number, sample: (k: number) => { kind: number; diff: number }, over: Partial<CueInputs> = {}): CueInputs {
  const n = seconds * 4;
  const samples = Array.from({ length: n }, (_, k) => sample(k));
  return {
    frameKinds: samples.map((s) => s.kind),
    frameDiffs: samples.map((s, k) => (k === 0 ? 0 : s.diff)),
    cuts: [],
    durationSec: seconds,
    loudnessRms: new Array(seconds).fill(0),
    words: [],
    ...over,
  };
}

describe('technicalCues', () => {
  it('names bars, black and a silent still card with their spans, taking the refined cut times at the edges', () => {
    // 0–1.5 black, 1.5–6 bars, 6–9 a still card, 9–20 moving picture; cuts refined between the samples.
    const kind = (k: number) => (k < 6 ? FrameKind.black : k < 24 ? FrameKind.colourBars : FrameKind.plain);
    const diff = (k: number) => (k === 6 || k === 24 || k === 36 ? 40 : k >= 24 && k < 36 ? 0.1 : k < 24 ? 0 : 6);
    const loudnessRms = [0, 0, 0.1, 0.1, 0.1, 0.1, 0, 0, 0, 0.2, 0.3, 0.2, 0.25, 0.2, 0.3, 0.2, 0.2, 0.3, 0.2, 0.2];
    const cues = technicalCues(
      inputs(20, (k) => ({ kind: kind(k), diff: diff(k) }), {
        cuts: [1.458, 5.96, 8.98],
        loudnessRms,
        words: [{ word: 'hello', start: 9.5, end: 9.9 }],
      }),
    );
    expect(cues).toEqual([
      { kind: 'black_frames', start: 0, end: 1.458 },
      { kind: 'colour_bars', start: 1.458, end: 5.96 },
      { kind: 'slate', start: 5.96, end: 8.98 },
    ]);
  });

  it('keeps sample edges where no cut bounds a cue, and ends a cue on the last sample at the duration', () => {
    // A fade to black from 10 s to the end of a 12.3 s file.
    const cues = technicalCues({
      ...inputs(13, (k) => ({ kind: k >= 40 ? FrameKind.black : FrameKind.plain, diff: 5 })),
      durationSec: 12.3,
      frameKinds: Array.from({ length: 50 }, (_, k) => (k >= 40 ? FrameKind.black : FrameKind.plain)),
      frameDiffs: Array.from({ length: 50 }, (_, k) => (k === 0 ? 0 : 5)),
    });
    expect(cues).toEqual([{ kind: 'black_frames', start: 10, end: 12.3 }]);
  });

  it('leaves out black shorter than 1 s (a dip to black between shots) and stills under 2 s', () => {
    const cues = technicalCues(
      inputs(10, (k) => ({ kind: k >= 20 && k < 23 ? FrameKind.black : FrameKind.plain, diff: k >= 28 && k < 35 ? 0 : 5 }), { cuts: [7, 8.75] }),
    );
    expect(cues).toEqual([]);
  });

  it('takes a still for a slate only between parts, with nobody speaking, over silence or one steady tone', () => {
    // A still 4–8 between cuts at 4 and 8, moving elsewhere.
    const still = (k: number) => ({ kind: FrameKind.plain, diff: k === 16 || k === 32 ? 40 : k > 16 && k < 32 ? 0 : 5 });
    const base = inputs(12, still, { cuts: [4, 8] });
    expect(technicalCues(base)).toEqual([{ kind: 'slate', start: 4, end: 8 }]);
    const tone = [0.3, 0.3, 0.3, 0.3, 0.2, 0.2, 0.21, 0.2, 0.3, 0.3, 0.3, 0.3];
    expect(technicalCues({ ...base, loudnessRms: tone })).toEqual([{ kind: 'slate', start: 4, end: 8 }]);
    // Music (the level moves), a word, or no cut at one edge: no slate.
    const music = [0.3, 0.3, 0.3, 0.3, 0.1, 0.3, 0.15, 0.25, 0.3, 0.3, 0.3, 0.3];
    expect(technicalCues({ ...base, loudnessRms: music })).toEqual([]);
    expect(technicalCues({ ...base, words: [{ word: 'so', start: 6, end: 6.3 }] })).toEqual([]);
    expect(technicalCues({ ...base, cuts: [4] })).toEqual([]);
  });

  it('never calls a still that is the whole file a slate (a cover picture over sound, a hum test)', () => {
    expect(technicalCues(inputs(10, () => ({ kind: FrameKind.plain, diff: 0 })))).toEqual([]);
  });

  it('leaves the cues somebody speaks over to the edit', () => {
    const cues = [
      { kind: 'black_frames' as const, start: 0, end: 5 },
      { kind: 'colour_bars' as const, start: 10, end: 12 },
    ];
    expect(unspokenCues(cues, [{ start: 2, end: 4 }])).toEqual([cues[1]]);
  });
});
