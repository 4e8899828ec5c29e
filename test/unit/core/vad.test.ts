import { describe, expect, it } from 'vitest';
import { VAD_FRAME, VAD_SAMPLE_RATE, VoiceActivityDetector, analyseFrame, isVoicedFrame, voiceSpans } from '../../../core/vad';
import { uniformRandom } from '../../../scripts/xorshift';

// Signals built here sample by sample: what each stands for is in its name.
const RATE = VAD_SAMPLE_RATE;

/** A vowel-like sound: a glottal-ish harmonic series at `pitch` with formant weighting. */
function vowelSample(phase: number, pitch: number): number {
  let s = 0;
  for (let h = 1; h * pitch < 3800; h++) {
    const f = h * pitch;
    const gain = 1 / (1 + ((f - 700) / 150) ** 2) + 0.7 / (1 + ((f - 1200) / 200) ** 2) + 0.3 / (1 + ((f - 2500) / 300) ** 2) + 0.02;
    s += gain * Math.sin(h * phase);
  }
  return s;
}

/** Speech-like: syllables of 120-220 ms with gliding pitch, 60-140 ms apart, the odd consonant burst between. */
function speechLike(seconds: number, seed = 7, level = 0.1): Float64Array {
  const out = new Float64Array(Math.round(seconds * RATE));
  const r = uniformRandom(seed);
  let i = 0;
  let phase = 0;
  while (i < out.length) {
    const syllable = Math.round((0.12 + 0.1 * r()) * RATE);
    const p0 = 110 + 60 * r();
    const p1 = p0 * (0.85 + 0.3 * r());
    for (let j = 0; j < syllable && i < out.length; j++, i++) {
      const pitch = p0 + ((p1 - p0) * j) / syllable;
      phase += (2 * Math.PI * pitch) / RATE;
      out[i] = level * Math.sin((Math.PI * j) / syllable) * vowelSample(phase, pitch);
    }
    const gap = Math.round((0.06 + 0.08 * r()) * RATE);
    for (let j = 0; j < gap && i < out.length; j++, i++) out[i] = j < gap / 3 ? level * 0.2 * (r() * 2 - 1) : 0;
  }
  return out;
}

function heldNote(seconds: number, pitch: number, level = 0.1): Float64Array {
  const out = new Float64Array(Math.round(seconds * RATE));
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    phase += (2 * Math.PI * pitch * (1 + 0.01 * Math.sin((2 * Math.PI * 5.5 * i) / RATE))) / RATE;
    out[i] = level * vowelSample(phase, pitch);
  }
  return out;
}

function noise(seconds: number, level: number, seed = 3): Float64Array {
  const r = uniformRandom(seed);
  return Float64Array.from({ length: Math.round(seconds * RATE) }, () => level * (r() * 2 - 1));
}

function hum(seconds: number, level: number): Float64Array {
  return Float64Array.from({ length: Math.round(seconds * RATE) }, (_, i) => {
    const t = i / RATE;
    return level * (Math.sin(2 * Math.PI * 60 * t) + 0.5 * Math.sin(2 * Math.PI * 120 * t) + 0.35 * Math.sin(2 * Math.PI * 180 * t));
  });
}

/** Clap bursts: short decaying noise bursts about 25 a second. */
function claps(seconds: number, level: number): Float64Array {
  const out = new Float64Array(Math.round(seconds * RATE));
  const r = uniformRandom(11);
  for (let c = 0; c < seconds * 25; c++) {
    const at = Math.floor(r() * out.length);
    for (let j = 0; at + j < out.length && j < 0.06 * RATE; j++) out[at + j]! += level * (r() * 2 - 1) * Math.exp(-j / (0.012 * RATE));
  }
  return out;
}

function concat(...parts: Float64Array[]): Float64Array {
  const out = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function mix(a: Float64Array, b: Float64Array): Float64Array {
  return a.map((x, i) => x + (b[i] ?? 0));
}

function spansOf(samples: Float64Array) {
  const detector = new VoiceActivityDetector();
  for (const x of samples) detector.feedSample(x);
  return detector.finish();
}

const covered = (spans: Array<{ start: number; end: number }>, from: number, to: number) =>
  spans.reduce((sum, s) => sum + Math.max(0, Math.min(to, s.end) - Math.max(from, s.start)), 0) / (to - from);

describe('analyseFrame', () => {
  it('finds the pitch and high harmonicity of a vowel and the flatness of noise', () => {
    const vowel = heldNote(0.03, 150);
    const v = analyseFrame(vowel.subarray(0, VAD_FRAME));
    expect(v.pitchHz).toBeGreaterThan(140);
    expect(v.pitchHz).toBeLessThan(160);
    expect(v.harmonicity).toBeGreaterThan(0.8);
    expect(isVoicedFrame(v)).toBe(true);
    const n = analyseFrame(noise(0.03, 0.1).subarray(0, VAD_FRAME));
    expect(n.flatness).toBeGreaterThan(0.35);
    expect(isVoicedFrame(n)).toBe(false);
  });

  it('leaves a frame below -55 dBFS unvoiced and a silent one at the floor', () => {
    expect(isVoicedFrame(analyseFrame(heldNote(0.03, 150, 0.0005).subarray(0, VAD_FRAME)))).toBe(false);
    const silent = analyseFrame(new Float64Array(VAD_FRAME));
    expect(silent.harmonicity).toBe(0);
    expect(isVoicedFrame(silent)).toBe(false);
  });
});

describe('VoiceActivityDetector', () => {
  it('hears speech-like syllables and not the silence around them', () => {
    const spans = spansOf(concat(new Float64Array(RATE), speechLike(3), new Float64Array(2 * RATE)));
    expect(covered(spans, 1.3, 3.7)).toBeGreaterThan(0.9);
    expect(covered(spans, 4.5, 6)).toBe(0);
    expect(covered(spans, 0, 0.7)).toBe(0);
  });

  it('hears nothing in a held sung note, mains hum, noise or clap bursts', () => {
    expect(spansOf(heldNote(3, 220))).toEqual([]);
    expect(spansOf(hum(3, 0.2))).toEqual([]);
    expect(spansOf(noise(3, 0.05))).toEqual([]);
    expect(spansOf(claps(3, 0.3))).toEqual([]);
    expect(spansOf(new Float64Array(3 * RATE))).toEqual([]);
  });

  it('hears speech over a held chord 12 dB below it', () => {
    const voice = speechLike(4, 5, 0.1);
    const bed = mix(mix(heldNote(4, 131, 0.025), heldNote(4, 165, 0.025)), heldNote(4, 196, 0.025));
    expect(covered(spansOf(mix(voice, bed)), 0.3, 3.7)).toBeGreaterThan(0.8);
  });

  it('gives the same regions whatever the chunking of the bytes', () => {
    const samples = concat(new Float64Array(RATE / 2), speechLike(2), new Float64Array(RATE / 2));
    const bytes = new Uint8Array(samples.length * 2);
    const view = new DataView(bytes.buffer);
    samples.forEach((x, i) => view.setInt16(i * 2, Math.round(x * 32767), true));
    const whole = new VoiceActivityDetector();
    whole.feedBytes(bytes);
    const pieces = new VoiceActivityDetector();
    for (let at = 0; at < bytes.length; at += 777) pieces.feedBytes(bytes.subarray(at, at + 777));
    expect(pieces.finish()).toEqual(whole.finish());
    expect(whole.finish().length).toBeGreaterThan(0);
  });
});

describe('voiceSpans', () => {
  /** Frames 30 ms each: voiced where the mask says, with band power swinging 12 dB every 3 frames (syllables). */
  const frames = (mask: string) =>
    [...mask].map((c, i) => ({ voiced: c === 'v', bandDb: Math.floor(i / 3) % 2 === 0 ? -20 : -32 }));

  it('bridges gaps under 0.3 s, widens by 0.2 s and clamps to the audio', () => {
    // 10 voiced frames, 9 unvoiced (0.27 s), 10 voiced: one region from 0 (clamped) to 29 frames + 0.2 s.
    expect(voiceSpans(frames(`${'v'.repeat(10)}${'.'.repeat(9)}${'v'.repeat(10)}${'.'.repeat(40)}`))).toEqual([{ start: 0, end: 1.07 }]);
  });

  it('keeps regions apart across a gap of 0.3 s or more and drops regions under 0.15 s', () => {
    const spans = voiceSpans(frames(`${'.'.repeat(20)}${'v'.repeat(10)}${'.'.repeat(30)}${'v'.repeat(10)}${'.'.repeat(40)}${'v'.repeat(4)}${'.'.repeat(40)}`));
    expect(spans).toEqual([
      { start: 0.4, end: 1.1 },
      { start: 1.6, end: 2.3 },
    ]);
  });

  it('drops voiced frames whose surrounding second does not swing by 3 dB (a held note)', () => {
    const steady = [...'v'.repeat(100)].map(() => ({ voiced: true, bandDb: -20 }));
    expect(voiceSpans(steady)).toEqual([]);
  });
});
