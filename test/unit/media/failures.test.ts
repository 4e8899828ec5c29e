import { describe, expect, it } from 'vitest';
import { DEFAULT_MEDIA_LIMITS } from '../../../core/media-limits';
import { NOT_ACCEPTED_DETAIL, guardRefusal } from '../../../activities/media/failures';

// stderr as ffprobe/ffmpeg 5.1 print it when one of our input guards refuses.
const pixels = (w: number, h: number) =>
  `[ffv1 @ 0x55c0] [IMGUTILS @ 0x7ffe] Picture size ${w}x${h} exceeds specified max pixel count 35389440, see the documentation if you wish to increase it\n<input>: Invalid argument`;

describe('guardRefusal', () => {
  it('names the side limit when ffmpeg refused a frame wider than 8192', () => {
    const error = guardRefusal(pixels(16000, 16000), DEFAULT_MEDIA_LIMITS);
    expect(error?.code).toBe('over_limit');
    expect(error?.message).toBe("The video's frames are too large: 16000×16000 pixels; the limit is 8192 pixels on a side.");
  });

  it('names the pixel limit when every side is within 8192', () => {
    expect(guardRefusal(pixels(8000, 4500), DEFAULT_MEDIA_LIMITS)?.message).toBe(
      "The video's frames are too large: 8000×4500 is 36.0 million pixels; the limit is 35.4 million pixels per frame.",
    );
  });

  it('refuses a format outside the whitelist in plain words, keeping what ffmpeg said for the log', () => {
    const stderr = "[concat @ 0x5612] Format not on whitelist 'mov,mp4,matroska'\n<input>: Invalid argument";
    const error = guardRefusal(stderr, DEFAULT_MEDIA_LIMITS);
    expect(error?.code).toBe('not_accepted');
    expect(error?.message).toBe(NOT_ACCEPTED_DETAIL);
    expect(error?.message).not.toContain('concat');
    expect(error?.diagnostic).toBe(stderr);
  });

  it('refuses a protocol outside the whitelist the same way', () => {
    expect(guardRefusal("[mov @ 0x1] Protocol 'http' not on whitelist 'file,pipe'!", DEFAULT_MEDIA_LIMITS)?.code).toBe('not_accepted');
  });

  it('leaves every other failure to the caller', () => {
    expect(guardRefusal('moov atom not found\n<input>: Invalid data found when processing input', DEFAULT_MEDIA_LIMITS)).toBeNull();
    expect(guardRefusal('', DEFAULT_MEDIA_LIMITS)).toBeNull();
  });
});
