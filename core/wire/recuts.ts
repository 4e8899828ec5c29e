// Recuts on the wire: the submission, the queued answer and the recut shapes.

import { Type, type Static } from 'typebox';
import { nullable, stringEnum } from './common';
import { MIN_SEGMENT_SEC, type DipCause } from './constants';

/** `POST /v1/scans/{id}/recut`; no body at all asks for the default goal and length. */
export const RecutBody = Type.Object(
  {
    goal: Type.Optional(Type.String({ maxLength: 500 })),
    max_seconds: Type.Optional(Type.Number({ minimum: MIN_SEGMENT_SEC, maximum: 24 * 3600 })),
  },
  { additionalProperties: false },
);
export type RecutBody = Static<typeof RecutBody>;

export const QueuedRecut = Type.Object({ recut_id: Type.String(), status: Type.String(), parent_scan_id: Type.String() });
export type QueuedRecut = Static<typeof QueuedRecut>;

/** A read's dips summed up: how many, how long in all, and how many name each cause. */
export const DipFigures = Type.Object({
  count: Type.Integer(),
  seconds: Type.Number({ description: 'Total length of the dips, seconds.' }),
  causes: Type.Partial(
    Type.Object({
      colour_bars: Type.Integer(),
      black_frames: Type.Integer(),
      slate: Type.Integer(),
      still_picture: Type.Integer(),
      silence: Type.Integer(),
      loudness_drop: Type.Integer(),
      no_speech: Type.Integer(),
      long_pause: Type.Integer(),
      long_shot: Type.Integer(),
      slow_cutting: Type.Integer(),
    } satisfies Record<DipCause, unknown>),
    { description: 'How many dips name each cause; a cause no dip names is absent.' },
  ),
});
export type DipFigures = Static<typeof DipFigures>;

export const RecutFigures = Type.Object({
  score: Type.Number(),
  grade: Type.String(),
  hook: Type.Number(),
  dead_seconds: Type.Number(),
  duration_sec: Type.Number(),
  /** Mean reported hold over the seconds, one decimal. */
  average_hold: Type.Number(),
  /** Absent on recuts compared before dips existed; null when the read has no dips field. */
  dips: Type.Optional(
    Type.Union([DipFigures, Type.Null()], { description: "The dips of the read (beside the spec's fields); null for a read made before dips existed." }),
  ),
});
export type RecutFigures = Static<typeof RecutFigures>;

/** One schema for the three recut shapes: only the fields a shape has are present. */
export const RecutViewBody = Type.Object({
  recut_id: Type.String(),
  status: Type.String(),
  pct: Type.Optional(Type.Number()),
  stage: Type.Optional(Type.String()),
  detail: Type.Optional(Type.String()),
  parent_scan_id: Type.Optional(Type.String()),
  scan_id: Type.Optional(Type.String()),
  segments: Type.Optional(Type.Array(Type.Object({ start: Type.Number(), end: Type.Number() }))),
  rationale: Type.Optional(Type.String()),
  proposed_by: Type.Optional(stringEnum(['model', 'rules'])),
  base_model: Type.Optional(nullable(Type.String())),
  before: Type.Optional(RecutFigures),
  after: Type.Optional(RecutFigures),
  goal: Type.Optional(nullable(Type.String())),
  max_seconds: Type.Optional(nullable(Type.Number())),
  created_at: Type.Optional(Type.String()),
});
export type RecutViewBody = Static<typeof RecutViewBody>;

export const RecutList = Type.Object({ parent_scan_id: Type.String(), data: Type.Array(RecutViewBody) });
export type RecutList = Static<typeof RecutList>;

/** `GET /v1/recuts/{id}/export?format=`: the format is checked by the route, so a wrong one gets the list of formats. */
export const RecutExportQuery = Type.Object({
  format: Type.Optional(Type.String({ maxLength: 32 })),
  record_start: Type.Optional(
    Type.String({
      maxLength: 16,
      description: "The EDL's first record timecode, `HH:MM:SS:FF` at the source's rate (default `01:00:00:00`); only with `format=edl`.",
    }),
  ),
});
export type RecutExportQuery = Static<typeof RecutExportQuery>;
