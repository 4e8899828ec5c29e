import { describe, expect, it } from 'vitest';
import { isSequentiallyReadable } from '../../../core/container';

const box = (type: string, payloadBytes: number) => {
  const bytes = new Uint8Array(8 + payloadBytes);
  new DataView(bytes.buffer).setUint32(0, 8 + payloadBytes);
  bytes.set(
    [...type].map((c) => c.charCodeAt(0)),
    4,
  );
  return bytes;
};
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

describe('isSequentiallyReadable', () => {
  it.each([
    ['fast-start MP4: ftyp, moov, mdat', concat(box('ftyp', 16), box('moov', 100), box('mdat', 50)), true],
    ['fast-start MP4 with a free box before moov', concat(box('ftyp', 16), box('free', 8), box('moov', 10)), true],
    ['MP4 with mdat before moov', concat(box('ftyp', 16), box('mdat', 50), box('moov', 10)), false],
    ['MP4 whose moov lies past the bytes read', concat(box('ftyp', 16), box('free', 4000)).subarray(0, 100), false],
    ['a file not starting with ftyp', concat(box('moov', 10)), false],
    ['a box of size 0 (to end of file) before moov', concat(box('ftyp', 16), new Uint8Array([0, 0, 0, 0, 0x6d, 0x64, 0x61, 0x74])), false],
    ['Matroska / WebM', new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]), true],
    ['garbage', new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]), false],
    ['nothing', new Uint8Array(0), false],
  ])('%s → %s', (_, head, expected) => {
    expect(isSequentiallyReadable(head)).toBe(expected);
  });
});
