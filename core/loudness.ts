// Loudness: RMS of 16 kHz mono audio, accumulated while the decoder streams,
// so no stage ever holds the whole soundtrack in memory.

/** Below −60 dBFS a second counts as silence (0). */
export const SILENCE_RMS = 10 ** (-60 / 20);

export interface LoudnessMeterOptions {
  /** Samples per second of the mono input. Default 16000. */
  sampleRate?: number;
  /** Length of the fine windows reported by `windowRms()`, in seconds. Default 0.1. */
  windowSec?: number;
}

/**
 * Streaming accumulator of signed 16-bit mono PCM. Feed chunks of any size,
 * as samples (`feed`) or raw little-endian bytes (`feedBytes`, odd lengths
 * carried over), then read per-second or per-window RMS, full scale 1.0.
 */
export class LoudnessMeter {
  readonly sampleRate: number;
  readonly windowSamples: number;
  private readonly secondSums: number[] = [];
  private readonly windowSums: number[] = [];
  private samples = 0;
  private carry: number | null = null;
  private inSecond = 0;
  private inWindow = 0;
  private secondSum = 0;
  private windowSum = 0;

  constructor(options: LoudnessMeterOptions = {}) {
    this.sampleRate = options.sampleRate ?? 16000;
    this.windowSamples = Math.max(1, Math.round(this.sampleRate * (options.windowSec ?? 0.1)));
  }

  /** Samples seen so far. */
  get sampleCount(): number {
    return this.samples;
  }

  /** Seconds of audio seen so far. */
  get durationSec(): number {
    return this.samples / this.sampleRate;
  }

  feed(chunk: Int16Array | readonly number[]): void {
    for (let i = 0; i < chunk.length; i++) this.add(chunk[i] as number);
  }

  /** Raw s16le bytes; a trailing odd byte waits for the next chunk. */
  feedBytes(bytes: Uint8Array): void {
    let i = 0;
    if (this.carry !== null && bytes.length > 0) {
      this.add(toInt16(this.carry, bytes[0] as number));
      this.carry = null;
      i = 1;
    }
    for (; i + 1 < bytes.length; i += 2) this.add(toInt16(bytes[i] as number, bytes[i + 1] as number));
    if (i < bytes.length) this.carry = bytes[i] as number;
  }

  /** RMS per second t = 0..ceil(samples/rate)−1, a partial last second over its own samples; < −60 dBFS → 0. */
  perSecondRms(): number[] {
    const sums = this.inSecond > 0 ? [...this.secondSums, this.secondSum] : this.secondSums;
    return sums.map((sum, t) => {
      const n = Math.min(this.sampleRate, this.samples - t * this.sampleRate);
      const rms = Math.sqrt(sum / n);
      return rms < SILENCE_RMS ? 0 : rms;
    });
  }

  /** RMS per fine window (default 100 ms), no silence floor: the quietest point matters, not the level. */
  windowRms(): number[] {
    const sums = this.inWindow > 0 ? [...this.windowSums, this.windowSum] : this.windowSums;
    return sums.map((sum, w) => {
      const n = Math.min(this.windowSamples, this.samples - w * this.windowSamples);
      return Math.sqrt(sum / n);
    });
  }

  private add(sample: number): void {
    const x = sample / 32768;
    // Running sums instead of a division per sample: hours of audio pass through here.
    if (this.inSecond === this.sampleRate) {
      this.secondSums.push(this.secondSum);
      this.secondSum = 0;
      this.inSecond = 0;
    }
    if (this.inWindow === this.windowSamples) {
      this.windowSums.push(this.windowSum);
      this.windowSum = 0;
      this.inWindow = 0;
    }
    this.secondSum += x * x;
    this.windowSum += x * x;
    this.inSecond++;
    this.inWindow++;
    this.samples++;
  }
}

function toInt16(lo: number, hi: number): number {
  const v = lo | (hi << 8);
  return v >= 0x8000 ? v - 0x10000 : v;
}
