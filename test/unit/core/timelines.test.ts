import { describe, expect, it } from 'vitest';
import { fcpxmlDocument, fcpxmlFormatName, fcpxmlTime } from '../../../core/timelines/fcpxml';
import { claimSegment, editorTimeline, type TimelineSource } from '../../../core/timelines/model';
import { otioJson } from '../../../core/timelines/otio';
import { csvCell, resolveMarkersCsv, RESOLVE_MARKER_COLUMNS } from '../../../core/timelines/resolve-markers';
import { frameRateOf } from '../../../core/timelines/timecode';

function source(overrides: Partial<TimelineSource> = {}): TimelineSource {
  return {
    scan_id: 'scn_0123456789abcdef01234567',
    title: 'My talk',
    duration_sec: 10,
    frame_rate: 25,
    cuts: [2.5],
    dead: [{ start: 4, end: 6 }],
    dips: [],
    moments: [],
    claims: [],
    transcript: [],
    ...overrides,
  };
}

const NTSC30 = 30000 / 1001;
const NTSC60 = 60000 / 1001;

describe('frameRateOf', () => {
  it.each([
    [25, 25, 1],
    [60, 60, 1],
    [24.0004, 24, 1],
    [NTSC30, 30000, 1001],
    [29.97, 30000, 1001],
    [NTSC60, 60000, 1001],
    [59.94, 60000, 1001],
    [23.976, 24000, 1001],
    [12.5, 25, 2],
    [7.5, 15, 2],
    [null, 30, 1],
    [undefined, 30, 1],
    [0, 30, 1],
    [Number.NaN, 30, 1],
    [-25, 30, 1],
  ])('%s fps is %s/%s', (fps, num, den) => {
    expect(frameRateOf(fps)).toEqual({ num, den });
  });
});

describe('frame maths of a timeline', () => {
  // 10 s, a cut at 2.5 s, a dead stretch 4–6 s: frames counted at each rate, rounded to the nearest frame.
  it.each([
    [25, { num: 25, den: 1 }, false, 250, 63, 100, 50],
    [NTSC30, { num: 30000, den: 1001 }, true, 300, 75, 120, 60],
    [NTSC60, { num: 60000, den: 1001 }, true, 599, 150, 240, 120],
    [60, { num: 60, den: 1 }, false, 600, 150, 240, 120],
  ])('at %s fps', (fps, rate, dropFrame, frames, cutFrame, deadFrame, deadFrames) => {
    const timeline = editorTimeline(source({ frame_rate: fps }));
    expect(timeline.rate).toEqual(rate);
    expect(timeline.dropFrame).toBe(dropFrame);
    expect(timeline.frames).toBe(frames);
    expect(timeline.clips).toEqual([
      { start: 0, duration: cutFrame, offset: 0 },
      { start: cutFrame, duration: frames - cutFrame, offset: cutFrame },
    ]);
    expect(timeline.markers.map((m) => [m.kind, m.frame, m.duration])).toEqual([
      ['cut', cutFrame, 1],
      ['dead', deadFrame, deadFrames],
    ]);
  });

  it('takes the cut frames from cut_frames when the read has one per cut', () => {
    const timeline = editorTimeline(source({ frame_rate: NTSC30, cuts: [2.5, 5], cut_frames: [74, 150] }));
    expect(timeline.clips).toEqual([
      { start: 0, duration: 74, offset: 0 },
      { start: 74, duration: 76, offset: 74 },
      { start: 150, duration: 150, offset: 150 },
    ]);
    expect(timeline.markers.filter((m) => m.kind === 'cut').map((m) => [m.frame, m.note])).toEqual([
      [74, 'Cut at 2.5 s (frame 74).'],
      [150, 'Cut at 5 s (frame 150).'],
    ]);
  });

  it('falls back to the cut seconds when cut_frames does not match the cuts', () => {
    expect(editorTimeline(source({ cuts: [2.5], cut_frames: [10, 20] })).clips[0]).toEqual({ start: 0, duration: 63, offset: 0 });
  });

  it('a read with no cuts is one clip of the whole source and has no cut markers', () => {
    const timeline = editorTimeline(source({ cuts: [], dead: [] }));
    expect(timeline.clips).toEqual([{ start: 0, duration: 250, offset: 0 }]);
    expect(timeline.markers).toEqual([]);
  });

  it('cuts at the edges or twice on one frame make no empty clip', () => {
    const timeline = editorTimeline(source({ cuts: [0, 2.5, 2.51, 10], dead: [] }));
    expect(timeline.clips).toEqual([
      { start: 0, duration: 63, offset: 0 },
      { start: 63, duration: 187, offset: 63 },
    ]);
    // Every cut still has its marker, the one at the very end on the last frame.
    expect(timeline.markers.map((m) => m.frame)).toEqual([0, 63, 63, 249]);
  });

  it('a read without a frame rate is counted at 30 fps', () => {
    const timeline = editorTimeline(source({ frame_rate: null }));
    expect([timeline.rate, timeline.frames, timeline.clips[1]?.start]).toEqual([{ num: 30, den: 1 }, 300, 75]);
  });

  it('puts markers in time order, and at one frame cuts, dead stretches, dips, moments, claims', () => {
    const timeline = editorTimeline(
      source({
        cuts: [4],
        dead: [{ start: 4, end: 6 }],
        dips: [
          { start: 4, end: 7, causes: ['still_picture', 'silence'], advice: 'Cut or speed up 0:04–0:07 (3 s): the picture is still and the sound is silent.' },
        ],
        moments: [
          { second: 8, label: 'peak', hold: 71.5, quote: 'and that is the trick' },
          { second: 2, label: 'peak', hold: 64, quote: '' },
        ],
        claims: ['Nine out of ten people never notice.'],
        transcript: [
          { start: 0.5, end: 3, text: 'Welcome back.' },
          { start: 7.2, end: 9.4, text: 'Honestly nine out of ten people never notice.' },
        ],
      }),
    );
    expect(timeline.markers.map((m) => [m.kind, m.frame, m.duration, m.name, m.note, m.color])).toEqual([
      ['moment', 50, 25, 'Moment 0:02 (hold 64)', '', 'green'],
      ['cut', 100, 1, 'Cut 1', 'Cut at 4 s (frame 100).', 'blue'],
      ['dead', 100, 50, 'Dead 0:04–0:06', 'Hold stays below 30 for 2 s.', 'red'],
      ['dip', 100, 75, 'Dip 0:04–0:07: still picture, silence', 'Cut or speed up 0:04–0:07 (3 s): the picture is still and the sound is silent.', 'yellow'],
      ['claim', 180, 55, 'Claim 0:07', 'Nine out of ten people never notice.', 'purple'],
      ['moment', 200, 25, 'Moment 0:08 (hold 71.5)', 'and that is the trick', 'green'],
    ]);
  });

  it('names the timeline by its title, else its scan id', () => {
    expect(editorTimeline(source({ title: '  Line\none ' })).name).toBe('Line one');
    expect(editorTimeline(source({ title: null })).name).toBe('scn_0123456789abcdef01234567');
  });
});

describe('claimSegment', () => {
  const transcript = [
    { start: 0, end: 2, text: 'Hello there.' },
    { start: 2, end: 5, text: 'So, studies show coffee helps. Really it does.' },
    { start: 5, end: 8, text: 'Coffee helps everyone always.' },
  ];
  it.each([
    ['Studies show coffee helps.', 2],
    ['Coffee helps everyone always.', 5],
    ['Everyone always says hello', 5],
    ['Unrelated words here', null],
    ['', null],
  ])('%j was said at %s', (claim, start) => {
    expect(claimSegment(claim, transcript)?.start ?? null).toBe(start);
  });
  it('no transcript, no place', () => {
    expect(claimSegment('Coffee helps.', [])).toBeNull();
  });
});

describe('FCPXML times', () => {
  it.each([
    [0, { num: 25, den: 1 }, '0s'],
    [250, { num: 25, den: 1 }, '10s'],
    [63, { num: 25, den: 1 }, '63/25s'],
    [1, { num: 30000, den: 1001 }, '1001/30000s'],
    [75, { num: 30000, den: 1001 }, '1001/400s'],
    [17982, { num: 30000, den: 1001 }, '2999997/5000s'],
    [150, { num: 60000, den: 1001 }, '1001/400s'],
    [150, { num: 60, den: 1 }, '5/2s'],
  ])('frame %s at %o is %s', (frames, rate, expected) => {
    expect(fcpxmlTime(frames, rate)).toBe(expected);
  });
});

const drama = () =>
  editorTimeline(
    source({
      title: 'A & "B"',
      frame_rate: NTSC30,
      cuts: [2.5],
      cut_frames: [75],
      dips: [{ start: 4, end: 7, causes: ['still_picture'], advice: 'Cut 0:04–0:07 <now>.' }],
      moments: [{ second: 8, label: 'peak', hold: 70, quote: 'say "hi", ok' }],
    }),
    { mediaUrl: 'http://h/v1/scans/scn_x/media' },
  );

describe('fcpxmlDocument', () => {
  it('writes a 1.9 document: the format at the source rate, the asset, one asset-clip per shot carrying its markers', () => {
    const lines = fcpxmlDocument(drama()).split('\n');
    expect(lines.slice(0, 5)).toEqual([
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<!DOCTYPE fcpxml>',
      '<fcpxml version="1.9">',
      '  <resources>',
      '    <format id="r1" frameDuration="1001/30000s"/>',
    ]);
    expect(lines).toContain('    <asset id="r2" name="A &amp; &quot;B&quot;" start="0s" duration="1001/100s" hasVideo="1" hasAudio="1" format="r1">');
    expect(lines).toContain('      <media-rep kind="original-media" src="http://h/v1/scans/scn_x/media"/>');
    expect(lines).toContain('        <sequence format="r1" duration="1001/100s" tcStart="0s" tcFormat="DF">');
    const clipsAndMarkers = lines.filter((line) => line.includes('<asset-clip') || line.includes('<marker'));
    expect(clipsAndMarkers).toEqual([
      '            <asset-clip ref="r2" name="Shot 1" offset="0s" start="0s" duration="1001/400s" format="r1" tcFormat="DF"/>',
      '            <asset-clip ref="r2" name="Shot 2" offset="1001/400s" start="1001/400s" duration="3003/400s" format="r1" tcFormat="DF">',
      '              <marker start="1001/400s" duration="1001/30000s" value="Cut 1" note="Cut at 2.5 s (frame 75)."/>',
      '              <marker start="1001/250s" duration="1001/500s" value="Dead 0:04–0:06" note="Hold stays below 30 for 2 s."/>',
      '              <marker start="1001/250s" duration="3003/1000s" value="Dip 0:04–0:07: still picture" note="Cut 0:04–0:07 &lt;now&gt;."/>',
      '              <marker start="1001/125s" duration="1001/1000s" value="Moment 0:08 (hold 70)" note="say &quot;hi&quot;, ok"/>',
    ]);
    expect(lines.at(-2)).toBe('</fcpxml>');
  });

  it.each([
    [1920, 1080, 25, '<format id="r1" name="FFVideoFormat1080p25" frameDuration="1/25s" width="1920" height="1080"/>'],
    [3840, 2160, NTSC30, '<format id="r1" name="FFVideoFormat3840x2160p2997" frameDuration="1001/30000s" width="3840" height="2160"/>'],
    [1280, 720, NTSC60, '<format id="r1" name="FFVideoFormat720p5994" frameDuration="1001/60000s" width="1280" height="720"/>'],
    // A vertical phone video and an odd rate are not among Final Cut Pro's predefined formats: described, not named.
    [1080, 1920, 30, '<format id="r1" frameDuration="1/30s" width="1080" height="1920"/>'],
    [1920, 1080, 12.5, '<format id="r1" frameDuration="2/25s" width="1920" height="1080"/>'],
  ])("the format of a %sx%s read at %s fps carries the read's size, named only when predefined", (width, height, fps, format) => {
    expect(fcpxmlDocument(editorTimeline(source({ frame_rate: fps, width, height }))).split('\n')[4]).toBe(`    ${format}`);
  });

  it('leaves the size out of the format for a read made before it carried one, or with a size that is not whole pixels', () => {
    for (const size of [{}, { width: 1920 }, { width: 0, height: 0 }, { width: 1920.5, height: 1080 }]) {
      expect(editorTimeline(source(size)).frameSize, JSON.stringify(size)).toBeNull();
      expect(fcpxmlDocument(editorTimeline(source(size))).split('\n')[4]).toBe('    <format id="r1" frameDuration="1/25s"/>');
    }
  });

  it.each([
    [1920, 1080, { num: 24000, den: 1001 }, 'FFVideoFormat1080p2398'],
    [1920, 1080, { num: 24, den: 1 }, 'FFVideoFormat1080p24'],
    [1920, 1080, { num: 50, den: 1 }, 'FFVideoFormat1080p50'],
    [1920, 1080, { num: 60, den: 1 }, 'FFVideoFormat1080p60'],
    [1280, 720, { num: 30, den: 1 }, 'FFVideoFormat720p30'],
    [4096, 2160, { num: 24, den: 1 }, 'FFVideoFormat4096x2160p24'],
    [1920, 1080, { num: 120, den: 1 }, null],
    [1920, 1088, { num: 25, den: 1 }, null],
    [640, 360, { num: 24, den: 1 }, null],
  ])('fcpxmlFormatName(%sx%s at %o) is %s', (width, height, rate, name) => {
    expect(fcpxmlFormatName({ width, height }, rate)).toBe(name);
  });

  it('keeps a marker in the clip it starts in, at its full length, and names the scan when the media is not kept', () => {
    const doc = fcpxmlDocument(editorTimeline(source({ cuts: [5], dead: [{ start: 4, end: 6 }] })));
    // The dead stretch starts in shot 1 (frames 0–125) and runs on past the cut: its marker keeps both seconds; non-drop at 25 fps.
    expect(doc).toContain('<marker start="4s" duration="2s" value="Dead 0:04–0:06" note="Hold stays below 30 for 2 s."/>');
    expect(doc).toContain('<media-rep kind="original-media" src="scn_0123456789abcdef01234567"/>');
    expect(doc).toContain('tcFormat="NDF"');
  });

  it("puts a span starting a frame before a cut into the shot after it, whole (issue 32's 1-frame marker on the shot before)", () => {
    // A 10 s still slide from 42 s; the cut into it refined to frame 1051 at 25 fps (42.04 s), a frame after 42 s.
    const timeline = editorTimeline(source({ duration_sec: 60, cuts: [42.04], cut_frames: [1051], dead: [{ start: 42, end: 52 }] }));
    expect(timeline.markers.find((m) => m.kind === 'dead')).toMatchObject({ frame: 1051, duration: 1300 - 1051 });
    const doc = fcpxmlDocument(timeline);
    const second = doc.slice(doc.indexOf('name="Shot 2"'));
    expect(second).toContain('<marker start="1051/25s" duration="249/25s" value="Dead 0:42–0:52"');
    expect(doc.slice(0, doc.indexOf('name="Shot 2"'))).not.toContain('Dead 0:42');
  });

  it('says whether the asset has sound', () => {
    expect(fcpxmlDocument(editorTimeline(source()))).toContain('hasVideo="1" hasAudio="1"');
    expect(fcpxmlDocument(editorTimeline(source({ loudness_lufs: null })))).toContain('hasVideo="1" hasAudio="0"');
  });

  it('drops characters XML cannot carry and never breaks an attribute', () => {
    const doc = fcpxmlDocument(editorTimeline(source({ title: "it's \u0007\uD800<x>", cuts: [], dead: [] })));
    expect(doc).toContain('<project name="it&apos;s &lt;x&gt;">');
  });
});

describe('otioJson without sound', () => {
  it('has the picture track alone when the file has no audio stream', () => {
    const otio = JSON.parse(otioJson(editorTimeline(source({ loudness_lufs: null }))));
    expect(otio.tracks.children.map((t: { kind: string }) => t.kind)).toEqual(['Video']);
  });
});

describe('otioJson', () => {
  it('is a Timeline with one video track of clips between the cuts, at the source rate, and the markers on its stack', () => {
    const otio = JSON.parse(otioJson(drama()));
    expect(otio.OTIO_SCHEMA).toBe('Timeline.1');
    expect(otio.metadata).toEqual({ holdline: { scan_id: 'scn_0123456789abcdef01234567', frame_rate: '30000/1001', drop_frame: true } });
    const [track, sound] = otio.tracks.children;
    expect([otio.tracks.children.length, track.OTIO_SCHEMA, track.kind, track.name]).toEqual([2, 'Track.1', 'Video', 'V1']);
    // The sound on a track of its own over the same shots, so the imported timeline is not silent.
    expect([sound.kind, sound.name]).toEqual(['Audio', 'A1']);
    expect(sound.children).toEqual(track.children);
    expect(
      track.children.map((c: { source_range: { start_time: { value: number; rate: number }; duration: { value: number } } }) => [
        c.source_range.start_time.value,
        c.source_range.duration.value,
        c.source_range.start_time.rate,
      ]),
    ).toEqual([
      [0, 75, NTSC30],
      [75, 225, NTSC30],
    ]);
    expect(track.children[0].media_references.DEFAULT_MEDIA).toEqual({
      OTIO_SCHEMA: 'ExternalReference.1',
      metadata: {},
      name: 'A & "B"',
      available_range: {
        OTIO_SCHEMA: 'TimeRange.1',
        duration: { OTIO_SCHEMA: 'RationalTime.1', rate: NTSC30, value: 300 },
        start_time: { OTIO_SCHEMA: 'RationalTime.1', rate: NTSC30, value: 0 },
      },
      available_image_bounds: null,
      target_url: 'http://h/v1/scans/scn_x/media',
    });
    expect(
      otio.tracks.markers.map((m: { name: string; color: string; comment: string; metadata: { holdline: { kind: string } } }) => [
        m.name,
        m.color,
        m.comment,
        m.metadata.holdline.kind,
      ]),
    ).toEqual([
      ['Cut 1', 'BLUE', 'Cut at 2.5 s (frame 75).', 'cut'],
      ['Dead 0:04–0:06', 'RED', 'Hold stays below 30 for 2 s.', 'dead'],
      ['Dip 0:04–0:07: still picture', 'YELLOW', 'Cut 0:04–0:07 <now>.', 'dip'],
      ['Moment 0:08 (hold 70)', 'GREEN', 'say "hi", ok', 'moment'],
    ]);
    expect(otio.tracks.markers[2].marked_range.start_time).toEqual({ OTIO_SCHEMA: 'RationalTime.1', rate: NTSC30, value: 120 });
  });

  it('points at a MissingReference when the media is not kept', () => {
    const otio = JSON.parse(otioJson(editorTimeline(source())));
    expect(otio.tracks.children[0].children[0].media_references.DEFAULT_MEDIA.OTIO_SCHEMA).toBe('MissingReference.1');
  });

  it("carries the read's picture size in every media reference's metadata, kept media or not", () => {
    const references = (mediaUrl: string | null) =>
      JSON.parse(otioJson(editorTimeline(source({ cuts: [2.5], width: 1080, height: 1920 }), { mediaUrl }))).tracks.children[0].children.map(
        (clip: { media_references: { DEFAULT_MEDIA: { OTIO_SCHEMA: string; metadata: unknown } } }) => [
          clip.media_references.DEFAULT_MEDIA.OTIO_SCHEMA,
          clip.media_references.DEFAULT_MEDIA.metadata,
        ],
      );
    const sized = { holdline: { width: 1080, height: 1920 } };
    expect(references('http://h/v1/scans/scn_x/media')).toEqual([
      ['ExternalReference.1', sized],
      ['ExternalReference.1', sized],
    ]);
    expect(references(null)).toEqual([
      ['MissingReference.1', sized],
      ['MissingReference.1', sized],
    ]);
  });
});

describe('resolveMarkersCsv', () => {
  it('lists the markers in time order with drop-frame timecodes at 29.97', () => {
    expect(resolveMarkersCsv(drama()).split('\r\n')).toEqual([
      RESOLVE_MARKER_COLUMNS.join(','),
      '1,Cut 1,00:00:02;15,00:00:02;16,00:00:02;15,00:00:02;16,00:00:00;01,Blue,Cut at 2.5 s (frame 75).,cut',
      '2,Dead 0:04–0:06,00:00:04;00,00:00:06;00,00:00:04;00,00:00:06;00,00:00:02;00,Red,Hold stays below 30 for 2 s.,dead',
      '3,Dip 0:04–0:07: still picture,00:00:04;00,00:00:07;00,00:00:04;00,00:00:07;00,00:00:03;00,Yellow,Cut 0:04–0:07 <now>.,dip',
      '4,Moment 0:08 (hold 70),00:00:08;00,00:00:09;00,00:00:08;00,00:00:09;00,00:00:01;00,Green,"say ""hi"", ok",moment',
      '',
    ]);
  });

  it('counts non-drop frames at 25 fps, and a read without markers is the header alone', () => {
    expect(resolveMarkersCsv(editorTimeline(source())).split('\r\n')[1]).toBe(
      '1,Cut 1,00:00:02:13,00:00:02:14,00:00:02:13,00:00:02:14,00:00:00:01,Blue,Cut at 2.5 s (frame 63).,cut',
    );
    expect(resolveMarkersCsv(editorTimeline(source({ cuts: [], dead: [] })))).toBe(`${RESOLVE_MARKER_COLUMNS.join(',')}\r\n`);
  });

  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['line\nbreak', '"line\nbreak"'],
    ['=SUM(A1)', "'=SUM(A1)"],
    ['-1 "x"', '"\'-1 ""x"""'],
    ['@home', "'@home"],
  ])('cell %j is %s', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});
