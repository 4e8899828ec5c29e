// The pieces of a POSIX ustar archive, so an archive can be streamed entry by
// entry (GET /v1/account/export) without holding it: each entry is a 512-byte
// header, its bytes, zero padding to a 512-byte block; two zero blocks end it. Pure.

export const TAR_BLOCK = 512;

/** The largest entry the header's 11 octal digits can say (8 GiB - 1). */
export const MAX_TAR_ENTRY_BYTES = 8 ** 11 - 1;

/** The two zero blocks that end an archive. */
export const TAR_END = new Uint8Array(TAR_BLOCK * 2);

export class TarEntryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TarEntryError';
  }
}

const encoder = new TextEncoder();

/** Writes `text` (ASCII) into `header` at `offset`, at most `length` bytes. */
function put(header: Uint8Array, offset: number, length: number, text: string): void {
  const bytes = encoder.encode(text);
  if (bytes.length > length) throw new TarEntryError(`"${text}" does not fit its ${length}-byte tar field`);
  header.set(bytes, offset);
}

/** `value` in octal, zero-padded to `digits`, then a NUL (the ustar numeric field). */
const octal = (value: number, digits: number) => `${value.toString(8).padStart(digits, '0')}\0`;

/**
 * The ustar header of a regular file `name` (a relative path of printable ASCII, at
 * most 100 bytes: no prefix field needed) of `size` bytes, modified at `mtime`.
 */
export function tarHeader(entry: { name: string; size: number; mtime: Date }): Uint8Array {
  const { name, size, mtime } = entry;
  if (!/^[\x21-\x7e][\x20-\x7e]*$/.test(name) || name.startsWith('/') || name.split('/').includes('..')) {
    throw new TarEntryError(`tar entry name "${name}" must be a relative path of printable ASCII`);
  }
  if (!Number.isSafeInteger(size) || size < 0 || size > MAX_TAR_ENTRY_BYTES) throw new TarEntryError(`tar entry size ${size} is out of range`);
  const header = new Uint8Array(TAR_BLOCK);
  put(header, 0, 100, name);
  put(header, 100, 8, octal(0o644, 7));
  put(header, 108, 8, octal(0, 7));
  put(header, 116, 8, octal(0, 7));
  put(header, 124, 12, octal(size, 11));
  put(header, 136, 12, octal(Math.max(0, Math.floor(mtime.getTime() / 1000)), 11));
  put(header, 156, 1, '0');
  put(header, 257, 6, 'ustar\0');
  put(header, 263, 2, '00');
  // The checksum is the byte sum of the header with its own field read as eight spaces.
  header.fill(0x20, 148, 156);
  const sum = header.reduce((total, byte) => total + byte, 0);
  put(header, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return header;
}

/** The zero bytes that follow an entry of `size` bytes up to the next block. */
export function tarPadding(size: number): Uint8Array {
  return new Uint8Array((TAR_BLOCK - (size % TAR_BLOCK)) % TAR_BLOCK);
}
