// A scan's read on the wire: the three scan shapes of the spec ("Resources and
// their fields"), the one response schema that serves all three, and the
// signal reference (`GET /v1/signals`).

import { Type, type Static } from 'typebox';
import { readActionProperties } from './read-actions';
import { nullable, stringEnum } from './common';
import { IN_FLIGHT_STAGES } from './constants';

const SCALED = "0 to 100, where 100 is this file's 95th percentile (higher values are capped at 100)";

export const SignalScores = Type.Object(
  {
    hold: Type.Number({
      description:
        'Reported hold, 0 to 100: the centred 3-second mean of 0.45 x motion + 0.25 x loudness + 0.20 x speech, plus 10 on a second with a cut; one decimal. A proxy computed from the file, not a measurement of viewers.',
    }),
    motion: Type.Number({
      description: `How much the picture changes: the mean absolute frame difference at 4 frames per second on 96x54 grey frames (cut samples left out), ${SCALED}; all 0 when that percentile is under 0.5 grey levels.`,
    }),
    loudness: Type.Number({
      description: `How loud the sound is: the RMS of the 16 kHz mono audio in this second, ${SCALED}; all 0 when that percentile is under -50 dBFS.`,
    }),
    speech: Type.Number({
      description: `How densely someone speaks: the words heard inside a voice (fillers removed) whose middle falls in this second, ${SCALED}; all 0 with fewer than 3 words in the file.`,
    }),
  },
  { title: 'SignalScores', description: 'The four series at one second.' },
);
export type SignalScores = Static<typeof SignalScores>;

export const TimelineEntry = Type.Object(
  {
    second: Type.Integer({ description: 'The second t, from 0; the entry covers [t, t+1).' }),
    scores: SignalScores,
  },
  { title: 'TimelineEntry', description: 'One second of the read.' },
);
export type TimelineEntry = Static<typeof TimelineEntry>;

/** A dead stretch in seconds, `end` exclusive. */
export const DeadStretch = Type.Object(
  {
    start: Type.Number({ description: 'The first second of the stretch.' }),
    end: Type.Number({ description: 'The second after its last (exclusive); at most the duration.' }),
  },
  { title: 'DeadStretch', description: 'A run of 2 or more seconds whose hold is below the floor of 30.' },
);
export type DeadStretch = Static<typeof DeadStretch>;

export const Moment = Type.Object(
  {
    second: Type.Integer({ description: 'The second of the peak.' }),
    label: Type.String({ description: 'What the moment is: `peak`.' }),
    hold: Type.Number({ description: 'The reported hold at that second.' }),
    quote: Type.String({ description: 'The words spoken starting from 1 s before to 2 s after the second, at most 15; empty when none.' }),
  },
  {
    title: 'Moment',
    description: 'A peak of hold: a local maximum of at least 30 and at least the median, outside dead stretches.',
  },
);
export type Moment = Static<typeof Moment>;

export const TranscriptSegment = Type.Object(
  {
    start: Type.Number({ description: 'When its first word starts, seconds.' }),
    end: Type.Number({ description: 'When its last word ends, seconds.' }),
    text: Type.String({ description: 'The words, as heard.' }),
  },
  { title: 'TranscriptSegment', description: 'Words heard inside a voice, split at pauses of 0.5 s or more or after 25 words.' },
);
export type TranscriptSegment = Static<typeof TranscriptSegment>;

/** Everything a complete scan reports beyond its identity. */
export const ScanRead = Type.Object({
  duration_sec: Type.Number({ description: "The video's length in seconds, as probed." }),
  score: Type.Integer({
    description:
      'Overall score, 0 to 100, from measures that mean the same in every file (the share of live seconds, speech, its pace, cutting, motion, loudness; see `method`), so scores compare across videos.',
  }),
  grade: Type.String({
    description: 'The letter of the score: A+ from 97, A 93, A- 90, B+ 87, B 83, B- 80, C+ 77, C 73, C- 70, D+ 67, D 63, D- 60, F below (ASCII hyphen).',
  }),
  label: Type.String({ description: "The grade's letter in a word: A Gripping, B Engaging, C Steady, D Sluggish, F Flat." }),
  hook: Type.Number({ description: 'The mean reported hold over the first 3 seconds (fewer if the file is shorter), 0 to 100, one decimal.' }),
  timeline: Type.Array(TimelineEntry, { description: 'One entry per second, t = 0 to N-1 with N = ceil(duration_sec).' }),
  cuts: Type.Array(Type.Number(), {
    description:
      'Cut times in seconds, decimal, each refined to the frame where the picture changes (see cut_frames); at least 0.75 s apart. Fades and dissolves are not cuts.',
  }),
  dead: Type.Array(DeadStretch, { description: 'Dead stretches: every run of 2 or more seconds whose hold is below the floor of 30, in time order.' }),
  moments: Type.Array(Moment, {
    description: 'Peaks of hold, highest first at least 10 s apart, at most 3 (5 for files over 180 s), listed in time order.',
  }),
  claims: Type.Array(Type.String(), {
    description:
      'Transcript sentences with a check-worthy cue: a quantity, an evidence word ("studies show"), an absolute or superlative, a comparative, a causal or predictive verb. Flagged for checking, not judged true or false; empty when the speech is not English.',
  }),
  transcript: Type.Array(TranscriptSegment, { description: 'What was said, in time order; only words heard inside a voice count.' }),
  summary: Type.String({
    description: 'One paragraph in plain words: the average hold, the strongest second, the dead stretches, the number of cuts and the hook.',
  }),
  method: Type.String({
    description:
      'How this read was computed, every definition in plain words, in short paragraphs separated by blank lines; then the engine that heard the words. The series are proxies computed from the file, not a measurement of any viewer.',
  }),
  /**
   * The speech-to-text engine that heard the words (beside the spec's fields),
   * e.g. `pocketsphinx 5prealpha en-us`; several, comma-separated, when a
   * server failed on some chunks; null when the file has no sound to hear.
   */
  transcriber: Type.Optional(
    nullable(Type.String(), {
      description:
        "The speech-to-text engine that heard the words, e.g. `pocketsphinx 5prealpha en-us`; several, comma-separated, when a server failed on some chunks; null when the file has no sound. Beside the spec's fields.",
    }),
  ),
  /** The spoken language: ISO 639-1, the one that carried most of the words. */
  language: Type.Optional(
    nullable(Type.String(), { description: "The spoken language, ISO 639-1 (null when no words were heard). Beside the spec's fields." }),
  ),
  // Issue 24's fields beside the spec's, each optional: absent on reads made before it existed.
  ...Type.Partial(Type.Object(readActionProperties)).properties,
});
export type ScanRead = Static<typeof ScanRead>;

/**
 * Every field of a complete read, in the order assembleRead writes them: what the store
 * keeps in `scan_reads` and what a complete scan shows. Taken from the schema, so a field
 * added there is kept and shown without another list to update.
 */
export const READ_FIELDS = Object.keys(ScanRead.properties) as readonly (keyof ScanRead)[];

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
  title: 'ScanStage',
  description: 'queued; ingest (fetching or storing the video); probe (checking it); decode (measuring and transcribing); assembly (writing the read).',
});

const SCAN_ID = "The scan's id: `scn_` and 24 hex digits.";
const PCT =
  'Progress, 0 to 100: queued 0, ingest 5, probe 10, decode and transcription up to 90, assembly 95, complete 100. A scan in error keeps the figure it reached.';

// The three shapes are named so the OpenAPI document carries each as a component
// beside `Scan` (api/openapi.ts): the clients' per-state types are generated from them.
export const InFlightScan = Type.Object(
  {
    scan_id: Type.String({ description: SCAN_ID }),
    status: Type.Union([Type.Literal('queued'), Type.Literal('processing')], { description: '`queued` until a worker takes it, then `processing`.' }),
    pct: Type.Number({ description: PCT }),
    stage: ScanStageName,
    ...scanIdentity,
  },
  { title: 'InFlightScan', description: 'A scan while `queued` or `processing`: where it stands, no read yet.' },
);
export type InFlightScan = Static<typeof InFlightScan>;

/** A complete scan's `media_url`: null once the account's retention setting removed the video. */
const MEDIA_URL = 'Where the video is served; null once the retention setting removed it (the read is kept).';

/** The spec's complete shape, every field as the spec has it, plus `pct: 100` and the identity fields. */
export const CompleteScan = Type.Object(
  {
    scan_id: Type.String({ description: SCAN_ID }),
    status: Type.Literal('complete', { description: 'The read is done: every field below is there.' }),
    pct: Type.Literal(100, { description: 'Always 100.' }),
    ...scanIdentity,
    ...ScanRead.properties,
    media_url: nullable(Type.String(), { description: MEDIA_URL }),
  },
  { title: 'CompleteScan', description: 'A `complete` scan: the whole read, `pct` 100.' },
);
export type CompleteScan = Static<typeof CompleteScan>;

export const ErrorScan = Type.Object(
  {
    scan_id: Type.String({ description: SCAN_ID }),
    status: Type.Literal('error', { description: 'The scan ended without a read; `detail` says why.' }),
    pct: Type.Number({ description: PCT }),
    detail: Type.String({ description: 'Why the scan ended: the problem with the media or the limit it broke, or `cancelled`.' }),
    ...scanIdentity,
  },
  { title: 'ErrorScan', description: 'A scan that ended in `error`: why, and the progress it reached.' },
);
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
export const ScanViewBody = Type.Object(
  {
    scan_id: Type.String({ description: SCAN_ID }),
    status: Type.String({ description: '`queued`, `processing`, `complete` or `error`; only a complete scan carries the read.' }),
    pct: Type.Number({ description: PCT }),
    stage: Type.Optional(ScanStageName),
    detail: Type.Optional(
      Type.String({
        description: 'Why the scan ended in `error` (error only): the problem with the media or the limit it broke, or `cancelled`.',
      }),
    ),
    ...scanIdentity,
    ...Type.Partial(ScanRead).properties,
    media_url: Type.Optional(nullable(Type.String(), { description: MEDIA_URL })),
  },
  {
    title: 'Scan',
    description:
      'A scan in any state: `{scan_id, status, pct, stage}` in flight, the whole read when complete, `{scan_id, status, pct, detail}` in error; the identity fields in all.',
  },
);

/** One row of the signal reference (`GET /v1/signals`). */
export const SignalReferenceEntry = Type.Object(
  {
    name: Type.String({ description: '`hold`, `motion`, `loudness` or `speech`: the key of the series in `timeline[].scores`.' }),
    reads: Type.String({ description: 'What the series measures, in a line.' }),
    rises_when: Type.String({ description: 'What in the video makes it rise.' }),
    falls_when: Type.String({ description: 'What makes it fall.' }),
    method: Type.String({ description: 'Its exact definition, as the method text states it.' }),
  },
  { title: 'Signal', description: 'One series of the read.' },
);
export type SignalReferenceEntry = Static<typeof SignalReferenceEntry>;

/** Body of `GET /v1/signals` (design §5). */
export const SignalsReference = Type.Object(
  {
    version: Type.String({ description: 'The version of these definitions: `v1`.' }),
    floor: Type.Number({ description: 'Hold below this is dead: 30.' }),
    dead_min_seconds: Type.Number({ description: 'Seconds in a row under the floor that make a dead stretch: 2.' }),
    scale: Type.String({ description: 'How every series is scaled, in words.' }),
    signals: Type.Array(SignalReferenceEntry, { description: 'The four series: hold, motion, loudness, speech.' }),
    method: Type.String({ description: "The method text every complete scan carries, without a scan's own last sentences (its engine, uncut frames)." }),
  },
  { title: 'SignalsReference', description: 'What each series reads and how the read is computed.' },
);
export type SignalsReference = Static<typeof SignalsReference>;
