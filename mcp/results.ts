// The compact scan an MCP host gets by default, its declared shape, and the
// resource URIs the heavy parts live at. MCP hosts cap a tool result (around
// 25 000 tokens in common ones); the per-second timeline and the transcript
// of a long video alone are far above that, so they are resources, and the
// lists that grow with length (cuts, dead stretches, technical cues, dips, claims) are bounded here.
// Every shape here is the JS client's (generated from the OpenAPI document) or
// checked against it at compile time (`shapeOf`, `objectOf`, `enumOf` below).

import { z } from 'zod';
import {
  SCAN_STATUSES,
  type CompleteScan,
  type DeadStretch,
  type FailedScan,
  type InFlightScan,
  type Moment,
  type TimelineEntry,
  type TranscriptSegment,
} from '../clients/js/src/index';
import { DIP_CAUSES, TECHNICAL_CUE_KINDS } from '../core/wire/constants';

/**
 * At most this many entries of each list in a compact result. With these
 * caps a compact result stays under about 13 000 tokens (characters / 4)
 * whatever the video's length (1 500 cuts of ≤ 8 characters, 300 dead
 * stretches of ≤ 30, 60 technical cues of ≤ 50, 60 dips of ≤ 200 with their advice, 60 claims of a
 * sentence each); the rest are counted in `omitted` and come with detail
 * "full" or export_scan.
 */
export const COMPACT_LIMITS = { cuts: 1500, dead: 300, technical_cues: 60, dips: 60, claims: 60 } as const;

/** A claim longer than this is cut (claims are sentences; one run-on sentence could be a whole transcript). */
export const CLAIM_MAX_CHARS = 300;

/** An export this long or shorter is returned inline; a longer one as a resource link. */
export const EXPORT_INLINE_MAX_CHARS = 40_000;

export interface ScanLinks {
  timeline_uri: string;
  transcript_uri: string;
  /** Absolute when the base URL is known; null once the retention setting removed the video. */
  media_url: string | null;
}

export const timelineUri = (scanId: string) => `holdline://scans/${encodeURIComponent(scanId)}/timeline`;
export const transcriptUri = (scanId: string) => `holdline://scans/${encodeURIComponent(scanId)}/transcript`;
export const exportUri = (scanId: string, format: string) => `holdline://scans/${encodeURIComponent(scanId)}/export/${encodeURIComponent(format)}`;
/** The MCP resource of a recut's cut list in one format (read through `GET /v1/recuts/{id}/export`). */
export const recutExportUri = (recutId: string, format: string) => `holdline://recuts/${encodeURIComponent(recutId)}/export/${encodeURIComponent(format)}`;

export function scanLinks(scanId: string, baseUrl?: string, mediaRemoved = false): ScanLinks {
  const media = `/v1/scans/${encodeURIComponent(scanId)}/media`;
  const mediaUrl = mediaRemoved ? null : baseUrl ? `${baseUrl.replace(/\/+$/, '')}${media}` : media;
  return { timeline_uri: timelineUri(scanId), transcript_uri: transcriptUri(scanId), media_url: mediaUrl };
}

type Dip = NonNullable<CompleteScan['dips']>[number];
type TechnicalCue = NonNullable<CompleteScan['technical_cues']>[number];
type HookReport = NonNullable<CompleteScan['hook_report']>;
/** The hook report's figures a host needs to talk about the opening; the scale and advice texts come with detail "full". */
export type CompactHookReport = Pick<HookReport, 'value' | 'file_percentile' | 'library_percentile' | 'best_opening'>;

/** The compact read: the client's complete scan without the timeline and transcript, each list bounded. */
export type CompactScan = ScanLinks &
  Pick<
    CompleteScan,
    | 'scan_id'
    | 'status'
    | 'pct'
    | 'title'
    | 'source_name'
    | 'created_at'
    | 'duration_sec'
    | 'score'
    | 'grade'
    | 'label'
    | 'hook'
    | 'summary'
    | 'cuts'
    | 'dead'
    | 'moments'
    | 'claims'
  > & {
    /** Absent for reads made before technical cues existed. */
    technical_cues?: TechnicalCue[];
    /** Absent for reads made before dips and the hook report existed. */
    dips?: Dip[];
    hook_report?: CompactHookReport;
    transcript_segments: number;
    /** Entries of each list left out by COMPACT_LIMITS; absent when nothing was. */
    omitted?: { cuts?: number; dead?: number; technical_cues?: number; dips?: number; claims?: number };
  };

/** The compact read: everything a host needs to talk about the scan, each list bounded; no timeline, no transcript. */
export function compactScan(scan: CompleteScan, links: ScanLinks): CompactScan {
  const omitted: NonNullable<CompactScan['omitted']> = {};
  const bounded = <T>(list: readonly T[], key: keyof typeof COMPACT_LIMITS): T[] => {
    const limit = COMPACT_LIMITS[key];
    if (list.length > limit) omitted[key] = list.length - limit;
    return list.slice(0, limit);
  };
  const claims = bounded(scan.claims, 'claims').map((claim) => (claim.length > CLAIM_MAX_CHARS ? `${claim.slice(0, CLAIM_MAX_CHARS - 1)}…` : claim));
  return {
    scan_id: scan.scan_id,
    status: 'complete',
    pct: 100,
    title: scan.title,
    created_at: scan.created_at,
    source_name: scan.source_name ?? null,
    duration_sec: scan.duration_sec,
    score: scan.score,
    grade: scan.grade,
    label: scan.label,
    hook: scan.hook,
    summary: scan.summary,
    cuts: bounded(scan.cuts, 'cuts'),
    dead: bounded(scan.dead, 'dead'),
    ...(scan.technical_cues ? { technical_cues: bounded(scan.technical_cues, 'technical_cues') } : {}),
    ...(scan.dips ? { dips: bounded(scan.dips, 'dips') } : {}),
    ...(scan.hook_report ? { hook_report: compactHookReport(scan.hook_report) } : {}),
    moments: scan.moments,
    claims,
    transcript_segments: scan.transcript.length,
    ...links,
    ...(Object.keys(omitted).length > 0 ? { omitted } : {}),
  };
}

function compactHookReport(report: HookReport): CompactHookReport {
  return { value: report.value, file_percentile: report.file_percentile, library_percentile: report.library_percentile, best_opening: report.best_opening };
}

// The zod the MCP SDK needs for the declared output, typed by the client's
// (OpenAPI-generated) types: each shape has exactly the keys of its client type,
// each value the field's type there, and each enum every value the client's
// type has, so a field or value added to the document and missing here fails to
// compile. The zod says only what MCP adds: descriptions for hosts and which
// fields a compact result leaves optional.

/** The type a field `K` has in any member of `U` that has it. */
type FieldOf<U, K extends PropertyKey> = U extends unknown ? (K extends keyof U ? U[K] : never) : never;
/** Every field of every member of `U`, optional, typed as in the members that have it. */
type AnyFieldOf<U> = { [K in U extends unknown ? keyof U : never]?: FieldOf<U, K> };

/** A zod raw shape with exactly the keys of `T`, each a zod type whose values are `T`'s. */
const shapeOf =
  <T>() =>
  <S extends { [K in keyof T]-?: z.ZodType<T[K], z.ZodTypeDef, unknown> }>(shape: S & Record<Exclude<keyof S, keyof T>, never>): S =>
    shape;
/** `shapeOf` as a zod object. */
const objectOf =
  <T>() =>
  <S extends { [K in keyof T]-?: z.ZodType<T[K], z.ZodTypeDef, unknown> }>(shape: S & Record<Exclude<keyof S, keyof T>, never>) =>
    z.object(shape);
/** A zod enum of every value of `U`: one missing fails to compile. */
const enumOf =
  <U extends string>() =>
  <const V extends readonly [U, ...U[]]>(values: V & ([Exclude<U, V[number]>] extends [never] ? unknown : { missing: Exclude<U, V[number]> })) =>
    z.enum(values);

type LoudnessReport = NonNullable<CompleteScan['loudness_lufs']>;

const span = objectOf<DeadStretch>()({ start: z.number(), end: z.number() });
const moment = objectOf<Moment>()({ second: z.number(), label: z.string(), hold: z.number(), quote: z.string() });
const timelineEntry = objectOf<TimelineEntry>()({
  second: z.number(),
  scores: objectOf<TimelineEntry['scores']>()({ hold: z.number(), motion: z.number(), loudness: z.number(), speech: z.number() }),
});
const transcriptSegment = objectOf<TranscriptSegment>()({ start: z.number(), end: z.number(), text: z.string() });
const technicalCue = objectOf<TechnicalCue>()({
  kind: enumOf<TechnicalCue['kind']>()(TECHNICAL_CUE_KINDS),
  start: z.number(),
  end: z.number(),
});
const dip = objectOf<Dip>()({
  start: z.number(),
  end: z.number(),
  causes: z.array(enumOf<Dip['causes'][number]>()(DIP_CAUSES)),
  advice: z.string(),
});
const hookPart = enumOf<HookReport['carried'][number]>()(['motion', 'sound', 'words']);
// The compact result carries the figures; detail "full" adds the texts and parts.
const hookReport = objectOf<CompactHookReport & Partial<HookReport>>()({
  value: z.number(),
  file_percentile: z.number().describe("Percent of this file's seconds whose hold is below the hook."),
  library_percentile: z.number().nullable().describe("Percentile of the hook among published scans' hooks; null while 20 or fewer are published."),
  best_opening: objectOf<HookReport['best_opening']>()({ start: z.number(), end: z.number(), hold: z.number() }).describe(
    'The strongest 3-second window: a suggested opening.',
  ),
  scale: z.string().optional(),
  carried: z.array(hookPart).optional(),
  missing: z.array(hookPart).optional(),
  advice: z.string().optional(),
});
const loudnessTarget = objectOf<LoudnessReport['targets'][number]>()({
  id: z.string(),
  name: z.string(),
  target_lufs: z.number(),
  max_true_peak_dbtp: z.number(),
  difference_lu: z.number(),
  verdict: enumOf<LoudnessReport['targets'][number]['verdict']>()(['on_target', 'louder', 'quieter']),
  true_peak_over: z.boolean(),
});
const loudnessReport = objectOf<LoudnessReport>()({
  integrated_lufs: z.number().nullable(),
  range_lu: z.number(),
  true_peak_dbtp: z.number().nullable(),
  short_term_lufs: z.array(z.number().nullable()),
  targets: z.array(loudnessTarget),
});

/** Every field a scan tool's `structuredContent` may hold: a scan in any state, compact or full. */
type ScanOutputFields = AnyFieldOf<InFlightScan | FailedScan | CompleteScan | CompactScan>;

export const scanOutputShape = shapeOf<ScanOutputFields>()({
  scan_id: z.string(),
  status: z.enum(SCAN_STATUSES),
  pct: z.number().optional().describe('Progress 0–100 while queued or processing; where it stopped on error; 100 when complete.'),
  stage: z.enum(['queued', 'ingest', 'probe', 'decode', 'assembly']).optional().describe('What a scan in flight is doing.'),
  title: z.string().nullable().optional().describe("The title given at submission, else the source's file name without its extension; null when neither."),
  source_name: z.string().nullable().optional().describe('The name of the file the scan was made from (talk.mp4); null when there is none.'),
  created_at: z.string().optional().describe('When the scan was accepted (ISO 8601).'),
  detail: z.string().optional().describe('Why the scan failed (status error).'),
  duration_sec: z.number().optional(),
  score: z.number().optional().describe('Overall score 0–100.'),
  grade: z.string().optional(),
  label: z.string().optional(),
  hook: z.number().optional().describe('Mean hold of the first seconds, 0–100.'),
  summary: z.string().optional(),
  cuts: z.array(z.number()).optional().describe('Seconds of the hard cuts.'),
  dead: z.array(span).optional().describe('Stretches of hold under the floor, seconds, end exclusive.'),
  technical_cues: z
    .array(technicalCue)
    .optional()
    .describe('Colour bars, black frames and still title cards or slates, seconds (end exclusive); an editor cuts them before publishing.'),
  dips: z.array(dip).optional().describe('Where attention is likely to drop, seconds (end exclusive), with causes and one sentence of advice.'),
  hook_report: hookReport.optional().describe('The hook on its scale and the suggested opening.'),
  moments: z.array(moment).optional(),
  claims: z.array(z.string()).optional().describe('Sentences of the transcript that make checkable claims.'),
  transcript_segments: z.number().int().optional().describe('How many transcript segments the transcript resource holds.'),
  omitted: z
    .object({
      cuts: z.number().int().optional(),
      dead: z.number().int().optional(),
      technical_cues: z.number().int().optional(),
      dips: z.number().int().optional(),
      claims: z.number().int().optional(),
    })
    .optional()
    .describe('Entries left out of a compact result; detail "full" has them all.'),
  timeline_uri: z.string().optional().describe('MCP resource with the per-second timeline.'),
  transcript_uri: z.string().optional().describe('MCP resource with the transcript.'),
  media_url: z.string().nullable().optional().describe('null once the retention setting removed the video (the read is kept).'),
  timeline: z.array(timelineEntry).optional().describe('detail "full" only.'),
  transcript: z.array(transcriptSegment).optional().describe('detail "full" only.'),
  method: z.string().optional().describe('detail "full" only.'),
  transcriber: z.string().nullable().optional().describe('detail "full" only.'),
  language: z.string().nullable().optional().describe('The spoken language, ISO 639-1; null when no words were heard.'),
  loudness_lufs: loudnessReport.nullable().optional().describe('detail "full" only: EBU R128 loudness; null when the file has no sound.'),
  frame_rate: z.number().nullable().optional().describe('detail "full" only: the average frame rate; null when unknown.'),
  frame_rate_variable: z.boolean().optional().describe('detail "full" only.'),
  cut_frames: z.array(z.number().int()).optional().describe('detail "full" only: the frame index of each cut.'),
  width: z.number().int().optional().describe('detail "full" only: displayed width in pixels.'),
  height: z.number().int().optional().describe('detail "full" only: displayed height in pixels.'),
});

/** What a scan tool's `structuredContent` holds, as the MCP SDK checks it against `scanOutputShape`. */
export type ScanOutput = z.infer<z.ZodObject<typeof scanOutputShape>>;

/** What every export tool's `structuredContent` says of the file, beside the id of what was exported. */
const exportFileShape = {
  format: z.string(),
  filename: z.string(),
  content_type: z.string(),
  bytes: z.number().int(),
  uri: z.string().describe('MCP resource of the export.'),
  embedded: z.boolean().describe('Whether the file is inline in the content as an embedded resource.'),
};

export const exportOutputShape = { scan_id: z.string(), ...exportFileShape };

export const recutExportOutputShape = { recut_id: z.string(), ...exportFileShape };
