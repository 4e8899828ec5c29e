// The plain values the wire schemas are built from (enums and limits), at the
// floor with them: the domain imports them from here, never the other way round,
// so no schema reaches up into core/. No TypeBox here, so a workflow that imports
// one of these through the domain bundles no schema library.

/** Longest `webhook_url` accepted at submission (and `url` of a webhook test), in characters. */
export const WEBHOOK_URL_MAX_LENGTH = 2048;

/** A kept segment of a recut is at least this long, in seconds: shorter ones flash by and read as glitches. */
export const MIN_SEGMENT_SEC = 1;

/** The technical cues a read names (`technical_cues`, core/technical-cues.ts). */
export const TECHNICAL_CUE_KINDS = ['colour_bars', 'black_frames', 'slate'] as const;
export type TechnicalCueKind = (typeof TECHNICAL_CUE_KINDS)[number];

/** Why attention is likely to drop in a dip (core/dips.ts reads each from the series), in the order a dip lists
 * them: a dip over a technical cue names the cue first, then the causes the series give. */
export const DIP_CAUSES = [
  ...TECHNICAL_CUE_KINDS,
  'still_picture',
  'silence',
  'loudness_drop',
  'no_speech',
  'long_pause',
  'long_shot',
  'slow_cutting',
] as const;
export type DipCause = (typeof DIP_CAUSES)[number];

/** The stages a scan in flight reports as `stage`, in order (`decode` covers decoding and transcription). */
export const IN_FLIGHT_STAGES = ['queued', 'ingest', 'probe', 'decode', 'assembly'] as const;
export type InFlightStage = (typeof IN_FLIGHT_STAGES)[number];
