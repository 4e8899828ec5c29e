import { describe, expect, it } from 'vitest';
import {
  countBelow,
  hookReport,
  libraryPercentile,
  percentBelow,
  strongestWindow,
  withLibraryPercentile,
  type HookReport,
  type PublishedHooks,
} from '../../../core/hook-report';

const fill = (n: number, v: number) => Array.from({ length: n }, () => v);

describe('strongestWindow', () => {
  it.each([
    { hold: [10, 10, 10, 50, 70, 60, 10], expected: { start: 3, end: 6, hold: 60 } },
    { hold: [40, 40, 40, 40], expected: { start: 0, end: 3, hold: 40 } },
    { hold: [20, 80], expected: { start: 0, end: 2, hold: 50 } },
    { hold: [], expected: { start: 0, end: 0, hold: 0 } },
  ])('in $hold', ({ hold, expected }) => {
    expect(strongestWindow(hold)).toEqual(expected);
  });
});

describe('percentBelow', () => {
  it.each([
    { values: [10, 20, 30, 40], value: 30, expected: 50 },
    { values: [10, 20, 30], value: 5, expected: 0 },
    { values: [10, 20, 30], value: 31, expected: 100 },
    { values: [], value: 50, expected: 0 },
  ])('$value among $values', ({ values, value, expected }) => {
    expect(percentBelow(values, value)).toBe(expected);
  });
});

describe('hookReport', () => {
  it('names a still silent wordless opening and points at the strongest later window', () => {
    const hold = [5, 5, 5, 40, 70, 80, 75, 30, 30, 30];
    const report = hookReport({
      hook: 5,
      hold,
      motion: [0, 0, 0, ...fill(7, 60)],
      loudness: [0, 0, 0, ...fill(7, 60)],
      words: [{ word: 'hi', start: 4, end: 4.3 }],
    });
    expect(report).toMatchObject({
      value: 5,
      file_percentile: 0,
      library_percentile: null,
      carried: [],
      missing: ['motion', 'sound', 'words'],
      best_opening: { start: 4, end: 7, hold: 75 },
    });
    expect(report.advice).toBe(
      "The strongest 3 seconds start at 4 s (mean hold 75 against the hook's 5): consider opening with them, or add motion and sound and words to the first 3 s.",
    );
  });

  it('credits what carried a strong opening', () => {
    const hold = [80, 85, 90, 40, 40, 40];
    const report = hookReport({
      hook: 85,
      hold,
      motion: [50, 50, 50, 0, 0, 0],
      loudness: [20, 20, 20, 50, 50, 50],
      words: [{ word: 'go', start: 0.5, end: 0.8 }],
    });
    expect(report.carried).toEqual(['motion', 'words']);
    expect(report.missing).toEqual(['sound']);
    expect(report.file_percentile).toBe(66.7);
    expect(report.best_opening).toEqual({ start: 0, end: 3, hold: 85 });
    expect(report.advice).toBe('The opening is already the strongest 3 seconds of the file; sound could still lift it.');
  });
});

describe('countBelow', () => {
  it.each([
    { sorted: [1, 2, 2, 3], value: 2, expected: 1 },
    { sorted: [1, 2, 2, 3], value: 2.5, expected: 3 },
    { sorted: [1, 2, 2, 3], value: 0, expected: 0 },
    { sorted: [1, 2, 2, 3], value: 9, expected: 4 },
    { sorted: [], value: 1, expected: 0 },
  ])('$value in $sorted', ({ sorted, value, expected }) => {
    expect(countBelow(sorted, value)).toBe(expected);
  });
});

// 21 published hooks 0, 5, …, 100.
const library = Array.from({ length: 21 }, (_, i) => i * 5);

describe('libraryPercentile', () => {
  it.each([
    { name: '20 published: too few, null', hooks: library.slice(1), hook: 50, expected: null },
    { name: 'none published: null', hooks: [], hook: 50, expected: null },
    { name: '21 published, hook 50: 10 of 21 below', hooks: library, hook: 50, expected: 47.6 },
    { name: '21 published, hook 52.5 between two', hooks: library, hook: 52.5, expected: 52.4 },
    { name: '21 published, the lowest hook: none below', hooks: library, hook: 0, expected: 0 },
    { name: '21 published, above all: 100', hooks: library, hook: 100.1, expected: 100 },
    { name: 'ties count as not below', hooks: [...library.slice(0, 20), 95], hook: 95, expected: 90.5 },
  ])('$name', ({ hooks, hook, expected }) => {
    expect(libraryPercentile(hooks, hook)).toBe(expected);
  });
});

describe('withLibraryPercentile over a port', () => {
  const report = hookReport({ hook: 50, hold: [50, 50, 50, 80, 80, 80], motion: fill(6, 50), loudness: fill(6, 50), words: [] });
  const port = (hooks: number[]) => {
    const fake = {
      calls: 0,
      async sortedHooks() {
        fake.calls++;
        return hooks;
      },
    } satisfies PublishedHooks & { calls: number };
    return fake;
  };

  it('places the hook among more than 20 published hooks, leaving the rest of the read and the stored report as they were', async () => {
    const read = { score: 70, hook_report: report };
    const placed = await withLibraryPercentile(read, port(library));
    expect(placed).toEqual({ score: 70, hook_report: { ...report, library_percentile: 47.6 } });
    expect(read.hook_report.library_percentile).toBeNull();
  });

  it('keeps null with 20 or fewer published', async () => {
    expect((await withLibraryPercentile({ hook_report: report }, port(library.slice(0, 20)))).hook_report?.library_percentile).toBeNull();
  });

  it('does not ask the port for a read without a hook report', async () => {
    const fake = port(library);
    const older: { score: number; hook_report?: HookReport } = { score: 1 };
    expect(await withLibraryPercentile(older, fake)).toEqual({ score: 1 });
    expect(fake.calls).toBe(0);
  });
});
