import { describe, expect, it } from 'vitest';
import { BadMediaError } from '../../../activities/media/errors';
import { mediaInfoFromProbe, rationalRate } from '../../../activities/media/probe';

const mp4 = 'mov,mp4,m4a,3gp,3g2,mj2';
const h264 = { codec_type: 'video', width: 1920, height: 1080, duration: '12.000000', avg_frame_rate: '30000/1001' };
const aac = { codec_type: 'audio', duration: '12.010000' };

function codeOf(json: Parameters<typeof mediaInfoFromProbe>[0]): string {
  try {
    mediaInfoFromProbe(json);
  } catch (error) {
    if (error instanceof BadMediaError) return error.code;
    throw error;
  }
  return 'ok';
}

describe('mediaInfoFromProbe', () => {
  it('reads a video with sound, the container duration first', () => {
    expect(mediaInfoFromProbe({ format: { format_name: mp4, duration: '12.050000', tags: { major_brand: 'qt  ' } }, streams: [h264, aac] })).toEqual({
      durationSec: 12.05,
      hasVideo: true,
      hasAudio: true,
      width: 1920,
      height: 1080,
      formatName: mp4,
      majorBrand: 'qt  ',
      fps: 30000 / 1001,
      fpsVariable: false,
    });
  });

  it('tells a variable frame rate from the first packets of the video stream, in presentation order', () => {
    const video = { ...h264, index: 0 };
    const sound = { ...aac, index: 1 };
    // Decode order (B-frames after the frame they refer to), with the sound's packets between.
    const steady = [0, 3003, 1001, 2002, 6006, 4004, 5005].flatMap((pts, i) => [
      { stream_index: 0, pts },
      { stream_index: 1, pts: i * 1024 },
    ]);
    const uneven = [0, 1001, 3003, 3503, 6006].map((pts) => ({ stream_index: 0, pts }));
    const json = (packets: Array<{ stream_index: number; pts: number }>) => ({ format: { format_name: mp4, duration: '3' }, streams: [video, sound], packets });
    expect(mediaInfoFromProbe(json(steady)).fpsVariable).toBe(false);
    expect(mediaInfoFromProbe(json(uneven)).fpsVariable).toBe(true);
    expect(
      mediaInfoFromProbe({
        ...json(uneven),
        streams: [
          { ...aac, index: 0 },
          { ...video, index: 1 },
        ],
      }).fpsVariable,
    ).toBe(false);
  });

  it('falls back to the longest stream duration when the container has none', () => {
    const info = mediaInfoFromProbe({ format: { format_name: 'matroska,webm' }, streams: [h264, aac] });
    expect(info.durationSec).toBe(12.01);
  });

  it('has no major brand or frame rate when the container does not say', () => {
    const info = mediaInfoFromProbe({ format: { format_name: 'matroska,webm', duration: '3' }, streams: [{ ...h264, avg_frame_rate: '0/0' }] });
    expect([info.majorBrand, info.fps]).toEqual([null, null]);
  });

  it('swaps the displayed size of a phone video rotated a quarter turn', () => {
    const portrait = { ...h264, side_data_list: [{ rotation: -90 }] };
    const info = mediaInfoFromProbe({ format: { format_name: mp4, duration: '3' }, streams: [portrait] });
    expect([info.width, info.height, info.hasAudio]).toEqual([1080, 1920, false]);
    const tagged = { ...h264, tags: { rotate: '270' } };
    expect(mediaInfoFromProbe({ format: { format_name: mp4, duration: '3' }, streams: [tagged] }).width).toBe(1080);
  });

  it.each([
    ['audio only', { format: { format_name: 'mp3', duration: '30' }, streams: [aac] }, 'no_video_stream'],
    [
      'audio with cover art',
      { format: { format_name: 'mp3', duration: '30' }, streams: [aac, { ...h264, disposition: { attached_pic: 1 } }] },
      'no_video_stream',
    ],
    ['no streams at all', { format: { format_name: 'mp3', duration: '30' }, streams: [] }, 'not_a_video'],
    ['a still image', { format: { format_name: 'png_pipe' }, streams: [{ codec_type: 'video', width: 10, height: 10 }] }, 'not_a_video'],
    ['a jpeg', { format: { format_name: 'image2', duration: '0.040000' }, streams: [{ codec_type: 'video', width: 10, height: 10 }] }, 'not_a_video'],
    ['zero duration', { format: { format_name: mp4, duration: '0.000000' }, streams: [{ ...h264, duration: '0' }] }, 'zero_duration'],
    ['missing duration', { format: { format_name: mp4 }, streams: [{ codec_type: 'video', width: 2, height: 2 }] }, 'zero_duration'],
    ['no picture size', { format: { format_name: mp4, duration: '3' }, streams: [{ codec_type: 'video' }] }, 'corrupt'],
  ])('refuses %s', (_name, json, code) => {
    expect(codeOf(json)).toBe(code);
  });
});

describe('rationalRate', () => {
  it.each([
    ['30/1', 30],
    ['30000/1001', 30000 / 1001],
    ['1/3600', 1 / 3600],
    ['0/0', null],
    ['25/0', null],
    ['', null],
    [undefined, null],
    ['-30/1', null],
    ['30', null],
  ])('reads %s as %s', (raw, rate) => {
    expect(rationalRate(raw)).toBe(rate);
  });
});
