// Word error rate of a transcript against the words that were spoken, for the
// fidelity benchmark: the minimum number of substituted, deleted and inserted
// words (Levenshtein over words) divided by the number of spoken words.

/**
 * Lower case, punctuation dropped, hyphens and dashes as spaces, so "Cold-hearted."
 * and "cold hearted" compare equal. Apostrophes inside a word stay ("don't").
 */
export function normaliseWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFC')
    .replace(/[-‐‑‒–—]/g, ' ')
    .replace(/[’‘]/g, "'")
    .replace(/[^\p{L}\p{N}'\s]/gu, '')
    .split(/\s+/)
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter((w) => w.length > 0);
}

export interface WordErrors {
  /** (substitutions + deletions + insertions) / reference words; null when nothing was spoken. */
  rate: number | null;
  substitutions: number;
  deletions: number;
  insertions: number;
  referenceWords: number;
  hypothesisWords: number;
}

/** The word errors of `hypothesis` against `reference`, both normalised first. */
export function wordErrorRate(reference: string, hypothesis: string): WordErrors {
  const ref = normaliseWords(reference);
  const hyp = normaliseWords(hypothesis);
  // cost[j] and its operation counts for the previous and the current row of the edit matrix.
  type Cell = { cost: number; s: number; d: number; i: number };
  let previous: Cell[] = Array.from({ length: hyp.length + 1 }, (_, j) => ({ cost: j, s: 0, d: 0, i: j }));
  for (let r = 1; r <= ref.length; r++) {
    const current: Cell[] = [{ cost: r, s: 0, d: r, i: 0 }];
    for (let j = 1; j <= hyp.length; j++) {
      const diagonal = previous[j - 1]!;
      const same = ref[r - 1] === hyp[j - 1];
      const candidates: Cell[] = [
        { ...diagonal, cost: diagonal.cost + (same ? 0 : 1), s: diagonal.s + (same ? 0 : 1) },
        { ...previous[j]!, cost: previous[j]!.cost + 1, d: previous[j]!.d + 1 },
        { ...current[j - 1]!, cost: current[j - 1]!.cost + 1, i: current[j - 1]!.i + 1 },
      ];
      // Ties go to the first candidate: a substitution before a deletion before an insertion.
      current.push(candidates.reduce((best, c) => (c.cost < best.cost ? c : best)));
    }
    previous = current;
  }
  const last = previous[hyp.length]!;
  return {
    rate: ref.length === 0 ? null : last.cost / ref.length,
    substitutions: last.s,
    deletions: last.d,
    insertions: last.i,
    referenceWords: ref.length,
    hypothesisWords: hyp.length,
  };
}
