// The recut agent's pure parts: what a proposal must satisfy, the rule-based
// proposer, the model's prompt and the strict reading of its answer, the
// before/after comparison and the ffmpeg arguments that render a proposal.

import type { DipFigures, RecutFigures } from './wire/recuts';
import type { UpstreamMessage } from './chat/shapes';
import { deadSeconds, FLOOR } from './dead';
import { DIP_CAUSE_WORDS, subtractSpans, type Dip } from './dips';
import { CUE_WORDS, unspokenCues, type TechnicalCue } from './technical-cues';
import type { HookReport } from './hook-report';
import { mean, round1, round2, secondsIn } from './numbers';
import { percentile } from './percentile';
import type { DeadStretch, Moment, ScanRead, TimelineEntry, TranscriptSegment } from './wire/read';
import { MIN_SEGMENT_SEC, type DipCause } from './wire/constants';

/** A kept stretch of the parent video in seconds, `end` exclusive. */
export interface Segment {
  start: number;
  end: number;
}

export interface RecutRequest {
  goal?: string | null;
  maxSeconds?: number | null;
}

/** A recut keeps at least this share of the video unless the goal or max_seconds asks for less. */
export const MIN_KEPT_FRACTION = 0.3;
/** More joins than this make an unwatchable cut and an unbounded filter graph. */
export const MAX_SEGMENTS = 50;
/** Float noise in the model's numbers and container durations. */
const EPS = 0.005;

/**
 * A length named in the goal ("under 60 s", "30 seconds", "1.5 min", "1:30"), in seconds;
 * null when the goal names none. The smallest one named wins: it is the binding one.
 */
export function goalSeconds(goal: string | null | undefined): number | null {
  if (!goal) return null;
  const found: number[] = [];
  const text = goal.toLowerCase();
  for (const m of text.matchAll(/\b(\d{1,2}):([0-5]\d)\b/g)) found.push(Number(m[1]) * 60 + Number(m[2]));
  for (const m of text.matchAll(/(\d+(?:\.\d+)?)\s*(seconds?|secs?|s|minutes?|mins?|m)\b/g)) {
    const value = Number(m[1]);
    found.push(m[2]!.startsWith('m') ? value * 60 : value);
  }
  // A length under a second cannot be cut to (every segment lasts at least one): ignored.
  const valid = found.filter((v) => Number.isFinite(v) && v >= MIN_SEGMENT_SEC);
  return valid.length > 0 ? Math.min(...valid) : null;
}

export interface RecutLimits {
  /** Most seconds the recut may keep (max_seconds, the goal's length, the duration: the smallest). */
  maxKeptSec: number;
  /** Fewest seconds it must keep. */
  minKeptSec: number;
}

/**
 * The bounds a proposal must respect. The 30 % floor gives way when the goal or
 * max_seconds asks for less, and never exceeds the ceiling.
 */
export function recutLimits(durationSec: number, request: RecutRequest = {}): RecutLimits {
  const named = goalSeconds(request.goal);
  const ceilings = [durationSec];
  if (typeof request.maxSeconds === 'number' && request.maxSeconds > 0) ceilings.push(request.maxSeconds);
  if (named !== null) ceilings.push(named);
  const maxKeptSec = Math.min(...ceilings);
  const minKeptSec = Math.min(MIN_KEPT_FRACTION * durationSec, maxKeptSec, durationSec);
  return { maxKeptSec, minKeptSec: Math.max(Math.min(MIN_SEGMENT_SEC, durationSec), minKeptSec) };
}

export const keptSeconds = (segments: readonly Segment[]) => segments.reduce((sum, s) => sum + (s.end - s.start), 0);

export type Validation = { ok: true; segments: Segment[]; keptSec: number } | { ok: false; reasons: string[] };

const fmt = (x: number) => String(round2(x));

/**
 * Checks a proposal against the parent's duration and the request: at least one segment,
 * at most MAX_SEGMENTS; each finite, inside [0, duration], at least 1 s; sorted and not
 * overlapping; the total inside the limits. Returns every reason when invalid.
 */
export function validateProposal(segments: readonly Segment[], durationSec: number, request: RecutRequest = {}): Validation {
  const reasons: string[] = [];
  if (segments.length === 0) return { ok: false, reasons: ['no segments: keep at least one'] };
  if (segments.length > MAX_SEGMENTS) reasons.push(`${segments.length} segments: at most ${MAX_SEGMENTS} are allowed`);
  segments.forEach((s, i) => {
    const name = `segment ${i + 1} (${fmt(s.start)}–${fmt(s.end)} s)`;
    if (!Number.isFinite(s.start) || !Number.isFinite(s.end)) {
      reasons.push(`segment ${i + 1}: start and end must be finite numbers`);
      return;
    }
    if (s.start < 0) reasons.push(`${name} starts before 0 s`);
    if (s.end > durationSec + EPS) reasons.push(`${name} ends after the video's end at ${fmt(durationSec)} s`);
    if (s.end - s.start < MIN_SEGMENT_SEC - EPS) reasons.push(`${name} is shorter than ${MIN_SEGMENT_SEC} s`);
    const prev = segments[i - 1];
    if (prev && Number.isFinite(prev.start) && Number.isFinite(prev.end)) {
      if (s.start < prev.start) reasons.push(`${name} is out of order: segments must be sorted by start`);
      else if (s.start < prev.end - EPS) reasons.push(`${name} overlaps segment ${i} (${fmt(prev.start)}–${fmt(prev.end)} s)`);
    }
  });
  if (reasons.length > 0) return { ok: false, reasons };
  const clean = segments.map((s) => ({ start: Math.max(0, s.start), end: Math.min(durationSec, s.end) }));
  const kept = keptSeconds(clean);
  const { maxKeptSec, minKeptSec } = recutLimits(durationSec, request);
  if (kept > maxKeptSec + EPS) reasons.push(`keeps ${fmt(kept)} s: at most ${fmt(maxKeptSec)} s are allowed`);
  if (kept < minKeptSec - EPS)
    reasons.push(`keeps ${fmt(kept)} s: at least ${fmt(minKeptSec)} s (30 % of the video) must be kept unless the goal asks for less`);
  return reasons.length > 0 ? { ok: false, reasons } : { ok: true, segments: clean, keptSec: round2(kept) };
}

/** What the proposers need of the parent's read; dips and the hook report are absent on reads made before they existed. */
export type ReadForRecut = Pick<ScanRead, 'duration_sec' | 'timeline' | 'dead' | 'moments' | 'hook' | 'score'> &
  Partial<Pick<ScanRead, 'cuts' | 'transcript' | 'dips' | 'hook_report' | 'technical_cues'>>;

export interface Proposal {
  segments: Segment[];
  rationale: string;
}

type RecutDip = Pick<Dip, 'start' | 'end' | 'causes'>;
type OpeningReport = Pick<HookReport, 'value' | 'file_percentile' | 'best_opening'>;

/** A hook under this share of the file's seconds (or under the floor) is weak. */
export const WEAK_HOOK_PERCENTILE = 50;
/** The strongest window replaces the opening only when its mean hold beats the hook by this many points. */
export const OPENING_GAIN_POINTS = 10;
/**
 * …and only when it starts within this share of the file: a recut keeps the order of
 * the source, so opening later would throw away the body of the video and make a trailer.
 */
export const OPENING_MAX_SHARE = 0.25;

export interface OpeningChoice {
  /** The second the recut starts at (before the moments are added back). */
  start: number;
  /** `window`: the hook report's strongest 3 s; `strong`: the first strong second. */
  by: 'window' | 'strong';
  /** One clause for the rationale; empty when the opening stays at 0 s. */
  note: string;
}

/** Whether the hook is weak: under the floor, or higher than fewer than WEAK_HOOK_PERCENTILE % of the file's seconds. */
export const hookIsWeak = (report: Pick<HookReport, 'value' | 'file_percentile'>) => report.value < FLOOR || report.file_percentile < WEAK_HOOK_PERCENTILE;

/**
 * Where the rule-based recut opens. When the hook is weak and the hook report's strongest
 * 3-second window starts after 0 s, within the first OPENING_MAX_SHARE of the file, and
 * beats the hook by OPENING_GAIN_POINTS or more, the recut opens on that window. Otherwise
 * it opens on `firstStrong`, the first second at or above the strong level outside a cut dip
 * (0 when there is none).
 */
export function chooseOpening(report: OpeningReport | null | undefined, firstStrong: number, durationSec: number, strongLevel: number): OpeningChoice {
  const strong: OpeningChoice = {
    start: firstStrong,
    by: 'strong',
    note: firstStrong > 0 ? `started at ${firstStrong} s, the first second with hold ≥ ${round1(strongLevel)}` : '',
  };
  if (!report || !hookIsWeak(report)) return strong;
  const best = report.best_opening;
  const gain = round1(best.hold - report.value);
  if (best.start <= 0 || gain < OPENING_GAIN_POINTS) return strong;
  if (best.start > OPENING_MAX_SHARE * durationSec) {
    const later = `the strongest 3 s (${best.start}–${best.end} s, hold ${best.hold}) come too late to open on without losing the body; move them to the front in an editor`;
    return { ...strong, note: strong.note ? `${strong.note} (${later})` : later };
  }
  return {
    start: best.start,
    by: 'window',
    note: `opened on the strongest 3 s at ${best.start}–${best.end} s (hold ${best.hold}), as the hook (${report.value}, above ${report.file_percentile} % of the seconds) is weak`,
  };
}

/**
 * The seconds of the dips the rules cut: those under the strong level (the floor or the
 * file's median hold, whichever is higher), moments excepted. A dead stretch is under the
 * floor throughout, so it goes whole; a sharp fall loses only its weak seconds.
 */
export function dipSecondsToCut(
  dips: readonly RecutDip[],
  hold: readonly number[],
  strongLevel: number,
  moments: ReadonlySet<number>,
): Map<RecutDip, number[]> {
  const cut = new Map<RecutDip, number[]>();
  for (const dip of dips) {
    const seconds: number[] = [];
    for (let t = Math.max(0, dip.start); t < Math.min(dip.end, hold.length); t++) if ((hold[t] as number) < strongLevel && !moments.has(t)) seconds.push(t);
    if (seconds.length > 0) cut.set(dip, seconds);
  }
  return cut;
}

/** Dips named in a rationale; the rest are counted. */
export const RATIONALE_DIPS = 6;

/** "8–12 s (still picture, silence)": a dip and its causes in words. */
export const dipInWords = (dip: RecutDip) =>
  `${dip.start}–${dip.end} s${dip.causes.length > 0 ? ` (${dip.causes.map((c) => DIP_CAUSE_WORDS[c]).join(', ')})` : ''}`;

function cutDipsNote(cut: Map<RecutDip, number[]>, fromDips: boolean): string {
  if (cut.size === 0) return '';
  const seconds = [...cut.values()].reduce((s, list) => s + list.length, 0);
  const named = [...cut.keys()].slice(0, RATIONALE_DIPS).map(dipInWords);
  const more = cut.size - named.length;
  const what = fromDips ? `dip${cut.size === 1 ? '' : 's'}` : `dead stretch${cut.size === 1 ? '' : 'es'}`;
  return `cut ${seconds} weak second${seconds === 1 ? '' : 's'} of ${cut.size} ${what}: ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/**
 * The rule-based proposer: cut the weak seconds of the dips (the dead stretches on reads
 * without dips), naming their causes; open on the strongest 3 s when the hook is weak
 * (chooseOpening), else on the first strong second (hold at or above both the floor and the
 * median); always keep the moments; then trim the weakest edge seconds until the limits are
 * met, or add back the strongest neighbours until the floor is met. Works on whole seconds
 * of the timeline.
 */
export function proposeByRules(read: ReadForRecut, request: RecutRequest = {}): Proposal {
  const duration = read.duration_sec;
  const n = Math.min(read.timeline.length, secondsIn(duration));
  const hold = read.timeline.slice(0, n).map((t) => t.scores.hold);
  const secLen = (t: number) => Math.max(0, Math.min(t + 1, duration) - t);
  const moments = new Set(read.moments.map((m) => m.second).filter((s) => s >= 0 && s < n));
  const strongLevel = Math.max(FLOOR, percentile(hold, 50));
  const dips: RecutDip[] = read.dips ?? read.dead.map((d) => ({ start: d.start, end: d.end, causes: [] }));
  const cutByDip = dipSecondsToCut(dips, hold, strongLevel, moments);
  const cutSeconds = new Set([...cutByDip.values()].flat());
  let firstStrong = hold.findIndex((h, t) => h >= strongLevel && !cutSeconds.has(t));
  if (firstStrong < 0) firstStrong = 0;
  const opening = chooseOpening(read.hook_report, firstStrong, duration, strongLevel);
  const keep = hold.map((_, t) => t >= opening.start && !cutSeconds.has(t));
  for (const m of moments) keep[m] = true;
  const notes = [cutDipsNote(cutByDip, read.dips !== undefined), opening.note].filter(Boolean);
  if (moments.size > 0) notes.push(`kept the moment${moments.size === 1 ? '' : 's'} at ${[...moments].sort((a, b) => a - b).join(', ')} s`);

  const { maxKeptSec, minKeptSec } = recutLimits(duration, request);
  const total = () => keep.reduce((s, k, t) => s + (k ? secLen(t) : 0), 0);
  const runs = () => runsOf(keep);
  // Too long: take off the weakest second at the edge of a kept run, moments last.
  let trimmed = 0;
  while (total() > maxKeptSec + EPS) {
    const edges = runs().flatMap((r) => (r.start === r.end - 1 ? [r.start] : [r.start, r.end - 1]));
    const pick = (pool: number[]) => pool.sort((a, b) => hold[a]! - hold[b]! || b - a)[0];
    const victim = pick(edges.filter((t) => !moments.has(t))) ?? pick(edges);
    if (victim === undefined) break;
    keep[victim] = false;
    trimmed++;
  }
  if (trimmed > 0) notes.push(`trimmed ${trimmed} weak second${trimmed === 1 ? '' : 's'} to fit ${round1(maxKeptSec)} s`);
  // Too short: add back the strongest second next to a kept one (or the strongest of all).
  let added = 0;
  while (total() < minKeptSec - EPS) {
    const kept = keep.some(Boolean);
    const pool = hold.map((_, t) => t).filter((t) => !keep[t] && (!kept || keep[t - 1] === true || keep[t + 1] === true));
    const best = pool.sort((a, b) => hold[b]! - hold[a]! || a - b)[0];
    if (best === undefined) break;
    keep[best] = true;
    added++;
  }
  if (added > 0) notes.push(`added back ${added} second${added === 1 ? '' : 's'} to keep at least ${round1(minKeptSec)} s`);
  // Whole seconds, then each bound moved into the silence between words (snapToSpeechGaps),
  // so no kept word is clipped; runs shorter than a second cannot be kept.
  const snapped = snapToSpeechGaps(
    runsOf(keep).map((r) => ({ start: r.start, end: round2(Math.min(r.end, duration)) })),
    read.transcript ?? [],
    duration,
  ).filter((s) => s.end - s.start >= MIN_SEGMENT_SEC - EPS);
  // Colour bars, black frames and slates go to the frame, whatever the whole seconds kept of them.
  const cueCut = dropTechnicalCues(snapped, read.technical_cues ?? [], read.transcript ?? []);
  const segments = cueCut.segments;
  if (cueCut.dropped.length > 0) notes.push(`cut ${cuesInWords(cueCut.dropped)}`);
  const kept = round1(keptSeconds(segments));
  // The opening clause names where the rules meant to start; say so when the kept part starts elsewhere.
  const firstKept = segments[0]?.start;
  const at = notes.indexOf(opening.note);
  if (opening.note && at >= 0 && firstKept !== undefined && Math.abs(firstKept - opening.start) > EPS)
    notes[at] = `${opening.note} (the kept part starts at ${round2(firstKept)} s)`;
  const shown = segments.slice(0, RATIONALE_RANGES);
  const ranges = `${keptRanges(shown)}${segments.length > shown.length ? ` and ${segments.length - shown.length} more` : ''}`;
  const gaps = (read.transcript ?? []).length > 0 ? `; every bound in a pause between words, at least ${SPEECH_MARGIN_SEC} s from them` : '';
  const rationale = `Rules: ${notes.length > 0 ? notes.join('; ') : 'nothing to drop'}. Keeps ${kept} of ${round1(duration)} s in ${segments.length} segment${segments.length === 1 ? '' : 's'} (${ranges}${gaps}).`;
  return { segments, rationale };
}

function runsOf(keep: readonly boolean[]): Segment[] {
  const out: Segment[] = [];
  let start = -1;
  for (let t = 0; t <= keep.length; t++) {
    if (t < keep.length && keep[t]) {
      if (start < 0) start = t;
    } else if (start >= 0) {
      out.push({ start, end: t });
      start = -1;
    }
  }
  return out;
}

/**
 * The kept segments without the technical cues nobody speaks over (colour bars, black frames,
 * slates: `unspokenCues`), cut at the cues' own edges, which sit on the cut frames; pieces
 * under a second cannot be kept. When nothing but cues would be left, the segments stay as
 * they are (a file that is all bars has nothing else to keep). `dropped`: the cues that
 * were inside a segment.
 */
export function dropTechnicalCues(
  segments: readonly Segment[],
  cues: readonly TechnicalCue[],
  speech: ReadonlyArray<{ start: number; end: number }>,
): { segments: Segment[]; dropped: TechnicalCue[] } {
  const unspoken = unspokenCues(cues, speech);
  const dropped = unspoken.filter((c) => segments.some((s) => s.start < c.end - EPS && s.end > c.start + EPS));
  if (dropped.length === 0) return { segments: segments.map((s) => ({ ...s })), dropped: [] };
  const left = segments.flatMap((s) => subtractSpans(s, dropped)).filter((s) => s.end - s.start >= MIN_SEGMENT_SEC - EPS);
  return left.length > 0 ? { segments: left, dropped } : { segments: segments.map((s) => ({ ...s })), dropped: [] };
}

/** "the colour bars 10–15 s and the black frames 0–1.5 s": cues in words, for a rationale. */
export function cuesInWords(cues: readonly TechnicalCue[]): string {
  const named = cues.map((c) => `the ${CUE_WORDS[c.kind]} ${round2(c.start)}–${round2(c.end)} s`);
  return named.length === 1 ? (named[0] as string) : `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}`;
}

/** Characters of transcript given to the model; the rest is summarised by its length. */
const PROMPT_TRANSCRIPT_CHARS = 6000;

export interface PromptRetry {
  /** The model's previous answer, verbatim. */
  answer: string;
  /** Why it was refused. */
  reasons: string[];
}

/**
 * The model step's messages: the parent's read as context (timeline, dead stretches, cuts,
 * moments, transcript, hook, goal) and the exact JSON to answer with. A retry appends the
 * refused answer and the reasons.
 */
export function recutPrompt(read: ReadForRecut, request: RecutRequest = {}, retry?: PromptRetry): UpstreamMessage[] {
  const { maxKeptSec, minKeptSec } = recutLimits(read.duration_sec, request);
  const timeline = read.timeline.map((t: TimelineEntry) => `${t.second}:${round1(t.scores.hold)}`).join(' ');
  const transcript = transcriptText(read.transcript ?? []);
  const system = [
    'You are the recut agent of Holdline, a video attention analyser. You propose which parts of a video to keep so that viewers hold on.',
    'Answer with one JSON object and nothing else, exactly this shape:',
    '{"segments": [{"start": <seconds>, "end": <seconds>}, ...], "rationale": "<one or two sentences>"}',
    'Rules: segments sorted by start, not overlapping, each at least 1 s long, inside 0 and the duration;',
    `the kept total must be between ${round2(minKeptSec)} s and ${round2(maxKeptSec)} s.`,
    'Drop dead stretches, open on a strong second (a weak opening loses viewers), keep the moments.',
    'Cut or shorten the dips (their causes say why viewers are likely to leave there). When the hook is weak and the strongest 3 s come early, open on them.',
  ].join('\n');
  const user = [
    `Duration: ${round2(read.duration_sec)} s. Score: ${read.score}. Hook (mean hold of the first 3 s): ${read.hook}.`,
    `Goal: ${request.goal?.trim() ? request.goal.trim() : 'make it hold attention better'}.`,
    request.maxSeconds ? `Maximum length: ${request.maxSeconds} s.` : 'No maximum length beyond the limits above.',
    `Hold per second (second:hold, 0–100, under ${FLOOR} is weak): ${timeline}`,
    `Dead stretches (end exclusive): ${listOrNone(read.dead.map((d: DeadStretch) => `${d.start}–${d.end} s`))}`,
    `Cuts at: ${listOrNone((read.cuts ?? []).map((c) => `${c} s`))}`,
    `Moments: ${listOrNone(read.moments.map((m: Moment) => `${m.second} s (hold ${m.hold})${m.quote ? ` "${m.quote}"` : ''}`))}`,
    ...(read.technical_cues && read.technical_cues.length > 0
      ? [`Technical cues (colour bars, black frames, slates; leave out those nobody speaks over): ${cuesInWords(read.technical_cues)}`]
      : []),
    ...(read.dips ? [`Dips (where hold is likely to drop, end exclusive, with causes): ${dipsForPrompt(read.dips)}`] : []),
    ...(read.hook_report ? [`Hook report: ${hookReportForPrompt(read.hook_report)}`] : []),
    `Transcript: ${transcript || '(no speech)'}`,
  ].join('\n');
  const messages: UpstreamMessage[] = [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
  if (retry) {
    messages.push({ role: 'assistant', content: retry.answer });
    messages.push({
      role: 'user',
      content: `That proposal was refused:\n- ${retry.reasons.join('\n- ')}\nAnswer again with one corrected JSON object only.`,
    });
  }
  return messages;
}

const listOrNone = (items: string[]) => (items.length > 0 ? items.join(', ') : 'none');

/** Dips given to the model; the rest are counted (the timeline already shows every second). */
export const PROMPT_DIPS = 60;

/** The dips in one line: "8–12 s (still picture, silence), 20–22 s (long pause)". */
export function dipsForPrompt(dips: readonly RecutDip[]): string {
  const named = dips.slice(0, PROMPT_DIPS).map(dipInWords);
  return dips.length > PROMPT_DIPS ? `${named.join(', ')} … and ${dips.length - PROMPT_DIPS} more` : listOrNone(named);
}

/** The hook report in one line: the value on its scale, what carried or was missing, the strongest 3 s. */
export function hookReportForPrompt(
  report: Pick<HookReport, 'value' | 'file_percentile' | 'library_percentile' | 'carried' | 'missing' | 'best_opening'>,
): string {
  const parts = [
    `${report.value} of 100, above ${report.file_percentile} % of this file's seconds${report.library_percentile === null ? '' : ` and ${report.library_percentile} % of published scans' hooks`}${hookIsWeak(report) ? ' (weak)' : ''}`,
    `first 3 s carried by ${report.carried.length > 0 ? report.carried.join(', ') : 'nothing'}${report.missing.length > 0 ? `, missing ${report.missing.join(', ')}` : ''}`,
    `strongest 3 s: ${report.best_opening.start}–${report.best_opening.end} s (hold ${report.best_opening.hold})`,
  ];
  return `${parts.join('; ')}.`;
}

function transcriptText(segments: readonly TranscriptSegment[]): string {
  const text = segments.map((s) => `[${round1(s.start)}] ${s.text}`).join(' ');
  return text.length > PROMPT_TRANSCRIPT_CHARS
    ? `${text.slice(0, PROMPT_TRANSCRIPT_CHARS)} … (${text.length - PROMPT_TRANSCRIPT_CHARS} more characters)`
    : text;
}

export type ParsedAnswer = { ok: true; proposal: Proposal } | { ok: false; reasons: string[] };

/** Longest rationale kept; a longer one is refused rather than cut. */
export const MAX_RATIONALE_CHARS = 2000;

/**
 * Reads the model's answer strictly: one JSON object (bare, or alone in one ```json fence),
 * with exactly `segments` (objects of exactly numeric `start`, `end`) and a non-empty
 * string `rationale`. Anything else is refused with the reason.
 */
export function parseRecutAnswer(content: string): ParsedAnswer {
  const trimmed = content.trim();
  const fenced = /^```(?:json)?\s*\n?([\s\S]*?)\n?```$/.exec(trimmed);
  const body = fenced ? fenced[1]!.trim() : trimmed;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { ok: false, reasons: ['the answer is not one JSON object'] };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, reasons: ['the answer is not one JSON object'] };
  const reasons: string[] = [];
  const record = value as Record<string, unknown>;
  const extra = Object.keys(record).filter((k) => k !== 'segments' && k !== 'rationale');
  if (extra.length > 0) reasons.push(`unexpected field${extra.length === 1 ? '' : 's'} ${extra.map((k) => `"${k}"`).join(', ')}`);
  const segments: Segment[] = [];
  if (!Array.isArray(record.segments)) reasons.push('"segments" must be an array of {start, end}');
  else {
    record.segments.forEach((s, i) => {
      const seg = s as Record<string, unknown> | null;
      const ok =
        typeof seg === 'object' &&
        seg !== null &&
        !Array.isArray(seg) &&
        Object.keys(seg).length === 2 &&
        typeof seg.start === 'number' &&
        typeof seg.end === 'number' &&
        Number.isFinite(seg.start) &&
        Number.isFinite(seg.end);
      if (!ok) reasons.push(`segment ${i + 1} must be exactly {"start": <number>, "end": <number>}`);
      else segments.push({ start: seg.start as number, end: seg.end as number });
    });
  }
  const rationale = record.rationale;
  if (typeof rationale !== 'string' || rationale.trim() === '') reasons.push('"rationale" must be a non-empty string');
  else if (rationale.length > MAX_RATIONALE_CHARS) reasons.push(`"rationale" is longer than ${MAX_RATIONALE_CHARS} characters`);
  if (reasons.length > 0) return { ok: false, reasons };
  return { ok: true, proposal: { segments, rationale: (rationale as string).trim() } };
}

/** A read's figures before and after a recut, written once as a TypeBox schema (core/wire/recuts.ts). */
export type ReadFigures = RecutFigures;

export type ComparableRead = Pick<ScanRead, 'score' | 'grade' | 'hook' | 'dead' | 'duration_sec' | 'timeline'> & Partial<Pick<ScanRead, 'dips'>>;

/** How many dips, how many seconds they cover and how many name each cause (in DipCause order). */
export function dipFigures(dips: readonly RecutDip[]): DipFigures {
  const causes: DipFigures['causes'] = {};
  for (const dip of dips) for (const cause of dip.causes) causes[cause] = (causes[cause] ?? 0) + 1;
  const ordered = Object.fromEntries(
    Object.keys(DIP_CAUSE_WORDS)
      .filter((c) => c in causes)
      .map((c) => [c, causes[c as DipCause]]),
  );
  return { count: dips.length, seconds: round2(dips.reduce((s, d) => s + (d.end - d.start), 0)), causes: ordered };
}

export function readFigures(read: ComparableRead): ReadFigures {
  return {
    score: read.score,
    grade: read.grade,
    hook: read.hook,
    dead_seconds: deadSeconds(read.dead),
    duration_sec: read.duration_sec,
    average_hold: round1(mean(read.timeline.map((t) => t.scores.hold))),
    dips: read.dips ? dipFigures(read.dips) : null,
  };
}

/** The before (parent) and after (re-scan) figures side by side. */
export function compareReads(before: ComparableRead, after: ComparableRead): { before: ReadFigures; after: ReadFigures } {
  return { before: readFigures(before), after: readFigures(after) };
}

/** The rationale lists at most this many kept ranges and counts the rest. */
const RATIONALE_RANGES = 6;

/** Silence kept around speech at a cut point, seconds (auto-editor's default margin). */
export const SPEECH_MARGIN_SEC = 0.2;

/**
 * Kept segments whose bounds sit in the silence between words, `margin` away from speech,
 * so a kept word is never clipped and no cut word half sounds. Speech is the transcript's
 * segments (words joined across pauses under 0.5 s: the read keeps no word times, so a
 * pause inside a segment cannot be cut in). A bound inside speech moves to the nearer
 * edge of that speech, past it by the margin (a start before it keeps it whole, after it
 * drops it whole; likewise an end); a bound in a pause keeps at least the margin from the
 * speech on either side (the middle of a pause narrower than two margins). Segments that
 * then touch or overlap are joined; bounds stay within [0, duration]. Frames are the
 * render's (`snapToFrames`).
 */
export function snapToSpeechGaps(
  segments: readonly Segment[],
  speech: ReadonlyArray<{ start: number; end: number }>,
  durationSec: number,
  margin = SPEECH_MARGIN_SEC,
): Segment[] {
  const spans = [...speech].filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  const clampTime = (x: number) => Math.min(durationSec, Math.max(0, x));
  const place = (x: number): number => {
    const inside = spans.find((s) => x > s.start && x < s.end);
    if (inside) {
      const before = inside.start - margin;
      const after = inside.end + margin;
      return clampTime(x - before <= after - x ? before : after);
    }
    // In a pause: between the speech that ends before x and the speech that starts after it.
    const prevEnd = Math.max(0, ...spans.filter((s) => s.end <= x).map((s) => s.end));
    const nextStart = Math.min(durationSec, ...spans.filter((s) => s.start >= x).map((s) => s.start));
    const hasPrev = spans.some((s) => s.end <= x);
    const hasNext = spans.some((s) => s.start >= x);
    const lo = hasPrev ? prevEnd + margin : 0;
    const hi = hasNext ? nextStart - margin : durationSec;
    if (lo <= hi) return clampTime(Math.min(hi, Math.max(lo, x)));
    // Narrower than two margins: the file's own edge when the pause runs to it, else the pause's middle.
    return clampTime(!hasNext ? durationSec : !hasPrev ? 0 : (prevEnd + nextStart) / 2);
  };
  const moved = segments.map((s) => ({ start: round3(place(s.start)), end: round3(place(s.end)) })).filter((s) => s.end > s.start);
  const joined: Segment[] = [];
  for (const s of moved.sort((a, b) => a.start - b.start)) {
    const last = joined[joined.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else joined.push({ ...s });
  }
  return joined;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** `m:ss.s` ranges of kept segments, as the rationale names them. */
export function keptRanges(segments: readonly Segment[]): string {
  const t = (x: number) => {
    const m = Math.floor(x / 60);
    return `${m}:${(x - m * 60).toFixed(1).padStart(4, '0')}`;
  };
  return segments.map((s) => `${t(s.start)}–${t(s.end)}`).join(', ');
}

/** Segment bounds moved to the nearest frame boundary, so picture and sound are cut at the same instant. */
export function snapToFrames(segments: readonly Segment[], fps: number | null): Segment[] {
  if (!fps || !Number.isFinite(fps) || fps <= 0) return segments.map((s) => ({ ...s }));
  const snap = (x: number) => Math.round(x * fps) / fps;
  return segments.map((s) => ({ start: snap(s.start), end: snap(s.end) }));
}
