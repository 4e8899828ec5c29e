// Wire schemas of the read's fields beside the spec's (issue 24): spread into the
// scan view's properties, so no spec field changes.

import { Type, type Static } from 'typebox';
import { literalUnion } from './common';
import { DIP_CAUSES, TECHNICAL_CUE_KINDS } from './constants';

const nullableNumber = (description: string) => Type.Union([Type.Number(), Type.Null()], { description });

export const TargetCheckSchema = Type.Object(
  {
    id: Type.String({ description: 'A stable key: `streaming`, `podcast` or `broadcast`.' }),
    name: Type.String({ description: 'Who normalises to it, in plain words.' }),
    target_lufs: Type.Number({ description: 'The integrated loudness the platform normalises to, LUFS.' }),
    max_true_peak_dbtp: Type.Number({ description: 'The highest true peak the platform recommends, dBTP.' }),
    difference_lu: Type.Number({ description: 'Integrated loudness minus the target, LU (positive: louder).' }),
    verdict: Type.Union([Type.Literal('on_target'), Type.Literal('louder'), Type.Literal('quieter')], {
      description: '`on_target` within 1 LU of the target; `louder` above it (the platform turns the file down); `quieter` below it.',
    }),
    true_peak_over: Type.Boolean({ description: 'Whether the true peak is above max_true_peak_dbtp.' }),
  },
  { title: 'LoudnessTarget', description: "The file's loudness against one platform's target." },
);

export const LoudnessLufsSchema = Type.Union(
  [
    Type.Object(
      {
        integrated_lufs: nullableNumber('Integrated loudness, LUFS (gated); null when the sound never rises above -70 LUFS.'),
        range_lu: Type.Number({ description: 'Loudness range, LU.' }),
        true_peak_dbtp: nullableNumber('True peak, dBTP (4x oversampled); null when every sample is 0.'),
        short_term_lufs: Type.Array(Type.Union([Type.Number(), Type.Null()]), {
          description: 'Short-term loudness (3 s window ending at t+1) per second t; null below -70 LUFS.',
        }),
        targets: Type.Array(TargetCheckSchema, { description: 'The file against the targets of streaming platforms, podcasts and broadcast.' }),
      },
      { title: 'LoudnessReport', description: "The first audio stream's loudness as EBU R128 measures it (ffmpeg's ebur128 filter)." },
    ),
    Type.Null(),
  ],
  { description: "EBU R128 loudness, beside the spec's fields; null when the file has no sound." },
);

export const DipSchema = Type.Object(
  {
    start: Type.Number({ description: 'The first second of the dip.' }),
    end: Type.Number({ description: 'Exclusive, seconds.' }),
    causes: Type.Array(
      literalUnion(DIP_CAUSES, {
        title: 'DipCause',
        description:
          "still_picture: little motion; silence: little sound; loudness_drop: the sound falls against the 3 s before; no_speech: no word starts in it; long_pause: a long pause between words; long_shot: one long shot covers it; slow_cutting: its shot is longer than the file's median shot.",
      }),
      { description: 'Why attention is likely to drop there, read from the series over the dip, in this order.' },
    ),
    advice: Type.String({
      description:
        'One sentence naming the span and every cause, and what to do: cut, add sound under, tighten or talk over, close the pause, add movement or a cutaway, lift the sound, add a cut, cut faster.',
    }),
  },
  { title: 'Dip', description: 'A stretch where attention is likely to drop: a dead stretch, or a fall of hold by 15 points within 3 s.' },
);

export const TechnicalCueSchema = Type.Object(
  {
    kind: literalUnion(TECHNICAL_CUE_KINDS, {
      description:
        'colour_bars (SMPTE or EBU test bars), black_frames (a picture near black) or slate (a still title card or slate between parts, over silence or a steady tone).',
    }),
    start: Type.Number({ description: 'Seconds; at a cut, its time (to the frame where the cut is refined).' }),
    end: Type.Number({ description: 'Exclusive, seconds; no later than duration_sec.' }),
  },
  { title: 'TechnicalCue', description: 'A span that is not content: test bars, black, or a slate.' },
);

const HookPartSchema = Type.Union([Type.Literal('motion'), Type.Literal('sound'), Type.Literal('words')], {
  title: 'HookPart',
  description: 'motion or sound: its mean scaled value over the first 3 s is high enough; words: a counted word starts there.',
});

export const HookReportSchema = Type.Object(
  {
    value: Type.Number({ description: 'The hook, as `hook`.' }),
    scale: Type.String({ description: 'How to read the value, in words.' }),
    file_percentile: Type.Number({ description: "Percent of this file's seconds whose hold is below the hook." }),
    library_percentile: Type.Union([Type.Number(), Type.Null()], {
      description: "Percent of published scans' hooks below this one, placed when the read is served; null while 20 or fewer scans are published.",
    }),
    carried: Type.Array(HookPartSchema, { description: 'What carried the first 3 s.' }),
    missing: Type.Array(HookPartSchema, { description: 'What was missing from the first 3 s.' }),
    best_opening: Type.Object(
      {
        start: Type.Number({ description: 'Its first second.' }),
        end: Type.Number({ description: 'The second after its last (exclusive).' }),
        hold: Type.Number({ description: 'Its mean reported hold.' }),
      },
      { description: 'The 3-second window with the highest mean hold (the earliest on a tie): a suggested opening.' },
    ),
    advice: Type.String({ description: 'One sentence: open with the strongest window, or what to add to the first 3 s.' }),
  },
  { title: 'HookReport', description: "The hook with its scale, what carried the first 3 s and the strongest 3-second window, beside the spec's fields." },
);

/**
 * The read's fields beside the spec's, spread into `ScanRead` (each optional there: absent on reads
 * made before it existed). In the order core/read.ts `assembleRead` writes them, so the served read
 * and its JSON export match byte for byte.
 */
export const readActionProperties = {
  loudness_lufs: LoudnessLufsSchema,
  technical_cues: Type.Array(TechnicalCueSchema, {
    description:
      "Colour bars, black frames and still title cards or slates, with their spans, in time order, beside the spec's fields; empty when there are none, absent on reads made before they existed. A cue nobody speaks over is a dip of its own and is left out of recuts.",
  }),
  dips: Type.Array(DipSchema, {
    description:
      "Why attention is likely to drop, beside the spec's fields: each technical cue nobody speaks over (its kind first among the causes, advised to be cut), each dead stretch and each fall of hold by 15 points within 3 s, with its causes and one sentence of advice.",
  }),
  hook_report: HookReportSchema,
  frame_rate: Type.Union([Type.Number(), Type.Null()], {
    description: "The video stream's average frame rate as probed, beside the spec's fields; null when unknown. The EDL counts frames at it.",
  }),
  frame_rate_variable: Type.Boolean({
    description:
      "Whether the video's frames come at an uneven rate (the gaps between its first packets' timestamps differ), beside the spec's fields. Then each cut's time is its frame's own timestamp and cut_frames counts at the average rate.",
  }),
  cut_frames: Type.Array(Type.Integer({ minimum: 0 }), {
    description:
      "The frame index at the source's frame rate of each cut, parallel to cuts (whose seconds are the refined times), beside the spec's fields; absent when the frame rate is unknown.",
  }),
  width: Type.Integer({
    minimum: 1,
    description:
      "The video's displayed width in pixels as probed (rotation applied), beside the spec's fields; absent on reads made before it. The fcpxml export's format carries it.",
  }),
  height: Type.Integer({
    minimum: 1,
    description: "The video's displayed height in pixels as probed (rotation applied), beside the spec's fields; absent on reads made before it.",
  }),
};

export type LoudnessLufsWire = Static<typeof LoudnessLufsSchema>;
