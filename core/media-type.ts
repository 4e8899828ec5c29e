// Which containers a scan accepts and the Content-Type each is served with.
// The type comes from what ffprobe found in the file, never from what the
// uploader or a remote server declared: media is served from the service's own
// origin, and a declared `text/html` would make it a page.

/**
 * The ffmpeg demuxers a video upload needs (`-format_whitelist`). Left out on
 * purpose: concat, HLS, DASH and playlist demuxers (they open other files or
 * URLs named inside the upload), image sequences, devices and lavfi.
 */
export const ACCEPTED_DEMUXERS = ['mov', 'mp4', 'matroska', 'webm', 'avi', 'flv', 'mpegts', 'mpeg', 'ogg', 'asf', 'mxf'] as const;

/** The accepted containers in words, for the refusal of anything else. */
export const ACCEPTED_CONTAINERS_TEXT = 'MP4, MOV, 3GP, WebM, Matroska, AVI, FLV, MPEG-TS, MPEG-PS, Ogg, ASF/WMV or MXF';

export interface MediaType {
  /** Content-Type of the served media. */
  contentType: string;
  /** File extension for Content-Disposition, without the dot. */
  ext: string;
}

export const UNKNOWN_MEDIA_TYPE: Readonly<MediaType> = Object.freeze({ contentType: 'application/octet-stream', ext: 'bin' });

export interface ContainerFacts {
  /** ffprobe's `format.format_name`, e.g. `mov,mp4,m4a,3gp,3g2,mj2`. */
  formatName: string;
  /** ffprobe's `format.tags.major_brand` (ISO-BMFF), e.g. `isom`, `qt  `. */
  majorBrand?: string | null;
  /** The EBML DocType of a Matroska file (`matroska` or `webm`), see `matroskaDocType`. */
  docType?: string | null;
}

/**
 * The served type of a probed file. ffprobe names the mov demuxer the same for
 * MP4 and QuickTime, and the Matroska demuxer the same for WebM, so the major
 * brand and the EBML DocType decide. Anything unknown is an opaque download.
 */
export function mediaTypeFor(facts: ContainerFacts): MediaType {
  const names = facts.formatName
    .toLowerCase()
    .split(',')
    .map((n) => n.trim());
  const has = (name: string) => names.includes(name);
  if (has('mov') || has('mp4')) {
    const brand = (facts.majorBrand ?? '').trim().toLowerCase();
    if (brand === 'qt') return { contentType: 'video/quicktime', ext: 'mov' };
    if (brand.startsWith('3g2')) return { contentType: 'video/3gpp2', ext: '3g2' };
    if (brand.startsWith('3gp') || brand.startsWith('3ge') || brand.startsWith('3gg')) return { contentType: 'video/3gpp', ext: '3gp' };
    return { contentType: 'video/mp4', ext: 'mp4' };
  }
  if (has('matroska') || has('webm')) {
    return facts.docType === 'webm' ? { contentType: 'video/webm', ext: 'webm' } : { contentType: 'video/x-matroska', ext: 'mkv' };
  }
  if (has('avi')) return { contentType: 'video/x-msvideo', ext: 'avi' };
  if (has('flv')) return { contentType: 'video/x-flv', ext: 'flv' };
  if (has('mpegts')) return { contentType: 'video/mp2t', ext: 'ts' };
  if (has('mpeg')) return { contentType: 'video/mpeg', ext: 'mpg' };
  if (has('ogg')) return { contentType: 'video/ogg', ext: 'ogv' };
  if (has('asf')) return { contentType: 'video/x-ms-asf', ext: 'asf' };
  if (has('mxf')) return { contentType: 'application/mxf', ext: 'mxf' };
  return { ...UNKNOWN_MEDIA_TYPE };
}

/** The extension of a served Content-Type (for the download name); `bin` for anything not in the table. */
export function extensionFor(contentType: string | null | undefined): string {
  return EXTENSIONS.get((contentType ?? '').toLowerCase()) ?? UNKNOWN_MEDIA_TYPE.ext;
}

const EXTENSIONS = new Map<string, string>([
  ['video/mp4', 'mp4'],
  ['video/quicktime', 'mov'],
  ['video/3gpp', '3gp'],
  ['video/3gpp2', '3g2'],
  ['video/webm', 'webm'],
  ['video/x-matroska', 'mkv'],
  ['video/x-msvideo', 'avi'],
  ['video/x-flv', 'flv'],
  ['video/mp2t', 'ts'],
  ['video/mpeg', 'mpg'],
  ['video/ogg', 'ogv'],
  ['video/x-ms-asf', 'asf'],
  ['application/mxf', 'mxf'],
]);

const EBML_HEADER = 0x1a45dfa3;
const DOC_TYPE = 0x4282;

/**
 * The DocType string of an EBML (Matroska/WebM) file from its first bytes, or
 * null when the bytes are not an EBML header or it has no DocType within them.
 */
export function matroskaDocType(head: Uint8Array): string | null {
  const header = readElement(head, 0);
  if (!header || header.id !== EBML_HEADER) return null;
  const end = Math.min(head.length, header.dataStart + header.size);
  let at = header.dataStart;
  while (at < end) {
    const child = readElement(head, at);
    if (!child || child.dataStart + child.size > end) return null;
    if (child.id === DOC_TYPE) {
      let text = '';
      for (let i = child.dataStart; i < child.dataStart + child.size && head[i] !== 0; i++) text += String.fromCharCode(head[i]!);
      return /^[\x20-\x7e]{1,32}$/.test(text) ? text : null;
    }
    at = child.dataStart + child.size;
  }
  return null;
}

/** One EBML element's id (marker bits kept) and data size (marker removed). */
function readElement(bytes: Uint8Array, at: number): { id: number; size: number; dataStart: number } | null {
  const id = readVint(bytes, at, true);
  if (!id || id.length > 4) return null;
  const size = readVint(bytes, at + id.length, false);
  if (!size) return null;
  return { id: id.value, size: size.value, dataStart: at + id.length + size.length };
}

function readVint(bytes: Uint8Array, at: number, keepMarker: boolean): { value: number; length: number } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (length <= 8 && (first & (0x80 >> (length - 1))) === 0) length++;
  if (length > 8 || at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + bytes[at + i]!;
  return { value, length };
}
