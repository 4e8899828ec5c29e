import { describe, expect, it } from 'vitest';
import { METHOD_TEXT } from '../../../core/method';
import { assembleRead } from '../../../core/read';
import type { RawMeasurements } from '../../../core/measurements';

// A 6.5 s file, N = 7 seconds, worked by hand:
// - frames: d = 8 in seconds 0–2 (k = 1..11), a hard cut at k = 12 (3.0 s, d = 60), then a still picture (d = 0).
//   d_12 = 60 ≥ 3 grey levels, ≥ 3 × the median of its ±2 s (8) and ≥ 3 × its neighbours' mean (4); d_13 = 0 so no flash test → one cut at 3.0 s.
//   motion_raw = [8,8,8,0,0,0,0] (the cut sample left out) → P95 = 8 → M = [100,100,100,0,0,0,0].
// - loudness: 0.1 for 4 seconds, then silence; the array has 6 entries and is padded to 7 with 0 → L = [100,100,100,100,0,0,0].
// - words: 7 words starting 0.1, 0.5 | 1.0, 1.4, 1.8 | 2.2, 2.6 → speech_raw = [2,3,2,0,0,0,0];
//   P95 = 2 + 0.7 × 1 = 2.7 → S = [74.07, 100, 74.07, 0, 0, 0, 0].
// - h = [84.81, 90, 84.81, 35 (25 + cut bonus), 0, 0, 0]; centred mean → hold = [87.4, 86.5, 69.9, 39.9, 11.7, 0, 0].
// - dead = seconds 4..6, its end clamped to the duration: 4..6.5 (2.5 s of the file).
// - score (issue 32, from the raw measures): live = 1 − 2.5/6.5 = 0.6154; speech 0.1..2.9 = 2.8 s of 6.5 → 0.4308 / 0.8 = 0.5385;
//   pace 7 words in 2.8 s = 150 wpm → 1; two shots of 3.25 s → cutting 1; motion 8 grey levels (≥ 3) in 3 of 6.5 s → 0.4615;
//   RMS 0.1 (−20 dBFS, ≥ −30) in 4 of 6.5 s → 0.6154. 100 × 0.6154 × (0.4 × 0.5385 + 0.1 × 0.5385 + 0.2 + 0.15 × 0.4615 + 0.15 × 0.6154)
//   = 38.8 → 39, F, Flat.
// - hook = (87.4 + 86.5 + 69.9) / 3 = 81.27 → 81.3. The only peak is second 0 (87.4 ≥ median 39.9).
const text = ['studies', 'show', 'ten', 'percent', 'of', 'people', 'agree'];
const starts = [0.1, 0.5, 1.0, 1.4, 1.8, 2.2, 2.6];
const raw: RawMeasurements = {
  durationSec: 6.5,
  frameDiffs: Array.from({ length: 26 }, (_, k) => (k === 0 ? 0 : k <= 11 ? 8 : k === 12 ? 60 : 0)),
  skipDiffs: Array.from({ length: 26 }, (_, k) => (k === 0 || k === 25 ? Number.NaN : k === 11 ? 64 : k === 12 ? 60 : 8)),
  loudnessRms: [0.1, 0.1, 0.1, 0.1, 0, 0],
  words: text.map((word, i) => ({ word, start: starts[i] as number, end: (starts[i] as number) + 0.3 })),
};

describe('assembleRead', () => {
  const read = assembleRead(raw);

  it('gives one timeline entry per second with scores rounded to one decimal', () => {
    expect(read.timeline).toEqual([
      { second: 0, scores: { hold: 87.4, motion: 100, loudness: 100, speech: 74.1 } },
      { second: 1, scores: { hold: 86.5, motion: 100, loudness: 100, speech: 100 } },
      { second: 2, scores: { hold: 69.9, motion: 100, loudness: 100, speech: 74.1 } },
      { second: 3, scores: { hold: 39.9, motion: 0, loudness: 100, speech: 0 } },
      { second: 4, scores: { hold: 11.7, motion: 0, loudness: 0, speech: 0 } },
      { second: 5, scores: { hold: 0, motion: 0, loudness: 0, speech: 0 } },
      { second: 6, scores: { hold: 0, motion: 0, loudness: 0, speech: 0 } },
    ]);
  });

  it('reports cuts, dead stretches, hook, score, grade and label', () => {
    expect(read.duration_sec).toBe(6.5);
    expect(read.cuts).toEqual([3]);
    expect(read.dead).toEqual([{ start: 4, end: 6.5 }]);
    expect(read.hook).toBe(81.3);
    expect(read.score).toBe(39);
    expect(read.grade).toBe('F');
    expect(read.label).toBe('Flat');
  });

  it('reports the moment, transcript and claim with what was said', () => {
    expect(read.moments).toEqual([{ second: 0, label: 'peak', hold: 87.4, quote: 'studies show ten percent of' }]);
    expect(read.transcript).toEqual([{ start: 0.1, end: 2.9, text: 'studies show ten percent of people agree' }]);
    expect(read.claims).toEqual(['studies show ten percent of people agree']);
  });

  it('writes the summary and carries the method text', () => {
    expect(read.summary).toBe(
      'Average hold is 42.2 over 6.5 seconds. The strongest second is 0:00 (hold 87.4). ' +
        '1 dead stretch: 0:04 to 0:06.5, 2.5 seconds in all. 1 cut. The hook (mean hold over the first 3 seconds) is 81.3.',
    );
    expect(read.method).toBe(METHOD_TEXT);
  });
});

describe('assembleRead loudness_lufs', () => {
  it('carries the EBU R128 measurement fitted to the read length, and null for a file without sound', () => {
    const measured = { integratedLufs: -15.5, rangeLu: 6.2, truePeakDbtp: -0.4, shortTermLufs: [null, null, -16, -15, -14, -13, -12, -11, -10, -9, -8] };
    const read = assembleRead({ ...raw, loudnessLufs: measured });
    expect(read.loudness_lufs?.short_term_lufs).toEqual(measured.shortTermLufs.slice(0, read.timeline.length));
    expect(read.loudness_lufs).toMatchObject({ integrated_lufs: -15.5, range_lu: 6.2, true_peak_dbtp: -0.4 });
    expect(read.loudness_lufs?.targets.find((t) => t.id === 'streaming')).toMatchObject({ verdict: 'quieter', difference_lu: -1.5, true_peak_over: true });
    expect(assembleRead(raw).loudness_lufs).toBeNull();
  });

  it('keeps the probed frame rate to three decimals, null when unknown', () => {
    expect(assembleRead({ ...raw, fps: 30000 / 1001 }).frame_rate).toBe(29.97);
    expect(assembleRead({ ...raw, fps: null }).frame_rate).toBeNull();
    expect(assembleRead(raw).frame_rate).toBeNull();
  });

  it('keeps the probed picture size, and leaves it out when the probe gave none or no picture', () => {
    const sized = assembleRead({ ...raw, width: 1080, height: 1920 });
    expect([sized.width, sized.height]).toEqual([1080, 1920]);
    // The size comes last, after cut_frames, in the order the store and the scan view list the read's fields.
    expect(Object.keys(sized).slice(-2)).toEqual(['width', 'height']);
    for (const size of [{}, { width: 0, height: 0 }, { width: 1280 }, { width: 12.5, height: 720 }]) {
      const read = assembleRead({ ...raw, ...size });
      expect('width' in read || 'height' in read, JSON.stringify(size)).toBe(false);
    }
  });

  it('moves the cut to the frame refinement found, gives its index beside it, and the hold bonus follows it', () => {
    // The grid cut at 3.0 s (sample 12) refined to frame 74 at 25 fps: 2.96 s, so the cut bonus moves to second 2:
    // h = [84.81, 90, 94.81, 25, 0, 0, 0], centred means [87.4, 89.9, 69.9, 39.9, 8.3, 0, 0].
    const read = assembleRead({ ...raw, fps: 25, cutRefinement: [{ sample: 12, refined: { timeSec: 2.96, frame: 74 } }] });
    expect([read.cuts, read.cut_frames, read.frame_rate_variable]).toEqual([[2.96], [74], false]);
    expect(read.timeline.map((t) => t.scores.hold)).toEqual([87.4, 89.9, 69.9, 39.9, 8.3, 0, 0]);
    expect(read.method).toBe(METHOD_TEXT);
  });

  it('keeps a cut whose window could not be decoded on its grid time, and the method says so', () => {
    const read = assembleRead({ ...raw, fps: 25, fpsVariable: true, cutRefinement: [{ sample: 12, refined: null }] });
    expect([read.cuts, read.cut_frames, read.frame_rate_variable]).toEqual([[3], [75], true]);
    expect(read.method).toBe(
      `${METHOD_TEXT}\n\nThe cut at 3 s could not be refined to its frame (its window could not be decoded, or showed no change) and keeps its 0.25 s grid time.`,
    );
  });

  it('names the technical cues of the classified samples, and a dip over them; none on measurements taken before samples were classified', () => {
    expect(assembleRead(raw).technical_cues).toBeUndefined();
    // The still after the cut turns black from 3.5 s (sample 14) to the end.
    const kinds = Array.from({ length: 26 }, (_, k) => (k >= 14 ? 1 : 0));
    const withCues = assembleRead({ ...raw, frameKinds: kinds });
    expect(withCues.technical_cues).toEqual([{ kind: 'black_frames', start: 3.5, end: 6.5 }]);
    expect(withCues.dips?.find((d) => d.causes[0] === 'black_frames')).toMatchObject({ start: 3.5, end: 6.5 });
    expect(assembleRead({ ...raw, frameKinds: kinds.map(() => 0) }).technical_cues).toEqual([]);
  });

  it('has no cut_frames without a frame rate', () => {
    expect(assembleRead(raw).cut_frames).toBeUndefined();
    expect(assembleRead(raw).cuts).toEqual([3]);
  });
});

describe('assembleRead edges: the duration, not ceil(duration)', () => {
  // 12.1 s: moving, loud and spoken until 8 s with a cut at 2.0 s, then a still, silent tail.
  // N = 13 seconds; second 12 holds only 0.1 s of the file.
  const durationSec = 12.1;
  const frames = 49; // k/4 for k = 0..48: the last frame at 12.0 s
  const tail: RawMeasurements = {
    durationSec,
    frameDiffs: Array.from({ length: frames }, (_, k) => (k === 0 ? 0 : k === 8 ? 60 : k < 32 ? 6 + (k % 3) : 0)),
    skipDiffs: Array.from({ length: frames }, (_, k) => (k === 0 || k === frames - 1 ? Number.NaN : k === 8 ? 60 : 8)),
    loudnessRms: Array.from({ length: 13 }, (_, t) => (t < 8 ? 0.1 : 0)),
    words: Array.from({ length: 16 }, (_, i) => ({ word: 'word', start: 0.2 + i / 2, end: 0.5 + i / 2 })),
  };
  const read = assembleRead(tail);

  it('keeps N = ceil(duration) entries in the series', () => {
    expect(read.cuts).toEqual([2]);
    expect(read.timeline).toHaveLength(13);
  });

  it('ends every dead stretch, dip and suggested opening at the duration at the latest', () => {
    expect(read.dead.length).toBeGreaterThan(0);
    expect(read.dead[read.dead.length - 1]?.end).toBe(durationSec);
    expect(read.dips?.[read.dips.length - 1]?.end).toBe(durationSec);
    for (const span of [...read.dead, ...(read.dips ?? [])]) expect(span.end).toBeLessThanOrEqual(durationSec);
    expect(read.hook_report?.best_opening.end).toBeLessThanOrEqual(durationSec);
    for (const m of read.moments) expect(m.second).toBeLessThan(durationSec);
  });

  it('measures the last shot from its cut to the duration and names the span to its real end', () => {
    // The shot runs from the cut at 2.0 s to 12.1 s: 10.1 s, not the 11 s to ceil(duration).
    expect(read.dips?.[read.dips.length - 1]?.advice).toContain('one shot runs 10.1 s without a cut');
    expect(read.dips?.[read.dips.length - 1]?.advice).toMatch(/–0:12\.1 \(/);
  });

  it("states the file's own length in the summary", () => {
    expect(read.summary).toMatch(/^Average hold is [0-9.]+ over 12\.1 seconds\./);
    expect(read.summary).toContain('to 0:12.1');
  });
});

describe('assembleRead edge cases', () => {
  const silent: RawMeasurements = { durationSec: 0.3, frameDiffs: [0], skipDiffs: [Number.NaN], loudnessRms: [], words: [] };

  it('gives a sub-second file one second and an all-flat read', () => {
    const read = assembleRead(silent);
    expect(read.duration_sec).toBe(0.3);
    expect(read.timeline).toEqual([{ second: 0, scores: { hold: 0, motion: 0, loudness: 0, speech: 0 } }]);
    expect(read.dead).toEqual([]);
    expect(read.moments).toEqual([]);
    expect(read.cuts).toEqual([]);
    expect(read.score).toBe(0);
    expect(read.grade).toBe('F');
    expect(read.summary).toContain('No dead stretches. No cuts.');
  });

  it('cuts series longer than N and rounds the duration to 2 decimals', () => {
    const read = assembleRead({ ...silent, durationSec: 2.0049, loudnessRms: [0.5, 0.5, 0.5, 0.5, 0.5] });
    expect(read.duration_sec).toBe(2);
    expect(read.timeline.map((e) => e.scores.loudness)).toEqual([100, 100, 100]);
  });

  it('leaves noise below the gates at 0', () => {
    const read = assembleRead({
      durationSec: 3,
      frameDiffs: [0, 0.3, 0.4, 0.3, 0.2, 0.4, 0.3, 0.3, 0.2, 0.3, 0.4, 0.3],
      skipDiffs: [],
      loudnessRms: [0.002, 0.003, 0.002],
      words: [
        { word: 'hi', start: 0.5, end: 0.8 },
        { word: 'there', start: 1.5, end: 1.8 },
      ],
    });
    expect(read.timeline.map((e) => [e.scores.motion, e.scores.loudness, e.scores.speech])).toEqual([
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ]);
    expect(read.transcript).toEqual([
      { start: 0.5, end: 0.8, text: 'hi' },
      { start: 1.5, end: 1.8, text: 'there' },
    ]);
    expect(read.dead).toEqual([{ start: 0, end: 3 }]);
  });
});

describe('assembleRead with the voice gate', () => {
  it('counts no word when the detector heard no voice: speech 0, no transcript, quotes or claims', () => {
    const gated = assembleRead({ ...raw, voice: [] });
    expect(gated.timeline.map((e) => e.scores.speech)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(gated.transcript).toEqual([]);
    expect(gated.claims).toEqual([]);
    expect(gated.moments.every((m) => m.quote === '')).toBe(true);
  });

  it('counts only the words whose middle lies within reach of a voice region, placed inside it', () => {
    // Voice over 1.2-2.0 s, reach 0.5 s: middles 1.15, 1.55, 1.95, 2.35 count; 0.25, 0.65 and 2.75 do not.
    const gated = assembleRead({ ...raw, voice: [{ start: 1.2, end: 2.0 }] });
    expect(gated.transcript.map((s) => s.text)).toEqual(['ten percent of people']);
    expect(gated.transcript[0]).toMatchObject({ start: 1.2, end: 2.0 });
    expect(gated.timeline[1]!.scores.speech).toBeGreaterThan(0);
    expect(gated.timeline[0]!.scores.speech).toBe(0);
    expect(gated.timeline[2]!.scores.speech).toBe(0);
  });

  it('drops words too long to be spoken and names the engine', () => {
    const read = assembleRead({ ...raw, words: [...raw.words, { word: 'end', start: 3, end: 6.5 }], transcriber: 'pocketsphinx 5prealpha en-us' });
    expect(read.transcript.map((s) => s.text).join(' ')).not.toContain('end');
    expect(read.transcriber).toBe('pocketsphinx 5prealpha en-us');
    expect(read.method).toBe(`${METHOD_TEXT}\n\nThis read's words were heard by pocketsphinx 5prealpha en-us.`);
    expect(assembleRead(raw).transcriber).toBeNull();
  });
});

describe('assembleRead and the spoken language', () => {
  it('names the language that carried most words and keeps claims for English', () => {
    const read = assembleRead({
      ...raw,
      transcriber: 'whisper-base',
      languages: [
        { language: 'en', words: 5 },
        { language: 'de', words: 2 },
      ],
    });
    expect(read.language).toBe('en');
    expect(read.claims).toEqual(['studies show ten percent of people agree']);
    expect(read.method).toBe(`${METHOD_TEXT}\n\nThis read's words were heard by whisper-base in the language en.`);
  });

  it('flags no claims in another language and says why in the method text', () => {
    const read = assembleRead({ ...raw, transcriber: 'whisper-base', languages: [{ language: 'es', words: 7 }] });
    expect(read.language).toBe('es');
    expect(read.claims).toEqual([]);
    expect(read.transcript).toEqual([{ start: 0.1, end: 2.9, text: 'studies show ten percent of people agree' }]);
    expect(read.method).toBe(`${METHOD_TEXT}\n\nThis read's words were heard by whisper-base in the language es (so no claims are flagged).`);
  });

  it('is null when the voice gate kept no word, whatever the engine said', () => {
    expect(assembleRead({ ...raw, voice: [], languages: [{ language: 'en', words: 7 }] }).language).toBeNull();
    expect(assembleRead(raw).language).toBeNull();
  });
});
