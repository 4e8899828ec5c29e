import { describe, expect, it } from 'vitest';
import { METHOD_TEXT, signalsReference } from '../../../core/method';

describe('METHOD_TEXT', () => {
  it.each([
    'not a measurement of any viewer',
    'Fades, dissolves and push-ins',
    '95th percentile',
    '4 frames per second and scaled to 96x54 grey',
    '16 kHz mono',
    '-60 dBFS',
    'below -50 dBFS the series is all 0',
    'below 0.5 grey levels the series is all 0',
    'fewer than 3 words',
    'Only words heard inside a voice count',
    'Silero VAD v6 (the 16 kHz model of silero-vad 6.2.3',
    'for each 32 ms window',
    'at least 0.5 and closes where it falls below 0.35 and does not climb back to 0.5 within 0.1 s (a return shorter than 64 ms does not move where it closes)',
    'regions under 0.25 s are dropped and each is widened by 0.03 s on both sides',
    'lasts 0.02 to 1.5 s',
    'transcriber field names the engine',
    'd_k >= 3 grey levels',
    '3 times the median d of the surrounding 2 s',
    'at least 0.5 x d_k',
    '0.75 s apart',
    '0.45 x motion + 0.25 x loudness + 0.20 x speech',
    'plus 10 if a cut falls',
    'centred 3-second mean',
    'floor of 30',
    '2 or more consecutive seconds',
    'at least 10 s apart, at most 3 (5 for files over 180 seconds)',
    'first 3 seconds',
    'measures that mean the same in every file, so scores compare across videos',
    'score = round(100 x live x (0.40 x speech + 0.10 x pace x speech + 0.20 x cutting + 0.15 x motion + 0.15 x loudness))',
    'motion_raw / 3 grey levels',
    'from -60 dBFS (0) to -30 dBFS (1)',
    'A+ from 97',
    'F Flat',
    'pauses of 0.5 s or more or after 25 words',
    'number one',
    'its middle lies inside a region or within 0.5 s of one',
    'stretched by at most 2× either way',
    'whose middle falls in [t, t+1)',
  ])('states %j', (phrase) => {
    expect(METHOD_TEXT).toContain(phrase);
  });
});

describe('METHOD_TEXT as paragraphs', () => {
  it('is short paragraphs separated by blank lines, each a topic of its own', () => {
    const paragraphs = METHOD_TEXT.split('\n\n');
    expect(paragraphs.length).toBeGreaterThan(12);
    expect(paragraphs.filter((p) => p.trim() !== p || p.includes('\n'))).toEqual([]);
    expect(paragraphs.find((p) => p.startsWith('Cuts:'))).toMatch(/0\.75 s apart/);
    expect(paragraphs.find((p) => p.startsWith('Hold:'))).toMatch(/centred 3-second mean/);
    // Short: none is a page of its own (the whole text was one 6 KB paragraph).
    expect(Math.max(...paragraphs.map((p) => p.length))).toBeLessThan(3000);
  });
});

describe('signalsReference', () => {
  it('is the GET /v1/signals body with the spec signal table', () => {
    const ref = signalsReference();
    expect(ref.version).toBe('v1');
    expect(ref.floor).toBe(30);
    expect(ref.dead_min_seconds).toBe(2);
    expect(ref.scale).toContain('95th percentile');
    expect(ref.method).toBe(METHOD_TEXT);
    expect(ref.signals.map((s) => [s.name, s.reads, s.rises_when, s.falls_when])).toEqual([
      [
        'hold',
        '0.45 x motion + 0.25 x loudness + 0.20 x speech, plus a bonus on cuts, smoothed',
        'picture moves, sound comes up, someone speaks, a cut lands',
        'still, quiet frame with nobody talking',
      ],
      ['motion', 'mean absolute frame difference at 4 frames per second, 96x54 grey', 'the picture changes', 'the picture is static'],
      ['loudness', 'RMS of 16 kHz mono audio per second', 'sound gets louder', 'silence'],
      ['speech', 'words per second from a local speech-to-text transcript', 'fast, dense speech', 'no speech'],
    ]);
    for (const s of ref.signals) expect(s.method.length).toBeGreaterThan(40);
    // How speech is gated is said where the speech signal is defined.
    expect(ref.signals.find((s) => s.name === 'speech')?.method).toContain('Only words heard inside a voice count');
  });
});
