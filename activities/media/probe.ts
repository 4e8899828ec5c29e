// What is in a media file, from ffprobe's JSON, validated into a strict shape.
// Anything that cannot become a scan (not media, no picture, no length)
// becomes a BadMediaError with a message a customer can act on.

import { BadMediaError } from './errors';
import { probeArgs } from './ffmpeg-args';
import type { Readable } from 'node:stream';
import { runProcess } from './process';

export interface MediaInfo {
  /** Length in seconds: the container's duration, else the longest stream's. */
  durationSec: number;
  hasVideo: boolean;
  hasAudio: boolean;
  /** Displayed size of the first video stream (rotation applied). */
  width: number;
  height: number;
  /** ffprobe's format name, e.g. `mov,mp4,m4a,3gp,3g2,mj2`. */
  formatName: string;
}

export interface ProbeOptions {
  signal?: AbortSignal;
  /** ffprobe binary. Default `ffprobe` from PATH. */
  ffprobePath?: string;
  /** Read the media from this stream instead of `path` (which is then `pipe:0`). */
  stdin?: Readable;
}

interface ProbeStream {
  codec_type?: string;
  width?: number;
  height?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: Array<{ rotation?: number }>;
}

interface ProbeJson {
  format?: { format_name?: string; duration?: string };
  streams?: ProbeStream[];
}

// Single-picture demuxers: a photo probes as a one-frame "video".
const IMAGE_FORMATS = /(^|,)(image2|[a-z0-9]+_pipe)(,|$)/;

export async function probeMedia(path: string, options: ProbeOptions = {}): Promise<MediaInfo> {
  const result = await runProcess(options.ffprobePath ?? 'ffprobe', probeArgs(path), {
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.stdin ? { stdin: options.stdin } : {}),
  });
  if (result.exitCode !== 0) {
    if (/No such file or directory|Permission denied/i.test(result.stderrTail)) {
      // The worker's own file went missing: not the customer's media, so retryable.
      throw new Error(`ffprobe could not open ${path}: ${result.stderrTail}`);
    }
    throw new BadMediaError('not_a_video', `The file is not a video ffmpeg can read (${firstLine(result.stderrTail, path)}).`);
  }
  let json: ProbeJson;
  try {
    json = JSON.parse(result.stdout) as ProbeJson;
  } catch (cause) {
    throw new BadMediaError('corrupt', 'The file could not be analysed: ffprobe gave no readable description.', { cause });
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
    throw new BadMediaError(
      'no_video_stream',
      hasAudio ? 'The file has sound but no video stream; a scan needs a picture.' : 'The file has no video stream.',
    );
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
  };
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

/** The first stderr line without the worker's path, which means nothing to a customer. */
function firstLine(text: string, path: string): string {
  const line = (text.split('\n')[0] ?? '').split(path).join('').replace(/^:\s*/, '').trim();
  return line.slice(0, 200) || 'unrecognised data';
}
