// Claims: transcript sentences that carry something a viewer could check.

import type { TranscriptSegment } from './wire/read';

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

/**
 * Greetings and sign-offs a creator opens or closes with: "everyone", "today" or "the best"
 * in them state nothing a viewer could check. Each is a clause (up to the next , . ! ? ; or the end).
 */
export const GREETING_CLAUSES: readonly RegExp[] = [
  /\b(?:hey|hi|hello|what'?s up|good (?:morning|afternoon|evening))\b(?: there)?(?:,? (?:every(?:one|body)|guys|folks|friends|all|y'?all|people|team))?/gi,
  /\bwelcome(?: back)?(?: (?:every(?:one|body)|guys|folks|friends))?(?: to (?:the|my|our|this) (?:channel|video|show|podcast|vlog|stream))?/gi,
  /\b(?:thanks|thank you)(?: (?:so|very) much)?(?: (?:every(?:one|body)|guys|all))? for (?:watching|listening|tuning in|joining|being here)\b[^,.!?;]*/gi,
  /\b(?:see you|catch you|talk to you)(?: (?:all|guys|everyone))? (?:next time|soon|later|in the next (?:one|video|episode)|tomorrow)\b[^,.!?;]*/gi,
  /\b(?:don'?t forget to |please |make sure to )?(?:like(?: and| &)? )?(?:subscribe|hit the bell|smash that like)\b[^,.!?;]*/gi,
  /\b(?:that'?s|that is) (?:it|all) for (?:today|now|this (?:video|week|episode))\b[^,.!?;]*/gi,
  /\b(?:bye|goodbye|take care|peace out)\b(?:,? (?:every(?:one|body)|guys|folks|for now))?/gi,
];

/** The sentence without its greeting and sign-off clauses. */
export function withoutGreetings(sentence: string): string {
  return GREETING_CLAUSES.reduce((text, re) => text.replace(re, ' '), sentence);
}

/** True when the sentence, its greetings and sign-offs left out, holds at least one cue of any kind. */
export function isCheckWorthy(sentence: string): boolean {
  const said = withoutGreetings(sentence);
  return Object.values(CLAIM_CUES).some((patterns) => patterns.some((re) => re.test(said)));
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
