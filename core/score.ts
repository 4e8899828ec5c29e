// Hook, score, grade and label (design §4).

import { mean, round1 } from './numbers';

/** Mean reported hold over the first 3 seconds (fewer if shorter), one decimal; 0 with no seconds. */
export function hookValue(hold: readonly number[]): number {
  return round1(mean(hold.slice(0, 3)));
}

/** The piecewise-linear map's points (E → score); beyond the last point the score stays 100. */
export const SCORE_POINTS: ReadonlyArray<readonly [number, number]> = [
  [0, 0],
  [25, 50],
  [60, 90],
  [80, 100],
];

/** The piecewise-linear map through (0→0), (25→50), (60→90), (80→100), clamped to 0..100. Not rounded. */
export function scoreMap(e: number): number {
  const first = SCORE_POINTS[0] as readonly [number, number];
  const last = SCORE_POINTS[SCORE_POINTS.length - 1] as readonly [number, number];
  if (!(e > first[0])) return first[1];
  if (e >= last[0]) return last[1];
  for (let i = 1; i < SCORE_POINTS.length; i++) {
    const [x1, y1] = SCORE_POINTS[i] as readonly [number, number];
    const [x0, y0] = SCORE_POINTS[i - 1] as readonly [number, number];
    if (e <= x1) return Math.min(100, Math.max(0, y0 + ((e - x0) * (y1 - y0)) / (x1 - x0)));
  }
  return last[1];
}

/** score = round(scoreMap(mean(hold) × (1 − deadSeconds / N))), 0 when there are no seconds. */
export function overallScore(hold: readonly number[], deadSeconds: number): number {
  const n = hold.length;
  if (n === 0) return 0;
  const e = mean(hold) * (1 - deadSeconds / n);
  return Math.round(scoreMap(e));
}

/** Lowest score for each grade, best first; below the last is F. */
export const GRADE_FLOORS: ReadonlyArray<readonly [string, number]> = [
  ['A+', 97],
  ['A', 93],
  ['A-', 90],
  ['B+', 87],
  ['B', 83],
  ['B-', 80],
  ['C+', 77],
  ['C', 73],
  ['C-', 70],
  ['D+', 67],
  ['D', 63],
  ['D-', 60],
];

/** Letter grade with ASCII `+`/`-`: A+ ≥ 97 … D− ≥ 60, F below. */
export function gradeFor(score: number): string {
  for (const [grade, floor] of GRADE_FLOORS) if (score >= floor) return grade;
  return 'F';
}

export const LABELS: Readonly<Record<string, string>> = {
  A: 'Gripping',
  B: 'Engaging',
  C: 'Steady',
  D: 'Sluggish',
  F: 'Flat',
};

/** Word label by the grade's letter: A Gripping, B Engaging, C Steady, D Sluggish, F Flat. */
export function labelFor(grade: string): string {
  return LABELS[grade.charAt(0)] ?? 'Flat';
}
