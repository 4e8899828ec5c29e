// OpenTimelineIO's JSON (the `otio_json` adapter's schema, as opentimelineio
// 0.18 writes it): a Timeline whose Stack holds one video Track of Clips, one
// per shot between the cuts (per kept segment for a recut), and an audio Track of the same Clips when the source has sound, each pointing at the source by an ExternalReference,
// and the read's markers on the Stack. Pure; checked by loading it with the
// opentimelineio package (test/integration/exports/timelines-reference.test.ts).

import { fpsOf, type FrameRate } from './timecode';
import type { EditorTimeline, MarkerColor } from './model';

const OTIO_COLORS: Record<MarkerColor, string> = { blue: 'BLUE', red: 'RED', yellow: 'YELLOW', green: 'GREEN', purple: 'PURPLE' };

const rationalTime = (value: number, rate: FrameRate) => ({ OTIO_SCHEMA: 'RationalTime.1', rate: fpsOf(rate), value });
const timeRange = (start: number, duration: number, rate: FrameRate) => ({
  OTIO_SCHEMA: 'TimeRange.1',
  duration: rationalTime(duration, rate),
  start_time: rationalTime(start, rate),
});

/** The timeline as an `.otio` file (JSON, two-space indented, one trailing newline). */
export function otioJson(timeline: EditorTimeline): string {
  const { rate } = timeline;
  const available = timeRange(0, timeline.frames, rate);
  // OTIO's image bounds are unit-less (no pixel convention a reader could apply), so the probed size travels as metadata.
  const metadata = timeline.frameSize ? { holdline: { width: timeline.frameSize.width, height: timeline.frameSize.height } } : {};
  // The source's own file name, a path relative to the .otio file, is what an editor relinks by; the service's media
  // URL (which needs an API key) rides in the metadata, and is the reference only when the file's name is not known.
  // Without either (no name, media removed by retention) the clips still cut the right frames; the editor relinks them.
  const target = timeline.mediaFile ?? timeline.mediaUrl;
  const referenceMetadata = timeline.mediaFile && timeline.mediaUrl ? { holdline: { ...(metadata.holdline ?? {}), media_url: timeline.mediaUrl } } : metadata;
  const reference = () =>
    target
      ? {
          OTIO_SCHEMA: 'ExternalReference.1',
          metadata: referenceMetadata,
          name: timeline.mediaName,
          available_range: available,
          available_image_bounds: null,
          target_url: target,
        }
      : { OTIO_SCHEMA: 'MissingReference.1', metadata, name: timeline.mediaName, available_range: available, available_image_bounds: null };
  const clips = () =>
    timeline.clips.map((clip, i) => ({
      OTIO_SCHEMA: 'Clip.2',
      metadata: {},
      name: `${timeline.recutId ? 'Kept' : 'Shot'} ${i + 1}`,
      source_range: timeRange(clip.start, clip.duration, rate),
      effects: [],
      markers: [],
      enabled: true,
      color: null,
      media_references: { DEFAULT_MEDIA: reference() },
      active_media_reference_key: 'DEFAULT_MEDIA',
    }));
  const track = (name: string, kind: 'Video' | 'Audio') => ({
    OTIO_SCHEMA: 'Track.1',
    metadata: {},
    name,
    source_range: null,
    effects: [],
    markers: [],
    enabled: true,
    color: null,
    children: clips(),
    kind,
  });
  const markers = timeline.markers.map((marker) => ({
    OTIO_SCHEMA: 'Marker.2',
    metadata: { holdline: { kind: marker.kind } },
    name: marker.name,
    color: OTIO_COLORS[marker.color],
    // On the stack, so in the timeline's time: the record frame (the source frame for a scan).
    marked_range: timeRange(marker.record, marker.duration, rate),
    comment: marker.note,
  }));
  const document = {
    OTIO_SCHEMA: 'Timeline.1',
    metadata: {
      holdline: {
        scan_id: timeline.scanId,
        ...(timeline.recutId ? { recut_id: timeline.recutId } : {}),
        frame_rate: `${rate.num}/${rate.den}`,
        drop_frame: timeline.dropFrame,
      },
    },
    name: timeline.name,
    global_start_time: rationalTime(0, rate),
    tracks: {
      OTIO_SCHEMA: 'Stack.1',
      metadata: {},
      name: 'tracks',
      source_range: null,
      effects: [],
      markers,
      enabled: true,
      color: null,
      // The sound as a track of its own over the same shots, so the imported timeline is not silent.
      children: [track('V1', 'Video'), ...(timeline.hasAudio ? [track('A1', 'Audio')] : [])],
    },
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
