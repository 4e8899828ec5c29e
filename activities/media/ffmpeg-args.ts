// Pure argument builders for ffprobe and ffmpeg. Every array here is asserted
// as a whole by unit tests, so a flag change is a visible, reviewed change.

import { DEFAULT_MEDIA_LIMITS, decodeTimeLimitSec, type MediaLimits } from '../../core/media-limits';
import { CUT_WINDOW_HEIGHT, CUT_WINDOW_WIDTH } from '../../core/cut-refinement';
import { FRAME_RATE_PROBE_PACKETS } from '../../core/frame-rate';
import { ACCEPTED_DEMUXERS } from '../../core/media-type';
import { FRAME_HEIGHT, FRAME_RATE, FRAME_WIDTH } from '../../core/motion';
import type { Segment } from '../../core/recut';

/** Sample rate of the decoded soundtrack: loudness and speech-to-text both read it. */
export const AUDIO_SAMPLE_RATE = 16000;
/** Bytes of one decoded grey frame on ffmpeg's stdout. */
export const FRAME_BYTES = FRAME_WIDTH * FRAME_HEIGHT;
/**
 * Bytes of one sample on ffmpeg's stdout: the grey frame (FRAME_BYTES, what motion and cuts
 * read), then its U and V planes at the same size (what the technical cues read as colour).
 */
export const PICTURE_BYTES = 3 * FRAME_BYTES;

/**
 * The picture filter: 4 fps samples, each scaled twice from the decoded frame, once to grey
 * exactly as the grey-only pass did (so the frame differences are byte for byte the same,
 * checked on the fixtures) and once to 4:4:4 colour whose U and V planes are stacked under it.
 */
export const PICTURE_FILTER =
  `fps=fps=${FRAME_RATE}:start_time=0,split=2[grey][colour];` +
  `[grey]scale=${FRAME_WIDTH}:${FRAME_HEIGHT}:flags=area,format=gray[y];` +
  `[colour]scale=${FRAME_WIDTH}:${FRAME_HEIGHT}:flags=area,format=yuv444p,extractplanes=u+v[u][v];` +
  '[y][u][v]vstack=inputs=3';

const QUIET = ['-nostdin', '-hide_banner', '-loglevel', 'error'] as const;

/**
 * What any input of ours may be: one of the video demuxers (no concat list or
 * playlist that names other files), read from a file or a pipe only, and no
 * frame with more pixels than the limit (ffmpeg refuses to allocate it).
 */
function inputGuards(limits: Pick<MediaLimits, 'maxPixels'>): string[] {
  return ['-format_whitelist', ACCEPTED_DEMUXERS.join(','), '-protocol_whitelist', 'file,pipe', '-max_pixels', String(limits.maxPixels)];
}

/**
 * ffprobe of format and streams as JSON on stdout (ffprobe decodes a frame or two of each stream, so the pixel limit applies to it too),
 * with the stream index and timestamp of the first FRAME_RATE_PROBE_PACKETS packets, which tell whether the frame rate is variable.
 */
export function probeArgs(path: string, limits: Pick<MediaLimits, 'maxPixels'> = DEFAULT_MEDIA_LIMITS): string[] {
  return [
    '-v',
    'error',
    '-hide_banner',
    ...inputGuards(limits),
    '-print_format',
    'json=compact=1',
    '-show_format',
    '-show_streams',
    '-show_entries',
    'packet=stream_index,pts',
    '-read_intervals',
    `%+#${FRAME_RATE_PROBE_PACKETS}`,
    '--',
    path,
  ];
}

export interface DecodeArgsOptions {
  input: string;
  /** Where the 16 kHz mono s16le WAV goes; omit when the file has no audio stream. */
  wavOut?: string;
  /** Decoder threads. Default 2 (the worker machines have two cores). */
  threads?: number;
  /** Pixel limit and duration limit (ffmpeg reads at most the limit plus DECODE_MARGIN_SEC). Default DEFAULT_MEDIA_LIMITS. */
  limits?: Pick<MediaLimits, 'maxPixels' | 'maxDurationSec'>;
  /** The picture decoder's shortcuts (see `decoderShortcuts`). Default none: the plain pass. */
  shortcuts?: DecoderShortcuts;
  /** With `wavOut`: where the soundtrack's EBU R128 meter writes its per-100 ms log (see `wavOutputArgs`). */
  loudnessLog?: string;
}

/**
 * Work the video decoder may leave out because the picture is only ever seen
 * as 4 fps 96x54 grey: each is checked against every fixture's cuts and motion
 * (test/integration/media/decode-shortcuts.test.ts). Stream-specific (`:v`),
 * so the soundtrack decodes bit for bit as without them.
 */
export interface DecoderShortcuts {
  /** `-skip_loop_filter:v all`: no deblocking (measured, not taken: see `decoderShortcuts`). */
  skipLoopFilter: boolean;
  /** `-skip_frame:v noref`: frames no other frame refers to are not decoded; the 4 fps sampler takes the nearest decoded one. */
  skipNonRef: boolean;
}

export const NO_SHORTCUTS: DecoderShortcuts = { skipLoopFilter: false, skipNonRef: false };

/**
 * Source frame rate from which skipping non-reference frames is safe: with at
 * most 4 of them in a row (x264 and x265 default to 3 and 4 B-frames, part of
 * them references), a decoded picture is at most 5 / 20 s = one 4 fps sample
 * interval away, so every sample still gets its own picture, shifted by less
 * than a sample. Below it (slideshows, timelapses, 8–15 fps screen captures)
 * a skipped run could leave a sample with no new picture: a false still.
 */
export const SKIP_NON_REF_MIN_FPS = 20;

/**
 * The shortcuts for a source of this average frame rate (null: unknown, so no
 * frame skipping). The deblocking skip is not taken: without the loop filter,
 * reference frames drift from what the encoder meant until the next keyframe,
 * and on the fixtures a second's motion moved by up to 27 points of 100 and
 * hold by up to 10 (a slow push-in), a dead stretch by a second; skipping
 * non-reference frames moved motion by at most ~7 and hold by ~1.6, cuts and
 * dead stretches not at all (`bench/decode-shortcuts.ts`).
 */
export function decoderShortcuts(sourceFps: number | null | undefined): DecoderShortcuts {
  return { skipLoopFilter: false, skipNonRef: typeof sourceFps === 'number' && sourceFps >= SKIP_NON_REF_MIN_FPS };
}

function shortcutArgs(shortcuts: DecoderShortcuts): string[] {
  return [...(shortcuts.skipLoopFilter ? ['-skip_loop_filter:v', 'all'] : []), ...(shortcuts.skipNonRef ? ['-skip_frame:v', 'noref'] : [])];
}

/**
 * One ffmpeg pass that reads the file once and writes
 * (a) 4 fps 96x54 rawvideo samples to stdout, each its grey frame then its U
 *     and V planes (`PICTURE_FILTER`, PICTURE_BYTES a sample), sample k at k/4 s
 *     from the file start (`start_time=0` pads with the first picture when the
 *     video stream starts late, so sample indices are times); the picture is
 *     autorotated by ffmpeg and then forced to 96x54 whatever its aspect;
 * (b) when `wavOut` is given, a 16 kHz mono s16le WAV of the first audio
 *     stream, padded with silence at the start when audio begins after 0 and
 *     filled over gaps (`aresample` async), with a canonical 44-byte header
 *     (no metadata, bitexact) that pocketsphinx reads as-is;
 * reading at most the duration limit plus a margin of the input (`-t`), so a
 * header that understates the length cannot make either output unbounded.
 */
export function decodeArgs(options: DecodeArgsOptions): string[] {
  const threads = options.threads ?? 2;
  const limits = options.limits ?? DEFAULT_MEDIA_LIMITS;
  const args = [
    ...QUIET,
    '-threads',
    String(threads),
    ...shortcutArgs(options.shortcuts ?? NO_SHORTCUTS),
    ...inputGuards(limits),
    '-t',
    String(decodeTimeLimitSec(limits)),
    '-i',
    options.input,
    '-map',
    '0:v:0',
    '-vf',
    PICTURE_FILTER,
    '-an',
    '-sn',
    '-dn',
    '-f',
    'rawvideo',
    'pipe:1',
  ];
  if (options.wavOut !== undefined) args.push(...wavOutputArgs(options.wavOut, options.loudnessLog));
  return args;
}

/**
 * The soundtrack alone, as `decodeArgs` writes it beside the picture: the same input
 * guards and time limit, the same WAV. A pass over the audio stream only (demux and
 * audio decode, a second or so for 10 minutes), so transcription can start while the
 * picture is decoded on the other core. Its loudness is measured apart (`loudnessArgs`).
 */
export function soundtrackArgs(options: { input: string; wavOut: string; limits?: MediaLimits }): string[] {
  const limits = options.limits ?? DEFAULT_MEDIA_LIMITS;
  return [...QUIET, ...inputGuards(limits), '-t', String(decodeTimeLimitSec(limits)), '-i', options.input, ...wavOutputArgs(options.wavOut)];
}

/**
 * The soundtrack through the EBU R128 meter only, with the same input guards and time
 * limit, its readings printed to `loudnessLog` and the samples dropped. Its own process
 * because ffmpeg 5.1's meter costs about 2.5 % of the sound's length in CPU on a 48 kHz
 * stereo track (1.5 s for 60 s; the plain soundtrack pass 0.15 s): run beside the
 * picture's decode it leaves the soundtrack pass, which everything else waits for, fast.
 */
export function loudnessArgs(options: { input: string; loudnessLog: string; limits?: MediaLimits }): string[] {
  const limits = options.limits ?? DEFAULT_MEDIA_LIMITS;
  return [
    ...QUIET,
    ...inputGuards(limits),
    '-t',
    String(decodeTimeLimitSec(limits)),
    '-i',
    options.input,
    '-map',
    '0:a:0',
    '-vn',
    '-sn',
    '-dn',
    '-af',
    meterFilter(options.loudnessLog),
    '-f',
    'null',
    '-',
  ];
}

/**
 * A path as one value of a filter option: in a filtergraph `\`, `'`, `:`, `,`,
 * `;`, `[` and `]` are syntax at two levels, so the path is quoted for the
 * option parser and the quoted value escaped once more for the graph parser.
 */
export function filterPathValue(path: string): string {
  // Inside quotes the option parser takes every character as it is, a quote only by closing, escaping and reopening.
  const quoted = `'${path.replace(/'/g, "'\\''")}'`;
  return quoted.replace(/[\\',;[\]]/g, (c) => `\\${c}`);
}

/** ffmpeg's EBU R128 meter on the source's own channels and rate, true peak on, each 100 ms reading printed to `loudnessLog`. */
const meterFilter = (loudnessLog: string) => `ebur128=metadata=1:peak=true,ametadata=mode=print:file=${filterPathValue(loudnessLog)}`;

/**
 * With `loudnessLog`, the soundtrack passes ffmpeg's EBU R128 meter (`ebur128`, on the
 * source's own channels and rate, true peak on) before it is mixed down: the meter
 * cuts the sound into 100 ms frames carrying its readings, which `ametadata` prints
 * to the log, and the samples go on unchanged to the WAV. No second decode.
 */
function wavOutputArgs(wavOut: string, loudnessLog?: string): string[] {
  const meter = loudnessLog === undefined ? '' : `${meterFilter(loudnessLog)},`;
  return [
    '-map',
    '0:a:0?',
    '-vn',
    '-sn',
    '-dn',
    '-af',
    `${meter}aresample=async=1:first_pts=0`,
    '-ac',
    '1',
    '-ar',
    String(AUDIO_SAMPLE_RATE),
    '-c:a',
    'pcm_s16le',
    '-map_metadata',
    '-1',
    '-bitexact',
    '-f',
    'wav',
    '-y',
    wavOut,
  ];
}

export interface RenderPlan {
  input: string;
  output: string;
  segments: readonly Segment[];
  hasVideo: boolean;
  hasAudio: boolean;
  /** Pixel limit of the input guards. Default DEFAULT_MEDIA_LIMITS. */
  limits?: Pick<MediaLimits, 'maxPixels'>;
}

const seconds = (x: number) => String(Math.round(x * 1e6) / 1e6);

/**
 * The recut's render: each segment is cut with trim/atrim (frame- and sample-accurate,
 * timestamps reset), then the pieces go through one concat filter, so picture and
 * sound are joined together and stay in sync. Re-encoded (H.264 + AAC, MP4 with the
 * index in front). The input passes the same guards as every scan-side read. The
 * picture is scaled to even sides (rounded up: 17×17 becomes 18×18), because
 * libx264 refuses yuv420p frames of odd width or height.
 */
export function renderArgs(plan: RenderPlan): string[] {
  if (!plan.hasVideo && !plan.hasAudio) throw new Error('nothing to render: no video and no audio stream');
  if (plan.segments.length === 0) throw new Error('nothing to render: no segments');
  const chains: string[] = [];
  const inputs: string[] = [];
  plan.segments.forEach((s, i) => {
    const range = `start=${seconds(s.start)}:end=${seconds(s.end)}`;
    if (plan.hasVideo) {
      chains.push(`[0:v:0]trim=${range},setpts=PTS-STARTPTS[v${i}]`);
      inputs.push(`[v${i}]`);
    }
    if (plan.hasAudio) {
      chains.push(`[0:a:0]atrim=${range},asetpts=PTS-STARTPTS[a${i}]`);
      inputs.push(`[a${i}]`);
    }
  });
  const outs = `${plan.hasVideo ? '[joined]' : ''}${plan.hasAudio ? '[a]' : ''}`;
  chains.push(`${inputs.join('')}concat=n=${plan.segments.length}:v=${plan.hasVideo ? 1 : 0}:a=${plan.hasAudio ? 1 : 0}${outs}`);
  if (plan.hasVideo) chains.push('[joined]scale=w=ceil(iw/2)*2:h=ceil(ih/2)*2[v]');
  const args = [...QUIET, ...inputGuards(plan.limits ?? DEFAULT_MEDIA_LIMITS), '-y', '-i', plan.input, '-filter_complex', chains.join(';')];
  if (plan.hasVideo) args.push('-map', '[v]', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p');
  if (plan.hasAudio) args.push('-map', '[a]', '-c:a', 'aac', '-b:a', '160k');
  args.push('-movflags', '+faststart', '-f', 'mp4', plan.output);
  return args;
}

export interface CutWindowArgsOptions {
  input: string;
  /** Window start and length in seconds from the file start (`-ss` before `-i`: accurate seek, the frames before it decoded and dropped). */
  startSec: number;
  durationSec: number;
  /** Where ffmpeg's `metadata` filter writes each frame's time and difference. */
  logPath: string;
  limits?: Pick<MediaLimits, 'maxPixels'>;
}

/**
 * One cut's window at the source's full frame rate: 64x36 grey frames, each
 * compared with the one before by `scdet` (its `lavfi.scd.mafd`, the mean
 * absolute frame difference in percent of full scale), every frame's
 * timestamp and difference printed to `logPath`; nothing else is written. One
 * decoder thread: a window is a few dozen frames, and a second thread only
 * adds latency. Timestamps in the log start at the window's start (ffmpeg
 * shifts them by `-ss`), which the caller adds back.
 */
export function cutWindowArgs(options: CutWindowArgsOptions): string[] {
  return [
    ...QUIET,
    '-threads',
    '1',
    ...inputGuards(options.limits ?? DEFAULT_MEDIA_LIMITS),
    '-ss',
    seconds(options.startSec),
    '-t',
    seconds(options.durationSec),
    '-i',
    options.input,
    '-map',
    '0:v:0',
    '-an',
    '-sn',
    '-dn',
    '-vf',
    `scale=${CUT_WINDOW_WIDTH}:${CUT_WINDOW_HEIGHT}:flags=area,format=gray,scdet=threshold=100,metadata=mode=print:file=${filterPathValue(options.logPath)}`,
    '-f',
    'null',
    '-',
  ];
}
