import { describe, expect, it } from 'vitest';
import {
  FRAME_BYTES,
  PICTURE_BYTES,
  NO_SHORTCUTS,
  SKIP_NON_REF_MIN_FPS,
  cutWindowArgs,
  decodeArgs,
  decoderShortcuts,
  filterPathValue,
  loudnessArgs,
  probeArgs,
  renderArgs,
  soundtrackArgs,
} from '../../../activities/media/ffmpeg-args';
import { pocketsphinxArgs } from '../../../activities/media/transcriber';
import { DEFAULT_MEDIA_LIMITS } from '../../../core/media-limits';

// The input guards of every ffprobe and ffmpeg run: video demuxers only (no
// concat, HLS, image sequences), files and pipes only, and the pixel limit.
const guards = ['-format_whitelist', 'mov,mp4,matroska,webm,avi,flv,mpegts,mpeg,ogg,asf,mxf', '-protocol_whitelist', 'file,pipe', '-max_pixels', '35389440'];

describe('probeArgs', () => {
  it("asks ffprobe for format, streams and the first 600 packets' timestamps as JSON behind the input guards, the path after --", () => {
    expect(probeArgs('/tmp/a b.mp4')).toEqual([
      '-v',
      'error',
      '-hide_banner',
      ...guards,
      '-print_format',
      'json=compact=1',
      '-show_format',
      '-show_streams',
      '-show_entries',
      'packet=stream_index,pts',
      '-read_intervals',
      '%+#600',
      '--',
      '/tmp/a b.mp4',
    ]);
  });

  it('passes a configured pixel limit', () => {
    const args = probeArgs('x', { maxPixels: 1000 });
    expect(args[args.indexOf('-max_pixels') + 1]).toBe('1000');
  });
});

describe('decodeArgs', () => {
  const video = [
    '-nostdin',
    '-hide_banner',
    '-loglevel',
    'error',
    '-threads',
    '2',
    ...guards,
    // Reads at most the 2-hour limit plus a 30 s margin, whatever the header says.
    '-t',
    '7230',
    '-i',
    '/in/clip.mov',
    '-map',
    '0:v:0',
    '-vf',
    // Grey exactly as before (the same scale from the decoded frame), the U and V planes stacked under it.
    'fps=fps=4:start_time=0,split=2[grey][colour];[grey]scale=96:54:flags=area,format=gray[y];' +
      '[colour]scale=96:54:flags=area,format=yuv444p,extractplanes=u+v[u][v];[y][u][v]vstack=inputs=3',
    '-an',
    '-sn',
    '-dn',
    '-f',
    'rawvideo',
    'pipe:1',
  ];

  it('writes only 4 fps 96x54 samples (grey, then U and V) to stdout when there is no audio', () => {
    expect(decodeArgs({ input: '/in/clip.mov' })).toEqual(video);
  });

  it('adds a 16 kHz mono s16le WAV output with a bare 44-byte header when given wavOut', () => {
    expect(decodeArgs({ input: '/in/clip.mov', wavOut: '/scratch/a.wav' })).toEqual([
      ...video,
      '-map',
      '0:a:0?',
      '-vn',
      '-sn',
      '-dn',
      '-af',
      'aresample=async=1:first_pts=0',
      '-ac',
      '1',
      '-ar',
      '16000',
      '-c:a',
      'pcm_s16le',
      '-map_metadata',
      '-1',
      '-bitexact',
      '-f',
      'wav',
      '-y',
      '/scratch/a.wav',
    ]);
  });

  it('meters the soundtrack with ebur128 before the mix-down when given a loudness log, and the same meter alone in its own pass', () => {
    const full = decodeArgs({ input: '/in/clip.mov', wavOut: '/scratch/a.wav', loudnessLog: '/scratch/a.wav.r128.txt' });
    const meter = "ebur128=metadata=1:peak=true,ametadata=mode=print:file=\\'/scratch/a.wav.r128.txt\\'";
    expect(full[full.indexOf('-af') + 1]).toBe(`${meter},aresample=async=1:first_pts=0`);
    expect(full.indexOf('-af')).toBeLessThan(full.indexOf('-ac'));
    const apart = soundtrackArgs({ input: '/in/clip.mov', wavOut: '/scratch/a.wav' });
    expect(apart[apart.indexOf('-af') + 1]).toBe('aresample=async=1:first_pts=0');
    const alone = loudnessArgs({ input: '/in/clip.mov', loudnessLog: '/scratch/a.wav.r128.txt' });
    // The soundtrack pass's guards and time limit, then the meter into no file at all.
    expect(alone.slice(0, alone.indexOf('-i') + 2)).toEqual(apart.slice(0, apart.indexOf('-i') + 2));
    expect(alone.slice(alone.indexOf('-i') + 2)).toEqual(['-map', '0:a:0', '-vn', '-sn', '-dn', '-af', meter, '-f', 'null', '-']);
  });

  it.each([
    ['/s/m.txt', "\\'/s/m.txt\\'"],
    ["/s/we:ird d'ir,x/m.txt", "\\'/s/we:ird d\\'\\\\\\'\\'ir\\,x/m.txt\\'"],
    ['/s/a[1];b\\c', "\\'/s/a\\[1\\]\\;b\\\\c\\'"],
  ])('escapes the path %s as one filter option value (each checked by hand with ffmpeg 5.1)', (path, value) => {
    expect(filterPathValue(path)).toBe(value);
  });

  it('writes the soundtrack alone exactly as the full pass writes it, behind the same guards and time limit', () => {
    const full = decodeArgs({ input: '/in/clip.mov', wavOut: '/scratch/a.wav' });
    const input = full.indexOf('-i');
    const wav = full.indexOf('pipe:1') + 1;
    // The input options without the video decoder's threads and shortcuts, then the WAV output.
    const expected = [...full.slice(0, 4), ...full.slice(6, input + 2), ...full.slice(wav)];
    expect(soundtrackArgs({ input: '/in/clip.mov', wavOut: '/scratch/a.wav' })).toEqual(expected);
    expect(expected).not.toContain('pipe:1');
    const limited = soundtrackArgs({ input: 'x', wavOut: 'a.wav', limits: { ...DEFAULT_MEDIA_LIMITS, maxDurationSec: 600 } });
    expect(limited.slice(limited.indexOf('-t'), limited.indexOf('-t') + 2)).toEqual(['-t', '630']);
  });

  it('reads no more than a configured duration limit plus the margin, with a configured pixel limit', () => {
    const args = decodeArgs({ input: 'x', limits: { maxDurationSec: 600, maxPixels: 2_000_000 } });
    const before = args.slice(0, args.indexOf('-i'));
    expect(before.slice(before.indexOf('-t'), before.indexOf('-t') + 2)).toEqual(['-t', '630']);
    expect(before.slice(before.indexOf('-max_pixels'), before.indexOf('-max_pixels') + 2)).toEqual(['-max_pixels', '2000000']);
  });

  it('passes the decoder thread count', () => {
    const args = decodeArgs({ input: 'x', threads: 1 });
    expect(args.slice(4, 6)).toEqual(['-threads', '1']);
  });

  it('puts the chosen decoder shortcuts, for the video stream only, before the input', () => {
    const args = decodeArgs({ input: 'x', shortcuts: { skipLoopFilter: true, skipNonRef: true } });
    expect(args.slice(6, 10)).toEqual(['-skip_loop_filter:v', 'all', '-skip_frame:v', 'noref']);
    expect(decodeArgs({ input: 'x', shortcuts: { skipLoopFilter: false, skipNonRef: true } }).slice(6, 8)).toEqual(['-skip_frame:v', 'noref']);
    expect(decodeArgs({ input: 'x', shortcuts: NO_SHORTCUTS })).toEqual(decodeArgs({ input: 'x' }));
  });

  it('reads one grey frame as 96 x 54 bytes, and one sample as three such planes', () => {
    expect(FRAME_BYTES).toBe(5184);
    expect(PICTURE_BYTES).toBe(3 * 5184);
  });
});

describe('decoderShortcuts', () => {
  it.each([
    [null, false],
    [undefined, false],
    [0, false],
    [8, false],
    [15, false],
    [SKIP_NON_REF_MIN_FPS - 0.01, false],
    [SKIP_NON_REF_MIN_FPS, true],
    [23.976, true],
    [29.97, true],
    [60, true],
    [240, true],
  ])('at %s fps skips non-reference frames: %s; never skips deblocking', (fps, skip) => {
    expect(decoderShortcuts(fps)).toEqual({ skipLoopFilter: false, skipNonRef: skip });
  });
});

describe('pocketsphinxArgs', () => {
  it('reads the WAV with word times and no log, extra model arguments last', () => {
    expect(pocketsphinxArgs('/s/chunk-0.wav')).toEqual(['-infile', '/s/chunk-0.wav', '-time', 'yes', '-logfn', '/dev/null']);
    expect(pocketsphinxArgs('/s/c.wav', ['-hmm', '/m'])).toEqual(['-infile', '/s/c.wav', '-time', 'yes', '-logfn', '/dev/null', '-hmm', '/m']);
  });
});

describe('renderArgs (the recut)', () => {
  const segments = [
    { start: 3, end: 8 },
    { start: 12.5, end: 20 },
  ];
  const quiet = ['-nostdin', '-hide_banner', '-loglevel', 'error'];

  it('reads through the input guards, cuts picture and sound with trim/atrim, joins both in one concat and scales to even sides', () => {
    expect(renderArgs({ input: '/in.mp4', output: '/out.mp4', segments, hasVideo: true, hasAudio: true })).toEqual([
      ...quiet,
      ...guards,
      '-y',
      '-i',
      '/in.mp4',
      '-filter_complex',
      '[0:v:0]trim=start=3:end=8,setpts=PTS-STARTPTS[v0];[0:a:0]atrim=start=3:end=8,asetpts=PTS-STARTPTS[a0];' +
        '[0:v:0]trim=start=12.5:end=20,setpts=PTS-STARTPTS[v1];[0:a:0]atrim=start=12.5:end=20,asetpts=PTS-STARTPTS[a1];' +
        '[v0][a0][v1][a1]concat=n=2:v=1:a=1[joined][a];[joined]scale=w=ceil(iw/2)*2:h=ceil(ih/2)*2[v]',
      '-map',
      '[v]',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '20',
      '-pix_fmt',
      'yuv420p',
      '-map',
      '[a]',
      '-c:a',
      'aac',
      '-b:a',
      '160k',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      '/out.mp4',
    ]);
  });

  it('renders picture only and sound only; the pixel limit is the one given', () => {
    expect(renderArgs({ input: 'i', output: 'o', segments: [{ start: 0, end: 1.5 }], hasVideo: true, hasAudio: false, limits: { maxPixels: 100 } })).toEqual([
      ...quiet,
      ...guards.slice(0, 4),
      '-max_pixels',
      '100',
      '-y',
      '-i',
      'i',
      '-filter_complex',
      '[0:v:0]trim=start=0:end=1.5,setpts=PTS-STARTPTS[v0];[v0]concat=n=1:v=1:a=0[joined];[joined]scale=w=ceil(iw/2)*2:h=ceil(ih/2)*2[v]',
      '-map',
      '[v]',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '20',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      'o',
    ]);
    expect(renderArgs({ input: 'i', output: 'o', segments: [{ start: 1, end: 2 }], hasVideo: false, hasAudio: true })).toEqual([
      ...quiet,
      ...guards,
      '-y',
      '-i',
      'i',
      '-filter_complex',
      '[0:a:0]atrim=start=1:end=2,asetpts=PTS-STARTPTS[a0];[a0]concat=n=1:v=0:a=1[a]',
      '-map',
      '[a]',
      '-c:a',
      'aac',
      '-b:a',
      '160k',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      'o',
    ]);
  });

  it('refuses an empty plan', () => {
    expect(() => renderArgs({ input: 'i', output: 'o', segments: [], hasVideo: true, hasAudio: true })).toThrow(/no segments/);
    expect(() => renderArgs({ input: 'i', output: 'o', segments, hasVideo: false, hasAudio: false })).toThrow(/no video and no audio/);
  });
});

describe('cutWindowArgs', () => {
  it("decodes one window with an accurate seek, 64x36 grey frames compared by scdet, each frame's time and difference to a log", () => {
    expect(cutWindowArgs({ input: '/tmp/in.mp4', startSec: 4.575, durationSec: 0.85, logPath: '/tmp/w:1.txt' })).toEqual([
      '-nostdin',
      '-hide_banner',
      '-loglevel',
      'error',
      '-threads',
      '1',
      ...guards,
      '-ss',
      '4.575',
      '-t',
      '0.85',
      '-i',
      '/tmp/in.mp4',
      '-map',
      '0:v:0',
      '-an',
      '-sn',
      '-dn',
      '-vf',
      "scale=64:36:flags=area,format=gray,scdet=threshold=100,metadata=mode=print:file=\\'/tmp/w:1.txt\\'",
      '-f',
      'null',
      '-',
    ]);
  });
});
