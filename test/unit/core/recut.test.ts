import { describe, expect, it } from 'vitest';
import {
  chooseOpening,
  compareReads,
  dipFigures,
  dipSecondsToCut,
  dipsForPrompt,
  dropTechnicalCues,
  hookIsWeak,
  hookReportForPrompt,
  goalSeconds,
  parseRecutAnswer,
  proposeByRules,
  recutLimits,
  recutPrompt,
  snapToFrames,
  snapToSpeechGaps,
  validateProposal,
  type ReadForRecut,
  type Segment,
} from '../../../core/recut';
import { deadStretches } from '../../../core/dead';

describe('goalSeconds', () => {
  it.each([
    { goal: 'cut to under 60 s for Shorts', want: 60 },
    { goal: 'keep it to 45 seconds', want: 45 },
    { goal: 'around 1.5 min', want: 90 },
    { goal: 'no longer than 1:30', want: 90 },
    { goal: 'under 2 minutes, ideally 50s', want: 50 },
    { goal: 'show the 3 moments', want: null },
    { goal: 'tighter please', want: null },
    { goal: '0.5 s', want: null },
    { goal: '', want: null },
    { goal: undefined, want: null },
  ])('$goal → $want', ({ goal, want }) => {
    expect(goalSeconds(goal)).toBe(want);
  });
});

describe('recutLimits', () => {
  it.each([
    { duration: 100, request: {}, want: { maxKeptSec: 100, minKeptSec: 30 } },
    { duration: 100, request: { maxSeconds: 60 }, want: { maxKeptSec: 60, minKeptSec: 30 } },
    // The goal asks for less than 30 %: the floor gives way.
    { duration: 100, request: { maxSeconds: 20 }, want: { maxKeptSec: 20, minKeptSec: 20 } },
    { duration: 100, request: { goal: 'a 15 s teaser' }, want: { maxKeptSec: 15, minKeptSec: 15 } },
    { duration: 100, request: { goal: 'under 60 s', maxSeconds: 40 }, want: { maxKeptSec: 40, minKeptSec: 30 } },
    { duration: 2, request: {}, want: { maxKeptSec: 2, minKeptSec: 1 } },
  ])('$duration s with $request', ({ duration, request, want }) => {
    expect(recutLimits(duration, request)).toEqual(want);
  });
});

describe('validateProposal', () => {
  const ok = (segments: Segment[], duration = 20, request = {}) => validateProposal(segments, duration, request);
  it.each([
    {
      segments: [
        { start: 0, end: 4 },
        { start: 6, end: 10 },
      ],
      kept: 8,
    },
    {
      segments: [
        { start: 2, end: 8 },
        { start: 8, end: 20 },
      ],
      kept: 18,
    },
    { segments: [{ start: 10, end: 20.004 }], kept: 10 },
  ])('accepts $segments', ({ segments, kept }) => {
    const result = ok(segments);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.keptSec).toBe(kept);
  });

  it.each([
    { segments: [], reason: 'no segments' },
    { segments: [{ start: -1, end: 5 }], reason: 'starts before 0 s' },
    { segments: [{ start: 10, end: 21 }], reason: 'ends after the video' },
    {
      segments: [
        { start: 0, end: 5 },
        { start: 6, end: 6.5 },
      ],
      reason: 'shorter than 1 s',
    },
    {
      segments: [
        { start: 8, end: 12 },
        { start: 0, end: 5 },
      ],
      reason: 'out of order',
    },
    {
      segments: [
        { start: 0, end: 8 },
        { start: 7, end: 12 },
      ],
      reason: 'overlaps segment 1',
    },
    { segments: [{ start: 0, end: Number.NaN }], reason: 'finite' },
    { segments: [{ start: 0, end: 5 }], reason: 'at least 6 s' },
    { segments: Array.from({ length: 51 }, (_, i) => ({ start: i * 2, end: i * 2 + 1 })), reason: 'at most 50', duration: 200 },
  ])('refuses $segments: $reason', ({ segments, reason, duration }) => {
    const result = ok(segments, duration ?? 20);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reasons.join('\n')).toContain(reason);
  });

  it('honours max_seconds and returns every reason', () => {
    const result = validateProposal(
      [
        { start: 0, end: 50 },
        { start: 40, end: 40.5 },
      ],
      100,
      { maxSeconds: 30 },
    );
    expect(result).toEqual({ ok: false, reasons: ['segment 2 (40–40.5 s) is shorter than 1 s', 'segment 2 (40–40.5 s) overlaps segment 1 (0–50 s)'] });
    expect(validateProposal([{ start: 0, end: 50 }], 100, { maxSeconds: 30 })).toEqual({ ok: false, reasons: ['keeps 50 s: at most 30 s are allowed'] });
    expect(validateProposal([{ start: 0, end: 10 }], 100, { goal: 'a 10 s teaser' }).ok).toBe(true);
  });
});

/** A read built from a hold curve, dead stretches derived as the scan does. */
function readOf(hold: number[], moments: number[] = [], duration = hold.length): ReadForRecut {
  return {
    duration_sec: duration,
    timeline: hold.map((h, second) => ({ second, scores: { hold: h, motion: 0, loudness: 0, speech: 0 } })),
    dead: deadStretches(hold),
    moments: moments.map((second) => ({ second, label: 'peak', hold: hold[second]!, quote: '' })),
    hook: 0,
    score: 0,
  };
}

describe('proposeByRules', () => {
  // Weak opening 0–2, strong 3–7, dead 8–11, strong 12–19.
  const hold = [10, 12, 20, 60, 70, 65, 60, 55, 10, 5, 5, 10, 60, 80, 75, 70, 65, 60, 55, 50];

  it.each([
    {
      name: 'drops the weak opening and the dead stretch',
      request: {},
      want: [
        { start: 3, end: 8 },
        { start: 12, end: 20 },
      ],
    },
    {
      name: 'trims the weakest edges to fit max_seconds, keeping the moment',
      request: { maxSeconds: 8 },
      want: [
        { start: 3, end: 7 },
        { start: 13, end: 17 },
      ],
    },
  ])('$name', ({ request, want }) => {
    const proposal = proposeByRules(readOf(hold, [13]), request);
    expect(proposal.segments).toEqual(want);
    expect(validateProposal(proposal.segments, hold.length, request).ok).toBe(true);
    expect(proposal.rationale).toMatch(/^Rules: /);
  });

  it('keeps a moment even inside the weak opening', () => {
    const early = [10, 50, 20, 60, 70, 65, 60, 55, 50, 60];
    expect(proposeByRules(readOf(early, [1])).segments).toEqual([
      { start: 1, end: 2 },
      { start: 3, end: 10 },
    ]);
  });

  it('adds back the strongest neighbours when too little is alive', () => {
    const flat = [5, 5, 5, 5, 5, 40, 5, 5, 5, 5];
    const proposal = proposeByRules(readOf(flat));
    expect(validateProposal(proposal.segments, 10).ok).toBe(true);
    // Ties go to the earlier second.
    expect(proposal.segments).toEqual([{ start: 3, end: 6 }]);
  });

  it('ends at the duration when the last second is partial', () => {
    const proposal = proposeByRules(readOf([50, 50, 50, 50, 50], [], 4.5));
    expect(proposal.segments).toEqual([{ start: 0, end: 4.5 }]);
  });
});

const report = (value: number, filePercentile: number, best: { start: number; end: number; hold: number }) => ({
  value,
  file_percentile: filePercentile,
  library_percentile: null,
  carried: [],
  missing: ['motion' as const],
  best_opening: best,
  scale: '',
  advice: '',
});

describe('hookIsWeak', () => {
  it.each([
    { value: 29.9, file_percentile: 90, weak: true },
    { value: 30, file_percentile: 49.9, weak: true },
    { value: 30, file_percentile: 50, weak: false },
    { value: 70, file_percentile: 80, weak: false },
  ])('hook $value above $file_percentile % of seconds → weak $weak', ({ value, file_percentile, weak }) => {
    expect(hookIsWeak({ value, file_percentile })).toBe(weak);
  });
});

describe('chooseOpening', () => {
  // A 40 s file: the first quarter ends at 10 s; the first strong second is 3; the strong level 45.
  it.each([
    { name: 'no hook report: the first strong second', report: null, want: { start: 3, by: 'strong' } },
    {
      name: 'weak hook, early strong window that beats it by 10: the window',
      report: report(20, 10, { start: 6, end: 9, hold: 30 }),
      want: { start: 6, by: 'window' },
    },
    {
      name: 'weak hook, window beats it by 9.9 only: the first strong second',
      report: report(20, 10, { start: 6, end: 9, hold: 29.9 }),
      want: { start: 3, by: 'strong' },
    },
    {
      name: 'weak hook, window at 10 s (the edge of the first quarter): the window',
      report: report(20, 10, { start: 10, end: 13, hold: 80 }),
      want: { start: 10, by: 'window' },
    },
    {
      name: 'weak hook, window after the first quarter: the first strong second',
      report: report(20, 10, { start: 11, end: 14, hold: 80 }),
      want: { start: 3, by: 'strong' },
    },
    { name: 'weak hook, window at 0 s: the first strong second', report: report(20, 10, { start: 0, end: 3, hold: 20 }), want: { start: 3, by: 'strong' } },
    {
      name: 'weak by percentile only (hook 40, above 30 %): the window',
      report: report(40, 30, { start: 2, end: 5, hold: 60 }),
      want: { start: 2, by: 'window' },
    },
    {
      name: 'strong hook: the first strong second, whatever the window',
      report: report(60, 70, { start: 5, end: 8, hold: 90 }),
      want: { start: 3, by: 'strong' },
    },
  ])('$name', ({ report: r, want }) => {
    expect(chooseOpening(r, 3, 40, 45)).toMatchObject(want);
  });

  it('says why in the rationale clause', () => {
    expect(chooseOpening(report(20, 10, { start: 6, end: 9, hold: 30 }), 3, 40, 45).note).toBe(
      'opened on the strongest 3 s at 6–9 s (hold 30), as the hook (20, above 10 % of the seconds) is weak',
    );
    expect(chooseOpening(report(20, 10, { start: 30, end: 33, hold: 80 }), 3, 40, 45).note).toBe(
      'started at 3 s, the first second with hold ≥ 45 (the strongest 3 s (30–33 s, hold 80) come too late to open on without losing the body; move them to the front in an editor)',
    );
    expect(chooseOpening(null, 0, 40, 45).note).toBe('');
  });
});

describe('dipSecondsToCut', () => {
  const hold = [80, 70, 40, 20, 60, 10, 10, 90];
  it.each([
    { name: 'a dead stretch goes whole', dips: [{ start: 5, end: 7, causes: [] }], moments: [], want: [[5, 6]] },
    { name: 'a sharp fall loses only its seconds under the strong level', dips: [{ start: 1, end: 4, causes: [] }], moments: [], want: [[2, 3]] },
    { name: 'a moment inside a dip stays', dips: [{ start: 5, end: 7, causes: [] }], moments: [6], want: [[5]] },
    { name: 'a dip with no weak second cuts nothing', dips: [{ start: 0, end: 2, causes: [] }], moments: [], want: [] },
    { name: 'a dip past the timeline is clipped', dips: [{ start: 6, end: 12, causes: [] }], moments: [], want: [[6]] },
  ])('$name', ({ dips, moments, want }) => {
    expect([...dipSecondsToCut(dips, hold, 45, new Set(moments)).values()]).toEqual(want);
  });
});

describe('technical cues in the recut', () => {
  const bars = { kind: 'colour_bars' as const, start: 9.958, end: 15.042 };
  const black = { kind: 'black_frames' as const, start: 0, end: 1.5 };

  it('leaves out the cues nobody speaks over at their own (frame) edges', () => {
    expect(
      dropTechnicalCues(
        [
          { start: 0, end: 12 },
          { start: 14, end: 30 },
        ],
        [black, bars],
        [{ start: 20, end: 22 }],
      ),
    ).toEqual({
      segments: [
        { start: 1.5, end: 9.958 },
        { start: 15.042, end: 30 },
      ],
      dropped: [black, bars],
    });
  });

  it('keeps a cue somebody speaks over, and keeps everything when only cues would be left', () => {
    expect(dropTechnicalCues([{ start: 0, end: 20 }], [bars], [{ start: 12, end: 13 }]).segments).toEqual([{ start: 0, end: 20 }]);
    expect(dropTechnicalCues([{ start: 10, end: 15 }], [bars], []).segments).toEqual([{ start: 10, end: 15 }]);
  });

  it('cuts the bars of a read whole, though their whole seconds look strong, and says so', () => {
    // Strong everywhere (no dip), but 9.958–15.042 is colour bars: the rules drop them all the same.
    const hold = Array.from({ length: 24 }, () => 70);
    const proposal = proposeByRules({ ...readOf(hold), technical_cues: [bars] });
    expect(proposal.segments).toEqual([
      { start: 0, end: 9.958 },
      { start: 15.042, end: 24 },
    ]);
    expect(proposal.rationale).toContain('cut the colour bars 9.96–15.04 s');
  });
});

describe('proposeByRules with dips and the hook report', () => {
  // Dead opening 0–2, strong 3–9, a sharp fall 10–11 that stays above the floor, strong 13–23.
  const hold = [20, 22, 25, 60, 80, 85, 80, 70, 65, 60, 40, 35, 38, 62, 70, 72, 70, 68, 66, 64, 62, 60, 58, 56];
  const dips = [
    { start: 0, end: 3, causes: ['still_picture' as const, 'silence' as const], advice: '' },
    { start: 10, end: 12, causes: ['long_pause' as const], advice: '' },
  ];

  it('cuts the weak seconds of every dip, naming their causes', () => {
    const read = { ...readOf(hold), dips };
    const proposal = proposeByRules(read);
    // The fall 10–11 is no dead stretch (hold stays above 30): it goes because it is a dip under the median 62.
    expect(read.dead).toEqual([{ start: 0, end: 3 }]);
    expect(proposal.segments).toEqual([
      { start: 4, end: 10 },
      { start: 12, end: 24 },
    ]);
    expect(proposal.rationale).toBe(
      'Rules: cut 5 weak seconds of 2 dips: 0–3 s (still picture, silence), 10–12 s (long pause); started at 4 s, the first second with hold ≥ 62. Keeps 18 of 24 s in 2 segments (0:04.0–0:10.0, 0:12.0–0:24.0).',
    );
    // The same read without dips (made before they existed) cuts only the dead stretch.
    expect(proposeByRules(readOf(hold))).toEqual({
      segments: [{ start: 4, end: 24 }],
      rationale:
        'Rules: cut 3 weak seconds of 1 dead stretch: 0–3 s; started at 4 s, the first second with hold ≥ 62. Keeps 20 of 24 s in 1 segment (0:04.0–0:24.0).',
    });
  });

  it('opens on the strongest 3 s when the hook is weak and they come early', () => {
    // Second 3 (hold 60) is under the strong level 62, but it opens the strongest window 3–5.
    const read = { ...readOf(hold), dips, hook: 22.3, hook_report: report(22.3, 4.2, { start: 3, end: 6, hold: 75 }) };
    const proposal = proposeByRules(read);
    expect(proposal.segments).toEqual([
      { start: 3, end: 10 },
      { start: 12, end: 24 },
    ]);
    expect(proposal.rationale).toContain('opened on the strongest 3 s at 3–6 s (hold 75), as the hook (22.3, above 4.2 % of the seconds) is weak');
    expect(validateProposal(proposal.segments, hold.length).ok).toBe(true);
  });

  it('names at most six dips in the rationale and counts the rest', () => {
    const saw = Array.from({ length: 40 }, (_, t) => (t % 5 === 4 ? 10 : 70));
    const many = Array.from({ length: 8 }, (_, i) => ({ start: i * 5 + 4, end: i * 5 + 5, causes: ['no_speech' as const], advice: '' }));
    const proposal = proposeByRules({ ...readOf(saw), dips: many });
    expect(proposal.rationale).toContain(
      'cut 8 weak seconds of 8 dips: 4–5 s (no speech), 9–10 s (no speech), 14–15 s (no speech), 19–20 s (no speech), 24–25 s (no speech), 29–30 s (no speech) and 2 more. Keeps 32 of 40 s in 8 segments (0:00.0–0:04.0, 0:05.0–0:09.0, 0:10.0–0:14.0, 0:15.0–0:19.0, 0:20.0–0:24.0, 0:25.0–0:29.0 and 2 more).',
    );
  });
});

describe('parseRecutAnswer', () => {
  it.each([
    { content: '{"segments":[{"start":1,"end":4}],"rationale":"tight"}' },
    { content: '```json\n{"segments":[{"start":1,"end":4}],"rationale":"tight"}\n```' },
    { content: '  {"rationale":" tight ","segments":[{"end":4,"start":1}]}  ' },
  ])('reads $content', ({ content }) => {
    expect(parseRecutAnswer(content)).toEqual({ ok: true, proposal: { segments: [{ start: 1, end: 4 }], rationale: 'tight' } });
  });

  it.each([
    { content: 'Sure! {"segments":[],"rationale":"x"}', reason: 'not one JSON object' },
    { content: '[{"start":1,"end":4}]', reason: 'not one JSON object' },
    { content: '{"segments":[{"start":"1","end":4}],"rationale":"x"}', reason: 'segment 1 must be exactly' },
    { content: '{"segments":[{"start":1,"end":4,"why":"x"}],"rationale":"x"}', reason: 'segment 1 must be exactly' },
    { content: '{"segments":{"start":1},"rationale":"x"}', reason: '"segments" must be an array' },
    { content: '{"segments":[{"start":1,"end":4}]}', reason: '"rationale" must be a non-empty string' },
    { content: '{"segments":[{"start":1,"end":4}],"rationale":"x","extra":1}', reason: 'unexpected field "extra"' },
    { content: `{"segments":[{"start":1,"end":4}],"rationale":"${'x'.repeat(2001)}"}`, reason: 'longer than 2000' },
  ])('refuses $content', ({ content, reason }) => {
    const parsed = parseRecutAnswer(content);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reasons.join('\n')).toContain(reason);
  });
});

describe('recutPrompt', () => {
  const read = { ...readOf([10, 20, 60, 70, 5, 5, 60], [3]), cuts: [2.5], transcript: [{ start: 2, end: 4, text: 'hello there' }], hook: 30, score: 41 };

  it('gives the read, the goal and the limits', () => {
    const [system, user] = recutPrompt(read, { goal: 'punchier', maxSeconds: 5 });
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('between 2.1 s and 5 s');
    expect(user?.content).toContain('Hold per second (second:hold, 0–100, under 30 is weak): 0:10 1:20 2:60 3:70 4:5 5:5 6:60');
    expect(user?.content).toContain('Dead stretches (end exclusive): 0–2 s, 4–6 s');
    expect(user?.content).toContain('Cuts at: 2.5 s');
    expect(user?.content).toContain('Moments: 3 s (hold 70)');
    expect(user?.content).toContain('[2] hello there');
    expect(user?.content).toContain('Goal: punchier.');
    expect(user?.content).toContain('Maximum length: 5 s.');
    expect(user?.content).toContain('Hook (mean hold of the first 3 s): 30');
  });

  it('gives the dips with their causes and the hook report in compact form', () => {
    const withRead = {
      ...read,
      dips: [{ start: 4, end: 6, causes: ['still_picture' as const, 'silence' as const], advice: 'Cut or speed up 0:04–0:06 (2 s): the picture is still.' }],
      hook_report: { ...report(30, 28.6, { start: 2, end: 5, hold: 45 }), carried: ['sound' as const], missing: ['motion' as const, 'words' as const] },
    };
    const [system, user] = recutPrompt(withRead);
    expect(system?.content).toContain('Cut or shorten the dips');
    expect(user?.content).toContain('Dips (where hold is likely to drop, end exclusive, with causes): 4–6 s (still picture, silence)\n');
    expect(user?.content).toContain(
      "Hook report: 30 of 100, above 28.6 % of this file's seconds (weak); first 3 s carried by sound, missing motion, words; strongest 3 s: 2–5 s (hold 45).",
    );
    // The advice sentences stay out: the causes say it in fewer tokens.
    expect(user?.content).not.toContain('Cut or speed up');
    // A read made before dips existed gets neither line.
    const [, plain] = recutPrompt(read);
    expect(plain?.content).not.toContain('Dips');
    expect(plain?.content).not.toContain('Hook report');
  });

  it('bounds the dips and names the Library percentile when there is one', () => {
    const dips = Array.from({ length: 65 }, (_, i) => ({ start: i * 2, end: i * 2 + 1, causes: [] }));
    expect(dipsForPrompt(dips)).toMatch(/^0–1 s, 2–3 s, .* 118–119 s … and 5 more$/);
    expect(dipsForPrompt([])).toBe('none');
    expect(
      hookReportForPrompt({ ...report(70, 90, { start: 0, end: 3, hold: 70 }), library_percentile: 85, carried: ['motion', 'sound', 'words'], missing: [] }),
    ).toBe(
      "70 of 100, above 90 % of this file's seconds and 85 % of published scans' hooks; first 3 s carried by motion, sound, words; strongest 3 s: 0–3 s (hold 70).",
    );
  });

  it('appends the refused answer and the reasons on a retry', () => {
    const messages = recutPrompt(read, {}, { answer: '{"segments":[]}', reasons: ['no segments: keep at least one'] });
    expect(messages.slice(2)).toEqual([
      { role: 'assistant', content: '{"segments":[]}' },
      { role: 'user', content: 'That proposal was refused:\n- no segments: keep at least one\nAnswer again with one corrected JSON object only.' },
    ]);
  });
});

describe('compareReads', () => {
  it('reports score, grade, hook, dead seconds, duration and average hold', () => {
    const before = {
      score: 40,
      grade: 'F',
      hook: 12.3,
      dead: [
        { start: 0, end: 3 },
        { start: 8, end: 12 },
      ],
      duration_sec: 20,
      timeline: readOf([10, 20, 30]).timeline,
    };
    const after = { score: 80, grade: 'B-', hook: 60, dead: [], duration_sec: 13, timeline: readOf([60, 61, 62, 64]).timeline };
    expect(compareReads(before, after)).toEqual({
      before: { score: 40, grade: 'F', hook: 12.3, dead_seconds: 7, duration_sec: 20, average_hold: 20, dips: null },
      after: { score: 80, grade: 'B-', hook: 60, dead_seconds: 0, duration_sec: 13, average_hold: 61.8, dips: null },
    });
  });

  it('reports the dips before and after: count, total seconds and how many name each cause', () => {
    const timeline = readOf([10, 20, 30]).timeline;
    const before = {
      score: 40,
      grade: 'F',
      hook: 12.3,
      dead: [{ start: 0, end: 3 }],
      duration_sec: 20,
      timeline,
      dips: [
        { start: 0, end: 3, causes: ['silence' as const, 'still_picture' as const], advice: 'a' },
        { start: 8, end: 12, causes: ['still_picture' as const, 'long_shot' as const], advice: 'b' },
        { start: 15, end: 16.5, causes: [], advice: 'c' },
      ],
    };
    const after = { ...before, dips: [] };
    const figures = compareReads(before, after);
    expect(figures.before.dips).toEqual({ count: 3, seconds: 8.5, causes: { still_picture: 2, silence: 1, long_shot: 1 } });
    // Causes come in the fixed cause order, whatever order the dips name them in.
    expect(Object.keys(figures.before.dips!.causes)).toEqual(['still_picture', 'silence', 'long_shot']);
    expect(figures.after.dips).toEqual({ count: 0, seconds: 0, causes: {} });
    expect(dipFigures([])).toEqual({ count: 0, seconds: 0, causes: {} });
  });
});

describe('snapToFrames', () => {
  it('snaps bounds to the frame grid', () => {
    expect(snapToFrames([{ start: 1.01, end: 2.49 }], 24)).toEqual([{ start: 1, end: 2.5 }]);
    expect(snapToFrames([{ start: 1.01, end: 2.49 }], null)).toEqual([{ start: 1.01, end: 2.49 }]);
  });
});

describe('snapToSpeechGaps: cut points in the pauses between words (issue 32)', () => {
  // Speech as the transcript gives it: segments of words joined across pauses under 0.5 s.
  const speech = [
    { start: 0.3, end: 4.6 },
    { start: 5.4, end: 9.8 },
    { start: 11.0, end: 14.2 },
  ];
  it.each([
    { name: 'a bound in a pause keeps 0.2 s from the speech on both sides', segments: [{ start: 5, end: 10.2 }], expected: [{ start: 5, end: 10.2 }] },
    { name: 'a bound too close to speech moves away from it', segments: [{ start: 5.3, end: 9.9 }], expected: [{ start: 5.2, end: 10 }] },
    {
      name: "a start inside speech moves to the nearer edge: before it (the speech kept whole) — 'And Mr. John Dashwood' keeps 'Mr. John'",
      segments: [{ start: 6, end: 14 }],
      // The end moves past the last speech, as far as the file goes.
      expected: [{ start: 5.2, end: 14.3 }],
    },
    { name: 'an end inside speech, nearer its end, keeps it whole', segments: [{ start: 0, end: 13 }], expected: [{ start: 0, end: 14.3 }] },
    { name: 'a start inside speech, nearer its end, drops it whole', segments: [{ start: 4, end: 9 }], expected: [{ start: 4.8, end: 10 }] },
    {
      name: 'segments that meet after moving are joined',
      segments: [
        { start: 0, end: 5 },
        { start: 4.9, end: 12 },
      ],
      expected: [{ start: 0, end: 10.8 }],
    },
    { name: "bounds stay inside the file; one at the file's end stays there", segments: [{ start: 0.1, end: 14.3 }], expected: [{ start: 0.1, end: 14.3 }] },
  ])('$name', ({ segments, expected }) => {
    expect(snapToSpeechGaps(segments, speech, 14.3)).toEqual(expected);
  });

  it('never clips a kept word: every speech span is kept whole or not at all', () => {
    for (let start = 0; start < 14; start += 0.25) {
      for (let end = start + 1; end <= 14.3; end += 0.5) {
        const kept = snapToSpeechGaps([{ start, end }], speech, 14.3);
        for (const s of speech) {
          const inside = kept.filter((k) => k.end > s.start && k.start < s.end);
          for (const k of inside) expect(k.start <= s.start && k.end >= s.end, `${start}–${end} clips ${s.start}–${s.end}`).toBe(true);
        }
      }
    }
  });

  it('lets the rules cut in pauses and name the kept ranges', () => {
    const hold = [20, 22, 25, 60, 80, 85, 80, 70, 65, 60, 40, 35, 38, 62, 70, 72, 70, 68, 66, 64, 62, 60, 58, 56];
    const transcript = [
      { start: 3.6, end: 7.2, text: 'and Mr. John Dashwood' },
      { start: 9.5, end: 12.4, text: 'not the setup' },
      { start: 12.9, end: 20, text: 'that is it for today' },
    ];
    const read = {
      ...readOf(hold),
      dips: [
        { start: 0, end: 3, causes: ['still_picture' as const], advice: '' },
        { start: 10, end: 12, causes: ['long_pause' as const], advice: '' },
      ],
      transcript,
    };
    const { segments, rationale } = proposeByRules(read);
    for (const s of transcript)
      for (const k of segments.filter((k) => k.end > s.start && k.start < s.end)) expect(k.start <= s.start && k.end >= s.end).toBe(true);
    expect(segments[0]!.start).toBeCloseTo(3.4, 9);
    expect(rationale).toContain('(the kept part starts at 3.4 s)');
    expect(rationale).toContain('every bound in a pause between words, at least 0.2 s from them');
  });
});
