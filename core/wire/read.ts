// A scan's read on the wire: the three scan shapes of the spec ("Resources and
// their fields"), the one response schema that serves all three, and the
// signal reference (`GET /v1/signals`).

import { Type, type Static } from 'typebox';
import { readActionProperties } from './read-actions';
import { nullable, stringEnum } from './common';
import { IN_FLIGHT_STAGES } from './constants';

export const SignalScores = Type.Object({ hold: Type.Number(), motion: Type.Number(), loudness: Type.Number(), speech: Type.Number() });
export type SignalScores = Static<typeof SignalScores>;

export const TimelineEntry = Type.Object({ second: Type.Integer(), scores: SignalScores });
export type TimelineEntry = Static<typeof TimelineEntry>;

/** A dead stretch in seconds, `end` exclusive. */
export const DeadStretch = Type.Object({ start: Type.Number(), end: Type.Number() });
export type DeadStretch = Static<typeof DeadStretch>;

export const Moment = Type.Object({ second: Type.Integer(), label: Type.String(), hold: Type.Number(), quote: Type.String() });
export type Moment = Static<typeof Moment>;

export const TranscriptSegment = Type.Object({ start: Type.Number(), end: Type.Number(), text: Type.String() });
export type TranscriptSegment = Static<typeof TranscriptSegment>;

/** Everything a complete scan reports beyond its identity. */
export const ScanRead = Type.Object({
  duration_sec: Type.Number(),
  score: Type.Integer(),
  grade: Type.String(),
  label: Type.String(),
  hook: Type.Number(),
  timeline: Type.Array(TimelineEntry),
  cuts: Type.Array(Type.Number()),
  dead: Type.Array(DeadStretch),
  moments: Type.Array(Moment),
  claims: Type.Array(Type.String()),
  transcript: Type.Array(TranscriptSegment),
  summary: Type.String(),
  method: Type.String(),
  /**
   * The speech-to-text engine that heard the words (beside the spec's fields),
   * e.g. `pocketsphinx 5prealpha en-us`; several, comma-separated, when a
   * server failed on some chunks; null when the file has no sound to hear.
   */
  transcriber: Type.Optional(nullable(Type.String())),
  /** The spoken language: ISO 639-1, the one that carried most of the words. */
  language: Type.Optional(
    nullable(Type.String(), { description: "The spoken language, ISO 639-1 (null when no words were heard). Beside the spec's fields." }),
  ),
  // Issue 24's fields beside the spec's: absent on reads made before they existed.
  // In the order assembleRead writes them, so the served read and its JSON export match byte for byte.
  loudness_lufs: Type.Optional(readActionProperties.loudness_lufs),
  technical_cues: Type.Optional(readActionProperties.technical_cues),
  dips: Type.Optional(readActionProperties.dips),
  hook_report: Type.Optional(readActionProperties.hook_report),
  frame_rate: Type.Optional(readActionProperties.frame_rate),
  frame_rate_variable: Type.Optional(readActionProperties.frame_rate_variable),
  cut_frames: Type.Optional(readActionProperties.cut_frames),
  width: Type.Optional(readActionProperties.width),
  height: Type.Optional(readActionProperties.height),
});
export type ScanRead = Static<typeof ScanRead>;

export const ScanStatus = Type.Union([Type.Literal('queued'), Type.Literal('processing'), Type.Literal('complete'), Type.Literal('error')]);
export type ScanStatus = Static<typeof ScanStatus>;

/**
 * What every scan shape carries beside its status (issue 23: one scan shape):
 * the owner's title (null when none was given), when the scan was accepted and
 * the name of the file it was made from (issue 32).
 */
const scanIdentity = {
  title: nullable(Type.String(), {
    description: "The title given at submission; without one, the source's file name (`source_name`) without its extension; null when there is neither.",
  }),
  created_at: Type.String({ format: 'date-time', description: 'When the scan was accepted.' }),
  // Optional in the schema only so answers recorded before it existed (api/openapi-examples.json) still fit; every scan served has it.
  source_name: Type.Optional(
    nullable(Type.String(), {
      description:
        "The name of the file the scan was made from: the upload's file name, or the last segment of the video URL's path when it names a video file (`talk.mp4`); base name only, controls removed, at most 255 characters; null when there is none. The timeline exports name the media with it and the media download is named by it. Beside the spec's fields; in every scan shape.",
    }),
  ),
};

/** Where a scan in flight stands, in the order it passes the stages (`IN_FLIGHT_STAGES`; their percentages in core/progress.ts). */
export const ScanStageName = stringEnum(IN_FLIGHT_STAGES, {
  description: 'queued; ingest (fetching or storing the video); probe (checking it); decode (measuring and transcribing); assembly (writing the read).',
});

export const InFlightScan = Type.Object({
  scan_id: Type.String(),
  status: Type.Union([Type.Literal('queued'), Type.Literal('processing')]),
  pct: Type.Number(),
  stage: ScanStageName,
  ...scanIdentity,
});
export type InFlightScan = Static<typeof InFlightScan>;

/** A complete scan's `media_url`: null once the account's retention setting removed the video. */
const MEDIA_URL = 'Where the video is served; null once the retention setting removed it (the read is kept).';

/** The spec's complete shape, every field as the spec has it, plus `pct: 100` and the identity fields. */
export const CompleteScan = Type.Object({
  scan_id: Type.String(),
  status: Type.Literal('complete'),
  pct: Type.Literal(100),
  ...scanIdentity,
  ...ScanRead.properties,
  media_url: nullable(Type.String(), { description: MEDIA_URL }),
});
export type CompleteScan = Static<typeof CompleteScan>;

export const ErrorScan = Type.Object({ scan_id: Type.String(), status: Type.Literal('error'), pct: Type.Number(), detail: Type.String(), ...scanIdentity });
export type ErrorScan = Static<typeof ErrorScan>;

/** A scan as the API shows it: exactly one of the three shapes. */
export const ScanView = Type.Union([InFlightScan, CompleteScan, ErrorScan]);
export type ScanView = Static<typeof ScanView>;

/**
 * The response schema of every route that answers a scan: one object for the
 * three shapes; `scan_id`, `status`, `pct`, `title`, `created_at` and `source_name` are in
 * every one, the rest only where a shape has them (test/unit/wire/types.test.ts
 * proves each shape fits it).
 */
export const ScanViewBody = Type.Object({
  scan_id: Type.String(),
  status: Type.String(),
  pct: Type.Number(),
  stage: Type.Optional(ScanStageName),
  detail: Type.Optional(Type.String()),
  ...scanIdentity,
  ...Type.Partial(ScanRead).properties,
  media_url: Type.Optional(nullable(Type.String(), { description: MEDIA_URL })),
});

/** One row of the signal reference (`GET /v1/signals`). */
export const SignalReferenceEntry = Type.Object({
  name: Type.String(),
  reads: Type.String(),
  rises_when: Type.String(),
  falls_when: Type.String(),
  method: Type.String(),
});
export type SignalReferenceEntry = Static<typeof SignalReferenceEntry>;

/** Body of `GET /v1/signals` (design §5). */
export const SignalsReference = Type.Object({
  version: Type.String(),
  floor: Type.Number(),
  dead_min_seconds: Type.Number(),
  scale: Type.String(),
  signals: Type.Array(SignalReferenceEntry),
  method: Type.String(),
});
export type SignalsReference = Static<typeof SignalsReference>;
