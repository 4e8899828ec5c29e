import { describe, expect, it } from 'vitest';
import { exportRecut } from '../../../core/exports';
import { recutOfParent as recut, recutParent as parent } from '../../unit/core/exportable-scan';
import { readBack } from './timeline-check';

// A recut's cut list (GET /v1/recuts/{id}/export, issue 32 item 4) read back by the
// reference readers, as the scan exports are in test/integration/scans/export.test.ts:
// OpenTimelineIO loads the .otio and, through its cmx_3600 adapter, the .edl; lxml
// checks the .fcpxml against the FCPXML 1.9 subset DTD. No services needed.

// The parent (a 20 s read at 25 fps with sound: cuts at 4 s and 12.52 s, frame 313; a dead stretch 6–9 s; a moment at
// 15 s) and its recut are test/unit/core/exportable-scan.ts's, the ones the unit tests of the recut export read.

describe('a recut export read back by its reference readers', () => {
  it('otio, fcpxml and edl each hold the kept segments (frames 12–145 and 283–428) with their sound, end to end', async () => {
    const of = (format: 'otio' | 'fcpxml' | 'edl') => exportRecut(parent, recut, format, { origin: 'https://holdline.example' }).body;
    const seen = await readBack({ otio: of('otio'), fcpxml: of('fcpxml'), edl: of('edl'), edlRate: 25 });
    const kept = [
      [12, 133],
      [283, 145],
    ];

    expect([seen.otio.name, seen.otio.video_tracks, seen.otio.audio_tracks]).toEqual(['Field notes (recut)', 1, 1]);
    // The media is named by the source's file name in every format (issue 32 item 5), picture and sound alike.
    expect(seen.otio.media_names).toEqual(['Field notes (take 2).mov']);
    // Both point at the file by that name beside the document, as editors relink it, not at the keyed API URL.
    expect(seen.fcpxml.asset).toEqual({ name: 'Field notes (take 2).mov', src: 'Field%20notes%20(take%202).mov' });
    expect(seen.otio.media_urls).toEqual(['Field notes (take 2).mov']);
    expect([...seen.edl.video, ...seen.edl.audio].map((c: { name: string }) => c.name)).toEqual(Array(6).fill('Field notes (take 2).mov'));
    expect(seen.otio.clips).toEqual(kept);
    expect(seen.otio.audio_clips).toEqual(kept);
    expect(seen.otio.duration_frames).toBe(278);
    expect(seen.otio.markers.map((m: { name: string; start: number }) => [m.name, m.start])).toEqual([
      ['Cut 1', 88],
      ['Cut 2', 163],
      ['Moment 0:15 (hold 80)', 225],
    ]);

    expect([seen.fcpxml.dtd_valid, seen.fcpxml.dtd_errors, seen.fcpxml.time_errors]).toEqual([true, [], []]);
    // The asset brings its sound, so each kept clip does.
    expect(seen.fcpxml.has_audio).toBe(true);
    expect(seen.fcpxml.sequence_duration).toEqual([278, 25]);
    expect(seen.fcpxml.clips.map((c: { offset: number[]; start: number[]; duration: number[] }) => [c.offset, c.start, c.duration])).toEqual([
      [
        [0, 1],
        [12, 25],
        [133, 25],
      ],
      [
        [133, 25],
        [283, 25],
        [29, 5],
      ],
    ]);

    // The EDL as OpenTimelineIO's cmx_3600 reader builds it: picture and sound tracks, each clip a kept segment at
    // its record place (from 01:00:00:00, the reader's timeline starting there), the cut markers kept on their clips.
    expect([seen.edl.name, seen.edl.video_tracks, seen.edl.audio_tracks]).toEqual(['Field notes (recut)', 1, 2]);
    for (const track of [seen.edl.video, seen.edl.audio])
      expect(track.map((c: { source: number[] }) => c.source)).toEqual([...kept, ...(track === seen.edl.audio ? kept : [])]);
    expect(seen.edl.video.map((c: { record: number }) => c.record)).toEqual([0, 133]);
    expect(seen.edl.video.map((c: { markers: Array<{ name: string; color: string; frame: number }> }) => c.markers)).toEqual([
      [{ name: 'CUT 4', color: 'BLUE', frame: 100 }],
      [{ name: 'CUT 12.52', color: 'BLUE', frame: 313 }],
    ]);
  });
});
