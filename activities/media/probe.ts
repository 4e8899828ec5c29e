// What is in a media file, from ffprobe's JSON, validated into a strict shape.
// Anything that cannot become a scan (not media, no picture, no length, a
// format or frame size our input guards refuse) becomes a BadMediaError with a
// message a customer can act on; ffprobe's own words only go to the log.

import { FRAME_RATE_PROBE_PACKETS, isVariableFrameRate } from '../../core/frame-rate';
import { DEFAULT_MEDIA_LIMITS, type MediaLimits } from '../../core/media-limits';
import { BadMediaError } from './errors';
import { NOT_A_VIDEO_DETAIL, guardRefusal } from './failures';
import { probeArgs } from './ffmpeg-args';
import type { Readable } from 'node:stream';
import type { MediaProbe } from '../../core/measurements';
import { runProcess } from './process';

/** What ffprobe tells: the part a scan keeps (core's MediaProbe) plus what only probe itself needs. */
export interface MediaInfo extends MediaProbe {
  /** ffprobe's format name, e.g. `mov,mp4,m4a,3gp,3g2,mj2`. */
  formatName: string;
  /** ISO-BMFF major brand (`isom`, `qt  `, …) when the container has one. */
  majorBrand: string | null;
  /** Average frame rate of the first video stream; null when unknown. */
  fps: number | null;
}

export interface ProbeOptions {
  signal?: AbortSignal;
  /** ffprobe binary. Default `ffprobe` from PATH. */
  ffprobePath?: string;
  /** Read the media from this stream instead of `path` (which is then `pipe:0`). */
  stdin?: Readable;
  /** ffprobe is killed after this long and the file refused as damaged (default 120 000 ms). */
  timeoutMs?: number;
  /** The pixel limit given to ffprobe's decoders, and the size limits a refusal names. Default DEFAULT_MEDIA_LIMITS. */
  limits?: Pick<MediaLimits, 'maxSidePx' | 'maxPixels'>;
}

interface ProbeStream {
  index?: number;
  codec_type?: string;
  width?: number;
  height?: number;
  duration?: string;
  avg_frame_rate?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: Array<{ rotation?: number }>;
}

interface ProbeJson {
  format?: { format_name?: string; duration?: string; tags?: { major_brand?: string } };
  streams?: ProbeStream[];
  /** The first FRAME_RATE_PROBE_PACKETS packets of every stream (see `probeArgs`). */
  packets?: Array<{ stream_index?: number; pts?: number }>;
}

export const PROBE_TIMEOUT_DETAIL = 'The file could not be analysed: reading its description took too long; it may be damaged.';

// Single-picture demuxers: a photo probes as a one-frame "video".
const IMAGE_FORMATS = /(^|,)(image2|[a-z0-9]+_pipe)(,|$)/;

export async function probeMedia(path: string, options: ProbeOptions = {}): Promise<MediaInfo> {
  const limits = options.limits ?? DEFAULT_MEDIA_LIMITS;
  const timeoutMs = options.timeoutMs ?? 120_000;
  // ffprobe reads a header and a few frames: one that takes minutes is stuck on a crafted file.
  const timedOut = new AbortController();
  const timer = setTimeout(() => timedOut.abort(new BadMediaError('corrupt', PROBE_TIMEOUT_DETAIL)), timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timedOut.signal]) : timedOut.signal;
  const result = await runProcess(options.ffprobePath ?? 'ffprobe', probeArgs(path, limits), {
    signal,
    ...(options.stdin ? { stdin: options.stdin } : {}),
  }).finally(() => clearTimeout(timer));
  if (result.exitCode !== 0) {
    if (/No such file or directory|Permission denied/i.test(result.stderrTail)) {
      // The worker's own file went missing: not the customer's media, so retryable.
      throw new Error(`ffprobe could not open ${path}: ${result.stderrTail}`);
    }
    throw guardRefusal(result.stderrTail, limits) ?? new BadMediaError('not_a_video', NOT_A_VIDEO_DETAIL, { diagnostic: withoutPath(result.stderrTail, path) });
  }
  let json: ProbeJson;
  try {
    json = JSON.parse(result.stdout) as ProbeJson;
  } catch (cause) {
    throw new BadMediaError('corrupt', 'The file could not be analysed: no readable description of it came out.', { cause });
  }
  return mediaInfoFromProbe(json);
}

/** The strict reading of ffprobe's JSON; exported for table tests. */
export function mediaInfoFromProbe(json: ProbeJson): MediaInfo {
  const formatName = json.format?.format_name ?? '';
  const streams = json.streams ?? [];
  if (streams.length === 0 || formatName === '') {
    throw new BadMediaError('not_a_video', 'The file holds no audio or video streams.');
  }
  const video = streams.filter((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  const hasAudio = streams.some((s) => s.codec_type === 'audio');
  const first = video[0];
  if (first === undefined) {
    throw new BadMediaError('no_video_stream', hasAudio ? 'The file has sound but no video stream; a scan needs a picture.' : 'The file has no video stream.');
  }
  if (IMAGE_FORMATS.test(formatName)) {
    throw new BadMediaError('not_a_video', `The file is a still image (${formatName}), not a video.`);
  }
  const durationSec = positive(json.format?.duration) ?? Math.max(0, ...streams.map((s) => positive(s.duration) ?? 0));
  if (!(durationSec > 0)) {
    throw new BadMediaError('zero_duration', 'The video has no length (its duration is zero or missing).');
  }
  const rotation = rotationOf(first);
  const quarterTurn = Math.abs(rotation) % 180 === 90;
  const w = first.width ?? 0;
  const h = first.height ?? 0;
  if (!(w > 0 && h > 0)) {
    throw new BadMediaError('corrupt', 'The video stream has no picture size; the file looks damaged.');
  }
  return {
    durationSec,
    hasVideo: true,
    hasAudio,
    width: quarterTurn ? h : w,
    height: quarterTurn ? w : h,
    formatName,
    majorBrand: json.format?.tags?.major_brand ?? null,
    fps: rationalRate(first.avg_frame_rate),
    fpsVariable: variableRate(json.packets ?? [], first.index),
  };
}

function variableRate(packets: NonNullable<ProbeJson['packets']>, streamIndex: number | undefined): boolean {
  if (streamIndex === undefined) return false;
  const pts = packets.filter((p) => p.stream_index === streamIndex && typeof p.pts === 'number').map((p) => p.pts as number);
  return isVariableFrameRate(pts, { truncated: packets.length >= FRAME_RATE_PROBE_PACKETS });
}

function rotationOf(stream: ProbeStream): number {
  for (const side of stream.side_data_list ?? []) {
    if (typeof side.rotation === 'number') return side.rotation;
  }
  const tag = Number(stream.tags?.rotate);
  return Number.isFinite(tag) ? tag : 0;
}

function positive(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const x = Number(raw);
  return Number.isFinite(x) && x > 0 ? x : undefined;
}

/**
 * ffprobe's `avg_frame_rate` ("30000/1001", "0/0") as a number, null when
 * unknown. The average, not `r_frame_rate`: Matroska reports the latter as its
 * 1000/1 time base whatever the real rate.
 */
export function rationalRate(raw: string | undefined): number | null {
  const match = /^(\d+)\/(\d+)$/.exec(raw ?? '');
  if (!match) return null;
  const rate = Number(match[1]) / Number(match[2]);
  return Number.isFinite(rate) && rate > 0 ? rate : null;
}

function withoutPath(text: string, path: string): string {
  return text.split(path).join('<input>');
}
