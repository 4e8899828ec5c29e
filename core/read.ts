// The read: raw measurements of one file in, the complete scan's content out.

import { extractClaims } from './claims';
import { claimsApplyTo, dominantLanguage } from './language';
import { detectCuts } from './cuts';
import { cutsToTheFrame } from './cut-refinement';
import { DEAD_MIN_SECONDS, FLOOR, deadStretches } from './dead';
import { findDips } from './dips';
import { hookReport } from './hook-report';
import { rawHold, smoothHold } from './hold';
import { loudnessLufsFor } from './lufs';
import { methodFor } from './method';
import { findMoments } from './moments';
import { motionPerSecond } from './motion';
import { fitLength, round1, round2, secondsIn } from './numbers';
import { LOUDNESS_GATE, MOTION_GATE, scaleSpeech, scaleToP95 } from './percentile';
import { gradeFor, hookValue, labelFor, overallScore } from './score';
import type { ScanRead, TimelineEntry } from './wire/read';
import type { RawMeasurements } from './measurements';
import { gateWords, wordsPerSecond } from './speech';
import { summaryText } from './summary';
import { technicalCues } from './technical-cues';
import { transcriptSegments } from './transcript';

/**
 * Wires every definition of design §4: N = ceil(duration) seconds; loudness
 * padded with 0 or cut to N; cuts from the frame diffs; motion without cut
 * samples; each series scaled to its P95 behind its gate; hold, dead, moments,
 * hook, grade, label, transcript, claims, summary and method; the score from the
 * raw measures (issue 32, core/score.ts). Timeline
 * scores are rounded to one decimal, duration to two.
 */
export function assembleRead(raw: RawMeasurements): ScanRead {
  const n = secondsIn(raw.durationSec);
  // Spans end no later than this, the duration the read reports: the last of the N seconds may be partial.
  const durationSec = round2(Math.max(0, raw.durationSec));
  // Only words inside a voice, of a length a word can have, count anywhere in the read.
  const words = gateWords(raw.words, raw.voice).sort((a, b) => a.start - b.start);
  const cuts = detectCuts({ frameDiffs: raw.frameDiffs, skipDiffs: raw.skipDiffs });
  const motionRaw = motionPerSecond(raw.frameDiffs, cuts.samples, n);
  const loudnessRaw = fitLength(raw.loudnessRms, n);
  const motion = scaleToP95(motionRaw, MOTION_GATE);
  const loudness = scaleToP95(loudnessRaw, LOUDNESS_GATE);
  const speech = scaleSpeech(wordsPerSecond(words, n));
  // A cut at or after the end (possible when frames outlast the container's duration) cuts nothing the file plays.
  const onGrid = cuts.samples.map((sample, i) => ({ sample, time: cuts.times[i] as number })).filter((c) => c.time < durationSec);
  const fps = typeof raw.fps === 'number' && raw.fps > 0 ? raw.fps : null;
  // Refined to the frame where `refineCuts` could: the hold bonus, dips and summary follow the refined times.
  const framed = cutsToTheFrame({ samples: onGrid.map((c) => c.sample), times: onGrid.map((c) => c.time) }, raw.cutRefinement, fps, n);
  const cutTimes = framed.cuts;
  const hold = smoothHold(rawHold({ motion, loudness, speech, cutTimes }, n));
  const dead = deadStretches(hold, FLOOR, DEAD_MIN_SECONDS, durationSec);
  // From the samples the decode classified; a cue's edge at a cut takes the refined time.
  // Measurements taken before the samples were classified name none, and the read then has no such field.
  const cues = raw.frameKinds
    ? technicalCues({ frameKinds: raw.frameKinds, frameDiffs: raw.frameDiffs, cuts: cutTimes, durationSec, loudnessRms: loudnessRaw, words })
    : null;
  // The score reads the raw measures, not the per-file scaled series, so it compares across files.
  const score = overallScore({ durationSec, words, cuts: cutTimes, dead, motionRaw, loudnessRms: loudnessRaw });
  const grade = gradeFor(score);
  const hook = hookValue(hold);
  const transcript = transcriptSegments(words);
  // Only words the read kept decide the language: a chunk whose words the voice gate dropped names none.
  const language = words.length > 0 ? dominantLanguage(raw.languages ?? []) : null;
  const timeline: TimelineEntry[] = hold.map((h, t) => ({
    second: t,
    scores: {
      hold: h,
      motion: round1(motion[t] ?? 0),
      loudness: round1(loudness[t] ?? 0),
      speech: round1(speech[t] ?? 0),
    },
  }));
  return {
    duration_sec: durationSec,
    score,
    grade,
    label: labelFor(grade),
    hook,
    timeline,
    cuts: cutTimes,
    dead,
    moments: findMoments(hold, dead, words),
    claims: claimsApplyTo(language) ? extractClaims(transcript) : [],
    transcript,
    summary: summaryText({ durationSec, hold, dead, cuts: cutTimes, hook }),
    method: methodFor(raw.transcriber, language, framed.unrefined),
    transcriber: raw.transcriber ?? null,
    language,
    loudness_lufs: loudnessLufsFor(raw.loudnessLufs, n),
    ...(cues ? { technical_cues: cues } : {}),
    dips: findDips({ hold, motion, loudness, words, cuts: cutTimes, dead, durationSec, cues: cues ?? [] }),
    hook_report: hookReport({ hook, hold, motion, loudness, words, durationSec }),
    frame_rate: fps === null ? null : Math.round(fps * 1000) / 1000,
    frame_rate_variable: raw.fpsVariable === true,
    ...(framed.cutFrames ? { cut_frames: framed.cutFrames } : {}),
    ...(isPixelCount(raw.width) && isPixelCount(raw.height) ? { width: raw.width, height: raw.height } : {}),
  };
}

/** A probed frame side: a whole number of pixels (a file without a picture probes as 0). */
const isPixelCount = (value: number | undefined): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;
