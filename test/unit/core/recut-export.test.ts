import { describe, expect, it } from 'vitest';
import { exportRecut, RECUT_EXPORT_FORMATS } from '../../../core/exports';
import { recutTimeline } from '../../../core/timelines/model';
import { recutOfParent as recut, recutParent as parent } from './exportable-scan';

// A recut's cut list on its source (issue 32 item 4): one clip per kept segment on
// the source frames nearest its bounds, laid end to end on the record side, the
// parent's markers inside the kept segments where they were kept. Written here by
// the same timeline code as the scan exports and read back with this file's arithmetic.

// The parent (a 20 s read at 25 fps: cuts at 4 s and 12.52 s, frame 313; a dead stretch 6–9 s; a moment at 15 s) and
// the recut (kept 0.48–5.8 s and 11.32–17.12 s) are test/unit/core/exportable-scan.ts's, shared with the read-back test.

const tcFrames = (tc: string) => {
  const [h, m, s, f] = tc.split(/[:;]/).map(Number) as [number, number, number, number];
  return ((h * 60 + m) * 60 + s) * 25 + f;
};

describe('recutTimeline', () => {
  it('has one clip per kept segment at its nearest frames, end to end, and the markers inside them where they were kept', () => {
    const timeline = recutTimeline(parent, recut, { mediaUrl: 'https://h.example/v1/scans/scn_x/media' });
    // 0.48 s = frame 12, 5.8 s = 145, 11.32 s = 283, 17.12 s = 428.
    expect(timeline.clips).toEqual([
      { start: 12, duration: 133, offset: 0 },
      { start: 283, duration: 145, offset: 133 },
    ]);
    expect(timeline.recordFrames).toBe(278);
    expect(timeline.name).toBe('Field notes (recut)');
    // Cut 1 (frame 100) kept in the first clip; the dead stretch from frame 150 was cut away; cut 2 (313) and the moment (375) kept in the second.
    expect(timeline.markers.map((m) => [m.name, m.frame, m.record, m.duration])).toEqual([
      ['Cut 1', 100, 88, 1],
      ['Cut 2', 313, 163, 1],
      ['Moment 0:15 (hold 80)', 375, 225, 25],
    ]);
  });

  it('leaves out a segment that keeps no frame and cuts a marker at its segment end', () => {
    const timeline = recutTimeline(parent, {
      recutId: 'rct_x',
      segments: [
        { start: 3, end: 3.01 },
        { start: 14, end: 15.5 },
      ],
    });
    expect(timeline.clips).toEqual([{ start: 350, duration: 38, offset: 0 }]);
    expect(timeline.markers.map((m) => [m.name, m.record, m.duration])).toEqual([['Moment 0:15 (hold 80)', 25, 13]]);
  });
});

describe('exportRecut', () => {
  it('edl: one AA/V event per kept segment, the record side end to end from 01:00:00:00 (or record_start), LOC markers inside', () => {
    const file = exportRecut(parent, recut, 'edl');
    expect(file.filename).toBe('rct_0123456789abcdef01234567.edl');
    const lines = file.body.split('\r\n');
    expect(lines[0]).toBe('TITLE: Field notes (recut)');
    const events = lines.filter((l) => /^\d{3} /.test(l)).map((l) => l.split(/\s+/));
    expect(events.map((e) => e[2])).toEqual(['AA/V', 'AA/V']);
    const hour = 3600 * 25;
    expect(events.map((e) => e.slice(4).map(tcFrames))).toEqual([
      [12, 145, hour, hour + 133],
      [283, 428, hour + 133, hour + 278],
    ]);
    expect(lines.filter((l) => l.startsWith('* LOC:'))).toEqual(['* LOC: 00:00:04:00 BLUE    CUT 4', '* LOC: 00:00:12:13 BLUE    CUT 12.52']);
    const shifted = exportRecut(parent, recut, 'edl', { recordStart: '10:00:00:00' }).body;
    expect(shifted).toMatch(/^001 .* 00:00:00:12 00:00:05:20 10:00:00:00 10:00:05:08\r$/m);
  });

  it('otio: a video and an audio track of the kept clips; markers on the stack at their record frame', () => {
    const doc = JSON.parse(exportRecut(parent, recut, 'otio', { origin: 'https://h.example' }).body);
    const [video, audio] = doc.tracks.children;
    expect([video.kind, audio.kind]).toEqual(['Video', 'Audio']);
    for (const track of [video, audio]) {
      expect(track.children.map((c: any) => [c.name, c.source_range.start_time.value, c.source_range.duration.value])).toEqual([
        ['Kept 1', 12, 133],
        ['Kept 2', 283, 145],
      ]);
    }
    // The source by its own file name, for the editor to relink; the service's keyed URL in the metadata.
    expect(video.children[0].media_references.DEFAULT_MEDIA.target_url).toBe('Field notes (take 2).mov');
    expect(video.children[0].media_references.DEFAULT_MEDIA.metadata.holdline.media_url).toBe('https://h.example/v1/scans/scn_0123456789abcdef01234567/media');
    expect(doc.tracks.markers.map((m: any) => [m.name, m.marked_range.start_time.value])).toEqual([
      ['Cut 1', 88],
      ['Cut 2', 163],
      ['Moment 0:15 (hold 80)', 225],
    ]);
    expect(doc.metadata.holdline.recut_id).toBe(recut.recutId);
  });

  it('fcpxml: an asset-clip per kept segment at its record offset and source start; sequence as long as what was kept', () => {
    const body = exportRecut(parent, recut, 'fcpxml').body;
    expect(body).toContain('<sequence format="r1" duration="278/25s"');
    const clips = [...body.matchAll(/<asset-clip [^>]*name="([^"]*)" offset="([^"]*)" start="([^"]*)" duration="([^"]*)"/g)].map((m) => m.slice(1));
    expect(clips).toEqual([
      ['Kept 1', '0s', '12/25s', '133/25s'],
      ['Kept 2', '133/25s', '283/25s', '29/5s'],
    ]);
    // A marker inside an asset-clip is in the clip's source time.
    expect(body).toContain('<marker start="4s" duration="1/25s" value="Cut 1"');
  });

  it('markers.csv: source timecodes on the source, record timecodes where they were kept', () => {
    const rows = exportRecut(parent, recut, 'markers.csv').body.trimEnd().split('\r\n');
    expect(rows[2]!.split(',').slice(1, 6)).toEqual(['Cut 2', '00:00:12:13', '00:00:12:14', '00:00:06:13', '00:00:06:14']);
  });

  it('every recut format is one of the scan formats, and has the recut id as its file name', () => {
    expect(RECUT_EXPORT_FORMATS.map((format) => exportRecut(parent, recut, format).filename)).toEqual([
      'rct_0123456789abcdef01234567.edl',
      'rct_0123456789abcdef01234567.otio',
      'rct_0123456789abcdef01234567.fcpxml',
      'rct_0123456789abcdef01234567-markers.csv',
    ]);
  });
});
