// The key phrase of a stretch of transcript: a few words that name what it is about,
// for chapter titles. RAKE (Rose et al., "Automatic keyword extraction from individual
// documents", 2010): candidate phrases are the runs of words between stop words and
// punctuation; each word scores its degree (the words it shares phrases with) over
// its frequency; a phrase scores the sum of its words. No model, no corpus: it reads
// only the text it is given. Greetings and sign-offs are left out first.

import { withoutGreetings } from './claims';

/** A key phrase holds at most this many words. */
export const KEY_PHRASE_MAX_WORDS = 4;

/**
 * English function words and the fillers of speech: they join ideas, they do not name
 * one. Lower case; apostrophes straight.
 */
const STOP_WORDS = new Set(
  (
    "a about above after again against all almost also although am an and another any anybody anyone anything are aren't around as at " +
    "back be because been before being below between both but by can can't cannot could couldn't did didn't do does doesn't doing don't done down during " +
    "each either else enough even ever every everything few first for from further get gets getting go goes going gone gonna got gotta had hadn't has hasn't have haven't having " +
    "he he'd he'll he's her here here's hers herself him himself his how how's however i i'd i'll i'm i've if in into is isn't it it's its itself just kind kinda know " +
    "last least less let let's like likely little lot lots made make makes many may maybe me might mine more most much must my myself " +
    'need needs never next no nor not nothing now of off often oh ok okay on once one ones only or other others otherwise our ours ourselves out over own ' +
    "perhaps pretty probably quite rather really right said same say says see seem seems shall she she'd she'll she's should shouldn't since so some somebody someone something " +
    "sometimes somewhat sort still such sure take than that that's the their theirs them themselves then there there's these they they'd they'll they're they've thing things " +
    "think this those though through thus to today too toward towards uh um under until up upon us use used very via wanna want wants was wasn't way we we'd we'll we're we've " +
    "well went were weren't what what's whatever when where where's whether which while who who's whom whose why will with within without won't would wouldn't yeah yes yet " +
    "you you'd you'll you're you've your yours yourself yourselves actually basically literally stuff guys hey hi hello welcome thanks thank please bye"
  ).split(' '),
);

const FRAGMENT_BREAK = /[.,!?;:—–()[\]{}"“”…]+|\s-\s/;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

const normal = (word: string) => word.toLowerCase().replace(/’/g, "'");

/** Candidate phrases: runs of words between stop words and punctuation, at most KEY_PHRASE_MAX_WORDS long, in text order. */
export function candidatePhrases(text: string): string[][] {
  const out: string[][] = [];
  for (const fragment of withoutGreetings(text).split(FRAGMENT_BREAK)) {
    let run: string[] = [];
    const flush = () => {
      for (let i = 0; i < run.length; i += KEY_PHRASE_MAX_WORDS) out.push(run.slice(i, i + KEY_PHRASE_MAX_WORDS));
      run = [];
    };
    for (const word of fragment.match(WORD) ?? []) {
      if (STOP_WORDS.has(normal(word))) flush();
      else run.push(word);
    }
    flush();
  }
  // A lone short word or a bare number names nothing.
  return out.filter((p) => p.some((w) => /\p{L}/u.test(w)) && (p.length > 1 || (p[0] ?? '').length >= 3));
}

/**
 * The highest-scoring candidate phrase (RAKE degree over frequency; the earliest on a
 * tie), as it was written, its first letter capitalised; "" when there is none.
 */
export function keyPhrase(text: string): string {
  const phrases = candidatePhrases(text);
  const freq = new Map<string, number>();
  const degree = new Map<string, number>();
  for (const phrase of phrases) {
    for (const word of phrase) {
      const w = normal(word);
      freq.set(w, (freq.get(w) ?? 0) + 1);
      degree.set(w, (degree.get(w) ?? 0) + phrase.length);
    }
  }
  let best: { words: string[]; score: number } | null = null;
  for (const phrase of phrases) {
    const score = phrase.reduce((s, word) => s + (degree.get(normal(word)) ?? 0) / (freq.get(normal(word)) ?? 1), 0);
    if (!best || score > best.score) best = { words: phrase, score };
  }
  if (!best) return '';
  const title = best.words.join(' ');
  return `${title.charAt(0).toUpperCase()}${title.slice(1)}`;
}
