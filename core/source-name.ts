// The name of the file a scan was made from (issue 32 item 5): an upload's
// multipart file name, or the last segment of a video URL's path when it names a
// video file. Kept so an editor can relink the timelines' media by the creator's
// own file name: the exports name the media with it, the media download is named
// by it, and a scan submitted without a title takes it (without its extension).
// Only a display name: never used to build a path. Pure.

import { storedTitle } from './title';

/** Longest kept name, in UTF-16 units (the common file-system limit). */
export const MAX_SOURCE_NAME_CHARS = 255;

/** Line breaks and tabs become spaces; every other control (C0, DEL, C1) and the bidi controls are removed, as in titles. */
const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The extensions of the containers a scan accepts (core/media-type.ts), as file names write them. */
export const VIDEO_EXTENSIONS: readonly string[] = [
  'mp4',
  'm4v',
  'mov',
  'qt',
  '3gp',
  '3g2',
  'mkv',
  'webm',
  'avi',
  'flv',
  'ts',
  'mts',
  'm2ts',
  'mpg',
  'mpeg',
  'ogv',
  'ogg',
  'asf',
  'wmv',
  'mxf',
];

/**
 * A file name as kept: its base name only (whatever precedes the last `/` or `\`
 * is dropped), controls removed, trimmed, at most MAX_SOURCE_NAME_CHARS (a longer
 * name loses the end of its stem, not its extension); null when nothing is left
 * or the name is `.` or `..`.
 */
export function cleanSourceName(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const base = raw.split(/[/\\]/).pop() ?? '';
  const clean = base.replace(LINE_BREAKS, ' ').replace(CONTROLS, '').trim();
  if (clean === '' || clean === '.' || clean === '..') return null;
  if (clean.length <= MAX_SOURCE_NAME_CHARS) return clean;
  const ext = extensionOf(clean);
  const suffix = ext ? `.${ext}` : '';
  return `${clean.slice(0, MAX_SOURCE_NAME_CHARS - suffix.length).trimEnd()}${suffix}`;
}

/**
 * The file name a video URL names: the last segment of its path, decoded, when
 * it ends in a video extension (`…/talk.mp4?dl=1` is `talk.mp4`); null for a
 * page or an API path (`/watch`, `/video/1234`, `/index.html`) and for a URL that
 * does not parse.
 */
export function sourceNameOfUrl(url: string): string | null {
  let segment: string;
  try {
    segment = new URL(url).pathname.split('/').pop() ?? '';
  } catch {
    return null;
  }
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // A stray `%`: the segment as written.
  }
  const name = cleanSourceName(decoded);
  if (!name) return null;
  const ext = extensionOf(name);
  return ext && VIDEO_EXTENSIONS.includes(ext.toLowerCase()) && name.length > ext.length + 1 ? name : null;
}

/** Where a scan's video came from, as the scan document keeps it (store/scan-docs.ts). */
export type SourceOfName = { type: 'url'; url: string } | { type: 'upload'; filename: string | null };

/**
 * The name of the file a scan is made from: the one kept on the scan
 * (`source_name`), else, for a scan made before it was kept, the upload's file
 * name or the file its URL names, cleaned as they are now; null when there is none.
 */
export function sourceNameOf(scan: { source?: SourceOfName; source_name?: string | null }): string | null {
  if (scan.source_name !== undefined) return scan.source_name;
  if (!scan.source) return null;
  return scan.source.type === 'upload' ? cleanSourceName(scan.source.filename) : sourceNameOfUrl(scan.source.url);
}

/** The extension of a file name without its dot (`mp4`), or null when it has none (`clip`, `.profile`). */
export function extensionOf(name: string): string | null {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return null;
  const ext = name.slice(dot + 1);
  return /^[A-Za-z0-9]{1,8}$/.test(ext) ? ext : null;
}

/** The name without its extension: the title a scan submitted without one takes (a title as stored, core/title.ts). */
export function titleFromSourceName(name: string | null | undefined): string | null {
  if (!name) return null;
  const ext = extensionOf(name);
  return storedTitle(ext ? name.slice(0, -(ext.length + 1)) : name);
}

/**
 * The name the media download carries: the source's name when its extension
 * fits the served container (`talk.MOV` served as `video/quicktime`), else its
 * stem with the served container's extension, so a download is never named as
 * another kind of file; `<scan_id>.<ext>` without a source name.
 */
export function mediaDownloadName(sourceName: string | null | undefined, servedExt: string, scanId: string): string {
  if (!sourceName) return `${scanId}.${servedExt}`;
  const ext = extensionOf(sourceName)?.toLowerCase() ?? null;
  if (ext !== null && (ext === servedExt || SAME_CONTAINER[servedExt]?.includes(ext))) return sourceName;
  const stem = ext === null ? sourceName : sourceName.slice(0, -(ext.length + 1));
  return `${stem || scanId}.${servedExt}`;
}

/** Other extensions of the container a served extension (core/media-type.ts) names. */
const SAME_CONTAINER: Record<string, readonly string[]> = {
  mp4: ['m4v', 'mov', 'qt'],
  mov: ['qt', 'mp4', 'm4v'],
  mkv: ['webm'],
  webm: ['mkv'],
  ts: ['mts', 'm2ts'],
  mpg: ['mpeg'],
  ogv: ['ogg'],
  asf: ['wmv'],
};

/**
 * A `Content-Disposition` header value naming `filename`: `filename="…"` with an
 * ASCII stand-in (characters outside printable ASCII, `"` and `\` as `_`), and,
 * when that differs, the exact name as RFC 8187's `filename*=UTF-8''…`.
 */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  if (ascii === filename) return `${kind}; filename="${ascii}"`;
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
