// One cut's window decoded at the source's full frame rate: each frame's time
// and its difference from the frame before, for core's `refineCut` to choose from.

import { readFile, rm } from 'node:fs/promises';
import type { MediaLimits } from '../../core/media-limits';
import type { WindowFrame } from '../../core/cut-refinement';
import { cutWindowArgs } from './ffmpeg-args';
import { runProcess } from './process';

export interface CutWindowOptions {
  input: string;
  startSec: number;
  durationSec: number;
  /** A scratch file for ffmpeg's frame log; removed before this returns. */
  logPath: string;
  limits?: Pick<MediaLimits, 'maxPixels'>;
  signal?: AbortSignal;
  ffmpegPath?: string;
}

/** The window's frames in time order; throws when ffmpeg fails (the caller keeps the cut on its grid). */
export async function frameDiffsInWindow(options: CutWindowOptions): Promise<WindowFrame[]> {
  try {
    const args = cutWindowArgs({
      input: options.input,
      startSec: options.startSec,
      durationSec: options.durationSec,
      logPath: options.logPath,
      ...(options.limits ? { limits: options.limits } : {}),
    });
    const result = await runProcess(options.ffmpegPath ?? 'ffmpeg', args, { ...(options.signal ? { signal: options.signal } : {}) });
    if (result.exitCode !== 0) throw new Error(`ffmpeg could not decode the window at ${options.startSec} s: ${result.stderrTail}`);
    return parseWindowLog(await readFile(options.logPath, 'utf8'), options.startSec);
  } finally {
    await rm(options.logPath, { force: true });
  }
}

/**
 * ffmpeg's `metadata=mode=print` log of a window: a `frame:N pts:P pts_time:T`
 * line per frame followed by its `lavfi.scd.mafd=D` line. Times are shifted
 * back by the window's start; a frame without a difference line is left out.
 */
export function parseWindowLog(text: string, startSec: number): WindowFrame[] {
  const frames: WindowFrame[] = [];
  let time: number | null = null;
  for (const line of text.split('\n')) {
    const head = /^frame:\s*\d+\s+pts:\s*\S+\s+pts_time:(\S+)/.exec(line);
    if (head) {
      const t = Number(head[1]);
      time = Number.isFinite(t) ? t : null;
      continue;
    }
    const mafd = /^lavfi\.scd\.mafd=(\S+)/.exec(line);
    if (mafd && time !== null) {
      const diff = Number(mafd[1]);
      if (Number.isFinite(diff)) frames.push({ timeSec: startSec + time, diff });
      time = null;
    }
  }
  return frames.sort((a, b) => a.timeSec - b.timeSec);
}
