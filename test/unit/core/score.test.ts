import { describe, expect, it } from 'vitest';
import { gradeFor, hookValue, labelFor, overallScore, scoreMap } from '../../../core/score';

describe('scoreMap', () => {
  it.each([
    [-5, 0],
    [0, 0],
    [12.5, 25],
    [25, 50],
    [42.5, 70],
    [60, 90],
    [70, 95],
    [80, 100],
    [100, 100],
  ])('maps E=%s to %s', (e, expected) => {
    expect(scoreMap(e)).toBeCloseTo(expected, 10);
  });
});

describe('overallScore', () => {
  it('rounds the map of mean hold', () => {
    expect(overallScore([60, 60, 60, 60], 0)).toBe(90);
  });

  it('scales mean hold by the share of live seconds', () => {
    // E = 60 × (1 − 2/4) = 30 → 50 + 5 × 40/35 = 55.71 → 56
    expect(overallScore([60, 60, 60, 60], 2)).toBe(56);
  });

  it('is 0 with no seconds', () => {
    expect(overallScore([], 0)).toBe(0);
  });
});

describe('gradeFor and labelFor', () => {
  it.each([
    [100, 'A+', 'Gripping'],
    [97, 'A+', 'Gripping'],
    [96, 'A', 'Gripping'],
    [93, 'A', 'Gripping'],
    [92, 'A-', 'Gripping'],
    [90, 'A-', 'Gripping'],
    [89, 'B+', 'Engaging'],
    [87, 'B+', 'Engaging'],
    [86, 'B', 'Engaging'],
    [83, 'B', 'Engaging'],
    [82, 'B-', 'Engaging'],
    [80, 'B-', 'Engaging'],
    [79, 'C+', 'Steady'],
    [77, 'C+', 'Steady'],
    [76, 'C', 'Steady'],
    [73, 'C', 'Steady'],
    [72, 'C-', 'Steady'],
    [70, 'C-', 'Steady'],
    [69, 'D+', 'Sluggish'],
    [67, 'D+', 'Sluggish'],
    [66, 'D', 'Sluggish'],
    [63, 'D', 'Sluggish'],
    [62, 'D-', 'Sluggish'],
    [60, 'D-', 'Sluggish'],
    [59, 'F', 'Flat'],
    [0, 'F', 'Flat'],
  ])('score %s is %s, %s', (score, grade, label) => {
    expect(gradeFor(score)).toBe(grade);
    expect(labelFor(grade)).toBe(label);
  });
});

describe('hookValue', () => {
  it.each([
    [[10, 20, 30, 40], 20],
    [[10, 21], 15.5],
    [[10, 10, 11], 10.3],
    [[], 0],
  ])('of %j is %s', (hold, expected) => {
    expect(hookValue(hold)).toBe(expected);
  });
});
