// Final Cut Pro XML 1.9 (which DaVinci Resolve also imports; Premiere Pro needs a converter): a
// format at the source's rate and picture size (named when Final Cut Pro has it
// among its predefined formats), one asset for the source (named by the source's
// file name when known, so it relinks by it), and a project whose
// sequence has one asset-clip per shot between the cuts (picture and, when the
// source has sound, its audio), each carrying the read's markers that start
// inside it at their full length, with the advice, quote or claim as the
// marker's note. Times are exact rationals of seconds (`1001/30000s`), never
// rounded decimals, so every edit lands on its frame. Pure.

import { framesToSeconds, type FrameRate } from './timecode';
import { oneLine, type EditorTimeline, type FrameSize } from './model';

export const FCPXML_VERSION = '1.9';

/** The frame sizes of Final Cut Pro's predefined progressive formats, as their names write them. */
const PREDEFINED_SIZES: Record<string, string> = { '1280x720': '720p', '1920x1080': '1080p', '3840x2160': '3840x2160p', '4096x2160': '4096x2160p' };

/** The rates of Final Cut Pro's predefined formats (`num/den`), as their names write them. */
const PREDEFINED_RATES: Record<string, string> = {
  '24000/1001': '2398',
  '24/1': '24',
  '25/1': '25',
  '30000/1001': '2997',
  '30/1': '30',
  '50/1': '50',
  '60000/1001': '5994',
  '60/1': '60',
};

/**
 * The name Final Cut Pro gives a predefined format (`FFVideoFormat1080p25`,
 * `FFVideoFormat3840x2160p2997`), or null for any other size or rate (a
 * vertical 1080x1920, 12.5 fps): those are described by `frameDuration`,
 * `width` and `height` alone, as Final Cut Pro writes a custom format.
 */
export function fcpxmlFormatName(size: FrameSize, rate: FrameRate): string | null {
  const sizeName = PREDEFINED_SIZES[`${size.width}x${size.height}`];
  const rateName = PREDEFINED_RATES[`${rate.num}/${rate.den}`];
  return sizeName && rateName ? `FFVideoFormat${sizeName}${rateName}` : null;
}

/** The `format` resource: its name when predefined, the frame duration, and the picture size when the read has it (older reads do not). */
function formatElement(timeline: EditorTimeline): string {
  const size = timeline.frameSize;
  const name = size ? fcpxmlFormatName(size, timeline.rate) : null;
  const sizeAttributes = size ? ` width="${size.width}" height="${size.height}"` : '';
  return `<format id="r1"${name ? ` name="${name}"` : ''} frameDuration="${fcpxmlTime(1, timeline.rate)}"${sizeAttributes}/>`;
}

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
    `    ${formatElement(timeline)}`,
    `    <asset id="r2" name="${attr(timeline.mediaName)}" start="0s" duration="${time(timeline.frames)}" hasVideo="1" hasAudio="${timeline.hasAudio ? 1 : 0}" format="r1">`,
    // The source's own file name, a URL relative to the document (percent-encoded): put the .fcpxml beside the video
    // and the editor finds it, else it shows the clips offline and relinks them by that name. The service's media URL
    // needs an API key no editor sends, so it is only the reference when the file's name is not known (else the scan id).
    `      <media-rep kind="original-media" src="${attr(timeline.mediaFile ? encodeURIComponent(timeline.mediaFile) : (timeline.mediaUrl ?? timeline.scanId))}"/>`,
    '    </asset>',
    '  </resources>',
    '  <library>',
    '    <event name="Holdline">',
    `      <project name="${name}">`,
    `        <sequence format="r1" duration="${time(timeline.recordFrames)}" tcStart="0s" tcFormat="${tcFormat}">`,
    '          <spine>',
  ];
  timeline.clips.forEach((clip, i) => {
    const end = clip.start + clip.duration;
    const inside = timeline.markers.filter((m) => m.frame >= clip.start && m.frame < end);
    const open = `            <asset-clip ref="r2" name="${attr(`${timeline.recutId ? 'Kept' : 'Shot'} ${i + 1}`)}" offset="${time(clip.offset)}" start="${time(clip.start)}" duration="${time(clip.duration)}" format="r1" tcFormat="${tcFormat}"`;
    if (inside.length === 0) {
      lines.push(`${open}/>`);
      return;
    }
    lines.push(`${open}>`);
    for (const marker of inside) {
      // In the clip's own (source) time, at its full length, even past the clip's end: a dead stretch over a cut is
      // still one span (a recut's timeline has already cut its markers at their kept segment's end).
      const note = oneLine(marker.note);
      lines.push(
        `              <marker start="${time(marker.frame)}" duration="${time(marker.duration)}" value="${attr(marker.name)}"${note ? ` note="${attr(note)}"` : ''}/>`,
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
