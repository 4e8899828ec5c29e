import { describe, expect, it } from 'vitest';
import { cutWindow, cutsToTheFrame, frameIndexAt, refineCut, secondsOfFrame, type WindowFrame } from '../../../core/cut-refinement';

/** Frames at a constant rate from `startSec`, all with difference `base` except the ones given by index. */
function frames(startSec: number, fps: number, count: number, base: number, at: Record<number, number>): WindowFrame[] {
  return Array.from({ length: count }, (_, i) => ({ timeSec: startSec + i / fps, diff: i === 0 ? 0 : (at[i] ?? base) }));
}

describe('cutWindow', () => {
  it.each([
    // The sample's quarter second (k/4 ± 0.125) and 0.3 s either side.
    [20, { startSec: 4.575, durationSec: 0.85 }],
    [1, { startSec: 0, durationSec: 0.675 }],
    [2, { startSec: 0.075, durationSec: 0.85 }],
  ])('sample %i decodes %o', (sample, window) => {
    expect(cutWindow(sample)).toEqual(window);
  });
});

describe('refineCut', () => {
  it.each([
    ['25 fps: the frame after the largest change', frames(4.6, 25, 21, 0.4, { 9: 31 }), { fps: 25, variable: false }, { timeSec: 4.96, frame: 124 }],
    [
      '29.97 fps: time is the frame index over the rate, to the millisecond',
      frames(149 * (1001 / 30000), 30000 / 1001, 20, 0.2, { 7: 12 }),
      { fps: 30000 / 1001, variable: false },
      { timeSec: 5.205, frame: 156 },
    ],
    ['60 fps', frames(9.6, 60, 51, 1, { 30: 20 }), { fps: 60, variable: false }, { timeSec: 10.1, frame: 606 }],
    ['the earlier of two equal changes', frames(0, 25, 10, 0.1, { 3: 9, 6: 9 }), { fps: 25, variable: false }, { timeSec: 0.12, frame: 3 }],
    [
      "a variable rate keeps the frame's own time and counts at the average rate",
      [
        { timeSec: 1, diff: 0 },
        { timeSec: 1.0333, diff: 1 },
        { timeSec: 1.0833, diff: 40 },
        { timeSec: 1.1166, diff: 1 },
      ],
      { fps: 24, variable: true },
      { timeSec: 1.083, frame: 26 },
    ],
  ])('%s', (_name, window, rate, refined) => {
    expect(refineCut(window, rate)).toEqual(refined);
  });

  it.each([
    ['no frames', []],
    ['a single frame', [{ timeSec: 2, diff: 0 }]],
    ['frames that never change', frames(2, 25, 10, 0, {})],
  ])('gives nothing to refine with %s', (_name, window) => {
    expect(refineCut(window, { fps: 25, variable: false })).toBeNull();
  });

  it("never takes the window's first frame, which has nothing before it", () => {
    expect(
      refineCut(
        [
          { timeSec: 3, diff: 99 },
          { timeSec: 3.04, diff: 2 },
        ],
        { fps: 25, variable: false },
      ),
    ).toEqual({ timeSec: 3.04, frame: 76 });
  });
});

describe('frameIndexAt and secondsOfFrame', () => {
  it.each([25, 30000 / 1001, 60000 / 1001, 24, 60, 240])('give each other back at %f fps', (fps) => {
    for (let frame = 0; frame < 20_000; frame += 7) expect(frameIndexAt(secondsOfFrame(frame, fps), fps)).toBe(frame);
  });
});

describe('cutsToTheFrame', () => {
  const grid = { samples: [8, 21], times: [2, 5.25] };
  it('moves refined cuts to their frames and gives their indices beside them', () => {
    const refinement = [
      { sample: 8, refined: { timeSec: 1.92, frame: 48 } },
      { sample: 21, refined: { timeSec: 5.16, frame: 129 } },
    ];
    expect(cutsToTheFrame(grid, refinement, 25, 10)).toEqual({ cuts: [1.92, 5.16], cutFrames: [48, 129], unrefined: [] });
  });

  it('keeps a cut that could not be refined on its grid time and names it', () => {
    const refinement = [
      { sample: 8, refined: null },
      { sample: 21, refined: { timeSec: 5.16, frame: 129 } },
    ];
    expect(cutsToTheFrame(grid, refinement, 25, 10)).toEqual({ cuts: [2, 5.16], cutFrames: [50, 129], unrefined: [2] });
  });

  it('keeps every cut on the grid, naming them all, when the refinement failed as a whole', () => {
    expect(cutsToTheFrame(grid, [], 25, 10)).toEqual({ cuts: [2, 5.25], cutFrames: [50, 131], unrefined: [2, 5.25] });
  });

  it('keeps the grid without naming anything when no refinement ran, and has no frames without a frame rate', () => {
    expect(cutsToTheFrame(grid, undefined, 25, 10)).toEqual({ cuts: [2, 5.25], cutFrames: [50, 131], unrefined: [] });
    expect(cutsToTheFrame(grid, undefined, null, 10)).toEqual({ cuts: [2, 5.25], unrefined: [] });
  });

  it('counts once two grid cuts refined to the same frame', () => {
    const refinement = [
      { sample: 8, refined: { timeSec: 2.2, frame: 55 } },
      { sample: 11, refined: { timeSec: 2.2, frame: 55 } },
    ];
    expect(cutsToTheFrame({ samples: [8, 11], times: [2, 2.75] }, refinement, 25, 10)).toEqual({ cuts: [2.2], cutFrames: [55], unrefined: [] });
  });

  it("keeps the grid time of a refined cut that would fall at or after the read's end", () => {
    const refinement = [{ sample: 39, refined: { timeSec: 10.02, frame: 250 } }];
    expect(cutsToTheFrame({ samples: [39], times: [9.75] }, refinement, 25, 10)).toEqual({ cuts: [9.75], cutFrames: [244], unrefined: [9.75] });
  });
});
