// Final Cut Pro XML 1.9 (which DaVinci Resolve and Premiere Pro also import): a
// format at the source's rate, one asset for the source, and a project whose
// sequence has one asset-clip per shot between the cuts, each carrying the
// read's markers that start inside it, with the advice, quote or claim as the
// marker's note. Times are exact rationals of seconds (`1001/30000s`), never
// rounded decimals, so every edit lands on its frame. Pure.

import { framesToSeconds, type FrameRate } from './timecode';
import { oneLine, type EditorTimeline } from './model';

export const FCPXML_VERSION = '1.9';

/** An FCPXML time: `0s`, `5s`, `1001/30000s`. */
export function fcpxmlTime(frames: number, rate: FrameRate): string {
  const [num, den] = framesToSeconds(frames, rate);
  if (num === 0) return '0s';
  return den === 1 ? `${num}s` : `${num}/${den}s`;
}

/** The timeline as an `.fcpxml` document. */
export function fcpxmlDocument(timeline: EditorTimeline): string {
  const { rate } = timeline;
  const time = (frames: number) => fcpxmlTime(frames, rate);
  const tcFormat = timeline.dropFrame ? 'DF' : 'NDF';
  const name = attr(timeline.name);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE fcpxml>',
    `<fcpxml version="${FCPXML_VERSION}">`,
    '  <resources>',
    `    <format id="r1" frameDuration="${time(1)}"/>`,
    `    <asset id="r2" name="${name}" start="0s" duration="${time(timeline.frames)}" hasVideo="1" hasAudio="1" format="r1">`,
    // Without kept media the asset names the scan; the editor shows it offline until relinked.
    `      <media-rep kind="original-media" src="${attr(timeline.mediaUrl ?? timeline.scanId)}"/>`,
    '    </asset>',
    '  </resources>',
    '  <library>',
    '    <event name="Holdline">',
    `      <project name="${name}">`,
    `        <sequence format="r1" duration="${time(timeline.frames)}" tcStart="0s" tcFormat="${tcFormat}">`,
    '          <spine>',
  ];
  timeline.clips.forEach((clip, i) => {
    const end = clip.start + clip.duration;
    const inside = timeline.markers.filter((m) => m.frame >= clip.start && m.frame < end);
    const open = `            <asset-clip ref="r2" name="${attr(`Shot ${i + 1}`)}" offset="${time(clip.start)}" start="${time(clip.start)}" duration="${time(clip.duration)}" format="r1" tcFormat="${tcFormat}"`;
    if (inside.length === 0) {
      lines.push(`${open}/>`);
      return;
    }
    lines.push(`${open}>`);
    for (const marker of inside) {
      // A marker may not outlast its clip; the note still names the whole span.
      const duration = Math.max(1, Math.min(marker.duration, end - marker.frame));
      const note = oneLine(marker.note);
      lines.push(
        `              <marker start="${time(marker.frame)}" duration="${time(duration)}" value="${attr(marker.name)}"${note ? ` note="${attr(note)}"` : ''}/>`,
      );
    }
    lines.push('            </asset-clip>');
  });
  lines.push('          </spine>', '        </sequence>', '      </project>', '    </event>', '  </library>', '</fcpxml>');
  return lines.map((line) => `${line}\n`).join('');
}

/** An attribute value: one line, XML's five special characters escaped, characters XML 1.0 forbids dropped. */
function attr(text: string): string {
  return oneLine(text)
    .replace(/[\uD800-\uDFFF\uFFFE\uFFFF]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
