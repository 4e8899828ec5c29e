// One editor's timeline built from a read, written once and then serialised by
// each format (OTIO, FCPXML, Resolve's marker list): the clips between the cuts
// and a marker for every cut, dead stretch, dip, moment and claim, all counted
// in frames at the source's rate. The EDL (core/exports.ts) counts its events
// from the same `sourceFrames`. Pure.

import { FLOOR } from '../dead';
import type { CompleteScan, TranscriptSegment } from '../wire/read';
import { clockTime, spanEndTime } from '../summary';
import { DIP_CAUSE_WORDS, type Dip } from '../dips';
import { frameAt, frameRateOf, isDropFrameRate, fpsOf, type FrameRate } from './timecode';

/**
 * What places a read's cuts on frames: its duration and cut seconds, its frame
 * rate, and `cut_frames` (frame indexes at the source rate, parallel to `cuts`)
 * when the read has them. Reads made before the rate or the frames existed lack them.
 */
export type FramedSource = Pick<CompleteScan, 'duration_sec' | 'cuts'> & {
  frame_rate?: number | null;
  frame_rate_variable?: boolean;
  cut_frames?: number[];
};

/** What a timeline is built from: the read's fields it uses; `width` and `height` (the probed picture size) when the read has them. */
export type TimelineSource = FramedSource &
  Pick<CompleteScan, 'scan_id' | 'dead' | 'moments' | 'claims' | 'transcript'> & {
    title?: string | null;
    /** The name of the file the scan was made from (`talk.mp4`), when known: the media's name in every format. */
    source_name?: string | null;
    /** Null when the file has no sound (no audio stream); absent on reads made before it existed. */
    loudness_lufs?: unknown;
    dips?: Dip[];
    width?: number;
    height?: number;
  };

/** The picture's displayed size in pixels. */
export interface FrameSize {
  width: number;
  height: number;
}

export type MarkerKind = 'cut' | 'dead' | 'dip' | 'moment' | 'claim';

/** Colours every format can name (OTIO's MarkerColor and Resolve's marker colours share them). */
export type MarkerColor = 'blue' | 'red' | 'yellow' | 'green' | 'purple';

export const MARKER_COLORS: Record<MarkerKind, MarkerColor> = { cut: 'blue', dead: 'red', dip: 'yellow', moment: 'green', claim: 'purple' };

/** Markers at the same frame come in this order. */
const KIND_ORDER: MarkerKind[] = ['cut', 'dead', 'dip', 'moment', 'claim'];

export interface TimelineMarker {
  kind: MarkerKind;
  /** First frame, from the start of the source. */
  frame: number;
  /** Length in frames, at least 1. */
  duration: number;
  /** Its first frame on the timeline (the record side): `frame` for a scan; for a recut, where that source frame was kept. */
  record: number;
  name: string;
  /** The marker's note: a dip's advice, a moment's quote, a claim's sentence. */
  note: string;
  color: MarkerColor;
}

/** A span of the source on the timeline, in frames: between two cuts of a scan, or one kept segment of a recut. */
export interface TimelineClip {
  /** First frame of the source. */
  start: number;
  duration: number;
  /** Where the clip sits on the timeline (the record side), from its start: the source frame for a scan, the frames kept before it for a recut. */
  offset: number;
}

/** A read's cuts on the frames of its source: what every timeline format (the EDL included) counts from. */
export interface SourceFrames {
  rate: FrameRate;
  /** Drop-frame timecode (29.97 and 59.94). */
  dropFrame: boolean;
  /** Frames in the source, at least 1. */
  frames: number;
  /** One frame per cut, parallel to the read's `cuts` (not clamped: a cut may sit at or past the end). */
  cutFrames: number[];
  /** The shots between consecutive distinct cut frames inside the source; one clip when there are none. */
  clips: TimelineClip[];
}

export interface EditorTimeline extends SourceFrames {
  scanId: string;
  /** The title its owner gave the scan, else the scan id. */
  name: string;
  /** The source media's name, as the references to it carry it: its file name when known, else the title, else the scan id. */
  mediaName: string;
  /** The source's file name (`talk.mp4`) when known, so an editor relinks the media by it; null otherwise. */
  mediaFile: string | null;
  /** Frames on the timeline: the whole source for a scan, the kept frames for a recut. */
  recordFrames: number;
  /** The recut this timeline cuts, when it is one (its clips are the kept segments). */
  recutId: string | null;
  /** The picture's size; null for reads made before the read carried it. */
  frameSize: FrameSize | null;
  /** Where the source media is, as given (an absolute URL when the caller knows its origin); null when it is not kept. */
  mediaUrl: string | null;
  /** Whether the source has sound: every format then carries it beside the picture. */
  hasAudio: boolean;
  /** In time order; at one frame, cuts, dead stretches, dips, moments, claims. */
  markers: TimelineMarker[];
}

/**
 * The frames of a read's source and its cuts on them, at the source's rate (30
 * fps when the read has none). Cut frames come from `cut_frames` when the read
 * has one per cut and a constant rate, else from the cut seconds at the rate.
 * Clips run between consecutive distinct cut frames inside the source.
 */
export function sourceFrames(scan: FramedSource): SourceFrames {
  const rate = frameRateOf(scan.frame_rate);
  const frames = Math.max(1, frameAt(scan.duration_sec, rate));
  const cutFrames = cutFramesOf(scan, rate);
  const inside = [...new Set(cutFrames.filter((f) => f > 0 && f < frames))].sort((a, b) => a - b);
  const bounds = [0, ...inside, frames];
  const clips = bounds.slice(0, -1).map((start, i) => ({ start, duration: bounds[i + 1]! - start, offset: start }));
  return { rate, dropFrame: isDropFrameRate(fpsOf(rate)), frames, cutFrames, clips };
}

/** A span marker starting at most this long (seconds) before a cut it runs past starts at the cut. */
export const SPAN_SNAP_SEC = 0.5;

/**
 * The timeline of a read: its source frames (`sourceFrames`) and a marker for
 * every cut, dead stretch, dip, moment and claim, clamped into the source and
 * at least one frame long.
 */
export function editorTimeline(scan: TimelineSource, options: { mediaUrl?: string | null } = {}): EditorTimeline {
  const source = sourceFrames(scan);
  const { rate, frames, cutFrames } = source;
  const bounds = source.clips.slice(1).map((clip) => clip.start);
  const reach = Math.max(1, Math.round(fpsOf(rate) * SPAN_SNAP_SEC));
  const span = (start: number, end: number, wholeSeconds = true) => {
    let first = Math.min(frames - 1, frameAt(start, rate));
    const last = Math.min(frames, frameAt(end, rate));
    // The read's spans are whole seconds: one that starts just before a cut and runs past it starts, as far as
    // the read can tell, at the cut, so it belongs to the shot after it (not one frame of the shot before).
    const cut = wholeSeconds ? bounds.find((b) => b > first && b - first <= reach && b < last) : undefined;
    if (cut !== undefined) first = cut;
    return { frame: first, duration: Math.max(1, last - first) };
  };
  const markers: TimelineMarker[] = [
    ...cutFrames.map((frame, i) => ({
      kind: 'cut' as const,
      frame: Math.min(frames - 1, Math.max(0, frame)),
      duration: 1,
      name: `Cut ${i + 1}`,
      note: `Cut at ${seconds(scan.cuts[i] ?? (frame * rate.den) / rate.num)} s (frame ${frame}).`,
    })),
    ...scan.dead.map((d) => ({
      kind: 'dead' as const,
      ...span(d.start, d.end),
      name: `Dead ${clockTime(d.start)}–${spanEndTime(d.end)}`,
      note: `Hold stays below ${FLOOR} for ${seconds(d.end - d.start)} s.`,
    })),
    ...(scan.dips ?? []).map((dip) => ({
      kind: 'dip' as const,
      ...span(dip.start, dip.end),
      name: `Dip ${clockTime(dip.start)}–${spanEndTime(dip.end)}${dip.causes.length ? `: ${dip.causes.map((c) => DIP_CAUSE_WORDS[c]).join(', ')}` : ''}`,
      note: dip.advice,
    })),
    ...scan.moments.map((m) => ({
      kind: 'moment' as const,
      ...span(m.second, m.second + 1),
      name: `Moment ${clockTime(m.second)} (hold ${m.hold})`,
      note: m.quote,
    })),
    ...scan.claims.map((claim) => {
      const at = claimSegment(claim, scan.transcript);
      // A claim's span is its sentence's own word times, finer than the read's seconds: it is not moved.
      return { kind: 'claim' as const, ...span(at?.start ?? 0, at?.end ?? 0, false), name: `Claim ${clockTime(at?.start ?? 0)}`, note: claim };
    }),
  ]
    .map((m) => ({ ...m, record: m.frame, color: MARKER_COLORS[m.kind] }))
    .sort((a, b) => a.frame - b.frame || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
  return {
    ...source,
    scanId: scan.scan_id,
    name: oneLine(scan.title ?? '') || scan.scan_id,
    mediaName: oneLine(scan.source_name ?? '') || oneLine(scan.title ?? '') || scan.scan_id,
    mediaFile: oneLine(scan.source_name ?? '') || null,
    recordFrames: source.frames,
    recutId: null,
    frameSize: frameSizeOf(scan),
    mediaUrl: options.mediaUrl ?? null,
    hasAudio: scan.loudness_lufs !== null,
    markers,
  };
}

/** A kept stretch of the source in seconds, `end` exclusive (a recut's segment). */
export interface KeptSegment {
  start: number;
  end: number;
}

/**
 * The timeline of a recut on its source: one clip per kept segment, each on the
 * source frames nearest its bounds (the frames the render keeps), laid end to end;
 * the read's markers that start inside a kept segment, on the frame where it was
 * kept and cut at that segment's end (what follows it is not in the recut).
 * Segments that round to no frame are left out.
 */
export function recutTimeline(
  scan: TimelineSource,
  recut: { recutId: string; segments: readonly KeptSegment[] },
  options: { mediaUrl?: string | null } = {},
): EditorTimeline {
  const whole = editorTimeline(scan, options);
  const { rate, frames } = whole;
  const clips: TimelineClip[] = [];
  let offset = 0;
  for (const segment of recut.segments) {
    const start = Math.min(frames, frameAt(segment.start, rate));
    const end = Math.min(frames, frameAt(segment.end, rate));
    if (end <= start) continue;
    clips.push({ start, duration: end - start, offset });
    offset += end - start;
  }
  const markers = whole.markers.flatMap((marker) => {
    const clip = clips.find((c) => marker.frame >= c.start && marker.frame < c.start + c.duration);
    if (!clip) return [];
    const end = clip.start + clip.duration;
    return [{ ...marker, record: clip.offset + marker.frame - clip.start, duration: Math.max(1, Math.min(marker.duration, end - marker.frame)) }];
  });
  return { ...whole, name: `${whole.name} (recut)`, clips, markers, recordFrames: Math.max(1, offset), recutId: recut.recutId };
}

/**
 * One frame per cut: the read's `cut_frames` when it has one for each cut, else
 * each cut's second at the rate. On a variable rate `cut_frames` counts at the
 * probed average, which the timelines write as the nearest editor rate
 * (`frameRateOf`); the cut's seconds, its frame's own timestamp, placed at that
 * written rate is where an editor shows it.
 */
function cutFramesOf(scan: FramedSource, rate: FrameRate): number[] {
  const given = scan.cut_frames;
  if (!scan.frame_rate_variable && given && given.length === scan.cuts.length && given.every((f) => Number.isFinite(f)))
    return given.map((f) => Math.max(0, Math.round(f)));
  return scan.cuts.map((c) => frameAt(c, rate));
}

/** The read's picture size when it has a whole, positive width and height. */
function frameSizeOf(scan: TimelineSource): FrameSize | null {
  const { width, height } = scan;
  const pixels = (side: number | undefined): side is number => typeof side === 'number' && Number.isInteger(side) && side > 0;
  return pixels(width) && pixels(height) ? { width, height } : null;
}

/**
 * Where a claim was said: claims are transcript sentences, so the segment that
 * holds the claim's first words (a sentence may start mid-segment); else the
 * segment sharing most of its words; null without a transcript.
 */
export function claimSegment(claim: string, transcript: readonly TranscriptSegment[]): TranscriptSegment | null {
  const claimWords = words(claim);
  if (claimWords.length === 0 || transcript.length === 0) return null;
  const opening = ` ${claimWords.slice(0, 4).join(' ')} `;
  const holding = transcript.find((s) => ` ${words(s.text).join(' ')} `.includes(opening));
  if (holding) return holding;
  const wanted = new Set(claimWords);
  let best: TranscriptSegment | null = null;
  let bestShared = 0;
  for (const segment of transcript) {
    const shared = words(segment.text).filter((w) => wanted.has(w)).length;
    if (shared > bestShared) [best, bestShared] = [segment, shared];
  }
  return best;
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];

const seconds = (value: number) => String(Math.round(value * 1000) / 1000);

/** Whitespace and control characters collapsed into single spaces. */
export function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029\s]+/g, ' ').trim();
}
