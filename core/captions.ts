// Caption cues to the conventions broadcasters and platforms publish (BBC subtitle
// guidelines, Netflix's timed-text style guide): at most two lines of at most 42
// characters, each cue on screen 1 to 7 seconds, broken at the end of a sentence or
// a clause rather than mid-phrase, and not carried across a picture cut when a word
// boundary lies near it. Pure: the exports (SRT, WebVTT) write what this returns.

import type { TranscriptSegment } from './wire/read';

/** Characters a caption line holds at most. */
export const CAPTION_LINE_CHARS = 42;
/** Lines a cue holds at most. */
export const CAPTION_MAX_LINES = 2;
/** A cue stays on screen at least this long (seconds), where the next cue leaves room… */
export const CAPTION_MIN_SEC = 1;
/** …and at most this long. */
export const CAPTION_MAX_SEC = 7;
/** A word boundary this close to a cut (seconds) ends the cue there instead of carrying it over the cut. */
export const CAPTION_CUT_REACH_SEC = 0.5;

export interface CaptionCue {
  start: number;
  end: number;
  /** One or two lines, each at most CAPTION_LINE_CHARS unless a single word is longer. */
  lines: string[];
}

export interface CaptionOptions {
  /** Picture cuts in seconds: a cue ends at a word boundary near one rather than run across it. */
  cuts?: readonly number[];
  /** The file's duration: no cue ends after it. */
  durationSec?: number;
}

/** Whitespace and control characters collapsed into single spaces. */
const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f\u2028\u2029\s]+/g, ' ').trim();

/**
 * Hyphenated words whole: speech engines give "ill-disposed" as the tokens "ill" and
 * "-disposed", which a join with spaces turned into "ill -disposed".
 */
export function joinHyphenated(text: string): string {
  return text.replace(/(\p{L}) -(?=\p{L})/gu, '$1-').replace(/(\p{L})- (?=\p{L})/gu, '$1-');
}

const SENTENCE_MARK = /[.!?…]["'”’)\]]*$/;
/** Abbreviations whose full stop ends no sentence ("Mr. John Dashwood"). */
const ABBREVIATION = /^(?:mr|mrs|ms|dr|st|jr|sr|prof|mt|vs|etc|e\.g|i\.e|no|approx|fig)\.$/i;
const SENTENCE_END = { test: (word: string) => SENTENCE_MARK.test(word) && !ABBREVIATION.test(word) };
const CLAUSE_END = /[,;:—–]["'”’)\]]*$/;

/**
 * The text as at most two lines of at most 42 characters, broken at the space that
 * balances them best (after a clause's punctuation when that costs little); null when
 * it does not fit. One word longer than a line stands alone on its line.
 */
export function captionLines(text: string): string[] | null {
  const line = oneLine(text);
  if (line.length <= CAPTION_LINE_CHARS || !line.includes(' ')) return [line];
  const words = line.split(' ');
  let best: { lines: string[]; cost: number } | null = null;
  for (let i = 1; i < words.length; i++) {
    const top = words.slice(0, i).join(' ');
    const bottom = words.slice(i).join(' ');
    if (top.length > CAPTION_LINE_CHARS || bottom.length > CAPTION_LINE_CHARS) continue;
    const cost = Math.abs(top.length - bottom.length) - (CLAUSE_END.test(top) || SENTENCE_END.test(top) ? 12 : 0);
    if (!best || cost < best.cost) best = { lines: [top, bottom], cost };
  }
  return best?.lines ?? null;
}

interface Token {
  text: string;
  start: number;
  end: number;
}

/**
 * A segment's words with times shared out by their length in characters: the read keeps
 * segment times, not word times, and speech runs at a near even rate of characters
 * within a segment (segments break at every pause of 0.5 s or more).
 */
function tokensOf(segment: TranscriptSegment): Token[] {
  const words = joinHyphenated(oneLine(segment.text)).split(' ').filter(Boolean);
  const start = Math.max(0, segment.start);
  const span = Math.max(0, segment.end - start);
  const weights = words.map((w) => w.length + 1);
  const total = weights.reduce((s, w) => s + w, 0);
  let at = 0;
  return words.map((text, i) => {
    const from = start + (span * at) / total;
    at += weights[i] as number;
    return { text, start: from, end: start + (span * at) / total };
  });
}

const textOf = (tokens: readonly Token[]) => tokens.map((t) => t.text).join(' ');

/** Where to end a cue that cannot take `next`: after its last sentence end, else its last clause end, else before `next`. */
function breakIndex(cue: readonly Token[]): number {
  const least = Math.max(1, Math.ceil(cue.length / 3));
  for (const re of [SENTENCE_END, CLAUSE_END]) {
    for (let i = cue.length - 1; i >= least; i--) if (re.test((cue[i - 1] as Token).text)) return i;
  }
  return cue.length;
}

/**
 * The cues of a transcript: each segment's words filled into cues of at most two lines of
 * 42 characters and at most 7 s, a cue ending after a sentence once it has been up 1 s, and,
 * when a word does not fit, after the cue's last sentence or clause end (else at that word);
 * a cue also ends at the word boundary nearest a cut within 0.5 s. A cue under 1 s then
 * joins its neighbour when the two fit one cue, else stays up to 1 s where the next cue and
 * the duration leave room, else takes the time from the next cue's start as far as that one
 * keeps 1 s of its own.
 */
export function captionCues(transcript: readonly TranscriptSegment[], options: CaptionOptions = {}): CaptionCue[] {
  const cuts = [...(options.cuts ?? [])].sort((a, b) => a - b);
  const raw: Token[][] = [];
  for (const segment of [...transcript].sort((a, b) => a.start - b.start)) {
    let cue: Token[] = [];
    const close = (at = cue.length) => {
      if (at > 0) raw.push(cue.slice(0, at));
      cue = cue.slice(at);
    };
    for (const token of tokensOf(segment)) {
      const first = cue[0];
      const last = cue[cue.length - 1];
      if (first && last) {
        const fits = captionLines(textOf([...cue, token])) !== null && token.end - first.start <= CAPTION_MAX_SEC;
        const cut = cuts.find((c) => c > first.start && c <= token.end);
        if (cut !== undefined && Math.abs(last.end - cut) <= CAPTION_CUT_REACH_SEC && last.end - first.start >= CAPTION_MIN_SEC) close();
        else if (!fits) close(breakIndex(cue));
        // A carried-over tail may still not fit with this word.
        const head = cue[0];
        if (head && (captionLines(textOf([...cue, token])) === null || token.end - head.start > CAPTION_MAX_SEC)) close();
      }
      cue.push(token);
      const head = cue[0] as Token;
      if (SENTENCE_END.test(token.text) && token.end - head.start >= CAPTION_MIN_SEC) close();
    }
    close();
  }
  const cues = raw.map((tokens) => ({ start: (tokens[0] as Token).start, end: (tokens[tokens.length - 1] as Token).end, text: textOf(tokens) }));
  // Short cues: join a neighbour when the two fit one cue (the nearer in time first), else stay up longer.
  for (let i = 0; i < cues.length; i++) {
    const cue = cues[i]!;
    if (cue.end - cue.start >= CAPTION_MIN_SEC) continue;
    const prev = cues[i - 1];
    const next = cues[i + 1];
    const joins = (a: { start: number; end: number; text: string }, b: { start: number; end: number; text: string }) =>
      b.start - a.end < CAPTION_MIN_SEC && b.end - a.start <= CAPTION_MAX_SEC && captionLines(`${a.text} ${b.text}`) !== null;
    const order = [prev && joins(prev, cue) ? 'prev' : null, next && joins(cue, next) ? 'next' : null].filter(Boolean);
    if (order.length === 2 && prev && next && next.start - cue.end < cue.start - prev.end) order.reverse();
    if (order[0] === 'prev' && prev) {
      cues.splice(i - 1, 2, { start: prev.start, end: cue.end, text: `${prev.text} ${cue.text}` });
      i -= 2;
    } else if (order[0] === 'next' && next) {
      cues.splice(i, 2, { start: cue.start, end: next.end, text: `${cue.text} ${next.text}` });
      i -= 1;
    }
  }
  // Each cue up for 1 s at least: into the pause after it; else, with the next cue right behind it (a short sentence
  // that fits with neither neighbour), from the next cue's start as far as that one keeps 1 s of its own: the next
  // cue then shows a little after its first word, never over this one.
  const lastEnd = options.durationSec ?? Number.POSITIVE_INFINITY;
  cues.forEach((cue, i) => {
    const next = cues[i + 1];
    const wanted = cue.start + CAPTION_MIN_SEC;
    cue.end = Math.min(Math.max(cue.end, Math.min(wanted, next?.start ?? lastEnd, lastEnd)), lastEnd);
    if (cue.end < wanted && next && wanted <= lastEnd && next.end - wanted >= CAPTION_MIN_SEC) cue.end = next.start = wanted;
  });
  return cues.map((cue) => ({ start: roundMs(cue.start), end: roundMs(cue.end), lines: captionLines(cue.text) ?? [cue.text] }));
}

const roundMs = (x: number) => Math.round(x * 1000) / 1000;
