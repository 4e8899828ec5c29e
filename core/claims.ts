// Claims: transcript sentences that carry something a viewer could check.

import type { TranscriptSegment } from './shapes';

const NUMBER_WORDS =
  'two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|' +
  'eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|hundreds|thousand|thousands|' +
  'million|millions|billion|billions|trillion|dozen|dozens';

/**
 * Cue patterns by kind, all case-insensitive with word boundaries. "one" alone
 * is left out of the number words: as a pronoun ("the one I like") it is far
 * more often no quantity at all; "number one" is an absolute below.
 */
export const CLAIM_CUES: Readonly<Record<string, readonly RegExp[]>> = {
  quantity: [
    /\d/,
    new RegExp(`\\b(?:${NUMBER_WORDS})\\b`, 'i'),
    /%|\bper ?cent\b|\bpercentage\b/i,
    /[$€£]\s?\d|\b(?:dollars?|euros?|pounds?|bucks|cents?)\b/i,
    /\b(?:times|twice|thrice)\b/i,
    /\b(?:double|doubled|doubles|triple|tripled|half|halve|halved)\b/i,
  ],
  evidence: [
    /\bstud(?:y|ies) (?:show|shows|showed|shown|found|finds|prove|proves|proved|suggests?)\b/i,
    /\bstudies have shown\b/i,
    /\bresearch(?:ers)?\b/i,
    /\bproven\b/i,
    /\bclinically\b/i,
    /\baccording to\b/i,
    /\bdata (?:shows?|showed|proves?|suggests?)\b/i,
    /\bscientists (?:say|agree|found|have found)\b/i,
  ],
  absolute: [/\b(?:always|never|everyone|everybody|nobody|no one|guaranteed?|guarantees|best|worst|only)\b/i, /\bnumber one\b/i],
  comparative: [/\b(?:more|less|fewer|better|worse)\b.*\bthan\b/i, /\b(?!rather\b|other\b)[a-z]{2,}er than\b/i],
  causal: [
    /\b(?:causes?|caused|cures?|cured|prevents?|prevented)\b/i,
    /\b(?:leads?|led) to\b/i,
    /\bwill (?:make|help|double|triple|increase|reduce|boost|cut|save|change|fix|stop|kill)\b/i,
  ],
};

/** True when the sentence holds at least one cue of any kind. */
export function isCheckWorthy(sentence: string): boolean {
  return Object.values(CLAIM_CUES).some((patterns) => patterns.some((re) => re.test(sentence)));
}

/**
 * Sentences of the transcript: when no segment carries sentence punctuation
 * (pocketsphinx writes none) each segment is a sentence; otherwise the joined
 * text is split after `.`, `!` or `?`. Whitespace is collapsed, empties dropped.
 */
export function transcriptSentences(segments: readonly TranscriptSegment[]): string[] {
  const texts = segments.map((s) => s.text.replace(/\s+/g, ' ').trim()).filter((t) => t !== '');
  if (!texts.some((t) => /[.!?]/.test(t))) return texts;
  return texts
    .join(' ')
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** The check-worthy sentences of the transcript, in order, each once. */
export function extractClaims(segments: readonly TranscriptSegment[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const s of transcriptSentences(segments)) {
    if (!isCheckWorthy(s) || seen.has(s)) continue;
    seen.add(s);
    out.push(s);
  }
  return out;
}
