// Voice activity: where in the soundtrack someone speaks. A small, honest
// detector of our own (no registry package fitted; README decisions): it
// looks at 30 ms frames of the 16 kHz mono soundtrack and asks for what a
// voice has and music, noise and hum mostly lack.

/** Samples per second of the soundtrack the detector reads. */
export const VAD_SAMPLE_RATE = 16_000;
/** One analysis frame: 30 ms. */
export const VAD_FRAME = 480;
const FFT_SIZE = 1024;

export interface VadFrame {
  /** Mean square of the frame, in dB full scale. */
  energyDb: number;
  /** Share of the frame's power between 250 and 3500 Hz, where a voice's formants are. */
  bandRatio: number;
  /** Power between 250 and 3500 Hz in dB full scale (the kick of a beat and mains hum lie below it). */
  bandDb: number;
  /** Spectral flatness (geometric / arithmetic mean of the power) over 250-4000 Hz: near 1 for noise, small for tones and vowels. */
  flatness: number;
  /** Highest normalised autocorrelation at a lag of a 80-400 Hz pitch: near 1 for a steady periodic sound. */
  harmonicity: number;
  /** The pitch of that lag in Hz (0 when the frame is silent). */
  pitchHz: number;
}

const COS = Float64Array.from({ length: FFT_SIZE / 2 }, (_, k) => Math.cos((-2 * Math.PI * k) / FFT_SIZE));
const SIN = Float64Array.from({ length: FFT_SIZE / 2 }, (_, k) => Math.sin((-2 * Math.PI * k) / FFT_SIZE));

/** In-place radix-2 FFT of length FFT_SIZE (re, im), twiddles from the tables. */
function fft(re: Float64Array, im: Float64Array): void {
  const n = FFT_SIZE;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      const tr = re[i]!;
      re[i] = re[j]!;
      re[j] = tr;
      const ti = im[i]!;
      im[i] = im[j]!;
      im[j] = ti;
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const half = len >> 1;
    const step = n / len;
    for (let i = 0; i < n; i += len) {
      for (let k = 0; k < half; k++) {
        const cr = COS[k * step]!;
        const ci = SIN[k * step]!;
        const a = i + k;
        const b = a + half;
        const tr = re[b]! * cr - im[b]! * ci;
        const ti = re[b]! * ci + im[b]! * cr;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a] = re[a]! + tr;
        im[a] = im[a]! + ti;
      }
    }
  }
}

const bin = (hz: number) => Math.round((hz * FFT_SIZE) / VAD_SAMPLE_RATE);
const MIN_LAG = Math.floor(VAD_SAMPLE_RATE / 400);
const MAX_LAG = Math.ceil(VAD_SAMPLE_RATE / 80);
const B250 = bin(250);
const B3500 = bin(3500);
const B4000 = bin(4000);
// Scratch buffers: one frame is analysed at a time.
const RE = new Float64Array(FFT_SIZE);
const IM = new Float64Array(FFT_SIZE);

/**
 * The features of one 30 ms frame of samples in [-1, 1]. One transform of
 * the zero-padded frame gives the power spectrum (band share, flatness) and,
 * transformed again, the autocorrelation (harmonicity, pitch). A frame below
 * the voiced floor is not analysed further: its band power is taken as its
 * whole power.
 */
export function analyseFrame(frame: ArrayLike<number>): VadFrame {
  const n = VAD_FRAME;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += frame[i] ?? 0;
  mean /= n;
  let energy = 0;
  for (let i = 0; i < n; i++) energy += ((frame[i] ?? 0) - mean) ** 2;
  energy /= n;
  const energyDb = 10 * Math.log10(energy + 1e-12);
  if (energyDb < VOICED_MIN_DBFS) return { energyDb, bandRatio: 0, bandDb: energyDb, flatness: 1, harmonicity: 0, pitchHz: 0 };

  RE.fill(0);
  IM.fill(0);
  for (let i = 0; i < n; i++) RE[i] = (frame[i] ?? 0) - mean;
  fft(RE, IM);
  let total = 0;
  let band = 0;
  let logSum = 0;
  let linSum = 0;
  let count = 0;
  for (let k = 0; k < FFT_SIZE; k++) {
    const p = RE[k]! ** 2 + IM[k]! ** 2;
    if (k >= 1 && k < FFT_SIZE / 2) {
      total += p;
      if (k >= B250 && k <= B3500) band += p;
      if (k >= B250 && k <= B4000) {
        logSum += Math.log(p + 1e-20);
        linSum += p;
        count++;
      }
    }
    RE[k] = p;
    IM[k] = 0;
  }
  const bandRatio = total > 0 ? band / total : 0;
  const flatness = linSum > 0 ? Math.exp(logSum / count) / (linSum / count) : 1;

  // The power spectrum is real and even, so a forward transform gives the autocorrelation (times N);
  // each lag is divided by its overlap n − lag so a longer lag is not penalised.
  fft(RE, IM);
  const r0 = RE[0]! / n;
  let best = 0;
  let bestLag = 0;
  const r = (lag: number) => RE[lag]! / (n - lag);
  for (let lag = MIN_LAG; lag <= MAX_LAG; lag++) {
    const here = r(lag);
    // Only a local peak is a period; the top of the slope at MIN_LAG is not.
    if (here > best * r0 && here >= r(lag - 1) && here >= r(lag + 1)) {
      best = here / r0;
      bestLag = lag;
    }
  }
  return {
    energyDb,
    bandRatio,
    bandDb: 10 * Math.log10(energy * bandRatio + 1e-12),
    flatness,
    harmonicity: Math.min(1, best),
    pitchHz: bestLag > 0 ? VAD_SAMPLE_RATE / bestLag : 0,
  };
}

/** A voiced frame: periodic at a voice's pitch, its power in the formant band, not noise-like, above the floor. */
export const VOICED_MIN_HARMONICITY = 0.5;
export const VOICED_MIN_BAND_RATIO = 0.4;
export const VOICED_MAX_FLATNESS = 0.35;
export const VOICED_MIN_DBFS = -55;
/**
 * Speech comes in syllables: the power in the formant band rises and falls
 * several times a second. Over the second centred on a voiced frame the
 * standard deviation of that power (in dB) must reach this; a held note, a
 * chord, a hum or steady music stays well below it.
 */
export const VOICE_MIN_MODULATION_DB = 3;
/** Voice frames closer than this merge into one region (the pauses between words). */
export const VOICE_BRIDGE_SEC = 0.3;
/** Each region is widened by this on both sides (the consonants around the vowels). */
export const VOICE_HANGOVER_SEC = 0.2;
/** Regions shorter than this (before widening) are dropped: a lone click or note. */
export const VOICE_MIN_REGION_SEC = 0.15;

export const VAD_FRAME_SEC = VAD_FRAME / VAD_SAMPLE_RATE;

export interface VoiceSpan {
  start: number;
  end: number;
}

/** Whether frame features look voiced (before the syllable test). */
export function isVoicedFrame(f: VadFrame): boolean {
  return (
    f.energyDb >= VOICED_MIN_DBFS &&
    f.harmonicity >= VOICED_MIN_HARMONICITY &&
    f.bandRatio >= VOICED_MIN_BAND_RATIO &&
    f.flatness <= VOICED_MAX_FLATNESS
  );
}

/**
 * Voice regions from per-frame features (frame i covers [i·0.03, (i+1)·0.03) s):
 * voiced frames whose surrounding second shows syllabic modulation, merged
 * across gaps under 0.3 s, regions under 0.15 s dropped, the rest widened by
 * 0.2 s each side (clamped to the audio), times rounded to milliseconds.
 */
export function voiceSpans(frames: ReadonlyArray<Pick<VadFrame, 'bandDb'> & { voiced: boolean }>): VoiceSpan[] {
  const n = frames.length;
  const half = Math.round(0.5 / VAD_FRAME_SEC);
  // Running sums for the windowed standard deviation of band power.
  const sum = new Float64Array(n + 1);
  const sumSq = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) {
    const db = Math.max(-90, frames[i]!.bandDb);
    sum[i + 1] = sum[i]! + db;
    sumSq[i + 1] = sumSq[i]! + db * db;
  }
  const voice: number[] = [];
  for (let i = 0; i < n; i++) {
    if (!frames[i]!.voiced) continue;
    const a = Math.max(0, i - half);
    const b = Math.min(n, i + half + 1);
    const m = (sum[b]! - sum[a]!) / (b - a);
    const variance = Math.max(0, (sumSq[b]! - sumSq[a]!) / (b - a) - m * m);
    if (Math.sqrt(variance) >= VOICE_MIN_MODULATION_DB) voice.push(i);
  }
  const spans: VoiceSpan[] = [];
  const bridge = Math.round(VOICE_BRIDGE_SEC / VAD_FRAME_SEC);
  let first = -1;
  let last = -1;
  const close = () => {
    if (first < 0) return;
    if ((last + 1 - first) * VAD_FRAME_SEC >= VOICE_MIN_REGION_SEC) {
      spans.push({ start: Math.max(0, first * VAD_FRAME_SEC - VOICE_HANGOVER_SEC), end: Math.min(n * VAD_FRAME_SEC, (last + 1) * VAD_FRAME_SEC + VOICE_HANGOVER_SEC) });
    }
  };
  for (const i of voice) {
    if (first >= 0 && i - last <= bridge) last = i;
    else {
      close();
      first = i;
      last = i;
    }
  }
  close();
  // Widening may make neighbours touch.
  const merged: VoiceSpan[] = [];
  for (const s of spans) {
    const prev = merged[merged.length - 1];
    if (prev && s.start <= prev.end) prev.end = Math.max(prev.end, s.end);
    else merged.push({ ...s });
  }
  return merged.map((s) => ({ start: roundMs(s.start), end: roundMs(s.end) }));
}

/** Streams 16 kHz mono s16le samples (any chunking) into per-frame features; `finish` gives the voice regions. */
export class VoiceActivityDetector {
  private readonly frames: Array<{ bandDb: number; voiced: boolean }> = [];
  private readonly pending = new Float64Array(VAD_FRAME);
  private filled = 0;
  private oddByte: number | null = null;

  /** Little-endian 16-bit samples; a chunk may end inside a sample. */
  feedBytes(chunk: Uint8Array): void {
    let i = 0;
    if (this.oddByte !== null && chunk.length > 0) {
      this.feedSample(int16(this.oddByte, chunk[0]!));
      this.oddByte = null;
      i = 1;
    }
    for (; i + 1 < chunk.length; i += 2) this.feedSample(int16(chunk[i]!, chunk[i + 1]!));
    if (i < chunk.length) this.oddByte = chunk[i]!;
  }

  /** One sample in [-1, 1]. */
  feedSample(x: number): void {
    this.pending[this.filled++] = x;
    if (this.filled === VAD_FRAME) {
      const f = analyseFrame(this.pending);
      this.frames.push({ bandDb: f.bandDb, voiced: isVoicedFrame(f) });
      this.filled = 0;
    }
  }

  /** Voice regions in seconds from the first sample (an incomplete last frame is ignored). */
  finish(): VoiceSpan[] {
    return voiceSpans(this.frames);
  }
}

function int16(lo: number, hi: number): number {
  const v = lo | (hi << 8);
  return (v >= 0x8000 ? v - 0x10000 : v) / 32768;
}

function roundMs(x: number): number {
  return Math.round(x * 1000) / 1000;
}
