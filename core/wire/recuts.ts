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
  { title: 'RecutRequest', additionalProperties: false },
);
export type RecutBody = Static<typeof RecutBody>;

export const QueuedRecut = Type.Object(
  {
    recut_id: Type.String({ description: "The recut's id: `rct_` and 24 hex digits; poll `GET /v1/recuts/{id}` with it." }),
    status: Type.String({ description: '`queued`.' }),
    parent_scan_id: Type.String({ description: 'The scan being recut.' }),
  },
  { title: 'QueuedRecut', description: 'A recut accepted and queued.' },
);
export type QueuedRecut = Static<typeof QueuedRecut>;

/** A read's dips summed up: how many, how long in all, and how many name each cause. */
export const DipFigures = Type.Object(
  {
    count: Type.Integer({ description: 'How many dips.' }),
    seconds: Type.Number({ description: 'Total length of the dips, seconds.' }),
    causes: Type.Partial(
      Type.Object({
        colour_bars: Type.Integer({ description: 'Dips over colour bars.' }),
        black_frames: Type.Integer({ description: 'Dips over black frames.' }),
        slate: Type.Integer({ description: 'Dips over a slate or title card.' }),
        still_picture: Type.Integer({ description: 'Dips with a still picture.' }),
        silence: Type.Integer({ description: 'Dips with silence.' }),
        loudness_drop: Type.Integer({ description: 'Dips with a loudness drop.' }),
        no_speech: Type.Integer({ description: 'Dips without speech.' }),
        long_pause: Type.Integer({ description: 'Dips with a long pause.' }),
        long_shot: Type.Integer({ description: 'Dips inside a long shot.' }),
        slow_cutting: Type.Integer({ description: 'Dips with slow cutting.' }),
      } satisfies Record<DipCause, unknown>),
      { description: 'How many dips name each cause; a cause no dip names is absent.' },
    ),
  },
  { title: 'DipFigures', description: "A read's dips summed up." },
);
export type DipFigures = Static<typeof DipFigures>;

export const RecutFigures = Type.Object(
  {
    score: Type.Number({ description: "The read's score." }),
    grade: Type.String({ description: "The read's grade." }),
    hook: Type.Number({ description: "The read's hook." }),
    dead_seconds: Type.Number({ description: 'Seconds inside dead stretches.' }),
    duration_sec: Type.Number({ description: "The video's length, seconds." }),
    /** Mean reported hold over the seconds, one decimal. */
    average_hold: Type.Number({ description: 'Mean reported hold over the seconds, one decimal.' }),
    /** Absent on recuts compared before dips existed; null when the read has no dips field. */
    dips: Type.Optional(
      Type.Union([DipFigures, Type.Null()], { description: "The dips of the read (beside the spec's fields); null for a read made before dips existed." }),
    ),
  },
  { title: 'RecutFigures', description: "The figures of one read: `before` is the scan's, `after` the rendered cut's." },
);
export type RecutFigures = Static<typeof RecutFigures>;

/** One schema for the three recut shapes: only the fields a shape has are present. */
export const RecutViewBody = Type.Object(
  {
    recut_id: Type.String({ description: "The recut's id: `rct_` and 24 hex digits." }),
    status: Type.String({ description: '`queued`, `processing`, `complete` or `error`.' }),
    pct: Type.Optional(Type.Number({ description: 'Progress, 0 to 100 (in flight only).' })),
    stage: Type.Optional(
      Type.String({ description: 'In flight: `queued`, `propose` (the agent plans the cut), `render` (the cut is rendered), `rescan` (the cut is scanned).' }),
    ),
    detail: Type.Optional(Type.String({ description: 'Why the recut failed (error only).' })),
    parent_scan_id: Type.Optional(Type.String({ description: 'The scan that was recut (complete only).' })),
    scan_id: Type.Optional(Type.String({ description: 'The scan of the rendered cut (complete only): read it like any scan.' })),
    segments: Type.Optional(
      Type.Array(
        Type.Object({
          start: Type.Number({ description: 'Where the kept part starts in the source, seconds.' }),
          end: Type.Number({ description: 'Where it ends, seconds (exclusive).' }),
        }),
        { description: 'The parts of the source kept, in order, laid end to end.' },
      ),
    ),
    rationale: Type.Optional(Type.String({ description: "Why this cut, in the proposer's words." })),
    proposed_by: Type.Optional(
      stringEnum(['model', 'rules'], { description: '`model` when the agent proposed the cut; `rules` when the model server failed and the rules did.' }),
    ),
    base_model: Type.Optional(nullable(Type.String(), { description: 'The base model that proposed the cut; null when the rules did.' })),
    before: Type.Optional(RecutFigures),
    after: Type.Optional(RecutFigures),
    goal: Type.Optional(nullable(Type.String(), { description: 'The goal asked for; null when none was given.' })),
    max_seconds: Type.Optional(nullable(Type.Number(), { description: 'The longest length asked for, seconds; null when none was given.' })),
    created_at: Type.Optional(Type.String({ description: 'When the recut was asked for (ISO 8601).' })),
  },
  {
    title: 'Recut',
    description:
      "A recut in any state: `{recut_id, status, pct, stage}` in flight, the cut and both reads' figures when complete, `{recut_id, status, detail}` in error.",
  },
);
export type RecutViewBody = Static<typeof RecutViewBody>;

export const RecutList = Type.Object(
  { parent_scan_id: Type.String({ description: 'The scan.' }), data: Type.Array(RecutViewBody, { description: 'Its recuts, newest first.' }) },
  { title: 'RecutList', description: 'The recuts of one scan.' },
);
export type RecutList = Static<typeof RecutList>;
