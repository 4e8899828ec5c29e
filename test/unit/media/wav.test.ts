import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWavLayout, wavHeader, writeWavSlice, WavFormatError } from '../../../activities/media/wav';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'holdline-wav-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** s16le samples 0, 1, 2, … n−1 (sample i is worth i), so a slice's content shows where it was cut. */
function ramp(n: number, from = 0): Buffer {
  const b = Buffer.alloc(n * 2);
  for (let i = 0; i < n; i++) b.writeInt16LE((from + i) % 32768, i * 2);
  return b;
}

describe('wavHeader', () => {
  it('writes the canonical 44-byte 16 kHz mono 16-bit PCM header', () => {
    const h = wavHeader(32000);
    expect(h.length).toBe(44);
    expect(h.toString('ascii', 0, 4)).toBe('RIFF');
    expect(h.readUInt32LE(4)).toBe(36 + 32000);
    expect(h.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect(h.readUInt32LE(16)).toBe(16);
    expect(h.readUInt16LE(20)).toBe(1);
    expect(h.readUInt16LE(22)).toBe(1);
    expect(h.readUInt32LE(24)).toBe(16000);
    expect(h.readUInt32LE(28)).toBe(32000);
    expect(h.readUInt16LE(32)).toBe(2);
    expect(h.readUInt16LE(34)).toBe(16);
    expect(h.toString('ascii', 36, 40)).toBe('data');
    expect(h.readUInt32LE(40)).toBe(32000);
  });

  it('refuses negative and fractional sizes', () => {
    expect(() => wavHeader(-2)).toThrow(RangeError);
    expect(() => wavHeader(1.5)).toThrow(RangeError);
  });
});

describe('readWavLayout', () => {
  it('finds the data chunk behind a LIST chunk and an odd-sized chunk with its pad byte', async () => {
    const list = Buffer.concat([Buffer.from('LIST'), Buffer.from([26, 0, 0, 0]), Buffer.alloc(26, 0x41)]);
    const odd = Buffer.concat([Buffer.from('junk'), Buffer.from([3, 0, 0, 0]), Buffer.from([1, 2, 3, 0])]);
    const header = wavHeader(8);
    const fmt = header.subarray(12, 36);
    const data = Buffer.concat([Buffer.from('data'), Buffer.from([8, 0, 0, 0]), ramp(4)]);
    const riff = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVE'), fmt, list, odd, data]);
    const path = join(dir, 'list.wav');
    await writeFile(path, riff);
    const layout = await readWavLayout(path);
    expect(layout).toEqual({
      formatTag: 1,
      channels: 1,
      sampleRate: 16000,
      bitsPerSample: 16,
      blockAlign: 2,
      dataOffset: 12 + 24 + 34 + 12 + 8,
      dataBytes: 8,
    });
  });

  it('takes the data size from the file when the header says 0xFFFFFFFF', async () => {
    const header = wavHeader(0);
    header.writeUInt32LE(0xffffffff, 40);
    const path = join(dir, 'streamed.wav');
    await writeFile(path, Buffer.concat([header, ramp(10), Buffer.from([7])]));
    const layout = await readWavLayout(path);
    expect(layout.dataOffset).toBe(44);
    expect(layout.dataBytes).toBe(20);
  });

  it('rejects a file that is not RIFF/WAVE', async () => {
    const path = join(dir, 'not.wav');
    await writeFile(path, 'hello, this is text and not audio at all');
    await expect(readWavLayout(path)).rejects.toBeInstanceOf(WavFormatError);
  });
});

describe('writeWavSlice', () => {
  it('writes exactly the samples of [start, end) behind a fresh 44-byte header', async () => {
    const source = join(dir, 'three-seconds.wav');
    await writeFile(source, Buffer.concat([wavHeader(48000 * 2), ramp(48000)]));
    const out = join(dir, 'slice.wav');
    const slice = await writeWavSlice({ source, startSec: 1.25, endSec: 2, out });
    expect(slice).toEqual({ startSec: 1.25, endSec: 2, dataBytes: 12000 * 2 });
    const bytes = await readFile(out);
    expect(bytes.subarray(0, 44)).toEqual(wavHeader(24000));
    expect(bytes.subarray(44)).toEqual(ramp(12000, 20000));
  });

  it('clamps a slice running past the end of the source', async () => {
    const source = join(dir, 'short.wav');
    await writeFile(source, Buffer.concat([wavHeader(1600 * 2), ramp(1600)]));
    const out = join(dir, 'tail.wav');
    const slice = await writeWavSlice({ source, startSec: 0.05, endSec: 5, out });
    expect(slice).toEqual({ startSec: 0.05, endSec: 0.1, dataBytes: 800 * 2 });
    expect((await readFile(out)).length).toBe(44 + 1600);
  });

  it('writes a header-only WAV for an empty slice', async () => {
    const source = join(dir, 'short.wav');
    const out = join(dir, 'empty.wav');
    const slice = await writeWavSlice({ source, startSec: 9, endSec: 10, out });
    expect(slice.dataBytes).toBe(0);
    expect(await readFile(out)).toEqual(wavHeader(0));
  });
});
