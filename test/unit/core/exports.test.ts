import { describe, expect, it } from 'vitest';
import {
  chapterLines,
  clock,
  cmx3600Edl,
  EDL_MAX_EVENTS,
  framesOfTimecode,
  EXPORT_FORMATS,
  exportRecut,
  exportScan,
  isExportFormat,
  srtFrom,
  subtitleTime,
  timecode,
  timelineCsv,
  vttFrom,
  youtubeChapters,
} from '../../../core/exports';
import type { Moment, TranscriptSegment } from '../../../core/wire/read';
import { exportableScan } from './exportable-scan';

const moment = (second: number, hold: number, quote: string): Moment => ({ second, label: 'peak', hold, quote });

describe('subtitle times', () => {
  it.each([
    [0, ',', '00:00:00,000'],
    [1.5, ',', '00:00:01,500'],
    [61.0005, '.', '00:01:01.001'],
    [3725.25, '.', '01:02:05.250'],
    [-2, ',', '00:00:00,000'],
    [Number.NaN, '.', '00:00:00.000'],
  ] as const)('%s s with %s is %s', (seconds, separator, expected) => {
    expect(subtitleTime(seconds, separator)).toBe(expected);
  });
});

describe('SRT and WebVTT from the transcript', () => {
  const transcript: TranscriptSegment[] = [
    { start: 4, end: 5.25, text: 'second line' },
    { start: 0.5, end: 2, text: 'first\n\nline  here' },
    { start: 6, end: 7, text: '   ' },
    { start: 8, end: 9, text: 'a <b> & c --> d' },
  ];

  it('SRT numbers the non-empty cues in time order, one line each, CRLF', () => {
    expect(srtFrom(transcript)).toBe(
      '1\r\n00:00:00,500 --> 00:00:02,000\r\nfirst line here\r\n\r\n' +
        '2\r\n00:00:04,000 --> 00:00:05,250\r\nsecond line\r\n\r\n' +
        '3\r\n00:00:08,000 --> 00:00:09,000\r\na <b> & c -> d\r\n\r\n',
    );
  });

  it('WebVTT starts with its header and escapes &, < and >', () => {
    expect(vttFrom(transcript)).toBe(
      'WEBVTT\n\n' +
        '00:00:00.500 --> 00:00:02.000\nfirst line here\n\n' +
        '00:00:04.000 --> 00:00:05.250\nsecond line\n\n' +
        '00:00:08.000 --> 00:00:09.000\na &lt;b&gt; &amp; c --&gt; d\n\n',
    );
  });

  it('an empty transcript is an empty SRT and a header-only VTT', () => {
    expect(srtFrom([])).toBe('');
    expect(vttFrom([])).toBe('WEBVTT\n\n');
  });

  it('a segment ending before it starts stays up the shortest time a cue may', () => {
    expect(srtFrom([{ start: 3, end: 2, text: 'x' }])).toBe('1\r\n00:00:03,000 --> 00:00:04,000\r\nx\r\n\r\n');
  });
});

describe('timeline CSV', () => {
  it('has a header and one row per second with the four series', () => {
    expect(timelineCsv(exportableScan())).toBe('second,hold,motion,loudness,speech\r\n0,50,10.5,20,0\r\n1,60.2,0,30,100\r\n2,12,1,2,3\r\n');
  });

  it('an empty timeline is the header alone', () => {
    expect(timelineCsv({ timeline: [] })).toBe('second,hold,motion,loudness,speech\r\n');
  });
});

describe('EDL timecodes', () => {
  it.each([
    [0, 30, '00:00:00:00'],
    [29, 30, '00:00:00:29'],
    [30, 30, '00:00:01:00'],
    [30 * 3661 + 5, 30, '01:01:01:05'],
    [24 * 90, 24, '00:01:30:00'],
    [-5, 30, '00:00:00:00'],
    [24 * 90, 24000 / 1001, '00:01:30:00'],
    [1799, 30000 / 1001, '00:00:59;29'],
    [1800, 30000 / 1001, '00:01:00;02'],
    [3598, 30000 / 1001, '00:02:00;02'],
    [17982, 30000 / 1001, '00:10:00;00'],
    [17982 * 6, 30000 / 1001, '01:00:00;00'],
    [3600, 60000 / 1001, '00:01:00;04'],
    [35964, 60000 / 1001, '00:10:00;00'],
  ])('frame %s at %s fps is %s', (frames, fps, expected) => {
    expect(timecode(frames, fps)).toBe(expected);
  });
});

describe('CMX3600 EDL', () => {
  it('says DROP FRAME and writes drop-frame timecodes at 29.97 fps', () => {
    const edl = cmx3600Edl({ scan_id: 'scn_x', title: 'T', duration_sec: 120, frame_rate: 30000 / 1001, cuts: [60.06], dead: [] }).split('\r\n');
    expect(edl[1]).toBe('FCM: DROP FRAME');
    expect(edl[3]).toBe('001  AX       AA/V  C        00:00:00;00 00:01:00;02 01:00:00;00 01:01:00;02');
  });
  it('lists one cut event per shot, with cut and dead-stretch markers inside their events', () => {
    const edl = cmx3600Edl({ scan_id: 'scn_x', title: 'My talk', duration_sec: 12.5, cuts: [4, 8.25], dead: [{ start: 9, end: 11 }] });
    expect(edl.split('\r\n')).toEqual([
      'TITLE: My talk',
      'FCM: NON-DROP FRAME',
      '',
      '001  AX       AA/V  C        00:00:00:00 00:00:04:00 01:00:00:00 01:00:04:00',
      '* FROM CLIP NAME: My talk',
      '',
      '002  AX       AA/V  C        00:00:04:00 00:00:08:08 01:00:04:00 01:00:08:08',
      '* FROM CLIP NAME: My talk',
      '* LOC: 00:00:04:00 BLUE    CUT 4',
      '',
      '003  AX       AA/V  C        00:00:08:08 00:00:12:15 01:00:08:08 01:00:12:15',
      '* FROM CLIP NAME: My talk',
      '* LOC: 00:00:08:08 BLUE    CUT 8.25',
      '* LOC: 00:00:09:00 RED     DEAD 9-11 S (2 S BELOW THE FLOOR)',
      '',
      '',
    ]);
  });

  it('without cuts is one event over the whole file; a title with newlines and non-ASCII becomes one ASCII line', () => {
    const edl = cmx3600Edl({ scan_id: 'scn_y', title: 'Caf\u00e9\nnight', duration_sec: 2, cuts: [], dead: [] });
    expect(edl).toBe(
      'TITLE: Caf? night\r\nFCM: NON-DROP FRAME\r\n\r\n' +
        '001  AX       AA/V  C        00:00:00:00 00:00:02:00 01:00:00:00 01:00:02:00\r\n* FROM CLIP NAME: Caf? night\r\n\r\n',
    );
  });

  it('carries picture only when the file has no sound, and starts the record side where asked', () => {
    const edl = cmx3600Edl({ scan_id: 'scn_q', duration_sec: 2, cuts: [], dead: [], loudness_lufs: null }, { recordStart: '10:00:00:00' });
    expect(edl).toContain('001  AX       V     C        00:00:00:00 00:00:02:00 10:00:00:00 10:00:02:00');
    expect(() => cmx3600Edl({ scan_id: 'scn_q', duration_sec: 2, cuts: [], dead: [] }, { recordStart: '1:00' })).toThrow(RangeError);
  });

  it("writes locators OpenTimelineIO's cmx_3600 reader keeps: colon timecode at the source frame, colour, name", () => {
    // The reader's locator pattern (otio-cmx3600-adapter, ClipHandler.make_clip): no ';', so drop-frame locators were skipped.
    const otioLocator = /^\* LOC: (\d\d:\d\d:\d\d:\d\d)\s+(\w*)(\s+|$)(.*)$/;
    const edl = cmx3600Edl({ scan_id: 'scn_x', duration_sec: 700, frame_rate: 30000 / 1001, cuts: [600.6], dead: [{ start: 610, end: 640 }] });
    const locators = edl.split('\r\n').filter((line) => line.startsWith('* LOC:'));
    expect(locators).toHaveLength(2);
    for (const line of locators) expect(line).toMatch(otioLocator);
    // Read back at 29.97 without drop (as that reader does for a colon timecode), each lands on its own frame.
    const [cut, dead] = locators.map((line) => otioLocator.exec(line)![1]!);
    expect(framesOfTimecode(cut!, 30)).toBe(18000);
    expect(framesOfTimecode(dead!, 30)).toBe(Math.round((610 * 30000) / 1001));
  });

  it('ignores cuts at 0, at or past the end, and duplicates after rounding to frames', () => {
    const edl = cmx3600Edl({ scan_id: 'scn_z', duration_sec: 3, cuts: [0, 1, 1.01, 3, 7], dead: [] });
    expect(edl.match(/^\d{3} /gm)).toEqual(['001 ', '002 ']);
  });
});

describe('CMX3600 event limit', () => {
  it('keeps a 2-hour list of 2 400 cuts within 999 events, with a marker for every cut', () => {
    const cuts = Array.from({ length: 2400 }, (_, i) => (i + 1) * 3);
    const edl = cmx3600Edl({ scan_id: 'scn_long', duration_sec: 7203, frame_rate: 30, cuts, dead: [] });
    const events = edl.match(/^\d{3,} /gm)!;
    expect(events.length).toBeLessThanOrEqual(EDL_MAX_EVENTS);
    expect(events.length).toBe(Math.ceil(2401 / 3));
    expect(events.at(-1)).toBe(`${events.length} `);
    expect(edl.match(/ BLUE {4}CUT /g)).toHaveLength(2400);
    // Events tile the file: each starts where the previous one ended, the last ends at the duration.
    const spans = [...edl.matchAll(/^\d+ {2}AX {7}AA\/V {2}C {8}(\S+) (\S+) /gm)].map((m) => [m[1], m[2]]);
    spans.forEach(([from], i) => expect(from).toBe(i === 0 ? '00:00:00:00' : spans[i - 1]![1]));
    expect(spans.at(-1)![1]).toBe('02:00:03:00');
  });

  it('exactly 999 shots stay one event each', () => {
    const edl = cmx3600Edl({ scan_id: 'scn_x', duration_sec: 1000, frame_rate: 30, cuts: Array.from({ length: 998 }, (_, i) => i + 1), dead: [] });
    expect(edl.match(/^\d{3} /gm)).toHaveLength(999);
  });
});

describe('YouTube chapters', () => {
  const base = { transcript: [] as TranscriptSegment[], moments: [] as Moment[] };

  it('starts at 0:00, takes cuts at least 10 s apart and 10 s before the end, titles by key phrase, first words or part', () => {
    const chapters = youtubeChapters({
      ...base,
      duration_sec: 60,
      cuts: [3.5, 12.25, 20, 25, 45.9, 55],
      moments: [moment(30, 80, 'the big reveal'), moment(33, 60, 'weaker')],
      transcript: [
        { start: 13, end: 15, text: 'so here we go' },
        { start: 26, end: 31, text: 'Now the big reveal: the new battery lasts twice as long.' },
        { start: 32, end: 36, text: 'The new battery charges in an hour.' },
      ],
    });
    expect(chapters).toEqual([
      { start: 0, title: 'Part 1' },
      { start: 12, title: 'So here we go' },
      { start: 25, title: 'New battery lasts twice' },
      { start: 45, title: 'Part 4' },
    ]);
    expect(chapterLines(chapters)).toBe('0:00 Part 1\n0:12 So here we go\n0:25 New battery lasts twice\n0:45 Part 4\n');
  });

  it("names chapters with a few words of their key phrase, not a sentence fragment or a greeting (issue 32's reading)", () => {
    const chapters = youtubeChapters({
      ...base,
      duration_sec: 62,
      cuts: [20, 42],
      transcript: [
        { start: 0.5, end: 4, text: 'Hey everyone, welcome back to the channel.' },
        { start: 4.5, end: 18, text: 'Today we review three budget microphones for recording voice at home.' },
        { start: 21, end: 40, text: 'Mr. John Dashwood had not the strong feelings of the rest of the family; he married a more amiable woman.' },
        { start: 52, end: 60, text: 'That is it for today. Thanks for watching, see you next time!' },
      ],
    });
    const titles = chapters.map((c) => c.title);
    expect(titles[0]).toBe('Review three budget microphones');
    expect(titles[1]).toBe('John Dashwood');
    // Only a sign-off is said in the last part.
    expect(titles[2]).toBe('Outro');
    for (const title of titles) expect(title.split(' ').length).toBeLessThanOrEqual(5);
    expect(titles.join(' ')).not.toMatch(/welcome|everyone|thanks for watching/i);
  });

  it('adds moments as starts when the cuts give fewer than three chapters', () => {
    expect(youtubeChapters({ ...base, duration_sec: 40, cuts: [15], moments: [moment(27, 70, 'peak line')] }).map((c) => c.start)).toEqual([0, 15, 27]);
  });

  it('gives no chapters when three of at least 10 s cannot be made', () => {
    expect(youtubeChapters({ ...base, duration_sec: 29, cuts: [10, 19], moments: [] })).toEqual([]);
    expect(youtubeChapters({ ...base, duration_sec: 100, cuts: [], moments: [] })).toEqual([]);
    expect(chapterLines([])).toBe('');
  });

  it('keeps a 2-hour video to at most 50 chapters, each at least duration/50 long', () => {
    const cuts = Array.from({ length: 2000 }, (_, i) => i * 3.6 + 1);
    const chapters = youtubeChapters({ ...base, duration_sec: 7200, cuts });
    expect(chapters.length).toBeLessThanOrEqual(50);
    expect(chapters.length).toBeGreaterThanOrEqual(3);
    chapters.forEach((c, i) => {
      const next = chapters[i + 1]?.start ?? 7200;
      expect(next - c.start).toBeGreaterThanOrEqual(144);
    });
  });

  it('titles drop angle brackets', () => {
    const said = 'the <b>bold</b> move';
    const [, second] = youtubeChapters({ ...base, duration_sec: 40, cuts: [10, 20], transcript: [{ start: 11, end: 14, text: said }] });
    expect(second!.title).not.toMatch(/[<>]/);
  });

  it.each([
    [0, '0:00'],
    [9, '0:09'],
    [61, '1:01'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [7325.9, '2:02:05'],
  ])('clock(%s) is %s', (t, expected) => {
    expect(clock(t)).toBe(expected);
  });
});

describe('exportScan', () => {
  it.each([
    ['srt', 'application/x-subrip; charset=utf-8', 'scn_0123456789abcdef01234567.srt'],
    ['vtt', 'text/vtt; charset=utf-8', 'scn_0123456789abcdef01234567.vtt'],
    ['csv', 'text/csv; charset=utf-8; header=present', 'scn_0123456789abcdef01234567.csv'],
    ['edl', 'text/plain; charset=utf-8', 'scn_0123456789abcdef01234567.edl'],
    ['chapters', 'text/plain; charset=utf-8', 'scn_0123456789abcdef01234567-chapters.txt'],
    ['json', 'application/json; charset=utf-8', 'scn_0123456789abcdef01234567.json'],
    ['otio', 'application/json; charset=utf-8', 'scn_0123456789abcdef01234567.otio'],
    ['fcpxml', 'application/xml; charset=utf-8', 'scn_0123456789abcdef01234567.fcpxml'],
    ['markers.csv', 'text/csv; charset=utf-8; header=present', 'scn_0123456789abcdef01234567-markers.csv'],
  ] as const)('%s is sent as %s named %s', (format, contentType, filename) => {
    const result = exportScan(exportableScan(), format);
    expect(result.contentType).toBe(contentType);
    expect(result.filename).toBe(filename);
  });

  it.each([
    [25, 'FCM: NON-DROP FRAME', '00:00:02:13'],
    [30000 / 1001, 'FCM: DROP FRAME', '00:00:02;15'],
    [null, 'FCM: NON-DROP FRAME', '00:00:02:15'],
  ] as const)("edl counts frames at the read's frame rate %s", (frameRate, fcm, cutAt) => {
    const lines = exportScan(exportableScan({ cuts: [2.5], dead: [], frame_rate: frameRate }), 'edl').body.split('\r\n');
    expect(lines[1]).toBe(fcm);
    expect(lines[3]?.split(/\s+/)[5]).toBe(cutAt);
  });

  it("the fcpxml and otio exports carry the read's picture size", () => {
    const scan = exportableScan({ frame_rate: 25, width: 1920, height: 1080 });
    expect(exportScan(scan, 'fcpxml').body).toContain('<format id="r1" name="FFVideoFormat1080p25" frameDuration="1/25s" width="1920" height="1080"/>');
    const otio = JSON.parse(exportScan(scan, 'otio').body);
    expect(otio.tracks.children[0].children[0].media_references.DEFAULT_MEDIA.metadata).toEqual({ holdline: { width: 1920, height: 1080 } });
  });

  it('json is the scan itself', () => {
    const scan = exportableScan();
    expect(JSON.parse(exportScan(scan, 'json').body)).toEqual(scan);
  });

  it('knows exactly its nine formats', () => {
    expect(EXPORT_FORMATS).toEqual(['srt', 'vtt', 'csv', 'edl', 'chapters', 'json', 'otio', 'fcpxml', 'markers.csv']);
    expect(['srt', 'json', 'chapters', 'otio', 'fcpxml', 'markers.csv'].every(isExportFormat)).toBe(true);
    expect([undefined, 'SRT', 'mp4', '', 'toString', 1, 'markers', 'csv.markers', 'OTIO'].some(isExportFormat)).toBe(false);
  });

  it("without the source's file name the timelines point at the media by an absolute URL when the origin is known, the markers list names none", () => {
    const scan = exportableScan({ source_name: null });
    const otio = JSON.parse(exportScan(scan, 'otio', { origin: 'https://holdline.example/' }).body);
    expect(otio.tracks.children[0].children[0].media_references.DEFAULT_MEDIA.target_url).toBe(
      'https://holdline.example/v1/scans/scn_0123456789abcdef01234567/media',
    );
    expect(exportScan(scan, 'fcpxml', { origin: 'http://127.0.0.1:8080' }).body).toContain(
      'src="http://127.0.0.1:8080/v1/scans/scn_0123456789abcdef01234567/media"',
    );
    expect(exportScan(scan, 'fcpxml').body).toContain('src="/v1/scans/scn_0123456789abcdef01234567/media"');
    expect(exportScan(scan, 'markers.csv', { origin: 'https://holdline.example' }).body).not.toContain('holdline.example');
  });
});

describe("the source's file name as the media's name (issue 32 item 5)", () => {
  const named = exportableScan({ title: 'Launch day', source_name: 'Launch day (final).mov', cuts: [1.5], frame_rate: 25 });
  const recut = { recutId: 'rct_0123456789abcdef01234567', segments: [{ start: 0.2, end: 2.6 }] };
  type Media = { edlClipNames: string[]; edlSourceFiles: string[]; otioMedia: string[]; fcpxmlAsset: string | undefined };
  const mediaOf = (file: (format: 'edl' | 'otio' | 'fcpxml') => string): Media => {
    const edl = file('edl').split('\r\n');
    const otio = JSON.parse(file('otio'));
    return {
      edlClipNames: edl.filter((l) => l.startsWith('* FROM CLIP NAME:')),
      edlSourceFiles: edl.filter((l) => l.startsWith('* SOURCE FILE:')),
      otioMedia: otio.tracks.children.flatMap((track: any) => track.children.map((clip: any) => clip.media_references.DEFAULT_MEDIA.name)),
      fcpxmlAsset: /<asset id="r2" name="([^"]*)"/.exec(file('fcpxml'))?.[1],
    };
  };

  it.each([
    ['scan', (format: 'edl' | 'otio' | 'fcpxml') => exportScan(named, format).body, 2],
    ['recut', (format: 'edl' | 'otio' | 'fcpxml') => exportRecut(named, recut, format).body, 1],
  ] as const)('%s exports: the EDL clip name and source file, the OTIO media references, the FCPXML asset', (_, file, events) => {
    expect(mediaOf(file)).toEqual({
      edlClipNames: Array(events).fill('* FROM CLIP NAME: Launch day (final).mov'),
      edlSourceFiles: Array(events).fill('* SOURCE FILE: Launch day (final).mov'),
      // One clip per event on the picture track and again on the sound track.
      otioMedia: Array(events * 2).fill('Launch day (final).mov'),
      fcpxmlAsset: 'Launch day (final).mov',
    });
    // The timeline itself keeps the scan's title.
    expect(file('edl')).toMatch(/^TITLE: Launch day( \(recut\))?\r\n/);
  });

  it('without a source name the media is named by the title, else the scan id, and no source file is written', () => {
    const edl = exportScan(exportableScan({ title: 'Launch day' }), 'edl').body;
    expect(edl).toContain('* FROM CLIP NAME: Launch day\r\n');
    expect(edl).not.toContain('SOURCE FILE');
    expect(exportScan(exportableScan({ title: null }), 'fcpxml').body).toContain('<asset id="r2" name="scn_0123456789abcdef01234567"');
  });

  it('the FCPXML and OTIO media is the file by its own name beside the document, not the keyed API URL (issue 32 item 5)', () => {
    const scan = exportableScan({ source_name: 'Launch day (final).mov' });
    const origin = { origin: 'https://holdline.example' };
    const media = 'https://holdline.example/v1/scans/scn_0123456789abcdef01234567/media';
    for (const fcpxml of [exportScan(scan, 'fcpxml', origin).body, exportRecut(scan, recut, 'fcpxml', origin).body]) {
      expect(fcpxml).toContain('<media-rep kind="original-media" src="Launch%20day%20(final).mov"/>');
      expect(fcpxml).not.toContain('/media"');
    }
    for (const otio of [exportScan(scan, 'otio', origin).body, exportRecut(scan, recut, 'otio', origin).body]) {
      const references = JSON.parse(otio).tracks.children.flatMap((track: any) => track.children.map((clip: any) => clip.media_references.DEFAULT_MEDIA));
      expect(references.length).toBeGreaterThan(1);
      for (const reference of references) {
        expect(reference).toMatchObject({ OTIO_SCHEMA: 'ExternalReference.1', target_url: 'Launch day (final).mov' });
        // The service's copy stays findable, beside the size.
        expect(reference.metadata.holdline.media_url).toBe(media);
      }
    }
  });

  it("the EDL writes a non-ASCII file name as one ASCII line; FCPXML's and OTIO's media is the file beside the document", () => {
    const scan = exportableScan({ source_name: 'Caf\u00e9 n\u00b02.mp4', media_url: null });
    expect(exportScan(scan, 'edl').body).toContain('* FROM CLIP NAME: Caf? n?2.mp4\r\n* SOURCE FILE: Caf? n?2.mp4\r\n');
    const fcpxml = exportScan(scan, 'fcpxml').body;
    expect(fcpxml).toContain('<asset id="r2" name="Caf\u00e9 n\u00b02.mp4"');
    expect(fcpxml).toContain('<media-rep kind="original-media" src="Caf%C3%A9%20n%C2%B02.mp4"/>');
    const otio = JSON.parse(exportScan(scan, 'otio').body);
    expect(otio.tracks.children[0].children[0].media_references.DEFAULT_MEDIA).toMatchObject({
      OTIO_SCHEMA: 'ExternalReference.1',
      name: 'Caf\u00e9 n\u00b02.mp4',
      target_url: 'Caf\u00e9 n\u00b02.mp4',
    });
  });
});
