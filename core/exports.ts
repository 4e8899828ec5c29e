// Exports of a complete scan in the formats editors, players and video sites
// read (issue 10 item 6): subtitles (SRT, WebVTT), the timeline as CSV, a
// CMX3600 EDL cut list, YouTube chapter lines and the scan as JSON; and editor
// timelines with the read on them as markers (issue 24 item 5): OpenTimelineIO,
// FCPXML and Resolve's marker list, built in core/timelines/. Pure text
// builders; the HTTP layer only picks one and sends it.

import { captionCues, joinHyphenated, type CaptionOptions } from './captions';
import { withoutGreetings } from './claims';
import { keyPhrase } from './key-phrase';
import type { CompleteScan, TranscriptSegment } from './wire/read';
import { fcpxmlDocument } from './timelines/fcpxml';
import {
  editorTimeline,
  oneLine,
  recutTimeline,
  sourceFrames,
  type FramedSource,
  type KeptSegment,
  type SourceFrames,
  type TimelineSource,
} from './timelines/model';
import { otioJson } from './timelines/otio';
import { resolveMarkersCsv } from './timelines/resolve-markers';
import { fpsOf, frameAt, isDropFrameRate, pad, timecode } from './timelines/timecode';

export { isDropFrameRate, timecode };

export const EXPORT_FORMATS = ['srt', 'vtt', 'csv', 'edl', 'chapters', 'json', 'otio', 'fcpxml', 'markers.csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const isExportFormat = (value: unknown): value is ExportFormat => (EXPORT_FORMATS as readonly unknown[]).includes(value);

/**
 * A complete scan as `GET /v1/scans/{id}` shows it (the JSON export is that shape); the
 * other formats read only the read's fields, the title and the source's file name
 * (the media's name in the timelines), so those may be absent.
 */
export type ExportableScan = Omit<CompleteScan, 'pct' | 'title' | 'created_at' | 'source_name'> &
  Partial<Pick<CompleteScan, 'pct' | 'title' | 'created_at' | 'source_name'>>;

export interface ExportOptions {
  /** The EDL's record start timecode (default 01:00:00:00). */
  recordStart?: string;
  /** Scheme and host the API is reached at (`https://holdline.example`): the timelines point at the media by an absolute URL when it is given. */
  origin?: string;
}

export interface ScanExport {
  body: string;
  contentType: string;
  /** Download name: the scan id with the format's extension (ids are `[a-z0-9_]`, safe in a header). */
  filename: string;
}

const META: Record<ExportFormat, { contentType: string; suffix: string }> = {
  srt: { contentType: 'application/x-subrip; charset=utf-8', suffix: '.srt' },
  vtt: { contentType: 'text/vtt; charset=utf-8', suffix: '.vtt' },
  csv: { contentType: 'text/csv; charset=utf-8; header=present', suffix: '.csv' },
  // EDL has no registered media type; editors open it by extension.
  edl: { contentType: 'text/plain; charset=utf-8', suffix: '.edl' },
  chapters: { contentType: 'text/plain; charset=utf-8', suffix: '-chapters.txt' },
  json: { contentType: 'application/json; charset=utf-8', suffix: '.json' },
  // OTIO's JSON has no registered media type of its own; it is JSON, opened by its extension.
  otio: { contentType: 'application/json; charset=utf-8', suffix: '.otio' },
  fcpxml: { contentType: 'application/xml; charset=utf-8', suffix: '.fcpxml' },
  'markers.csv': { contentType: 'text/csv; charset=utf-8; header=present', suffix: '-markers.csv' },
};

/** The scan in one format, with its content type and download filename. */
export function exportScan(scan: ExportableScan, format: ExportFormat, options: ExportOptions = {}): ScanExport {
  const { contentType, suffix } = META[format];
  return { body: exportBody(scan, format, options), contentType, filename: `${safeName(scan.scan_id)}${suffix}` };
}

function exportBody(scan: ExportableScan, format: ExportFormat, options: ExportOptions): string {
  switch (format) {
    case 'srt':
      return srtFrom(scan.transcript, { cuts: scan.cuts, durationSec: scan.duration_sec });
    case 'vtt':
      return vttFrom(scan.transcript, { cuts: scan.cuts, durationSec: scan.duration_sec });
    case 'csv':
      return timelineCsv(scan);
    case 'edl':
      return cmx3600Edl(scan, options.recordStart ? { recordStart: options.recordStart } : {});
    case 'chapters':
      return chapterLines(youtubeChapters(scan));
    case 'json':
      // The scan exactly as `GET /v1/scans/{id}` shows it (its title included).
      return `${JSON.stringify(scan, null, 2)}\n`;
    case 'otio':
      return otioJson(editorTimeline(scan, { mediaUrl: absoluteMediaUrl(scan.media_url, options.origin) }));
    case 'fcpxml':
      return fcpxmlDocument(editorTimeline(scan, { mediaUrl: absoluteMediaUrl(scan.media_url, options.origin) }));
    case 'markers.csv':
      return resolveMarkersCsv(editorTimeline(scan));
  }
}

/** The formats a recut's cut list exports in: the editor timelines. */
export const RECUT_EXPORT_FORMATS = ['edl', 'otio', 'fcpxml', 'markers.csv'] as const satisfies readonly ExportFormat[];
export type RecutExportFormat = (typeof RECUT_EXPORT_FORMATS)[number];

export const isRecutExportFormat = (value: unknown): value is RecutExportFormat => (RECUT_EXPORT_FORMATS as readonly unknown[]).includes(value);

/** What a recut export cuts: the recut's id and its kept segments of the parent scan, in seconds. */
export interface RecutCut {
  recutId: string;
  segments: readonly KeptSegment[];
}

/**
 * A recut's cut list on its source (the parent scan's media) in one editor format,
 * built by the same timeline code as the scan's (`recutTimeline`): one clip per
 * kept segment, laid end to end, the parent's markers inside them.
 */
export function exportRecut(scan: ExportableScan, recut: RecutCut, format: RecutExportFormat, options: ExportOptions = {}): ScanExport {
  const { contentType, suffix } = META[format];
  const timeline = () => recutTimeline(scan, recut, { mediaUrl: absoluteMediaUrl(scan.media_url, options.origin) });
  const body =
    format === 'edl'
      ? recutEdl(scan, recut, options.recordStart ? { recordStart: options.recordStart } : {})
      : format === 'otio'
        ? otioJson(timeline())
        : format === 'fcpxml'
          ? fcpxmlDocument(timeline())
          : resolveMarkersCsv(timeline());
  return { body, contentType, filename: `${safeName(recut.recutId)}${suffix}` };
}

/** The media URL as the scan shows it (a path on the API), made absolute when the origin is known; null when the media is not kept. */
export function absoluteMediaUrl(mediaUrl: string | null | undefined, origin?: string): string | null {
  if (!mediaUrl) return null;
  return origin && mediaUrl.startsWith('/') ? `${origin.replace(/\/+$/, '')}${mediaUrl}` : mediaUrl;
}

const safeName = (id: string) => id.replace(/[^A-Za-z0-9_-]/g, '_') || 'scan';

// ---------------------------------------------------------------- subtitles

/** `HH:MM:SS<sep>mmm` of seconds (negative clamps to 0). */
export function subtitleTime(seconds: number, separator: ',' | '.'): string {
  const ms = Math.round(Math.max(0, Number.isFinite(seconds) ? seconds : 0) * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${pad(h, 2)}:${pad(m, 2)}:${pad(s, 2)}${separator}${pad(ms % 1000, 3)}`;
}

/**
 * SubRip: numbered cues, `00:00:01,000 --> 00:00:02,500`, each of at most two lines of 42
 * characters and 1–7 s (`captionCues`). An empty transcript is an empty file.
 */
export function srtFrom(transcript: readonly TranscriptSegment[], options: CaptionOptions = {}): string {
  return captionCues(transcript, options)
    .map(
      (cue, i) =>
        `${i + 1}\r\n${subtitleTime(cue.start, ',')} --> ${subtitleTime(cue.end, ',')}\r\n${cue.lines.map((l) => l.replace(/-->/g, '->')).join('\r\n')}\r\n\r\n`,
    )
    .join('');
}

/** WebVTT: the header, then the same cues as SRT with `.` milliseconds; `&`, `<` and `>` escaped as the spec asks. */
export function vttFrom(transcript: readonly TranscriptSegment[], options: CaptionOptions = {}): string {
  const body = captionCues(transcript, options)
    .map((cue) => `${subtitleTime(cue.start, '.')} --> ${subtitleTime(cue.end, '.')}\n${cue.lines.map(escapeVtt).join('\n')}\n\n`)
    .join('');
  return `WEBVTT\n\n${body}`;
}

const escapeVtt = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// ---------------------------------------------------------------- timeline

/** One row per second: `second,hold,motion,loudness,speech` (RFC 4180, CRLF). */
export function timelineCsv(scan: Pick<CompleteScan, 'timeline'>): string {
  const rows = scan.timeline.map(({ second, scores }) => [second, scores.hold, scores.motion, scores.loudness, scores.speech].map(csvNumber).join(','));
  return ['second,hold,motion,loudness,speech', ...rows].map((row) => `${row}\r\n`).join('');
}

const csvNumber = (value: number) => (Number.isFinite(value) ? String(value) : '');

// ---------------------------------------------------------------- EDL

/** The most events a CMX3600 list may hold (event numbers are three digits). */
export const EDL_MAX_EVENTS = 999;

/** What the EDL reads of a scan: its frames (`FramedSource`), its dead stretches, its names and whether it has sound. */
export type EdlSource = FramedSource & Pick<CompleteScan, 'scan_id' | 'dead'> & { title?: string | null; source_name?: string | null; loudness_lufs?: unknown };

/** Where the record side starts by default: editors expect a programme at one hour. */
export const EDL_RECORD_START = '01:00:00:00';

export interface EdlOptions {
  /** The record side's first timecode, `HH:MM:SS:FF` (or `;FF`); default EDL_RECORD_START. */
  recordStart?: string;
}

/** Frames of a `HH:MM:SS:FF` timecode at a source rate, counted as `timecode` writes them (drop-frame at 29.97 and 59.94). */
export function framesOfTimecode(tc: string, fps: number): number {
  const m = /^(\d{2}):(\d{2}):(\d{2})[:;.](\d{2})$/.exec(tc.trim());
  if (!m) throw new RangeError(`not a timecode: ${tc}`);
  const [h, min, s, f] = m.slice(1).map(Number) as [number, number, number, number];
  const nominal = Math.round(fps);
  if (f >= nominal || min > 59 || s > 59) throw new RangeError(`not a timecode at ${nominal} fps: ${tc}`);
  const totalMinutes = h * 60 + min;
  const dropped = isDropFrameRate(fps) ? (nominal / 15) * (totalMinutes - Math.floor(totalMinutes / 10)) : 0;
  return (totalMinutes * 60 + s) * nominal + f - dropped;
}

/**
 * `HH:MM:SS:FF` of a frame counted without drop at the nominal rate, always with colons:
 * the form OpenTimelineIO's cmx_3600 reader takes in a `* LOC:` line (its pattern has no
 * `;`, so a drop-frame locator was dropped), and the frame it reads back is this one.
 */
export function locatorTimecode(frames: number, fps: number): string {
  const nominal = Math.round(fps);
  const f = Math.max(0, Math.round(frames));
  const s = Math.floor(f / nominal);
  return `${pad(Math.floor(s / 3600), 2)}:${pad(Math.floor(s / 60) % 60, 2)}:${pad(s % 60, 2)}:${pad(f % nominal, 2)}`;
}

/**
 * CMX3600 cut list at the source's rate (drop-frame at 29.97 and 59.94; 30 fps
 * when the read has no rate): one cut event (reel `AX`) per shot between
 * the cuts, on the frames every timeline format counts from (`sourceFrames`:
 * the read's `cut_frames`, else its cut seconds), picture and sound (`AA/V`)
 * unless the file has none, the record side from 01:00:00:00 (or
 * `options.recordStart`), followed by Avid-style `* LOC:` markers at the
 * source frame in colon timecode (`locatorTimecode`) for each cut (BLUE) and each dead stretch (RED, at its start, naming
 * its span). Past 999 shots (the format's limit) every k-th cut bounds an
 * event, k the smallest that fits; the markers still name every cut.
 */
export function cmx3600Edl(scan: EdlSource, options: EdlOptions = {}): string {
  const { rate, dropFrame, frames: end, cutFrames, clips } = sourceFrames(scan);
  const shotStarts = clips.slice(1).map((clip) => clip.start);
  // CMX3600 holds at most 999 events: past that every k-th cut bounds an event; every cut still has its marker.
  const step = Math.ceil((shotStarts.length + 1) / EDL_MAX_EVENTS);
  const bounds = [0, ...shotStarts.filter((_, i) => (i + 1) % step === 0), end];
  const events = bounds.slice(0, -1).map((from, i) => ({ from, to: bounds[i + 1]!, record: from }));
  return edlDocument(scan, scan.title || scan.scan_id, { rate, dropFrame, frames: end, cutFrames }, events, options);
}

/**
 * A recut's cut list on its source, as CMX3600: one event per kept segment on the
 * frames its timeline keeps (`recutTimeline`), the record side laid end to end from
 * 01:00:00:00 (or `options.recordStart`), with the markers of the cuts and dead
 * stretches inside the kept segments as in `cmx3600Edl`.
 */
export function recutEdl(scan: EdlSource & TimelineSource, recut: { recutId: string; segments: readonly KeptSegment[] }, options: EdlOptions = {}): string {
  const timeline = recutTimeline(scan, recut);
  const events = timeline.clips.map((clip) => ({ from: clip.start, to: clip.start + clip.duration, record: clip.offset }));
  return edlDocument(scan, timeline.name, timeline, events, options);
}

interface EdlEvent {
  /** First source frame. */
  from: number;
  /** Source frame after the last. */
  to: number;
  /** Frames of the record side before the event, from the record start. */
  record: number;
}

/**
 * The list: `TITLE:` the timeline's name; each event's `* FROM CLIP NAME:` the
 * media's name (the source's file name when known, so an editor relinks the
 * media by it, else the title, else the scan id), and `* SOURCE FILE:` that file
 * name when known.
 */
function edlDocument(
  scan: EdlSource,
  title: string,
  frames: Pick<SourceFrames, 'rate' | 'dropFrame' | 'frames' | 'cutFrames'>,
  events: readonly EdlEvent[],
  options: EdlOptions,
): string {
  const name = edlText(title) || scan.scan_id;
  const sourceFile = edlText(scan.source_name ?? '');
  const clipName = sourceFile || edlText(scan.title ?? '') || scan.scan_id;
  const { rate, dropFrame, frames: end, cutFrames } = frames;
  const fps = fpsOf(rate);
  const recordStart = framesOfTimecode(options.recordStart ?? EDL_RECORD_START, fps);
  // Picture and both channels of sound in one event (AA/V), so the imported timeline is not silent.
  const channels = scan.loudness_lufs === null ? 'V' : 'AA/V';
  const markers = [
    ...scan.cuts.map((c, i) => ({ frame: cutFrames[i]!, color: 'BLUE', text: `CUT ${seconds(c)}` })),
    ...scan.dead.map((d) => ({
      frame: frameAt(d.start, rate),
      color: 'RED',
      text: `DEAD ${seconds(d.start)}-${seconds(d.end)} S (${seconds(d.end - d.start)} S BELOW THE FLOOR)`,
    })),
  ]
    .filter((m) => m.frame >= 0 && m.frame < end)
    .sort((a, b) => a.frame - b.frame);
  const lines = [`TITLE: ${name.slice(0, 70)}`, dropFrame ? 'FCM: DROP FRAME' : 'FCM: NON-DROP FRAME', ''];
  events.forEach(({ from, to, record }, i) => {
    const number = pad(i + 1, 3);
    const recordIn = recordStart + record;
    lines.push(
      `${number}  ${'AX'.padEnd(8)} ${channels.padEnd(5)} ${'C'.padEnd(8)} ${timecode(from, fps)} ${timecode(to, fps)} ${timecode(recordIn, fps)} ${timecode(recordIn + to - from, fps)}`,
    );
    lines.push(`* FROM CLIP NAME: ${clipName}`);
    if (sourceFile) lines.push(`* SOURCE FILE: ${sourceFile}`);
    for (const marker of markers) {
      // At the source's frame, where OpenTimelineIO's reader puts a clip's markers.
      if (marker.frame >= from && marker.frame < to) lines.push(`* LOC: ${locatorTimecode(marker.frame, fps)} ${marker.color.padEnd(7)} ${marker.text}`);
    }
    lines.push('');
  });
  return lines.map((line) => `${line}\r\n`).join('');
}

/** EDL is a 7-bit format read by old parsers: printable ASCII on one line. */
const edlText = (text: string) => oneLine(text).replace(/[^\x20-\x7e]/g, '?');

const seconds = (value: number) => String(Math.round(value * 100) / 100);

// ---------------------------------------------------------------- chapters

/** YouTube's rules: the first chapter at 0:00, at least this many chapters... */
export const CHAPTERS_MIN_COUNT = 3;
/** ...each at least this long, in seconds. */
export const CHAPTER_MIN_SEC = 10;
/** A long video gets at most this many chapters (each then proportionally longer), so the list stays readable. */
export const CHAPTERS_MAX_COUNT = 50;
const CHAPTER_TITLE_MAX_CHARS = 60;
/** A chapter title made of the chapter's first words holds at most this many. */
const CHAPTER_TITLE_WORDS = 5;

export interface Chapter {
  start: number;
  title: string;
}

/**
 * YouTube chapters: starts at whole seconds, the first at 0, each chapter
 * at least CHAPTER_MIN_SEC (more for long videos: duration / CHAPTERS_MAX_COUNT)
 * long, the last one included. Starts are taken greedily from the cuts; when
 * the cuts give fewer than three chapters the moments' seconds are added as
 * starts. Still fewer than three: no chapters at all (YouTube would ignore the
 * list). Each chapter is titled with the key phrase of what is said in it
 * (`keyPhrase`: a few words, greetings and sign-offs left out), else its first
 * words; a first or last chapter where only a greeting or sign-off is said is
 * "Intro" or "Outro"; else "Part N" (nothing is said in it).
 */
export function youtubeChapters(scan: Pick<CompleteScan, 'duration_sec' | 'cuts' | 'moments' | 'transcript'>): Chapter[] {
  const duration = Math.floor(Math.max(0, scan.duration_sec));
  const minLength = Math.max(CHAPTER_MIN_SEC, Math.ceil(duration / CHAPTERS_MAX_COUNT));
  const pick = (candidates: number[]): number[] => {
    const starts = [0];
    for (const t of [...new Set(candidates.map((c) => Math.floor(c)))].sort((a, b) => a - b)) {
      if (t - starts[starts.length - 1]! >= minLength && duration - t >= minLength) starts.push(t);
    }
    return starts;
  };
  let starts = pick(scan.cuts);
  if (starts.length < CHAPTERS_MIN_COUNT) starts = pick([...scan.cuts, ...scan.moments.map((m) => m.second)]);
  if (starts.length < CHAPTERS_MIN_COUNT) return [];
  return starts.map((start, i) => {
    const end = starts[i + 1] ?? Number.POSITIVE_INFINITY;
    const said = joinHyphenated(
      scan.transcript
        .filter((s) => s.start >= start && s.start < end)
        .map((s) => oneLine(s.text))
        .join(' '),
    );
    // Only a greeting or a sign-off said: the part is the video's intro or outro.
    const framing = oneLine(said) !== '' ? (i === 0 ? 'Intro' : i === starts.length - 1 ? 'Outro' : '') : '';
    return { start, title: chapterTitle(keyPhrase(said) || firstWords(withoutGreetings(said))) || framing || `Part ${i + 1}` };
  });
}

/** `0:00 Title` lines (H:MM:SS past an hour), one per chapter; empty when there are none. */
export function chapterLines(chapters: readonly Chapter[]): string {
  return chapters.map((chapter) => `${clock(chapter.start)} ${chapter.title}\n`).join('');
}

/** `M:SS`, or `H:MM:SS` from an hour on: the timestamps YouTube links in a description. */
export function clock(totalSeconds: number): string {
  const t = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(t / 3600);
  const m = Math.floor(t / 60) % 60;
  const s = t % 60;
  return h > 0 ? `${h}:${pad(m, 2)}:${pad(s, 2)}` : `${m}:${pad(s, 2)}`;
}

/** A chapter title of a few words: the first CHAPTER_TITLE_WORDS words, their trailing punctuation dropped. */
function firstWords(text: string): string {
  const words = oneLine(text)
    .replace(/^[\s,.;:!?]+/, '')
    .split(' ')
    .filter(Boolean)
    .slice(0, CHAPTER_TITLE_WORDS);
  const line = words.join(' ').replace(/[\s,.;:!?…—–-]+$/, '');
  return line ? `${line.charAt(0).toUpperCase()}${line.slice(1)}` : '';
}

/** One line, no angle brackets (YouTube refuses them in descriptions), cut at a word near 60 characters. */
function chapterTitle(text: string): string {
  const line = oneLine(text).replace(/[<>]/g, '');
  if (line.length <= CHAPTER_TITLE_MAX_CHARS) return line;
  const cut = line.slice(0, CHAPTER_TITLE_MAX_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${(space > 20 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
