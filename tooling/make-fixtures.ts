// Generates the test and demo videos into `.data/fixtures/` together with a
// `<name>.truth.json` beside each: the expected values come from how the file
// was made (cut times, still and silent spans, speech windows), never from what
// the analysis code prints.
//
// Ingredients only: ffmpeg lavfi sources (mandelbrot, life, testsrc2, cellauto,
// gradients, smptehdbars, color), one still image rendered from a
// fractal, espeak-ng speech (English and Spanish), LibriVox sentences recorded
// by a person (Debian pocketsphinx-testdata, with their words), sine tones,
// synthetic music and digital silence.
//
// Usage: node --import tsx scripts/make-fixtures.ts [--bench] [--only a,b] [--out DIR] [--force] [--list]

import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { uniformRandom, xorshift32 } from './xorshift';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_FIXTURE_DIR = join(REPO_ROOT, '.data', 'fixtures');

/** Frame rate of every generated video: 24 fps puts a frame on every quarter second, the analysis sample grid. */
export const FIXTURE_FPS = 24;
const AUDIO_RATE = 48_000;

export interface Span {
  start: number;
  end: number;
}

export interface FixtureTruth {
  name: string;
  /** File name inside the fixture directory. */
  file: string;
  container: 'mp4' | 'm4a' | 'mkv' | 'none';
  /** Seconds; null for files that are not media. */
  duration: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
  width: number | null;
  height: number | null;
  fps: number | null;
  /** Hard cut times in seconds: the first frame of the new shot. Multiples of 0.25, except on the cut-frame fixtures (`cut-frames-*`), whose cuts sit between the quarter seconds. */
  cuts: number[];
  /** The index of each cut's first frame, counted from the file's first frame (on a variable rate too). */
  cutFrames?: number[];
  /** Whether the frames come at a variable rate (then `fps` is the average and `cuts` are the frames' own times). */
  fpsVariable?: boolean;
  /** The shots in order, `end` exclusive. */
  segments: Array<Span & { source: string; moving: boolean }>;
  /** Spans where the picture does not change at all. */
  stills: Span[];
  /** Spans of digital silence (all samples zero) in the audio track. */
  silence: Span[];
  /** Spans both still and digitally silent. */
  silentStills: Span[];
  /** Where speech sounds, leading and trailing silence of the synthesis trimmed. */
  speech: Array<Span & { text: string; voice: string; claim: boolean }>;
  tones: Array<Span & { frequency: number }>;
  /** The spoken sentences that carry a check-worthy cue (numbers, evidence words, absolutes, causal verbs). */
  claims: string[];
  /** The scan of this file must end in status `error`. */
  expectError: boolean;
  /** Why, when `expectError`. */
  errorReason?: string;
  /** Hash of the generator that made the file. */
  generator: string;
  /** ISO 639-1 language of the speech, on the fixtures made for the fidelity table (absent on the older ones, which speak English). */
  language?: string | null;
  /**
   * The technical cues the file was made with (issue 32): every bars shot is colour_bars,
   * every black shot black_frames, and every other still shot that is not the whole file,
   * where no speech sounds and the sound is silence or one tone over all of it, a slate.
   */
  cues?: Array<Span & { kind: 'colour_bars' | 'black_frames' | 'slate' }>;
}

// ---------------------------------------------------------------------------
// Recipes

type SourceName =
  | 'mandelbrot'
  | 'mandelbrot-deep'
  | 'life'
  | 'testsrc2-scroll'
  | 'cellauto'
  | 'gradients-slow'
  | 'bars'
  | 'bars-sd'
  | 'black'
  | 'title-card'
  | 'slate'
  | 'fractal-still'
  | 'fractal-pan';

interface Shot {
  /** Seconds, a multiple of 0.25 (at the recipe's rate: a whole number of frames). */
  dur: number;
  source: SourceName;
}

/** A frame rate as ffmpeg writes it: `num/den` frames a second. */
interface FrameRate {
  num: number;
  den: number;
}

type AudioEvent =
  | { at: number; kind: 'speech'; text: string; voice?: string; wpm?: number; claim: boolean }
  | { at: number; kind: 'tone'; dur: number; frequency: number; amplitude?: number };

interface Recipe {
  name: string;
  width: number;
  height: number;
  /** null: no video stream. */
  shots: Shot[] | null;
  /** null: no audio stream. Gaps between events are digital silence. */
  audio: AudioEvent[] | null;
  /** Only for audio-only recipes. */
  audioDuration?: number;
  container: 'mp4' | 'm4a';
  /**
   * The video's frame rate, default FIXTURE_FPS. With `rate`, shot lengths are whole
   * frames at it (given in seconds, frames / rate) and need not be multiples of 0.25 s.
   */
  rate?: FrameRate;
  /**
   * Frames at alternating gaps of 1/30 s and 1/20 s (24 a second on average) instead of
   * a constant rate; shots are then counted in frames of the 30 fps sources (`dur` × 30).
   */
  variableRate?: boolean;
  crf?: number;
  preset?: string;
  bench?: boolean;
}

const MOVING: Record<SourceName, boolean> = {
  mandelbrot: true,
  'mandelbrot-deep': true,
  life: true,
  'testsrc2-scroll': true,
  cellauto: true,
  'gradients-slow': true,
  bars: false,
  'bars-sd': false,
  black: false,
  'title-card': false,
  slate: false,
  'fractal-still': false,
  'fractal-pan': true,
};

const FINE_GRAINED = new Set<SourceName>(['cellauto']);

const SENTENCES = {
  welcome: { text: 'Welcome back. Today we put three cameras through a storm.', claim: false },
  cures: { text: 'Studies show this cures ninety percent of cases.', claim: true },
  best: { text: 'This is the best method you will ever try, guaranteed.', claim: true },
  doubled: { text: 'Our sales doubled in just six months.', claim: true },
  rig: { text: 'Let me show you how the rig fits together.', claim: false },
  research: { text: 'Research proves that sleep prevents most colds.', claim: true },
  everyone: { text: 'Everyone should try this at least once.', claim: true },
  coffee: { text: 'It costs less than a cup of coffee.', claim: true },
  team: { text: 'The light was soft and the team was happy.', claim: false },
  water: { text: 'Drinking water every morning will help you lose ten pounds.', claim: true },
  thanks: { text: 'Thanks for watching, see you next week.', claim: false },
  garden: { text: 'The garden looks different after the rain.', claim: false },
} as const;

const say = (at: number, key: keyof typeof SENTENCES, voice = 'en-us', wpm = 165): AudioEvent => ({
  at,
  kind: 'speech',
  text: SENTENCES[key].text,
  claim: SENTENCES[key].claim,
  voice,
  wpm,
});

function benchShots(total: number, every: number): Shot[] {
  const cycle: SourceName[] = ['mandelbrot', 'bars', 'life', 'testsrc2-scroll', 'fractal-pan', 'cellauto', 'mandelbrot-deep', 'slate', 'gradients-slow'];
  const shots: Shot[] = [];
  for (let t = 0, i = 0; t < total; t += every, i++) {
    shots.push({ dur: Math.min(every, total - t), source: cycle[i % cycle.length]! });
  }
  return shots;
}

function benchSpeech(total: number, every: number): AudioEvent[] {
  const keys = Object.keys(SENTENCES) as Array<keyof typeof SENTENCES>;
  const voices = ['en-us', 'en-gb', 'en-us+f3', 'en-us+m3'];
  const events: AudioEvent[] = [];
  for (let t = 2, i = 0; t + 6 < total; t += every, i++) {
    events.push(say(t, keys[i % keys.length]!, voices[i % voices.length], 150 + (i % 3) * 15));
    if (every >= 20) events.push({ at: t + 8, kind: 'tone', dur: 3, frequency: 330 + (i % 4) * 110, amplitude: 0.2 });
  }
  return events;
}

export const RECIPES: Recipe[] = [
  {
    name: 'lively-cuts',
    width: 1280,
    height: 720,
    container: 'mp4',
    shots: [
      { dur: 6, source: 'mandelbrot' },
      { dur: 5, source: 'testsrc2-scroll' },
      { dur: 4.5, source: 'life' },
      { dur: 5.5, source: 'bars' },
      { dur: 4, source: 'fractal-pan' },
      { dur: 5, source: 'cellauto' },
    ],
    audio: [
      say(0.5, 'welcome'),
      say(6.5, 'cures', 'en-gb', 155),
      say(11.25, 'rig', 'en-us+f3', 175),
      // 15.5–21: still bars and digital silence
      { at: 21, kind: 'tone', dur: 4, frequency: 440, amplitude: 0.25 },
      say(25.5, 'doubled', 'en-us', 160),
    ],
  },
  {
    name: 'talking',
    width: 1280,
    height: 720,
    container: 'mp4',
    shots: [{ dur: 20, source: 'gradients-slow' }],
    audio: [
      say(0.5, 'garden', 'en-us', 150),
      say(4, 'research', 'en-us', 160),
      say(8, 'everyone', 'en-gb', 165),
      say(11.5, 'coffee', 'en-us+f3', 160),
      say(15, 'water', 'en-us', 170),
    ],
  },
  {
    name: 'portrait',
    width: 720,
    height: 1280,
    container: 'mp4',
    shots: [
      { dur: 6, source: 'life' },
      { dur: 6, source: 'mandelbrot' },
    ],
    audio: [say(0.75, 'best', 'en-us', 165), say(6.5, 'team', 'en-gb', 160)],
  },
  {
    name: 'no-audio',
    width: 1280,
    height: 720,
    container: 'mp4',
    shots: [
      { dur: 5, source: 'life' },
      { dur: 5, source: 'testsrc2-scroll' },
    ],
    audio: null,
  },
  {
    name: 'audio-only',
    width: 0,
    height: 0,
    container: 'm4a',
    shots: null,
    audioDuration: 8,
    audio: [say(0.5, 'welcome'), { at: 5, kind: 'tone', dur: 2, frequency: 523, amplitude: 0.25 }],
  },
  {
    name: 'sample',
    width: 1280,
    height: 720,
    container: 'mp4',
    shots: [
      { dur: 4, source: 'mandelbrot' },
      { dur: 3.5, source: 'life' },
      { dur: 4.5, source: 'slate' },
      { dur: 4, source: 'testsrc2-scroll' },
      { dur: 4, source: 'mandelbrot-deep' },
    ],
    audio: [
      say(0.25, 'welcome', 'en-us', 170),
      say(4.25, 'cures', 'en-gb', 160),
      // 7.5–12: still slate and silence, a dead stretch
      say(12.25, 'water', 'en-us+f3', 165),
      { at: 17, kind: 'tone', dur: 2.5, frequency: 392, amplitude: 0.2 },
    ],
  },
  {
    name: 'bench-60s-720p',
    width: 1280,
    height: 720,
    container: 'mp4',
    shots: benchShots(60, 10),
    audio: benchSpeech(60, 12),
  },
  {
    name: 'bench-10min-1080p',
    width: 1920,
    height: 1080,
    container: 'mp4',
    crf: 30,
    preset: 'veryfast',
    bench: true,
    shots: benchShots(600, 20),
    audio: benchSpeech(600, 30),
  },
];

// ---------------------------------------------------------------------------
// Recut agent (issue 9): a weak opening (still slate, silence) and two dead
// stretches (still bars, a still fractal, both silent) between lively shots with
// speech, so a good recut drops 0–4, 10–15 and 21–25 and the re-scan's hook rises.

RECIPES.push({
  name: 'recut-weak-open',
  width: 640,
  height: 360,
  container: 'mp4',
  shots: [
    { dur: 4, source: 'slate' },
    { dur: 6, source: 'mandelbrot' },
    { dur: 5, source: 'bars' },
    { dur: 6, source: 'life' },
    { dur: 4, source: 'fractal-still' },
    { dur: 5, source: 'testsrc2-scroll' },
  ],
  audio: [
    say(4.25, 'welcome', 'en-us', 170),
    { at: 15, kind: 'tone', dur: 1.5, frequency: 440, amplitude: 0.2 },
    say(16.75, 'doubled', 'en-gb', 165),
    say(25.25, 'rig', 'en-us+f3', 170),
  ],
});

// ---------------------------------------------------------------------------
// Technical cues (issue 32): a black leader, SD colour bars with a 1 kHz line-up
// tone, a silent title card, a spoken part, black between parts and a second
// spoken part, at 25 fps with some cuts between the quarter seconds of the
// analysis grid, so each cue's span can be checked to the frame.

RECIPES.push({
  name: 'cues-bars-black-slate',
  width: 640,
  height: 360,
  container: 'mp4',
  rate: { num: 25, den: 1 },
  shots: [
    { dur: 38 / 25, source: 'black' },
    { dur: 112 / 25, source: 'bars-sd' },
    { dur: 75 / 25, source: 'title-card' },
    { dur: 150 / 25, source: 'mandelbrot' },
    { dur: 37 / 25, source: 'black' },
    { dur: 138 / 25, source: 'life' },
  ],
  audio: [{ at: 38 / 25, kind: 'tone', dur: 112 / 25, frequency: 1000, amplitude: 0.2 }, say(9.3, 'welcome', 'en-us', 170), say(16.8, 'garden', 'en-gb', 160)],
});

// ---------------------------------------------------------------------------
// Cuts to the frame (issue 24): cuts between the quarter seconds of the analysis
// grid, at 25, 29.97 and 60 fps and at a variable rate, so a refined cut can be
// checked against the frame it was made at (the truth's `cutFrames`).

/** Seconds of `frames` frames at `rate`. */
const framesAt = (frames: number, rate: FrameRate) => (frames * rate.den) / rate.num;

for (const [name, rate, frames] of [
  ['cut-frames-25', { num: 25, den: 1 }, [63, 76, 79, 68]],
  ['cut-frames-2997', { num: 30000, den: 1001 }, [77, 95, 88, 70]],
  ['cut-frames-60', { num: 60, den: 1 }, [151, 187, 170, 140]],
] as const) {
  const sources: SourceName[] = ['mandelbrot', 'testsrc2-scroll', 'life', 'bars'];
  RECIPES.push({
    name,
    width: 640,
    height: 360,
    container: 'mp4',
    rate,
    shots: frames.map((n, i) => ({ dur: framesAt(n, rate), source: sources[i]! })),
    // One with sound, so the scan takes the workflow's path that transcribes beside the picture's decode.
    audio: rate.den === 1001 ? [{ at: 1, kind: 'tone', dur: 2, frequency: 440, amplitude: 0.2 }] : null,
  });
}

RECIPES.push({
  name: 'cut-frames-vfr',
  width: 640,
  height: 360,
  container: 'mp4',
  variableRate: true,
  // Frames of the 30 fps sources, retimed to alternating gaps of 1/30 s and 1/20 s: cuts at frames 75, 166 and 248.
  shots: [
    { dur: 75 / 30, source: 'mandelbrot' },
    { dur: 91 / 30, source: 'testsrc2-scroll' },
    { dur: 82 / 30, source: 'life' },
    { dur: 70 / 30, source: 'bars' },
  ],
  audio: null,
});

/** Files that are not valid media; their truth says the scan must fail. */
const BROKEN = ['corrupt', 'empty'] as const;

/** Crafted hostile media (see "Hostile media" below). */
const HOSTILE_NAMES = [
  'hostile-declared-1e9s',
  'hostile-frame-per-hour',
  'hostile-sparse-90min',
  'hostile-huge-frame',
  'hostile-many-pixels',
  'hostile-fps-300',
  'hostile-concat',
  'hostile-script-video',
] as const;

export const FIXTURE_NAMES: string[] = [...RECIPES.map((r) => r.name), ...BROKEN, ...HOSTILE_NAMES, ...uploadFixtureNames()];

// ---------------------------------------------------------------------------
// Process helpers (argument arrays, never a shell)

function run(command: string, args: string[], options: { maxBuffer?: number } = {}): Promise<Buffer> {
  return new Promise((resolveRun, reject) => {
    execFile(command, args, { encoding: 'buffer', maxBuffer: options.maxBuffer ?? 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) {
        const detail = stderr.toString('utf8').trim().split('\n').slice(-15).join('\n');
        reject(new Error(`${command} ${args.slice(0, 6).join(' ')} … failed: ${error.message}\n${detail}`));
      } else {
        resolveRun(stdout);
      }
    });
  });
}

const FFMPEG = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'];

// ---------------------------------------------------------------------------
// Video

function sourceFilter(source: SourceName, w: number, h: number, frames: number, seed: number, rate: string = String(FIXTURE_FPS)): string {
  const size = `size=${w}x${h}:rate=${rate}`;
  switch (source) {
    // Motion is kept to what real footage shows (a few grey levels between
    // samples a quarter second apart) so that the cuts stand out from it.
    case 'mandelbrot':
      return `mandelbrot=${size}:maxiter=160:start_scale=1.2:end_scale=0.4:end_pts=${frames}`;
    case 'mandelbrot-deep':
      return `mandelbrot=${size}:maxiter=220:start_x=-0.1011:start_y=0.9563:start_scale=0.6:end_scale=0.2:end_pts=${frames}:outer=outz`;
    case 'life':
      return `life=${size}:ratio=0.3:seed=${seed}:mold=6:life_color=#a08060:death_color=#706080:mold_color=#504848`;
    case 'testsrc2-scroll':
      return `testsrc2=${size},scroll=horizontal=0.001`;
    case 'cellauto':
      return `cellauto=${size}:rule=30:random_fill_ratio=0.5:random_seed=${seed}:scroll=1,negate`;
    case 'gradients-slow':
      return `gradients=${size}:speed=0.01:seed=${seed}:n=3`;
    case 'bars':
      return `smptehdbars=${size}`;
    case 'bars-sd':
      return `smptebars=${size}`;
    case 'black':
      return `color=c=black:${size}`;
    case 'title-card':
      // Two lines of "text" as bars of light on a dark card: a title card without needing a font.
      return (
        `color=c=0x14213d:${size},drawbox=x=iw*0.2:y=ih*0.36:w=iw*0.6:h=ih*0.09:color=0xf0f0f0:t=fill,` +
        'drawbox=x=iw*0.3:y=ih*0.52:w=iw*0.4:h=ih*0.06:color=0xc8c8c8:t=fill'
      );
    case 'slate':
      return `color=c=0x1a2230:${size}`;
    case 'fractal-still':
    case 'fractal-pan':
      throw new Error('image sources are inputs, not filters');
  }
}

async function renderStillImage(path: string): Promise<void> {
  await run('ffmpeg', [
    ...FFMPEG,
    '-f',
    'lavfi',
    '-i',
    'mandelbrot=size=960x540:maxiter=400:start_x=-0.7453:start_y=0.1127:start_scale=0.012:end_pts=1',
    '-frames:v',
    '1',
    path,
  ]);
}

interface VideoPlan {
  inputs: string[];
  filter: string;
  cuts: number[];
  cutFrames: number[];
  /** Seconds: the last frame's end. */
  duration: number;
  segments: FixtureTruth['segments'];
  stills: Span[];
}

function planVideo(recipe: Recipe, shots: Shot[], stillImage: string, firstInput: number): VideoPlan {
  // Sources render at a quarter of the output size and are scaled up: the
  // analysis looks at 96x54 anyway, and it keeps generation fast.
  const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));
  const w = even(recipe.width / 4);
  const h = even(recipe.height / 4);
  const inputs: string[] = [];
  const chains: string[] = [];
  const labels: string[] = [];
  const cuts: number[] = [];
  const cutFrames: number[] = [];
  const segments: FixtureTruth['segments'] = [];
  const rate = sourceRate(recipe);
  const rateText = `${rate.num}/${rate.den}`;
  let frame = 0;
  shots.forEach((shot, i) => {
    const frames = Math.round((shot.dur * rate.num) / rate.den);
    if (Math.abs(frames - (shot.dur * rate.num) / rate.den) > 1e-6)
      throw new Error(`${recipe.name}: shot ${i} lasts ${shot.dur} s, not a whole number of frames`);
    if (!recipe.rate && !recipe.variableRate && Math.abs(shot.dur * 4 - Math.round(shot.dur * 4)) > 1e-9) {
      throw new Error(`${recipe.name}: shot ${i} lasts ${shot.dur} s, not a multiple of 0.25 s`);
    }
    if (i > 0 && shots[i - 1]!.source === shot.source) throw new Error(`${recipe.name}: shots ${i - 1} and ${i} share a source`);
    let head: string;
    if (shot.source === 'fractal-still' || shot.source === 'fractal-pan') {
      const index = firstInput + inputs.length / 6;
      inputs.push('-loop', '1', '-framerate', rateText, '-i', stillImage);
      const fit = `scale=${w}:${h}:force_original_aspect_ratio=increase,crop=${w}:${h}`;
      head = `[${index}:v]${fit}${shot.source === 'fractal-pan' ? ',scroll=horizontal=0.0015:vertical=0.0005' : ''}`;
    } else if (FINE_GRAINED.has(shot.source)) {
      // Cell patterns render at half size so that one analysis pixel averages many cells.
      head = sourceFilter(shot.source, even(recipe.width / 2), even(recipe.height / 2), frames, 1000 + i * 7, rateText);
    } else {
      head = sourceFilter(shot.source, w, h, frames, 1000 + i * 7, rateText);
    }
    const label = `v${i}`;
    chains.push(
      `${head},trim=end_frame=${frames},setpts=PTS-STARTPTS,` + `scale=${recipe.width}:${recipe.height}:flags=neighbor,setsar=1,format=yuv420p[${label}]`,
    );
    labels.push(`[${label}]`);
    const start = frameTime(recipe, frame);
    if (i > 0) {
      cuts.push(start);
      cutFrames.push(frame);
    }
    frame += frames;
    segments.push({ start, end: frameTime(recipe, frame), source: shot.source, moving: MOVING[shot.source] });
  });
  // A variable rate: the constant-rate frames are given the alternating gaps of `frameTime`.
  const retime = recipe.variableRate ? `,setpts='(floor(N/2)/12+mod(N\\,2)/30)/TB'` : '';
  const filter = `${chains.join(';')};${labels.join('')}concat=n=${shots.length}:v=1:a=0${retime}[v]`;
  const stills = mergeSpans(segments.filter((s) => !s.moving));
  return { inputs, filter, cuts, cutFrames, duration: frameTime(recipe, frame), segments, stills };
}

/** The rate the sources render at: the recipe's, 30 fps under a variable rate, else FIXTURE_FPS. */
function sourceRate(recipe: Recipe): FrameRate {
  if (recipe.variableRate) return { num: 30, den: 1 };
  return recipe.rate ?? { num: FIXTURE_FPS, den: 1 };
}

/**
 * When frame `n` (from 0) starts, to the microsecond. A variable rate alternates gaps of
 * 1/30 s and 1/20 s: frame n starts at floor(n/2)/12 + (n mod 2)/30 s.
 */
function frameTime(recipe: Recipe, n: number): number {
  const rate = sourceRate(recipe);
  const t = recipe.variableRate ? Math.floor(n / 2) / 12 + (n % 2) / 30 : (n * rate.den) / rate.num;
  return Math.round(t * 1e6) / 1e6;
}

// ---------------------------------------------------------------------------
// Audio: built sample by sample so every window is exact.

async function speechSamples(text: string, voice: string, wpm: number, workDir: string, index: number): Promise<Int16Array> {
  const wav = join(workDir, `speech-${index}.wav`);
  await run('espeak-ng', ['-v', voice, '-s', String(wpm), '-w', wav, text]);
  // Trim the synthesiser's leading and trailing silence so the window is where speech sounds.
  const trim = 'silenceremove=start_periods=1:start_threshold=-45dB:start_silence=0.02';
  const raw = await run('ffmpeg', [
    ...FFMPEG,
    '-i',
    wav,
    '-af',
    `${trim},areverse,${trim},areverse`,
    '-ar',
    String(AUDIO_RATE),
    '-ac',
    '1',
    '-f',
    's16le',
    '-',
  ]);
  return new Int16Array(raw.buffer, raw.byteOffset, raw.byteLength / 2);
}

interface AudioPlan {
  wav: Buffer;
  speech: FixtureTruth['speech'];
  tones: FixtureTruth['tones'];
  silence: Span[];
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

async function planAudio(name: string, events: AudioEvent[], duration: number, workDir: string): Promise<AudioPlan> {
  const total = Math.round(duration * AUDIO_RATE);
  const samples = new Int16Array(total);
  const speech: FixtureTruth['speech'] = [];
  const tones: FixtureTruth['tones'] = [];
  const busy: Span[] = [];
  let index = 0;
  for (const event of [...events].sort((a, b) => a.at - b.at)) {
    const start = Math.round(event.at * AUDIO_RATE);
    let length: number;
    if (event.kind === 'speech') {
      const voice = event.voice ?? 'en-us';
      const pcm = await speechSamples(event.text, voice, event.wpm ?? 165, workDir, index++);
      length = pcm.length;
      if (start + length > total) throw new Error(`${name}: speech at ${event.at} s runs past the end`);
      samples.set(pcm, start);
      speech.push({ start: round3(start / AUDIO_RATE), end: round3((start + length) / AUDIO_RATE), text: event.text, voice, claim: event.claim });
    } else {
      length = Math.round(event.dur * AUDIO_RATE);
      if (start + length > total) throw new Error(`${name}: tone at ${event.at} s runs past the end`);
      const amplitude = (event.amplitude ?? 0.25) * 32767;
      // Whole periods with a 10 ms fade in and out: no clicks, and silence stays exactly zero outside.
      const fade = Math.round(0.01 * AUDIO_RATE);
      for (let i = 0; i < length; i++) {
        const envelope = Math.min(1, i / fade, (length - 1 - i) / fade);
        samples[start + i] = Math.round(amplitude * envelope * Math.sin((2 * Math.PI * event.frequency * i) / AUDIO_RATE));
      }
      tones.push({ start: round3(event.at), end: round3(event.at + event.dur), frequency: event.frequency });
    }
    const span = { start: start / AUDIO_RATE, end: (start + length) / AUDIO_RATE };
    const overlap = busy.find((b) => span.start < b.end && b.start < span.end);
    if (overlap) throw new Error(`${name}: audio event at ${event.at} s overlaps the one at ${overlap.start} s`);
    busy.push(span);
  }
  // Digital silence: the complement of the events.
  const silence: Span[] = [];
  let cursor = 0;
  for (const b of [...busy].sort((x, y) => x.start - y.start)) {
    if (b.start > cursor) silence.push({ start: round3(cursor), end: round3(b.start) });
    cursor = Math.max(cursor, b.end);
  }
  if (cursor < duration) silence.push({ start: round3(cursor), end: round3(duration) });
  return { wav: wavFile(samples), speech, tones, silence };
}

function wavFile(samples: Int16Array): Buffer {
  const header = Buffer.alloc(44);
  const dataBytes = samples.length * 2;
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(AUDIO_RATE, 24);
  header.writeUInt32LE(AUDIO_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, dataBytes)]);
}

// ---------------------------------------------------------------------------
// Spans

function mergeSpans(spans: Span[]): Span[] {
  const out: Span[] = [];
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    const last = out[out.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ start: s.start, end: s.end });
  }
  return out;
}

function intersectSpans(a: Span[], b: Span[]): Span[] {
  const out: Span[] = [];
  for (const x of a) {
    for (const y of b) {
      const start = Math.max(x.start, y.start);
      const end = Math.min(x.end, y.end);
      if (end > start) out.push({ start: round3(start), end: round3(end) });
    }
  }
  return mergeSpans(out);
}

// ---------------------------------------------------------------------------
// Building one fixture

async function buildRecipe(recipe: Recipe, outDir: string, workDir: string, generator: string): Promise<FixtureTruth> {
  const file = `${recipe.name}.${recipe.container}`;
  const target = join(outDir, file);
  const partial = partialPath(outDir, recipe.name, recipe.container);

  const args = [...FFMPEG];
  let video: VideoPlan | undefined;
  if (recipe.shots) {
    const stillImage = join(workDir, 'fractal.png');
    if (!existsSync(stillImage)) await renderStillImage(stillImage);
    video = planVideo(recipe, recipe.shots, stillImage, 0);
    args.push(...video.inputs);
  }
  const duration = video ? video.duration : (recipe.audioDuration ?? 0);
  let audio: AudioPlan | undefined;
  if (recipe.audio) {
    audio = await planAudio(recipe.name, recipe.audio, duration, workDir);
    const wavPath = join(workDir, `${recipe.name}.wav`);
    writeFileSync(wavPath, audio.wav);
    args.push('-i', wavPath);
  }
  const audioInput = video ? video.inputs.filter((a) => a === '-i').length : 0;
  if (video) {
    const rate = sourceRate(recipe);
    args.push('-filter_complex', video.filter, '-map', '[v]');
    args.push(
      '-c:v',
      'libx264',
      '-preset',
      recipe.preset ?? 'veryfast',
      '-crf',
      String(recipe.crf ?? 23),
      '-pix_fmt',
      'yuv420p',
      // A variable rate keeps each frame's own time, in a time base that holds both gaps exactly.
      ...(recipe.variableRate ? ['-fps_mode', 'passthrough', '-enc_time_base:v', '1/600', '-video_track_timescale', '600'] : ['-r', `${rate.num}/${rate.den}`]),
      // A keyframe every 2 s besides the ones x264 puts at scene changes.
      '-g',
      String(Math.round((2 * rate.num) / rate.den)),
    );
  }
  if (audio) {
    args.push('-map', `${audioInput}:a`, '-c:a', 'aac', '-b:a', '128k', '-ar', String(AUDIO_RATE), '-ac', '2');
  }
  args.push('-t', String(duration), '-movflags', '+faststart', '-f', recipe.container === 'm4a' ? 'ipod' : 'mp4', partial);
  await run('ffmpeg', args);
  renameSync(partial, target);

  const stills = video?.stills ?? [];
  const silence = audio?.silence ?? [];
  return {
    name: recipe.name,
    file,
    container: recipe.container,
    duration,
    hasVideo: Boolean(video),
    hasAudio: Boolean(audio),
    width: video ? recipe.width : null,
    height: video ? recipe.height : null,
    fps: video ? (recipe.variableRate ? 24 : sourceRate(recipe).num / sourceRate(recipe).den) : null,
    cuts: video?.cuts ?? [],
    ...(video ? { cutFrames: video.cutFrames, fpsVariable: recipe.variableRate === true } : {}),
    segments: video?.segments ?? [],
    stills,
    silence,
    silentStills: audio ? intersectSpans(stills, silence) : stills,
    speech: audio?.speech ?? [],
    tones: audio?.tones ?? [],
    claims: (audio?.speech ?? []).filter((s) => s.claim).map((s) => s.text),
    expectError: !video,
    ...(video ? {} : { errorReason: 'no video stream' }),
    cues: cuesOf(video?.segments ?? [], audio?.speech ?? [], audio?.tones ?? [], duration),
    generator,
  };
}

/** FixtureTruth.cues from how the shots and the sound were laid. */
function cuesOf(segments: FixtureTruth['segments'], speech: Span[], tones: Span[], duration: number): NonNullable<FixtureTruth['cues']> {
  const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;
  return segments.flatMap((s): NonNullable<FixtureTruth['cues']> => {
    const span = { start: s.start, end: s.end };
    if (s.source === 'bars' || s.source === 'bars-sd') return [{ kind: 'colour_bars' as const, ...span }];
    if (s.source === 'black') return [{ kind: 'black_frames' as const, ...span }];
    if (s.moving || (s.start <= 0 && s.end >= duration)) return [];
    const sounding = tones.filter((t) => overlaps(t, s));
    const oneTone = sounding.length === 0 || (sounding.length === 1 && sounding[0]!.start <= s.start && sounding[0]!.end >= s.end);
    return !speech.some((w) => overlaps(w, s)) && oneTone ? [{ kind: 'slate' as const, ...span }] : [];
  });
}

/** Deterministic bytes from a seed, so the corrupt file is the same on every machine. */
function noise(length: number, seed: number): Buffer {
  const out = Buffer.alloc(length);
  const next = xorshift32(seed);
  for (let i = 0; i < length; i++) out[i] = next() & 0xff;
  return out;
}

function brokenTruth(name: string, reason: string, generator: string): FixtureTruth {
  return {
    name,
    file: `${name}.mp4`,
    container: 'none',
    duration: null,
    hasVideo: false,
    hasAudio: false,
    width: null,
    height: null,
    fps: null,
    cuts: [],
    segments: [],
    stills: [],
    silence: [],
    silentStills: [],
    speech: [],
    tones: [],
    claims: [],
    expectError: true,
    errorReason: reason,
    generator,
  };
}

async function buildBroken(name: (typeof BROKEN)[number], outDir: string, generator: string): Promise<FixtureTruth> {
  const target = join(outDir, `${name}.mp4`);
  if (name === 'empty') {
    writeFileSync(target, Buffer.alloc(0));
    return brokenTruth(name, 'empty file', generator);
  }
  // A real ftyp box (so it sniffs as MP4) followed by garbage and cut short: no moov, no decodable stream.
  const ftyp = Buffer.from('0000001c6674797069736f6d0000020069736f6d69736f326d703431', 'hex');
  writeFileSync(target, Buffer.concat([ftyp, noise(96 * 1024, 0x5eed)]));
  return brokenTruth(name, 'corrupt container: truncated, garbled MP4', generator);
}

// ---------------------------------------------------------------------------
// Hostile media (issue 6): tiny files crafted so that what a header declares
// and what the file holds differ, or that ask the decoder for too much. Each
// is made by ffmpeg from a lavfi colour source, then, where needed, one header
// field is patched in place. Their truth is the header's claim; the tests
// expect the documented refusal (or, for the sparse file, a complete read).

interface HostileSpec {
  file: string;
  container: FixtureTruth['container'];
  /** What the header declares. */
  duration: number | null;
  width: number | null;
  height: number | null;
  fps: number | null;
  /** Default false. */
  hasAudio?: boolean;
  expectError: boolean;
  errorReason?: string;
  make(target: string, workDir: string): Promise<unknown>;
}

/** ffv1 in Matroska from a flat grey lavfi source: a few hundred bytes whatever the length. */
const greyMkv = (target: string, size: string, rate: string, seconds: number) =>
  run('ffmpeg', [...FFMPEG, '-f', 'lavfi', '-i', `color=c=gray:s=${size}:r=${rate}:d=${seconds}`, '-c:v', 'ffv1', '-f', 'matroska', target]);

/** Overwrites the one occurrence of `find` in the file with `replace` (same length). */
function patchOnce(path: string, find: Buffer, replace: Buffer): void {
  const bytes = readFileSync(path);
  const at = bytes.indexOf(find);
  if (at < 0 || bytes.indexOf(find, at + 1) >= 0 || find.length !== replace.length) {
    throw new Error(`${path}: expected exactly one ${find.toString('hex')} to patch`);
  }
  replace.copy(bytes, at);
  writeFileSync(path, bytes);
}

/** Matroska Segment Info Duration (id 0x4489, an 8-byte float in milliseconds at the default timecode scale). */
function patchMkvDuration(path: string, toMs: number): void {
  const bytes = readFileSync(path);
  const id = Buffer.from([0x44, 0x89, 0x88]);
  const at = bytes.indexOf(id);
  if (at < 0 || bytes.indexOf(id, at + 1) >= 0) throw new Error(`${path}: expected exactly one Duration element to patch`);
  bytes.writeDoubleBE(toMs, at + id.length);
  writeFileSync(path, bytes);
}

/** Matroska PixelWidth (0xB0) and PixelHeight (0xBA), written by ffmpeg as two-byte unsigned ints. */
function patchMkvSize(path: string, from: number, to: { width: number; height: number }): void {
  const element = (id: number, value: number) => Buffer.from([id, 0x82, value >> 8, value & 0xff]);
  patchOnce(path, element(0xb0, from), element(0xb0, to.width));
  patchOnce(path, element(0xba, from), element(0xba, to.height));
}

const HOSTILE: Record<(typeof HOSTILE_NAMES)[number], HostileSpec> = {
  // 2 s of picture and sound in a header that says 10^9 s: the read must never be sized by it.
  'hostile-declared-1e9s': {
    file: 'hostile-declared-1e9s.mkv',
    container: 'mkv',
    duration: 1e9,
    width: 16,
    height: 16,
    fps: 1,
    hasAudio: true,
    expectError: true,
    errorReason: 'declared duration of 10^9 s, over the 2-hour limit',
    async make(target) {
      await run('ffmpeg', [
        ...FFMPEG,
        '-f',
        'lavfi',
        '-i',
        'color=c=gray:s=16x16:r=1:d=2',
        '-f',
        'lavfi',
        '-i',
        'sine=f=440:d=2:sample_rate=48000',
        '-c:v',
        'ffv1',
        '-c:a',
        'libopus',
        '-b:a',
        '6k',
        '-f',
        'matroska',
        target,
      ]);
      patchMkvDuration(target, 1e12);
    },
  },
  // Three frames, one an hour: a genuine 3-hour video in under a kilobyte.
  'hostile-frame-per-hour': {
    file: 'hostile-frame-per-hour.mkv',
    container: 'mkv',
    duration: 3 * 3600,
    width: 16,
    height: 16,
    fps: 1 / 3600,
    expectError: true,
    errorReason: 'three hours long (one frame per hour), over the 2-hour limit',
    make: (target) => greyMkv(target, '16x16', '1/3600', 3 * 3600),
  },
  // Two frames 45 minutes apart: 90 minutes, within the limit; it must complete as a 5400-second read, in bounded memory.
  'hostile-sparse-90min': {
    file: 'hostile-sparse-90min.mkv',
    container: 'mkv',
    duration: 5400,
    width: 16,
    height: 16,
    fps: 1 / 2700,
    expectError: false,
    make: (target) => greyMkv(target, '16x16', '1/2700', 5400),
  },
  // A 1000x1000 stream whose header declares 16000x16000.
  'hostile-huge-frame': {
    file: 'hostile-huge-frame.mkv',
    container: 'mkv',
    duration: 2,
    width: 16000,
    height: 16000,
    fps: 1,
    expectError: true,
    errorReason: '16000x16000 pixels, over 8192 on a side',
    async make(target) {
      await greyMkv(target, '1000x1000', '1', 2);
      patchMkvSize(target, 1000, { width: 16000, height: 16000 });
    },
  },
  // 8000x4500: every side within 8192, but 36 million pixels a frame.
  'hostile-many-pixels': {
    file: 'hostile-many-pixels.mkv',
    container: 'mkv',
    duration: 2,
    width: 8000,
    height: 4500,
    fps: 1,
    expectError: true,
    errorReason: '36.0 million pixels a frame, over 35.4 million',
    async make(target) {
      await greyMkv(target, '1000x1000', '1', 2);
      patchMkvSize(target, 1000, { width: 8000, height: 4500 });
    },
  },
  'hostile-fps-300': {
    file: 'hostile-fps-300.mkv',
    container: 'mkv',
    duration: 1,
    width: 16,
    height: 16,
    fps: 300,
    expectError: true,
    errorReason: '300 frames per second, over 240',
    make: (target) => greyMkv(target, '16x16', '300', 1),
  },
  // An ffconcat list uploaded as a video: ffmpeg would open the files it names, next to it in the worker's scratch space.
  'hostile-concat': {
    file: 'hostile-concat.mp4',
    container: 'none',
    duration: null,
    width: null,
    height: null,
    fps: null,
    expectError: true,
    errorReason: 'an ffconcat playlist naming other files, not a video container',
    async make(target) {
      writeFileSync(
        target,
        ['ffconcat version 1.0', 'file scn_000000000000000000000000', 'file ../media/scn_000000000000000000000001', 'file sample.mp4', ''].join('\n'),
      );
    },
  },
  // A valid MP4 carrying an HTML page with a script in its metadata: harmless unless served as text/html.
  'hostile-script-video': {
    file: 'hostile-script-video.mp4',
    container: 'mp4',
    duration: 2,
    width: 64,
    height: 48,
    fps: FIXTURE_FPS,
    expectError: false,
    make: (target) =>
      run('ffmpeg', [
        ...FFMPEG,
        '-f',
        'lavfi',
        '-i',
        `testsrc2=s=64x48:r=${FIXTURE_FPS}:d=2`,
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        '-metadata',
        `title=<html><body><script>document.title='pwned:'+document.cookie</script></body></html>`,
        '-movflags',
        '+faststart',
        '-f',
        'mp4',
        target,
      ]),
  },
};

const isHostile = (name: string): name is (typeof HOSTILE_NAMES)[number] => (HOSTILE_NAMES as readonly string[]).includes(name);

async function buildHostile(name: (typeof HOSTILE_NAMES)[number], outDir: string, workDir: string, generator: string): Promise<FixtureTruth> {
  const spec = HOSTILE[name];
  const partial = partialPath(outDir, name, 'bin');
  await spec.make(partial, workDir);
  renameSync(partial, join(outDir, spec.file));
  const video = spec.container !== 'none';
  const still = video && spec.expectError === false && spec.duration !== null && name !== 'hostile-script-video';
  return {
    ...brokenTruth(name, spec.errorReason ?? '', generator),
    file: spec.file,
    container: spec.container,
    duration: spec.duration,
    hasVideo: video,
    hasAudio: spec.hasAudio ?? false,
    width: spec.width,
    height: spec.height,
    fps: spec.fps,
    stills: still ? [{ start: 0, end: spec.duration! }] : [],
    silentStills: still ? [{ start: 0, end: spec.duration! }] : [],
    expectError: spec.expectError,
    ...(spec.errorReason ? { errorReason: spec.errorReason } : {}),
  };
}

// ---------------------------------------------------------------------------
// Entry

export interface MakeFixturesOptions {
  /** Output directory. Default `<repo>/.data/fixtures`. */
  outDir?: string;
  /** Only these fixtures (default: all but the bench-only ones, plus those with `bench`). */
  only?: string[];
  /** Also build `bench-10min-1080p`. Default false. */
  bench?: boolean;
  /** Rebuild even when up to date here or in the cache. Default false. */
  force?: boolean;
  /** The machine's cache of made fixtures; default `fixtureCacheDir`, `null` none. */
  cacheDir?: string | null;
  log?: (line: string) => void;
}

export interface BuiltFixture {
  name: string;
  path: string;
  truthPath: string;
  truth: FixtureTruth;
}

let generatorHashCache: string | undefined;

/** Hash of this generator's source and the tool versions: a change of either rebuilds the fixtures. */
export async function generatorHash(): Promise<string> {
  if (generatorHashCache) return generatorHashCache;
  const hash = createHash('sha256');
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  hash.update(readFileSync(fileURLToPath(new URL('./xorshift.ts', import.meta.url))));
  hash.update((await run('ffmpeg', ['-version'])).toString('utf8').split('\n')[0] ?? '');
  hash.update((await run('espeak-ng', ['--version'])).toString('utf8'));
  generatorHashCache = hash.digest('hex').slice(0, 16);
  return generatorHashCache;
}

/**
 * A scratch name of this process's own beside the fixture: two stacks or test runs making
 * the same fixture at once (two checkouts' `npm run up`) each write their own file and
 * rename it into place whole, so neither ever reads or renames the other's half-written one.
 */
function partialPath(outDir: string, name: string, extension: string): string {
  return join(outDir, `.${name}.${process.pid}-${randomBytes(4).toString('hex')}.partial.${extension}`);
}

/** The truth file beside a fixture, written whole (a reader never sees half of it). */
function writeTruth(outDir: string, name: string, truth: FixtureTruth & { bytes: number }): void {
  const path = join(outDir, `${name}.truth.json`);
  const partial = partialPath(outDir, `${name}.truth`, 'json');
  writeFileSync(partial, `${JSON.stringify(truth, null, 2)}\n`);
  renameSync(partial, path);
}

/** The fixture as recorded, when its generator is current and its file is the one recorded (same size); else it is made again. */
function upToDate(outDir: string, name: string, generator: string): FixtureTruth | undefined {
  const truthPath = join(outDir, `${name}.truth.json`);
  if (!existsSync(truthPath)) return undefined;
  try {
    const truth = JSON.parse(readFileSync(truthPath, 'utf8')) as FixtureTruth & { bytes?: number };
    if (truth.generator !== generator) return undefined;
    const file = join(outDir, truth.file);
    if (!existsSync(file) || statSync(file).size !== truth.bytes) return undefined;
    return truth;
  } catch {
    return undefined;
  }
}

/**
 * The machine's made fixtures, one folder per generator hash under the install cache
 * (`HOLDLINE_CACHE_DIR`, as scripts/install-lib.sh): a fresh clone copies them instead of
 * making them again (about 4.5 minutes of ffmpeg and espeak-ng on two cores, before any
 * test could start). `HOLDLINE_FIXTURE_CACHE=off` makes every fixture in place.
 */
export function fixtureCacheDir(generator: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.HOLDLINE_FIXTURE_CACHE === 'off') return undefined;
  const base = env.HOLDLINE_CACHE_DIR || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'holdline');
  return join(base, `fixtures-${generator}`);
}

/**
 * Copies a fixture that is current in `fromDir` (its file, then its truth) into `toDir`,
 * each under a name of this process's own and renamed into place, so a reader of either
 * folder sees a whole file or none. Copies, not links: a test that wrote to a fixture would
 * otherwise change the cache's copy too. Undefined when `fromDir` has no current copy.
 */
function copyFixture(fromDir: string, toDir: string, name: string, generator: string): FixtureTruth | undefined {
  const truth = upToDate(fromDir, name, generator);
  if (!truth) return undefined;
  mkdirSync(toDir, { recursive: true });
  const extension = truth.file.includes('.') ? truth.file.slice(truth.file.lastIndexOf('.') + 1) : 'bin';
  const partial = partialPath(toDir, name, extension);
  copyFileSync(join(fromDir, truth.file), partial);
  renameSync(partial, join(toDir, truth.file));
  const truthPartial = partialPath(toDir, `${name}.truth`, 'json');
  copyFileSync(join(fromDir, `${name}.truth.json`), truthPartial);
  renameSync(truthPartial, join(toDir, `${name}.truth.json`));
  return truth;
}

/** Builds the requested fixtures that are missing or stale; returns all of them. */
export async function makeFixtures(options: MakeFixturesOptions = {}): Promise<BuiltFixture[]> {
  const outDir = resolve(options.outDir ?? DEFAULT_FIXTURE_DIR);
  const log = options.log ?? (() => {});
  mkdirSync(outDir, { recursive: true });
  const unknown = (options.only ?? []).filter((n) => !FIXTURE_NAMES.includes(n));
  if (unknown.length > 0) throw new Error(`unknown fixture(s): ${unknown.join(', ')}; known: ${FIXTURE_NAMES.join(', ')}`);
  const wanted = options.only ?? FIXTURE_NAMES.filter((n) => options.bench || !RECIPES.find((r) => r.name === n)?.bench);
  const generator = await generatorHash();
  const cacheDir = options.cacheDir === undefined ? fixtureCacheDir(generator) : (options.cacheDir ?? undefined);
  const built: BuiltFixture[] = [];
  let workDir: string | undefined;
  try {
    for (const name of wanted) {
      let truth = options.force ? undefined : upToDate(outDir, name, generator);
      if (!truth && !options.force && cacheDir && cacheDir !== outDir) {
        truth = copyFixture(cacheDir, outDir, name, generator);
        if (truth) log(`copied ${truth.file} from the fixture cache`);
      }
      if (!truth) {
        const started = Date.now();
        workDir ??= mkdtempSync(join(tmpdir(), 'holdline-fixtures-'));
        const recipe = RECIPES.find((r) => r.name === name);
        const upload = uploadRecipes().find((r) => r.name === name);
        truth = recipe
          ? await buildRecipe(recipe, outDir, workDir, generator)
          : isHostile(name)
            ? await buildHostile(name, outDir, workDir, generator)
            : upload
              ? await buildUploadRecipe(upload, outDir, workDir, generator)
              : await buildBroken(name as (typeof BROKEN)[number], outDir, generator);
        const size = statSync(join(outDir, truth.file)).size;
        writeTruth(outDir, name, { ...truth, bytes: size });
        log(`made ${truth.file} (${(size / 1e6).toFixed(2)} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        if (cacheDir && cacheDir !== outDir) copyFixture(outDir, cacheDir, name, generator);
      }
      built.push({ name, path: join(outDir, truth.file), truthPath: join(outDir, `${name}.truth.json`), truth });
    }
  } finally {
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  }
  return built;
}

// ---------------------------------------------------------------------------
// ---------------------------------------------------------------------------
// Real-world uploads (issue 8): talking-head edits and sound as people upload it.
//
// The picture is a person (two ellipses) in front of a plain wall, moving a
// little as people do, with sensor noise; shots are crops of that one
// performance (a punch-in is a 15 % zoom, a jump cut the same framing shifted
// 30 px at 1280 wide). The sound is built sample by sample: espeak-ng speech,
// additive chords, a kick-and-hat beat, a sung-like vowel melody (sine glides
// with vibrato and formant-shaped harmonics), applause-like clap bursts, mains
// hum and room tone. The truth comes from the recipe, as everywhere above.

/** Where, in the file, there is a voice; `roomTone` spans only room tone (no voice, no other sound). */
export interface UploadTruthExtra {
  /** What the sound bed is, for the fidelity table. */
  bed: string;
  roomTone: Span[];
}

interface UploadShot {
  dur: number;
  /** Which performance (person and wall), 0 or 1. */
  scene: 0 | 1;
  /** Seconds into the performance where this shot starts (a jump cut skips ahead). */
  from: number;
  /** 1 is the wide framing; 1.15 a punch-in. */
  zoom: number;
  /** Offset of the framing in pixels at 1280 wide. */
  dx: number;
  dy?: number;
  /** Motion of the framing itself. */
  camera?: 'locked' | 'handheld' | 'push-in';
  /** Fade from black at the start / to black at the end, seconds. */
  fadeIn?: number;
  fadeOut?: number;
  /** Dissolve from the previous shot over this many seconds (the shots overlap). */
  dissolve?: number;
}

type UploadSound =
  | { kind: 'speech'; at: number; key: keyof typeof SENTENCES; voice?: string; wpm?: number }
  /** A LibriVox sentence recorded by a person, from Debian's pocketsphinx-testdata, placed whole (its own room noise included) at `at`. */
  | { kind: 'recording'; at: number; id: LibrivoxId }
  /** Any text in any espeak-ng voice (the non-English fixtures). */
  | { kind: 'espeak'; at: number; text: string; voice: string; wpm?: number }
  | {
      kind: 'music';
      start: number;
      end: number;
      parts: Array<'chords' | 'beat' | 'melody'>;
      /** dB relative to the voice RMS, or dBFS when there is no voice. */ level: number;
    }
  | { kind: 'applause'; start: number; end: number; dbfs: number }
  | { kind: 'hum'; start: number; end: number; dbfs: number }
  | { kind: 'room'; dbfs: number };

interface UploadRecipe {
  name: string;
  duration: number;
  /** null: a still picture of the wall and the person, nothing moves. */
  shots: UploadShot[] | null;
  flashes?: number[];
  sound: UploadSound[];
  bed: string;
  /** ISO 639-1 language of the speech (null: no speech), written into the truth; absent on the older recipes. */
  language?: string | null;
}

const UPLOAD_W = 640;
const UPLOAD_H = 360;
/** The performance is rendered at half size; 1280-wide offsets are halved. */
const SCENE_W = 640;
const SCENE_H = 360;
/** The wide framing already crops a little, so a shifted framing stays on the picture. */
const WIDE_ZOOM = 1.1;

function uploadRecipes(): UploadRecipe[] {
  const talk = (at0: number, keys: Array<keyof typeof SENTENCES>, every: number): UploadSound[] =>
    keys.map((key, i) => ({ kind: 'speech', at: at0 + i * every, key, voice: ['en-us', 'en-gb', 'en-us+f3', 'en-us+m3'][i % 4]! }));
  const wide = (dur: number, from: number, scene: 0 | 1 = 0, dx = 0): UploadShot => ({ dur, from, scene, zoom: 1, dx });
  const punch = (dur: number, from: number, scene: 0 | 1 = 0): UploadShot => ({ dur, from, scene, zoom: 1.15, dx: 0 });
  return [
    {
      name: 'th-punch-jump',
      duration: 24,
      bed: 'room tone -50 dBFS',
      // Wide, punch-in, wide, jump cut (same framing 30 px over, 2 s of the performance skipped), punch-in.
      shots: [wide(6, 0), punch(5, 6), wide(5, 11), wide(4, 18, 0, 30), punch(4, 22)],
      sound: [{ kind: 'room', dbfs: -50 }, ...talk(0.5, ['welcome', 'rig', 'team', 'garden', 'thanks'], 4.75)],
    },
    {
      name: 'th-similar-shots',
      duration: 20,
      bed: 'room tone -50 dBFS',
      // Two people against near-identical walls, cut back and forth.
      shots: [wide(5, 0, 0), wide(5, 5, 1), punch(5, 10, 0), { ...wide(5, 15, 1), dx: -20 }],
      sound: [{ kind: 'room', dbfs: -50 }, ...talk(0.5, ['garden', 'rig', 'team', 'thanks'], 5)],
    },
    {
      name: 'th-handheld',
      duration: 20,
      bed: 'room tone -50 dBFS',
      shots: [{ dur: 20, from: 0, scene: 0, zoom: 1.2, dx: 0, camera: 'handheld' }],
      sound: [{ kind: 'room', dbfs: -50 }, ...talk(0.5, ['welcome', 'team', 'garden', 'thanks'], 5)],
    },
    {
      name: 'th-push-in',
      duration: 20,
      bed: 'room tone -50 dBFS',
      shots: [{ dur: 20, from: 0, scene: 0, zoom: 1, dx: 0, camera: 'push-in' }],
      sound: [{ kind: 'room', dbfs: -50 }, ...talk(1, ['rig', 'garden', 'thanks'], 6)],
    },
    {
      name: 'th-flashes',
      duration: 20,
      bed: 'room tone -50 dBFS',
      shots: [wide(20, 0)],
      // Camera flashes four frames (1/6 s) long, so the 4 fps sampling sees them, starting on and between sample times.
      flashes: [4, 7.6, 9.5, 13.25, 16],
      sound: [{ kind: 'room', dbfs: -50 }, ...talk(0.5, ['team', 'welcome', 'garden', 'thanks'], 5)],
    },
    {
      name: 'th-fade-dissolve',
      duration: 24,
      bed: 'room tone -50 dBFS',
      // Fade to black and up on the other person; later a 1.5 s dissolve back to the first person's punch-in.
      shots: [
        { ...wide(8, 0, 0), fadeOut: 1 },
        { ...wide(8, 8, 1), fadeIn: 1 },
        { ...punch(9.5, 14.5, 0), dissolve: 1.5 },
      ],
      sound: [{ kind: 'room', dbfs: -50 }, ...talk(1, ['welcome', 'garden', 'team', 'rig'], 5.5)],
    },
    {
      name: 'snd-music',
      duration: 30,
      bed: 'music only',
      shots: [wide(30, 0)],
      sound: [
        { kind: 'music', start: 0, end: 8, parts: ['chords'], level: -14 },
        { kind: 'music', start: 8, end: 16, parts: ['chords', 'beat'], level: -14 },
        { kind: 'music', start: 16, end: 30, parts: ['chords', 'beat', 'melody'], level: -14 },
      ],
    },
    {
      name: 'snd-speech-music-12',
      duration: 24,
      bed: 'music -12 dB under the voice',
      shots: [wide(24, 0)],
      sound: [{ kind: 'music', start: 0, end: 24, parts: ['chords', 'beat'], level: -12 }, ...talk(1, ['welcome', 'cures', 'rig', 'doubled', 'team'], 4.5)],
    },
    {
      name: 'snd-speech-music-6',
      duration: 24,
      bed: 'music -6 dB under the voice',
      shots: [wide(24, 0)],
      sound: [
        { kind: 'music', start: 0, end: 24, parts: ['chords', 'beat', 'melody'], level: -6 },
        ...talk(1, ['garden', 'best', 'rig', 'research', 'thanks'], 4.5),
      ],
    },
    {
      name: 'snd-room-tone',
      duration: 30,
      bed: 'room tone -50 dBFS between spoken parts, still picture',
      shots: null,
      sound: [{ kind: 'room', dbfs: -50 }, ...talk(1, ['welcome', 'rig'], 4), ...talk(17, ['garden', 'thanks'], 4)],
    },
    {
      name: 'snd-applause',
      duration: 20,
      bed: 'applause-like clap bursts',
      shots: [wide(20, 0)],
      sound: [
        { kind: 'room', dbfs: -50 },
        { kind: 'applause', start: 1, end: 6, dbfs: -18 },
        { kind: 'applause', start: 8, end: 11, dbfs: -14 },
        { kind: 'applause', start: 13, end: 19, dbfs: -20 },
      ],
    },
    {
      name: 'snd-hum',
      duration: 20,
      bed: 'loud mains hum, still picture',
      shots: null,
      sound: [{ kind: 'hum', start: 0, end: 20, dbfs: -12 }],
    },
    // Issue 19: real recorded speech with known words (five LibriVox sentences), clean, under a
    // music bed 10 dB below the voice, the bed alone; and Spanish from espeak-ng.
    {
      name: 'real-speech',
      duration: 30,
      bed: 'recorded speech (LibriVox), room tone -55 dBFS',
      language: 'en',
      shots: realSpeechShots(),
      sound: [{ kind: 'room', dbfs: -55 }, ...librivoxReading()],
    },
    {
      name: 'real-speech-music-10',
      duration: 30,
      bed: 'recorded speech (LibriVox), chords and a drum beat 10 dB under the voice',
      language: 'en',
      shots: realSpeechShots(),
      sound: [{ kind: 'music', start: 0, end: 30, parts: ['chords', 'beat'], level: -10 }, ...librivoxReading()],
    },
    {
      name: 'real-music-only',
      duration: 30,
      bed: 'the same chords and drum beat alone, -30 dBFS',
      language: null,
      shots: realSpeechShots(),
      sound: [{ kind: 'music', start: 0, end: 30, parts: ['chords', 'beat'], level: -30 }],
    },
    {
      name: 'speech-es',
      duration: 20,
      bed: 'Spanish (espeak-ng es), room tone -50 dBFS',
      language: 'es',
      shots: [wide(10, 0), punch(10, 10)],
      sound: [
        { kind: 'room', dbfs: -50 },
        { kind: 'espeak', at: 0.5, voice: 'es', text: 'Buenos días, hoy vamos a probar tres cámaras bajo la lluvia.' },
        { kind: 'espeak', at: 5.5, voice: 'es', text: 'La luz era suave y el equipo estaba contento.' },
        { kind: 'espeak', at: 10.5, voice: 'es', text: 'El jardín parece distinto después de la tormenta.' },
        { kind: 'espeak', at: 15, voice: 'es', text: 'Gracias por vernos, hasta la semana que viene.' },
      ],
    },
  ];
}

/** Debian pocketsphinx-testdata: LibriVox's "Sense and Sensibility", chapter 1, read by a person; 16 kHz mono WAV and the words said. */
const LIBRIVOX_DIR = '/usr/share/pocketsphinx/test/data/librivox';
const LIBRIVOX = {
  '0870': 'and mister john dashwood had then leisure to consider how much there might be prudently in his power to do for them',
  '0880': 'he was not an ill disposed young man',
  '0890': 'unless to be rather cold hearted and rather selfish is to be ill disposed',
  '0920': 'had he married a more a amiable woman he might have been made still more respectable than he was',
  '0930': 'he might even have been made amiable himself',
} as const;
type LibrivoxId = keyof typeof LIBRIVOX;
const librivoxFile = (id: LibrivoxId) => join(LIBRIVOX_DIR, `sense_and_sensibility_01_austen_64kb-${id}.wav`);

/** The five sentences in order, each file placed whole; the voiced stretches are about 1.5 s apart. */
function librivoxReading(): UploadSound[] {
  return [
    { kind: 'recording', at: 0.5, id: '0870' },
    { kind: 'recording', at: 8.5, id: '0880' },
    { kind: 'recording', at: 12.5, id: '0890' },
    { kind: 'recording', at: 19, id: '0920' },
    { kind: 'recording', at: 26, id: '0930' },
  ];
}

/** Wide, punch-in, wide, punch-in: three cuts over 30 s of the talking-head performance. */
function realSpeechShots(): UploadShot[] {
  return [
    { dur: 8, from: 0, scene: 0, zoom: 1, dx: 0 },
    { dur: 7, from: 8, scene: 0, zoom: 1.15, dx: 0 },
    { dur: 8, from: 15, scene: 0, zoom: 1, dx: 0 },
    { dur: 7, from: 23, scene: 0, zoom: 1.15, dx: 0 },
  ];
}

/** Where a recorded sentence is voiced: 10 ms frames above this level, at least this many in a row, first to last. */
const VOICED_FLOOR_DBFS = -40;
const VOICED_MIN_FRAMES = 3;

/**
 * The first and last voiced sample of a recording (samples in [-1, 1] at
 * AUDIO_RATE), measured once when the fixture is made: the recordings carry
 * their own room noise (about -50 to -55 dBFS) before and after the words.
 */
export function voicedWindow(samples: Float64Array): { start: number; end: number } | null {
  const frame = Math.round(0.01 * AUDIO_RATE);
  const loud: boolean[] = [];
  for (let i = 0; i + frame <= samples.length; i += frame) {
    let mean = 0;
    for (let j = 0; j < frame; j++) mean += samples[i + j]!;
    mean /= frame;
    let energy = 0;
    for (let j = 0; j < frame; j++) energy += (samples[i + j]! - mean) ** 2;
    loud.push(10 * Math.log10(energy / frame + 1e-12) >= VOICED_FLOOR_DBFS);
  }
  const runStarts: number[] = [];
  for (let k = 0; k + VOICED_MIN_FRAMES <= loud.length; k++) if (loud.slice(k, k + VOICED_MIN_FRAMES).every(Boolean)) runStarts.push(k);
  if (runStarts.length === 0) return null;
  return { start: runStarts[0]! * frame, end: (runStarts[runStarts.length - 1]! + VOICED_MIN_FRAMES) * frame };
}

async function recordingSamples(id: LibrivoxId): Promise<Int16Array> {
  const file = librivoxFile(id);
  if (!existsSync(file)) throw new Error(`${file} is missing: install Debian's pocketsphinx-testdata (scripts/bootstrap.sh does)`);
  const raw = await run('ffmpeg', [...FFMPEG, '-i', file, '-ar', String(AUDIO_RATE), '-ac', '1', '-f', 's16le', '-']);
  return new Int16Array(raw.buffer, raw.byteOffset, raw.byteLength / 2);
}

function uploadFixtureNames(): string[] {
  return uploadRecipes().map((r) => r.name);
}

async function renderUploadScene(workDir: string, scene: 0 | 1): Promise<{ wall: string; person: string }> {
  const wall = join(workDir, `upload-wall-${scene}.png`);
  const person = join(workDir, `upload-person-${scene}.png`);
  if (existsSync(wall) && existsSync(person)) return { wall, person };
  // Near-identical walls: the second is a shade warmer and its frame sits elsewhere.
  const base = scene === 0 ? [138, 132, 124] : [142, 132, 120];
  const frameX = scene === 0 ? 70 : 470;
  const [r, g, b] = base as [number, number, number];
  const wallFilter =
    `nullsrc=s=${SCENE_W}x${SCENE_H},format=rgb24,` +
    `geq=r='${r}-22*Y/H+3*sin(X/29)*sin(Y/31)':g='${g}-22*Y/H+3*sin(X/29)*sin(Y/31)':b='${b}-20*Y/H+3*sin(X/29)*sin(Y/31)',` +
    `drawbox=x=${frameX}:y=50:w=90:h=110:color=0x3a3028:t=fill,drawbox=x=${frameX + 10}:y=60:w=70:h=90:color=0x9fb0a0:t=fill,` +
    `drawbox=x=${scene === 0 ? 460 : 40}:y=130:w=140:h=8:color=0x503a2a:t=fill`;
  await run('ffmpeg', [...FFMPEG, '-f', 'lavfi', '-i', wallFilter, '-frames:v', '1', wall]);
  // Head (hair on top) and shoulders; the second person sits further left in a lighter shirt.
  const cx = scene === 0 ? 320 : 290;
  const head = `lte(pow((X-${cx})/52,2)+pow((Y-140)/66,2),1)`;
  const hair = `lt(Y,${scene === 0 ? 104 : 112})`;
  const body = `lte(pow((X-${cx})/150,2)+pow((Y-390)/130,2),1)`;
  const shirt = scene === 0 ? [40, 70, 120] : [70, 96, 140];
  const skin = scene === 0 ? [196, 152, 122] : [180, 138, 110];
  const channel = (i: number) => `if(${head},if(${hair},${i === 0 ? 58 : i === 1 ? 40 : 30},${skin[i]}),if(${body},${shirt[i]},0))`;
  const personFilter =
    `nullsrc=s=${SCENE_W}x${SCENE_H},format=rgba,` + `geq=r='${channel(0)}':g='${channel(1)}':b='${channel(2)}':a='if(${head}+${body},255,0)'`;
  await run('ffmpeg', [...FFMPEG, '-f', 'lavfi', '-i', personFilter, '-frames:v', '1', person]);
  return { wall, person };
}

const even2 = (n: number) => Math.max(2, 2 * Math.round(n / 2));

/** The ffmpeg inputs and filter graph of an upload recipe's picture; cut times are the truth. */
async function planUploadVideo(
  recipe: UploadRecipe,
  workDir: string,
): Promise<{ inputs: string[]; filter: string; cuts: number[]; segments: FixtureTruth['segments']; stills: Span[] }> {
  const inputs: string[] = [];
  const scenes = new Map<number, number>();
  const sceneInput = async (scene: 0 | 1): Promise<number> => {
    if (!scenes.has(scene)) {
      const { wall, person } = await renderUploadScene(workDir, scene);
      const at = inputs.filter((a) => a === '-i').length;
      inputs.push('-loop', '1', '-framerate', String(FIXTURE_FPS), '-i', wall, '-loop', '1', '-framerate', String(FIXTURE_FPS), '-i', person);
      scenes.set(scene, at);
    }
    return scenes.get(scene)!;
  };
  const chains: string[] = [];
  if (!recipe.shots) {
    const at = await sceneInput(0);
    const w0 = even2(SCENE_W / WIDE_ZOOM);
    const h0 = even2(SCENE_H / WIDE_ZOOM);
    chains.push(
      `[${at}:v][${at + 1}:v]overlay=x=0:y=0,crop=${w0}:${h0},scale=${UPLOAD_W}:${UPLOAD_H},setsar=1,format=yuv420p,trim=end_frame=${Math.round(recipe.duration * FIXTURE_FPS)},setpts=PTS-STARTPTS[v]`,
    );
    return {
      inputs,
      filter: chains.join(';'),
      cuts: [],
      segments: [{ start: 0, end: recipe.duration, source: 'still-person', moving: false }],
      stills: [{ start: 0, end: recipe.duration }],
    };
  }
  const cuts: number[] = [];
  const segments: FixtureTruth['segments'] = [];
  // The performance: the person sways and nods a little, the sensor adds noise.
  const perfLabels = new Map<number, string[]>();
  const uses = new Map<number, number>();
  for (const shot of recipe.shots) uses.set(shot.scene, (uses.get(shot.scene) ?? 0) + 1);
  for (const [scene, count] of uses) {
    const at = await sceneInput(scene as 0 | 1);
    const sway =
      scene === 0 ? `x='5*sin(2*PI*0.45*t)+2*sin(2*PI*1.3*t)':y='3*sin(2*PI*0.7*t)'` : `x='4*sin(2*PI*0.55*t+1)+2*sin(2*PI*1.1*t)':y='2*sin(2*PI*0.9*t)'`;
    const labels = Array.from({ length: count }, (_, i) => `p${scene}_${i}`);
    chains.push(`[${at}:v][${at + 1}:v]overlay=${sway}:eval=frame,format=yuv420p,noise=alls=6:allf=t,split=${count}${labels.map((l) => `[${l}]`).join('')}`);
    perfLabels.set(scene, labels);
  }
  let t = 0;
  let previous: string | undefined;
  recipe.shots.forEach((shot, i) => {
    const label = perfLabels.get(shot.scene)!.shift()!;
    const frames = Math.round(shot.dur * FIXTURE_FPS);
    const zoom = WIDE_ZOOM * shot.zoom;
    const cw = even2(SCENE_W / zoom);
    const ch = even2(SCENE_H / zoom);
    const cx = (SCENE_W - cw) / 2 + shot.dx / 2;
    const cy = (SCENE_H - ch) / 2 + (shot.dy ?? 0) / 2;
    let framing: string;
    if (shot.camera === 'handheld') {
      // Several incommensurate wobbles, a fast tremor and a slow drift, more sensor noise: a shaky hand, never a jump.
      framing =
        `crop=${cw}:${ch}:x='${cx}+14*sin(2*PI*1.7*t)+8*sin(2*PI*3.1*t+1)+10*sin(2*PI*0.37*t)+5*sin(2*PI*4.7*t)+4*sin(2*PI*7.3*t+2)':` +
        `y='${cy}+9*sin(2*PI*2.3*t+2)+6*sin(2*PI*0.9*t)+5*sin(2*PI*5.9*t+0.5)',scale=${UPLOAD_W}:${UPLOAD_H},noise=alls=10:allf=t`;
    } else if (shot.camera === 'push-in') {
      // From the wide framing to 1.5x over the shot: the picture grows, the crop stays centred.
      framing = `scale=w='2*trunc(${SCENE_W}*(1+0.5*t/${shot.dur})/2)':h='2*trunc(${SCENE_H}*(1+0.5*t/${shot.dur})/2)':eval=frame,crop=${cw}:${ch},scale=${UPLOAD_W}:${UPLOAD_H}`;
    } else {
      framing = `crop=${cw}:${ch}:${cx}:${cy},scale=${UPLOAD_W}:${UPLOAD_H}`;
    }
    const fades = [
      shot.fadeIn ? `fade=t=in:st=0:d=${shot.fadeIn}` : '',
      shot.fadeOut ? `fade=t=out:st=${shot.dur - shot.fadeOut}:d=${shot.fadeOut}` : '',
    ].filter(Boolean);
    const out = `s${i}`;
    chains.push(
      `[${label}]trim=start=${shot.from}:end=${shot.from + shot.dur},setpts=PTS-STARTPTS,${shot.camera === 'push-in' ? framing : framing}` +
        `,setsar=1,format=yuv420p,fps=${FIXTURE_FPS},trim=end_frame=${frames}${fades.length ? `,${fades.join(',')}` : ''}[${out}]`,
    );
    if (previous === undefined) {
      previous = out;
    } else if (shot.dissolve) {
      const joined = `j${i}`;
      chains.push(
        `[${previous}]settb=1/${FIXTURE_FPS}[a${i}];[${out}]settb=1/${FIXTURE_FPS}[b${i}];[a${i}][b${i}]xfade=transition=fade:duration=${shot.dissolve}:offset=${t - shot.dissolve}[${joined}]`,
      );
      previous = joined;
      t -= shot.dissolve;
    } else {
      const joined = `j${i}`;
      chains.push(`[${previous}][${out}]concat=n=2:v=1:a=0[${joined}]`);
      previous = joined;
      // A fade through black and a dissolve are transitions, not cuts.
      if (!shot.fadeIn && !recipe.shots![i - 1]!.fadeOut) cuts.push(t);
    }
    segments.push({ start: t, end: t + shot.dur, source: `person-${shot.scene}-zoom${shot.zoom}${shot.camera ? `-${shot.camera}` : ''}`, moving: true });
    t += shot.dur;
  });
  const flashes = (recipe.flashes ?? []).map((f) => `between(t,${f},${(f + 3.5 / FIXTURE_FPS).toFixed(4)})`).join('+');
  chains.push(`[${previous}]${flashes ? `eq=brightness=0.55:contrast=0.6:enable='${flashes}'` : 'null'}[v]`);
  if (Math.abs(t - recipe.duration) > 1e-9) throw new Error(`${recipe.name}: shots last ${t} s, not ${recipe.duration} s`);
  return { inputs, filter: chains.join(';'), cuts, segments, stills: [] };
}

/** Additive music at 48 kHz, unit RMS before levelling: chords, a beat, a sung-like melody. */
function musicSamples(parts: ReadonlyArray<'chords' | 'beat' | 'melody'>, length: number, seed: number): Float64Array {
  const out = new Float64Array(length);
  const rate = AUDIO_RATE;
  const random = uniformRandom(seed);
  if (parts.includes('chords')) {
    // C, A minor, F, G triads, two seconds each, each note with decaying harmonics.
    const chords = [
      [261.63, 329.63, 392.0],
      [220.0, 261.63, 329.63],
      [174.61, 220.0, 261.63],
      [196.0, 246.94, 293.66],
    ];
    const span = 2 * rate;
    for (let i = 0; i < length; i++) {
      const c = chords[Math.floor(i / span) % chords.length]!;
      const local = (i % span) / rate;
      const env = Math.min(1, local / 0.03) * (0.55 + 0.45 * Math.exp(-local * 1.5));
      let s = 0;
      for (const f of c) for (let h = 1; h <= 4; h++) s += Math.sin((2 * Math.PI * f * h * i) / rate) / (h * h);
      out[i]! += 0.25 * env * s;
    }
  }
  if (parts.includes('beat')) {
    // 120 bpm: a kick on every beat (a falling sine), a hat on the off-beats (a burst of noise).
    const beat = Math.round(0.5 * rate);
    for (let i = 0; i < length; i++) {
      const local = (i % beat) / rate;
      const kick = Math.sin(2 * Math.PI * (50 * local + (60 * (1 - Math.exp(-local * 30))) / 30)) * Math.exp(-local * 12);
      const offLocal = ((i + beat / 2) % beat) / rate;
      const hat = (random() * 2 - 1) * Math.exp(-offLocal * 60);
      out[i]! += 0.9 * kick + 0.25 * hat;
    }
  }
  if (parts.includes('melody')) {
    // A sung "ah": notes of 0.35-0.9 s glide into each other with 5.5 Hz vibrato; harmonics shaped by vowel formants.
    const notes = [392, 440, 494, 523, 494, 440, 392, 349, 330, 349, 392, 440];
    const formants = [
      [730, 90],
      [1090, 110],
      [2440, 170],
    ] as const;
    let phase = 0;
    let f = notes[0]!;
    let noteEnd = 0;
    let note = 0;
    let target = f;
    for (let i = 0; i < length; i++) {
      const time = i / rate;
      if (time >= noteEnd) {
        target = notes[note++ % notes.length]! / 2;
        noteEnd = time + 0.35 + 0.55 * random();
      }
      f += (target - f) * (1 - Math.exp(-1 / (0.04 * rate)));
      const inst = f * (1 + 0.015 * Math.sin(2 * Math.PI * 5.5 * time));
      phase += (2 * Math.PI * inst) / rate;
      let s = 0;
      for (let h = 1; h * inst < 4000; h++) {
        let gain = 0.05;
        for (const [fc, bw] of formants) gain += 1 / (1 + ((h * inst - fc) / bw) ** 2);
        s += (gain * Math.sin(h * phase)) / Math.sqrt(h);
      }
      out[i]! += 0.5 * s;
    }
  }
  return normaliseRms(out);
}

function normaliseRms(x: Float64Array): Float64Array {
  let sum = 0;
  for (const v of x) sum += v * v;
  const rms = Math.sqrt(sum / Math.max(1, x.length));
  if (rms > 0) for (let i = 0; i < x.length; i++) x[i]! /= rms;
  return x;
}

/** Clap bursts: many short decaying noise bursts at random times (about 25 a second), unit RMS. */
function applauseSamples(length: number, seed: number): Float64Array {
  const out = new Float64Array(length);
  const random = uniformRandom(seed);
  const claps = Math.round((length / AUDIO_RATE) * 25);
  for (let c = 0; c < claps; c++) {
    const at = Math.floor(random() * length);
    const decay = 0.008 + 0.02 * random();
    let low = 0;
    for (let i = 0; at + i < length && i < decay * 6 * AUDIO_RATE; i++) {
      const white = random() * 2 - 1;
      low += 0.5 * (white - low);
      out[at + i]! += (white - 0.6 * low) * Math.exp(-i / (decay * AUDIO_RATE));
    }
  }
  return normaliseRms(out);
}

/** Mains hum: 60 Hz and its harmonics, unit RMS. */
function humSamples(length: number): Float64Array {
  const out = new Float64Array(length);
  for (let i = 0; i < length; i++) {
    const t = i / AUDIO_RATE;
    out[i] =
      Math.sin(2 * Math.PI * 60 * t) + 0.5 * Math.sin(2 * Math.PI * 120 * t) + 0.35 * Math.sin(2 * Math.PI * 180 * t) + 0.2 * Math.sin(2 * Math.PI * 300 * t);
  }
  return normaliseRms(out);
}

/** Room tone: low-passed noise (brown-ish, like air handling), unit RMS. */
function roomToneSamples(length: number, seed: number): Float64Array {
  const out = new Float64Array(length);
  const random = uniformRandom(seed);
  let low = 0;
  for (let i = 0; i < length; i++) {
    low += 0.05 * (random() * 2 - 1 - low);
    out[i] = low + 0.1 * (random() * 2 - 1);
  }
  return normaliseRms(out);
}

const fromDb = (db: number) => 10 ** (db / 20);

async function planUploadAudio(recipe: UploadRecipe, workDir: string): Promise<{ wav: Buffer; speech: FixtureTruth['speech']; roomTone: Span[] }> {
  const total = Math.round(recipe.duration * AUDIO_RATE);
  const voice = new Float64Array(total);
  const speech: FixtureTruth['speech'] = [];
  let index = 0;
  let placedEnd = 0;
  for (const s of recipe.sound) {
    if (s.kind !== 'speech' && s.kind !== 'recording' && s.kind !== 'espeak') continue;
    let pcm: Int16Array;
    let line: { text: string; voice: string; claim: boolean };
    if (s.kind === 'recording') {
      pcm = await recordingSamples(s.id);
      line = { text: LIBRIVOX[s.id], voice: `librivox-${s.id}`, claim: false };
    } else if (s.kind === 'espeak') {
      pcm = await speechSamples(s.text, s.voice, s.wpm ?? 150, workDir, 1000 + index++);
      line = { text: s.text, voice: s.voice, claim: false };
    } else {
      const sentence = SENTENCES[s.key];
      line = { text: sentence.text, voice: s.voice ?? 'en-us', claim: sentence.claim };
      pcm = await speechSamples(sentence.text, line.voice, s.wpm ?? 160, workDir, 1000 + index++);
    }
    const start = Math.round(s.at * AUDIO_RATE);
    if (start + pcm.length > total) throw new Error(`${recipe.name}: speech at ${s.at} s runs past the end`);
    if (s.at < placedEnd) throw new Error(`${recipe.name}: speech at ${s.at} s overlaps the previous sentence`);
    placedEnd = (start + pcm.length) / AUDIO_RATE;
    for (let i = 0; i < pcm.length; i++) voice[start + i] = pcm[i]! / 32768;
    // espeak-ng output is trimmed to where it sounds; a recording is placed whole, so its voiced part is measured.
    const voiced = s.kind === 'recording' ? voicedWindow(voice.subarray(start, start + pcm.length)) : { start: 0, end: pcm.length };
    if (!voiced) throw new Error(`${recipe.name}: recording ${s.kind === 'recording' ? s.id : ''} has no voiced frame`);
    speech.push({ start: round3((start + voiced.start) / AUDIO_RATE), end: round3((start + voiced.end) / AUDIO_RATE), ...line });
  }
  let voiceSum = 0;
  let voiceCount = 0;
  for (const p of speech) {
    for (let i = Math.round(p.start * AUDIO_RATE); i < Math.round(p.end * AUDIO_RATE); i++) {
      voiceSum += voice[i]! ** 2;
      voiceCount++;
    }
  }
  const voiceRms = voiceCount > 0 ? Math.sqrt(voiceSum / voiceCount) : 0;
  const mix = Float64Array.from(voice);
  const busy: Span[] = speech.map((p) => ({ start: p.start, end: p.end }));
  recipe.sound.forEach((s, i) => {
    if (s.kind === 'speech' || s.kind === 'recording' || s.kind === 'espeak') return;
    const start = s.kind === 'room' ? 0 : Math.round(s.start * AUDIO_RATE);
    const end = s.kind === 'room' ? total : Math.round(s.end * AUDIO_RATE);
    const length = end - start;
    let samples: Float64Array;
    let gain: number;
    if (s.kind === 'music') {
      samples = musicSamples(s.parts, length, 77 + i);
      gain = voiceRms > 0 ? voiceRms * fromDb(s.level) : fromDb(s.level);
    } else if (s.kind === 'applause') {
      samples = applauseSamples(length, 91 + i);
      gain = fromDb(s.dbfs);
    } else if (s.kind === 'hum') {
      samples = humSamples(length);
      gain = fromDb(s.dbfs);
    } else {
      samples = roomToneSamples(length, 13 + i);
      gain = fromDb(s.dbfs);
    }
    // 20 ms ramps so nothing clicks in or out.
    const ramp = Math.round(0.02 * AUDIO_RATE);
    for (let j = 0; j < length; j++) mix[start + j]! += gain * samples[j]! * Math.min(1, j / ramp, (length - 1 - j) / ramp);
    if (s.kind !== 'room') busy.push({ start: start / AUDIO_RATE, end: end / AUDIO_RATE });
  });
  const out = new Int16Array(total);
  for (let i = 0; i < total; i++) out[i] = Math.max(-32768, Math.min(32767, Math.round(mix[i]! * 32767)));
  // Room tone alone: where the room plays and nothing else does.
  const hasRoom = recipe.sound.some((s) => s.kind === 'room');
  const roomTone: Span[] = [];
  if (hasRoom) {
    let cursor = 0;
    for (const b of mergeSpans(busy)) {
      if (b.start > cursor) roomTone.push({ start: round3(cursor), end: round3(b.start) });
      cursor = Math.max(cursor, b.end);
    }
    if (cursor < recipe.duration) roomTone.push({ start: round3(cursor), end: recipe.duration });
  }
  return { wav: wavFile(out), speech, roomTone };
}

async function buildUploadRecipe(recipe: UploadRecipe, outDir: string, workDir: string, generator: string): Promise<FixtureTruth & UploadTruthExtra> {
  const file = `${recipe.name}.mp4`;
  const target = join(outDir, file);
  const partial = partialPath(outDir, recipe.name, 'mp4');
  const video = await planUploadVideo(recipe, workDir);
  const audio = await planUploadAudio(recipe, workDir);
  const wavPath = join(workDir, `${recipe.name}.wav`);
  writeFileSync(wavPath, audio.wav);
  const audioInput = video.inputs.filter((a) => a === '-i').length;
  await run('ffmpeg', [
    ...FFMPEG,
    ...video.inputs,
    '-i',
    wavPath,
    '-filter_complex',
    video.filter,
    '-map',
    '[v]',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-pix_fmt',
    'yuv420p',
    '-r',
    String(FIXTURE_FPS),
    '-g',
    String(2 * FIXTURE_FPS),
    '-map',
    `${audioInput}:a`,
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-ar',
    String(AUDIO_RATE),
    '-ac',
    '2',
    '-t',
    String(recipe.duration),
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    partial,
  ]);
  renameSync(partial, target);
  return {
    name: recipe.name,
    file,
    container: 'mp4',
    duration: recipe.duration,
    hasVideo: true,
    hasAudio: true,
    width: UPLOAD_W,
    height: UPLOAD_H,
    fps: FIXTURE_FPS,
    cuts: video.cuts,
    segments: video.segments,
    stills: video.stills,
    silence: [],
    silentStills: [],
    speech: audio.speech,
    tones: [],
    claims: audio.speech.filter((s) => s.claim).map((s) => s.text),
    expectError: false,
    generator,
    bed: recipe.bed,
    roomTone: audio.roomTone,
    ...(recipe.language !== undefined ? { language: recipe.language } : {}),
  };
}

function parseArgs(argv: string[]): MakeFixturesOptions & { list: boolean } {
  const options: MakeFixturesOptions & { list: boolean } = { list: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--bench') options.bench = true;
    else if (arg === '--force') options.force = true;
    else if (arg === '--list') options.list = true;
    else if (arg === '--only') options.only = (argv[++i] ?? '').split(',').filter(Boolean);
    else if (arg.startsWith('--only=')) options.only = arg.slice(7).split(',').filter(Boolean);
    else if (arg === '--out') options.outDir = argv[++i];
    else if (arg.startsWith('--out=')) options.outDir = arg.slice(6);
    else throw new Error(`unknown argument ${arg}; usage: make-fixtures.ts [--bench] [--only a,b] [--out DIR] [--force] [--list]`);
  }
  return options;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const options = parseArgs(process.argv.slice(2));
  if (options.list) {
    console.log(FIXTURE_NAMES.join('\n'));
  } else {
    const started = Date.now();
    const built = await makeFixtures({ ...options, log: (line) => console.log(`fixtures: ${line}`) });
    console.log(`fixtures: ${built.length} ready in ${dirname(built[0]?.path ?? DEFAULT_FIXTURE_DIR)} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
}
