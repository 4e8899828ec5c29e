// The method text carried by every complete scan and by GET /v1/signals.
// It states the definitions the code in core/ implements; a change to one is a change to the other.

import { CUT_BONUS, HOLD_WEIGHTS } from './hold';
import { CUT_WINDOW_HEIGHT, CUT_WINDOW_MARGIN_SEC, CUT_WINDOW_WIDTH } from './cut-refinement';
import { CUT_LOCAL_RATIO, CUT_LOCAL_WINDOW_SEC, CUT_MIN_DIFF, CUT_MIN_GAP_SEC, CUT_NEIGHBOUR_RATIO, FLASH_RETURN_RATIO } from './cuts';
import { DEAD_MIN_SECONDS, FLOOR } from './dead';
import { DIPS_METHOD } from './dips';
import { TECHNICAL_CUES_METHOD } from './technical-cues';
import { HOOK_REPORT_METHOD } from './hook-report';
import { SCORE_METHOD } from './score';
import { LOUDNESS_LUFS_METHOD } from './lufs';
import { MAX_FIT_SCALE, MAX_WORD_SEC, MIN_WORD_SEC, VOICE_REACH_SEC } from './speech';
import { SILERO_REGION_OPTIONS } from './voice-regions';
import type { SignalsReference } from './wire/read';

export const SIGNALS_VERSION = 'v1';

export const SCALE_TEXT = 'Each series is 0 to 100 per second, where 100 is the 95th percentile of that file (values above it are capped at 100).';

const PROXY_TEXT = 'The series are proxies computed from the file itself, not a measurement of any viewer: no audience data is read or implied.';

const MOTION_METHOD =
  'Frames are sampled at 4 frames per second and scaled to 96x54 grey. d_k is the mean absolute difference between frame k and frame k-1 in grey levels (0-255). ' +
  'motion_raw[t] is the mean of the d_k whose frame time k/4 falls in [t, t+1), leaving out cut samples (a cut is counted by the hold bonus instead). ' +
  "Scaled to the file's 95th percentile; if that is below 0.5 grey levels the series is all 0.";

const LOUDNESS_METHOD =
  'loudness_raw[t] is the RMS of the 16 kHz mono samples in [t, t+1), full scale 1.0; a second below -60 dBFS counts as 0. ' +
  "Scaled to the file's 95th percentile; if that is below -50 dBFS the series is all 0.";

const VAD = SILERO_REGION_OPTIONS;

export const VOICE_GATE_TEXT =
  'Only words heard inside a voice count, here and in the transcript, moments, quotes and claims. ' +
  `The voice activity detector is Silero VAD v6 (the 16 kHz model of silero-vad 6.2.3, run by onnxruntime): for each ${Math.round(VAD.frameSec * 1000)} ms window of the same 16 kHz mono audio it gives the probability that a voice speaks. ` +
  `A voice region opens at the first window whose probability is at least ${VAD.threshold} and closes where it falls below ${VAD.negThreshold} and does not climb back to ${VAD.threshold} within ${VAD.minSilenceSec} s (a return shorter than ${Math.round((VAD.minResumeSec ?? 0) * 1000)} ms does not move where it closes); ` +
  `regions under ${VAD.minSpeechSec} s are dropped and each is widened by ${VAD.padSec} s on both sides. ` +
  `A word counts when it lasts ${MIN_WORD_SEC} to ${MAX_WORD_SEC} s (engines report multi-second "words" on music) and its middle lies inside a region or within ${VOICE_REACH_SEC} s of one; ` +
  `each region's words are then placed on the region's clock (their first start moved to its start and their last end to its end, stretched by at most ${MAX_FIT_SCALE}× either way, else clamped inside it), because the detector places a stretch's edges better than the recogniser's word times do. ` +
  'Known limits: Silero is a neural network trained on speech, not a rule; singing and rap can pass as voice, and whispered speech or speech far under music may be missed.';

const SPEECH_METHOD =
  'A speech-to-text engine transcribes the audio: by default the ear, a local transcription server running Whisper base (multilingual, int8 on the CPU through faster-whisper), or any OpenAI-compatible transcription server the operator names; ' +
  "Debian's pocketsphinx (English only, far less accurate on real recorded speech) hears any chunk the server fails on, and can be chosen alone. The scan's transcriber field names the engines that heard it, and its language field the spoken language (ISO 639-1, null without words). " +
  'Known limits of Whisper base: names and rare words are often misspelt, overlapping voices merge, and on music or noise with no voice it may hear words that are not there (the voice gate below drops them). ' +
  'speech_raw[t] counts the recognised words, fillers and noise markers removed, whose middle falls in [t, t+1). ' +
  `${VOICE_GATE_TEXT} ` +
  "Scaled to the file's 95th percentile; with fewer than 3 words in the file the series is all 0.";

const CUT_METHOD =
  `sample k is a cut when d_k >= ${CUT_MIN_DIFF} grey levels, d_k is at least ${CUT_LOCAL_RATIO} times the median d of the surrounding ${CUT_LOCAL_WINDOW_SEC} s on either side (so the bar follows the local level of change: high in a shaky or busy shot, low on a still talking head, where a punch-in or a jump cut changes only a few grey levels), ` +
  `d_k is at least ${CUT_NEIGHBOUR_RATIO} times the mean of its two neighbours on either side, and it is not a flash ` +
  `(when d_(k+1) >= 0.5 x d_k, the frame after must still differ from the frame before by at least ${FLASH_RETURN_RATIO} x d_k; the same test guards the frame where a flash ends). Cuts are at least ${CUT_MIN_GAP_SEC} s apart (the larger is kept); on this grid a cut's time is k/4 seconds. ` +
  'Fades, dissolves and push-ins spread their change over many frames and are not cuts. ' +
  `Each cut is then refined to its frame: the quarter second around k/4 and ${CUT_WINDOW_MARGIN_SEC} s either side are decoded again at the source's full frame rate as ${CUT_WINDOW_WIDTH}x${CUT_WINDOW_HEIGHT} grey frames, ` +
  'and the cut moves to the frame that differs most from the frame before it (mean absolute difference; the earlier on a tie). ' +
  "cut_frames gives that frame's index at the source's frame rate (frame_rate, probed), and cuts its time in seconds: the index over the frame rate, to the millisecond, or, when the frame rate is variable (frame_rate_variable: the gaps between the first packets' timestamps differ by more than a tick and 1 %), " +
  "the frame's own timestamp, its index then counted at the average rate. A cut whose window cannot be decoded keeps its grid time, and the read says so below. Without a known frame rate the cuts stay on the grid and cut_frames is absent.";

const HOLD_METHOD =
  `h[t] = ${HOLD_WEIGHTS.motion.toFixed(2)} x motion + ${HOLD_WEIGHTS.loudness.toFixed(2)} x loudness + ${HOLD_WEIGHTS.speech.toFixed(2)} x speech (scaled series; an absent part counts 0), plus ${CUT_BONUS} if a cut falls in [t, t+1). ` +
  'The reported hold is the centred 3-second mean of h (fewer seconds at the edges), to one decimal.';

/**
 * The full method text: every definition of the read, in plain words, one
 * short paragraph each, separated by a blank line (the scan page shows each as
 * a paragraph; a client that prints the text keeps them apart).
 */
export const METHOD_TEXT = [
  'How this read is computed.',
  PROXY_TEXT,
  'Seconds run t = 0 to N-1 with N = ceil(duration); the last second may hold only part of a second of the file, so every span (dead stretches, dips, the suggested opening) ends at the duration at the latest, and shots and lengths are measured to the duration. One decode of the file serves all series. Percentiles use linear interpolation.',
  SCALE_TEXT,
  `Motion: ${MOTION_METHOD}`,
  `Loudness: ${LOUDNESS_METHOD} ${LOUDNESS_LUFS_METHOD}`,
  `Speech: ${SPEECH_METHOD}`,
  `Cuts: ${CUT_METHOD}`,
  `Hold: ${HOLD_METHOD}`,
  `Dead stretches: maximal runs of ${DEAD_MIN_SECONDS} or more consecutive seconds whose reported hold is below the floor of ${FLOOR}, given as start and end seconds (end exclusive).`,
  'Moments: local maxima of reported hold (a flat top counts once, at its first second) that are at least 30, at least the median hold and outside dead stretches, chosen highest first at least 10 s apart, at most 3 (5 for files over 180 seconds), ' +
    'listed in time order with the words spoken starting within one second before to two seconds after (at most 15 words).',
  TECHNICAL_CUES_METHOD,
  DIPS_METHOD,
  HOOK_REPORT_METHOD,
  'Hook: the mean reported hold over the first 3 seconds (fewer if the file is shorter), to one decimal.',
  `${SCORE_METHOD} ` +
    'Grade: A+ from 97, A 93, A- 90, B+ 87, B 83, B- 80, C+ 77, C 73, C- 70, D+ 67, D 63, D- 60, F below. Label by letter: A Gripping, B Engaging, C Steady, D Sluggish, F Flat.',
  'Transcript: the recognised words that count (inside a voice, see Speech) grouped into segments, split at pauses of 0.5 s or more or after 25 words; a word the engine split at its hyphen ("ill", "-disposed") is joined whole.',
  'Claims: transcript sentences (each segment is a sentence when the transcript has no punctuation) that carry a check-worthy cue: quantities (numbers, number words, percent, money, million, times, double, half), ' +
    'evidence words (studies show, research, proven, clinically, according to, data shows), absolutes and superlatives (always, never, everyone, guaranteed, best, worst, number one, only), ' +
    'comparatives (more or less ... than) and causal or predictive verbs (causes, cures, prevents, leads to, will make, help or double). ' +
    'Greetings and sign-offs ("hey everyone", "welcome back to the channel", "thanks for watching", "see you next time", "subscribe") are left out before the cues are sought, so "Hey everyone" is no absolute. ' +
    'A claim is flagged for checking, not judged true or false. ' +
    'The cues are English: when the file is spoken in another language, claims is empty.',
].join('\n\n');

/**
 * The method text of one scan: the shared text, then the engine that heard
 * its words (none without sound) and the language they were in.
 */
export function methodFor(transcriber: string | null | undefined, language: string | null = null, unrefinedCuts: readonly number[] = []): string {
  const spoken = language ? ` in the language ${language}${language === 'en' ? '' : ' (so no claims are flagged)'}` : '';
  const heard = transcriber ? `This read's words were heard by ${transcriber}${spoken}.` : '';
  // This read's own sentences, as a last paragraph.
  const own = [heard, unrefinedText(unrefinedCuts)].filter(Boolean).join(' ');
  return own ? `${METHOD_TEXT}\n\n${own}` : METHOD_TEXT;
}

function unrefinedText(gridTimes: readonly number[]): string {
  if (gridTimes.length === 0) return '';
  const at = gridTimes.map((t) => `${t} s`).join(', ');
  return gridTimes.length === 1
    ? `The cut at ${at} could not be refined to its frame (its window could not be decoded, or showed no change) and keeps its 0.25 s grid time.`
    : `${gridTimes.length} cuts (at ${at}) could not be refined to their frames (their windows could not be decoded, or showed no change) and keep their 0.25 s grid times.`;
}

/** The machine-readable signal reference served by `GET /v1/signals`. */
export function signalsReference(): SignalsReference {
  return {
    version: SIGNALS_VERSION,
    floor: FLOOR,
    dead_min_seconds: DEAD_MIN_SECONDS,
    scale: SCALE_TEXT,
    signals: [
      {
        name: 'hold',
        reads: '0.45 x motion + 0.25 x loudness + 0.20 x speech, plus a bonus on cuts, smoothed',
        rises_when: 'picture moves, sound comes up, someone speaks, a cut lands',
        falls_when: 'still, quiet frame with nobody talking',
        method: HOLD_METHOD,
      },
      {
        name: 'motion',
        reads: 'mean absolute frame difference at 4 frames per second, 96x54 grey',
        rises_when: 'the picture changes',
        falls_when: 'the picture is static',
        method: MOTION_METHOD,
      },
      {
        name: 'loudness',
        reads: 'RMS of 16 kHz mono audio per second',
        rises_when: 'sound gets louder',
        falls_when: 'silence',
        method: LOUDNESS_METHOD,
      },
      {
        name: 'speech',
        reads: 'words per second from a local speech-to-text transcript',
        rises_when: 'fast, dense speech',
        falls_when: 'no speech',
        method: SPEECH_METHOD,
      },
    ],
    method: METHOD_TEXT,
  };
}
