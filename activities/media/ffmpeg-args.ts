// Pure argument builders for ffprobe and ffmpeg. Every array here is asserted
// as a whole by unit tests, so a flag change is a visible, reviewed change.

import { FRAME_HEIGHT, FRAME_RATE, FRAME_WIDTH } from '../../core/motion';

/** Sample rate of the decoded soundtrack: loudness and speech-to-text both read it. */
export const AUDIO_SAMPLE_RATE = 16000;
/** Bytes of one decoded grey frame on ffmpeg's stdout. */
export const FRAME_BYTES = FRAME_WIDTH * FRAME_HEIGHT;

const QUIET = ['-nostdin', '-hide_banner', '-loglevel', 'error'] as const;

/** ffprobe of format and streams as JSON on stdout. */
export function probeArgs(path: string): string[] {
  return ['-v', 'error', '-hide_banner', '-print_format', 'json', '-show_format', '-show_streams', '--', path];
}

export interface DecodeArgsOptions {
  input: string;
  /** Where the 16 kHz mono s16le WAV goes; omit when the file has no audio stream. */
  wavOut?: string;
  /** Decoder threads. Default 2 (the worker machines have two cores). */
  threads?: number;
}

/**
 * One ffmpeg pass that reads the file once and writes
 * (a) 4 fps 96x54 grey rawvideo frames to stdout, frame k at k/4 s from the
 *     file start (`start_time=0` pads with the first picture when the video
 *     stream starts late, so frame indices are times); the picture is
 *     autorotated by ffmpeg and then forced to 96x54 whatever its aspect;
 * (b) when `wavOut` is given, a 16 kHz mono s16le WAV of the first audio
 *     stream, padded with silence at the start when audio begins after 0 and
 *     filled over gaps (`aresample` async), with a canonical 44-byte header
 *     (no metadata, bitexact) that pocketsphinx reads as-is.
 */
export function decodeArgs(options: DecodeArgsOptions): string[] {
  const threads = options.threads ?? 2;
  const args = [
    ...QUIET,
    '-threads', String(threads),
    '-i', options.input,
    '-map', '0:v:0',
    '-vf', `fps=fps=${FRAME_RATE}:start_time=0,scale=${FRAME_WIDTH}:${FRAME_HEIGHT}:flags=area,format=gray`,
    '-an', '-sn', '-dn',
    '-f', 'rawvideo',
    'pipe:1',
  ];
  if (options.wavOut !== undefined) args.push(...wavOutputArgs(options.wavOut));
  return args;
}

function wavOutputArgs(wavOut: string): string[] {
  return [
    '-map', '0:a:0?',
    '-vn', '-sn', '-dn',
    '-af', 'aresample=async=1:first_pts=0',
    '-ac', '1',
    '-ar', String(AUDIO_SAMPLE_RATE),
    '-c:a', 'pcm_s16le',
    '-map_metadata', '-1',
    '-bitexact',
    '-f', 'wav',
    '-y', wavOut,
  ];
}
