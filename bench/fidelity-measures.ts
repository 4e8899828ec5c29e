// Pure measures of the fidelity benchmark: which seconds are spoken, precision
// and recall per second, and how far found stretches (recognised words, voice
// regions) start and end from the truth's speech windows.

export interface Span {
  start: number;
  end: number;
}

/** Seconds t = 0…n−1 whose [t, t+1) overlaps the spans by at least `minOverlapSec`. */
export function secondsCovered(spans: readonly Span[], n: number, minOverlapSec = 0.3): boolean[] {
  return Array.from(
    { length: n },
    (_, t) => spans.reduce((sum, s) => sum + Math.max(0, Math.min(t + 1, s.end) - Math.max(t, s.start)), 0) >= minOverlapSec - 1e-9,
  );
}

export interface PerSecondScores {
  /** null when nothing was flagged (and something was spoken): undefined. 1 when nothing was spoken and nothing flagged. */
  precision: number | null;
  /** null when nothing was spoken. */
  recall: number | null;
  spoken: number;
  flagged: number;
}

export function perSecondScores(flagged: readonly boolean[], spoken: readonly boolean[]): PerSecondScores {
  const flaggedCount = flagged.filter(Boolean).length;
  const spokenCount = spoken.filter(Boolean).length;
  const hits = flagged.filter((f, t) => f && spoken[t]).length;
  return {
    precision: flaggedCount === 0 ? (spokenCount === 0 ? 1 : null) : hits / flaggedCount,
    recall: spokenCount === 0 ? null : hits / spokenCount,
    spoken: spokenCount,
    flagged: flaggedCount,
  };
}

export interface BoundaryErrors {
  /** Truth stretches with something found for them. */
  measured: number;
  stretches: number;
  /** Largest |found start − truth start| and |found end − truth end| over the measured stretches, seconds; null when none was measured. */
  maxStartError: number | null;
  maxEndError: number | null;
}

/**
 * How far what was found for each truth stretch starts and ends from it.
 * `nearest` (recognised words): each found span goes to the truth stretch
 * nearest its middle (distance 0 inside), if within `reachSec`; a stretch's
 * first and last span give its start and end. `overlap` (voice regions): a
 * stretch's spans are those overlapping it, so a region that runs on through
 * the pause to the next stretch counts against both.
 */
export function boundaryErrors(truth: readonly Span[], found: readonly Span[], assign: 'nearest' | 'overlap', reachSec = 1): BoundaryErrors {
  const groups: Span[][] = truth.map(() => []);
  if (assign === 'overlap') {
    truth.forEach((s, i) => groups[i]!.push(...found.filter((f) => f.start < s.end && s.start < f.end)));
  } else {
    for (const f of found) {
      const mid = (f.start + f.end) / 2;
      let best = -1;
      let bestDistance = Infinity;
      truth.forEach((s, i) => {
        const distance = mid < s.start ? s.start - mid : mid > s.end ? mid - s.end : 0;
        if (distance < bestDistance) {
          best = i;
          bestDistance = distance;
        }
      });
      if (best >= 0 && bestDistance <= reachSec) groups[best]!.push(f);
    }
  }
  let measured = 0;
  let maxStartError: number | null = null;
  let maxEndError: number | null = null;
  truth.forEach((s, i) => {
    const g = groups[i]!;
    if (g.length === 0) return;
    measured++;
    const start = Math.min(...g.map((f) => f.start));
    const end = Math.max(...g.map((f) => f.end));
    maxStartError = Math.max(maxStartError ?? 0, Math.abs(start - s.start));
    maxEndError = Math.max(maxEndError ?? 0, Math.abs(end - s.end));
  });
  const round = (x: number | null) => (x === null ? null : Math.round(x * 1000) / 1000);
  return { measured, stretches: truth.length, maxStartError: round(maxStartError), maxEndError: round(maxEndError) };
}
