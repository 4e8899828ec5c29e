// What a failed ffprobe or ffmpeg run means for the customer, read from the
// tool's stderr. Only the class of failure is taken from it; the words a
// client sees are ours (the stderr is logged for operators, never sent).

import { frameSizeOverLimit, type MediaLimits } from '../../core/media-limits';
import { ACCEPTED_CONTAINERS_TEXT } from '../../core/media-type';
import { BadMediaError } from './errors';

export const NOT_ACCEPTED_DETAIL = `The file is not in a video format we accept; send ${ACCEPTED_CONTAINERS_TEXT}.`;
export const NOT_A_VIDEO_DETAIL = 'The file is not a video we can read: it is damaged or not a video at all.';
export const UNDECODABLE_DETAIL = 'The video could not be decoded: its data is damaged or uses a form we cannot read.';

/**
 * A refusal by one of our input guards (format or protocol whitelist, pixel
 * limit) as a BadMediaError naming the limit, or null for any other failure.
 */
export function guardRefusal(stderr: string, limits: Pick<MediaLimits, 'maxSidePx' | 'maxPixels'>): BadMediaError | null {
  const pixels = /Picture size (\d{1,9})x(\d{1,9}) exceeds specified max pixel count/.exec(stderr);
  if (pixels) {
    const width = Number(pixels[1]);
    const height = Number(pixels[2]);
    const detail =
      frameSizeOverLimit(width, height, limits) ??
      `The video's frames are too large: ${width}×${height} pixels; the limit is ${(limits.maxPixels / 1e6).toFixed(1)} million pixels per frame.`;
    return new BadMediaError('over_limit', detail, { diagnostic: stderr });
  }
  if (/not on whitelist/i.test(stderr)) return new BadMediaError('not_accepted', NOT_ACCEPTED_DETAIL, { diagnostic: stderr });
  return null;
}
