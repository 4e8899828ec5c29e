import { describe, expect, it } from 'vitest';
import { exportScan, type ExportableScan } from '../../../core/exports';
import { exportableScan } from '../../unit/core/exportable-scan';
import { readBack } from './timeline-check';

// The scan EDL's `* LOC:` markers read back by OpenTimelineIO's cmx_3600 reader
// (issue 32 item 5): at 29.97 fps drop-frame and past ten minutes, where a locator
// written with `;` was skipped, every cut and dead stretch is kept on its clip at its frame.

const read: ExportableScan = exportableScan({
  title: 'Long talk',
  source_name: 'Long talk.mp4',
  duration_sec: 700,
  frame_rate: 29.97,
  cuts: [100, 650.5],
  cut_frames: [2997, 19495],
  dead: [{ start: 620, end: 640 }],
  timeline: [],
});

describe('EDL locators through the cmx_3600 reader', () => {
  it('keeps every cut and dead-stretch marker on the clip that holds its source frame, picture and sound', async () => {
    const of = (format: 'otio' | 'fcpxml' | 'edl') => exportScan(read, format, { origin: 'https://holdline.example' }).body;
    const seen = await readBack({ otio: of('otio'), fcpxml: of('fcpxml'), edl: of('edl'), edlRate: 30000 / 1001 });
    expect([seen.edl.video_tracks, seen.edl.audio_tracks]).toEqual([1, 2]);
    const markers = seen.edl.video.map((clip: { markers: Array<{ name: string; color: string; frame: number }> }) =>
      clip.markers.map((m) => [m.name, m.color, Math.round(m.frame)]),
    );
    // Frames read back from the colon timecodes counted without drop: the frames the read names (2997, 18581 = 620 s, 19495).
    expect(markers).toEqual([
      [],
      [
        ['CUT 100', 'BLUE', 2997],
        ['DEAD 620-640 S (20 S BELOW THE FLOOR)', 'RED', 18581],
      ],
      [['CUT 650.5', 'BLUE', 19495]],
    ]);
  });

  it("names the media by the source's file name in the EDL, the OTIO and the FCPXML as their readers see it (issue 32 item 5)", async () => {
    const of = (format: 'otio' | 'fcpxml' | 'edl') => exportScan({ ...read, media_url: null }, format).body;
    const seen = await readBack({ otio: of('otio'), fcpxml: of('fcpxml'), edl: of('edl'), edlRate: 30000 / 1001 });
    expect(seen.edl.name).toBe('Long talk');
    expect([...seen.edl.video, ...seen.edl.audio].map((clip: { name: string }) => clip.name)).toEqual(Array(9).fill('Long talk.mp4'));
    expect(seen.otio.media_names).toEqual(['Long talk.mp4']);
    // Without kept media the FCPXML points at the file beside it, by name.
    expect(seen.fcpxml.asset).toEqual({ name: 'Long talk.mp4', src: 'Long%20talk.mp4' });
    expect([seen.fcpxml.dtd_valid, seen.fcpxml.dtd_errors]).toEqual([true, []]);
  });

  it('carries the sound in every format when the source has it, and none when it has no audio stream (issue 32 item 5)', async () => {
    const tracks = async (scan: ExportableScan) => {
      const of = (format: 'otio' | 'fcpxml' | 'edl') => exportScan(scan, format).body;
      const seen = await readBack({ otio: of('otio'), fcpxml: of('fcpxml'), edl: of('edl'), edlRate: 30000 / 1001 });
      return { otio: seen.otio.audio_tracks, otioClips: seen.otio.audio_clips.length, edl: seen.edl.audio_tracks, fcpxml: seen.fcpxml.has_audio };
    };
    // Three shots (the read has sound: no loudness_lufs of null): three clips of sound beside the picture in the OTIO,
    // both EDL channels, the FCPXML asset with its audio.
    expect(await tracks(read)).toEqual({ otio: 1, otioClips: 3, edl: 2, fcpxml: true });
    // A file without an audio stream (the read's loudness_lufs is null) imports as picture only, in every format.
    expect(await tracks({ ...read, loudness_lufs: null })).toEqual({ otio: 0, otioClips: 0, edl: 0, fcpxml: false });
  });
});
