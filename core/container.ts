// Whether a media file can be read front to back, without seeking, from its
// first bytes: then ffprobe and ffmpeg can take it straight from storage on a
// pipe instead of from a downloaded copy.

const ascii = (bytes: Uint8Array, at: number) => String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];

/**
 * True for an ISO-BMFF file (MP4, MOV) whose `moov` box comes before its
 * `mdat` ("fast start"), and for Matroska/WebM. False when undecided within
 * `head` or for anything else: the caller then uses a seekable local copy.
 */
export function isSequentiallyReadable(head: Uint8Array): boolean {
  if (head.length >= 4 && EBML_MAGIC.every((b, i) => head[i] === b)) return true;
  let offset = 0;
  let first = true;
  while (offset + 8 <= head.length) {
    const view = new DataView(head.buffer, head.byteOffset + offset, 8);
    let size = view.getUint32(0);
    const type = ascii(head, offset + 4);
    if (first && type !== 'ftyp') return false;
    first = false;
    if (type === 'moov') return true;
    if (type === 'mdat') return false;
    if (size === 1) {
      if (offset + 16 > head.length) return false;
      const large = new DataView(head.buffer, head.byteOffset + offset + 8, 8).getBigUint64(0);
      if (large > BigInt(Number.MAX_SAFE_INTEGER)) return false;
      size = Number(large);
    }
    // size 0 means "to the end of the file": nothing can follow it.
    if (size < 8) return false;
    offset += size;
  }
  return false;
}
