// WAV files as the decoder writes them (16 kHz mono s16le): finding the
// samples behind a RIFF header of any layout, streaming them, and writing
// time slices with a canonical 44-byte header that pocketsphinx reads as-is.

import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AUDIO_SAMPLE_RATE } from './ffmpeg-args';

export interface WavLayout {
  formatTag: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  /** Bytes per sample frame (all channels). */
  blockAlign: number;
  /** File offset of the first sample byte. */
  dataOffset: number;
  /** Sample bytes, whole frames only. */
  dataBytes: number;
}

export class WavFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WavFormatError';
  }
}

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

export interface WavHeaderOptions {
  /** Default 16000. */
  sampleRate?: number;
  /** Default 1. */
  channels?: number;
  /** Default 16. */
  bitsPerSample?: number;
}

/** The canonical 44-byte PCM header for `dataBytes` bytes of samples. */
export function wavHeader(dataBytes: number, options: WavHeaderOptions = {}): Buffer {
  const sampleRate = options.sampleRate ?? AUDIO_SAMPLE_RATE;
  const channels = options.channels ?? 1;
  const bits = options.bitsPerSample ?? 16;
  if (!Number.isInteger(dataBytes) || dataBytes < 0 || dataBytes > 0xffffffff - 36) {
    throw new RangeError(`WAV data size out of range: ${dataBytes}`);
  }
  const blockAlign = channels * (bits / 8);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVE', 8, 'ascii');
  h.write('fmt ', 12, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(WAVE_FORMAT_PCM, 20);
  h.writeUInt16LE(channels, 22);
  h.writeUInt32LE(sampleRate, 24);
  h.writeUInt32LE(sampleRate * blockAlign, 28);
  h.writeUInt16LE(blockAlign, 32);
  h.writeUInt16LE(bits, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

/**
 * Walks the RIFF chunks to `fmt ` and `data`. A data size of 0 or 0xFFFFFFFF
 * (a writer that never went back to fill it in) or one running past the end
 * of the file is replaced by what the file actually holds.
 */
export async function readWavLayout(path: string): Promise<WavLayout> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const head = Buffer.alloc(12);
    await file.read(head, 0, 12, 0);
    if (head.toString('ascii', 0, 4) !== 'RIFF' || head.toString('ascii', 8, 12) !== 'WAVE') {
      throw new WavFormatError(`${path} is not a RIFF/WAVE file`);
    }
    let fmt: Omit<WavLayout, 'dataOffset' | 'dataBytes'> | null = null;
    let pos = 12;
    const chunk = Buffer.alloc(8);
    while (pos + 8 <= size) {
      await file.read(chunk, 0, 8, pos);
      const id = chunk.toString('ascii', 0, 4);
      const chunkSize = chunk.readUInt32LE(4);
      const body = pos + 8;
      if (id === 'fmt ') {
        const f = Buffer.alloc(16);
        await file.read(f, 0, 16, body);
        fmt = {
          formatTag: f.readUInt16LE(0),
          channels: f.readUInt16LE(2),
          sampleRate: f.readUInt32LE(4),
          blockAlign: f.readUInt16LE(12),
          bitsPerSample: f.readUInt16LE(14),
        };
      } else if (id === 'data') {
        if (!fmt) throw new WavFormatError(`${path}: data chunk before fmt chunk`);
        const available = size - body;
        const declared = chunkSize === 0 || chunkSize === 0xffffffff || chunkSize > available ? available : chunkSize;
        const dataBytes = declared - (declared % Math.max(1, fmt.blockAlign));
        return { ...fmt, dataOffset: body, dataBytes };
      }
      pos = body + chunkSize + (chunkSize % 2);
    }
    throw new WavFormatError(`${path} has no data chunk`);
  } finally {
    await file.close();
  }
}

/** Throws unless the layout is the decoder's 16-bit mono PCM. */
export function assertMonoS16(layout: WavLayout, path: string): void {
  const pcm = layout.formatTag === WAVE_FORMAT_PCM || layout.formatTag === WAVE_FORMAT_EXTENSIBLE;
  if (!pcm || layout.channels !== 1 || layout.bitsPerSample !== 16) {
    throw new WavFormatError(`${path} is not 16-bit mono PCM (format ${layout.formatTag}, ${layout.channels} channels, ${layout.bitsPerSample} bits)`);
  }
}

/** A stream of the sample bytes only, optionally a byte range of them. */
export function createSampleStream(path: string, layout: WavLayout, range: { startByte?: number; endByte?: number } = {}, signal?: AbortSignal): Readable {
  const start = layout.dataOffset + (range.startByte ?? 0);
  const end = layout.dataOffset + (range.endByte ?? layout.dataBytes);
  if (end <= start) return Readable.from([]);
  // fs `end` is inclusive.
  return createReadStream(path, { start, end: end - 1, highWaterMark: 256 * 1024, ...(signal ? { signal } : {}) });
}

export interface WavSliceOptions {
  /** A 16-bit mono PCM WAV. */
  source: string;
  /** Slice in seconds from the source's first sample; clamped to the file. */
  startSec: number;
  endSec: number;
  /** Where the slice is written (overwritten). */
  out: string;
  signal?: AbortSignal;
}

export interface WavSlice {
  /** The slice actually written, in seconds (sample-exact, clamped). */
  startSec: number;
  endSec: number;
  dataBytes: number;
}

/** Writes [startSec, endSec) of `source` as a WAV with a 44-byte header, streaming by byte offsets. */
export async function writeWavSlice(options: WavSliceOptions): Promise<WavSlice> {
  const layout = await readWavLayout(options.source);
  assertMonoS16(layout, options.source);
  const totalSamples = layout.dataBytes / layout.blockAlign;
  const first = clamp(Math.round(options.startSec * layout.sampleRate), 0, totalSamples);
  const last = clamp(Math.round(options.endSec * layout.sampleRate), first, totalSamples);
  const dataBytes = (last - first) * layout.blockAlign;
  const header = wavHeader(dataBytes, { sampleRate: layout.sampleRate, channels: 1, bitsPerSample: 16 });
  const samples = createSampleStream(options.source, layout, { startByte: first * layout.blockAlign, endByte: last * layout.blockAlign }, options.signal);
  await pipeline(
    async function* () {
      yield header;
      yield* samples;
    },
    createWriteStream(options.out),
    ...(options.signal ? [{ signal: options.signal }] : []),
  );
  return { startSec: first / layout.sampleRate, endSec: last / layout.sampleRate, dataBytes };
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}
