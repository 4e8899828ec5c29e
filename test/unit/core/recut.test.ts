import { describe, expect, it } from 'vitest';
import {
  compareReads,
  goalSeconds,
  parseRecutAnswer,
  proposeByRules,
  recutLimits,
  recutPrompt,
  snapToFrames,
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
    { segments: [{ start: 0, end: 4 }, { start: 6, end: 10 }], kept: 8 },
    { segments: [{ start: 2, end: 8 }, { start: 8, end: 20 }], kept: 18 },
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
    { segments: [{ start: 0, end: 5 }, { start: 6, end: 6.5 }], reason: 'shorter than 1 s' },
    { segments: [{ start: 8, end: 12 }, { start: 0, end: 5 }], reason: 'out of order' },
    { segments: [{ start: 0, end: 8 }, { start: 7, end: 12 }], reason: 'overlaps segment 1' },
    { segments: [{ start: 0, end: Number.NaN }], reason: 'finite' },
    { segments: [{ start: 0, end: 5 }], reason: 'at least 6 s' },
    { segments: Array.from({ length: 51 }, (_, i) => ({ start: i * 2, end: i * 2 + 1 })), reason: 'at most 50', duration: 200 },
  ])('refuses $segments: $reason', ({ segments, reason, duration }) => {
    const result = ok(segments, duration ?? 20);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reasons.join('\n')).toContain(reason);
  });

  it('honours max_seconds and returns every reason', () => {
    const result = validateProposal([{ start: 0, end: 50 }, { start: 40, end: 40.5 }], 100, { maxSeconds: 30 });
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
    { name: 'drops the weak opening and the dead stretch', request: {}, want: [{ start: 3, end: 8 }, { start: 12, end: 20 }] },
    { name: 'trims the weakest edges to fit max_seconds, keeping the moment', request: { maxSeconds: 8 }, want: [{ start: 3, end: 7 }, { start: 13, end: 17 }] },
  ])('$name', ({ request, want }) => {
    const proposal = proposeByRules(readOf(hold, [13]), request);
    expect(proposal.segments).toEqual(want);
    expect(validateProposal(proposal.segments, hold.length, request).ok).toBe(true);
    expect(proposal.rationale).toMatch(/^Rules: /);
  });

  it('keeps a moment even inside the weak opening', () => {
    const early = [10, 50, 20, 60, 70, 65, 60, 55, 50, 60];
    expect(proposeByRules(readOf(early, [1])).segments).toEqual([{ start: 1, end: 2 }, { start: 3, end: 10 }]);
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
    const before = { score: 40, grade: 'F', hook: 12.3, dead: [{ start: 0, end: 3 }, { start: 8, end: 12 }], duration_sec: 20, timeline: readOf([10, 20, 30]).timeline };
    const after = { score: 80, grade: 'B-', hook: 60, dead: [], duration_sec: 13, timeline: readOf([60, 61, 62, 64]).timeline };
    expect(compareReads(before, after)).toEqual({
      before: { score: 40, grade: 'F', hook: 12.3, dead_seconds: 7, duration_sec: 20, average_hold: 20 },
      after: { score: 80, grade: 'B-', hook: 60, dead_seconds: 0, duration_sec: 13, average_hold: 61.8 },
    });
  });
});

describe('snapToFrames', () => {
  it('snaps bounds to the frame grid', () => {
    expect(snapToFrames([{ start: 1.01, end: 2.49 }], 24)).toEqual([{ start: 1, end: 2.5 }]);
    expect(snapToFrames([{ start: 1.01, end: 2.49 }], null)).toEqual([{ start: 1.01, end: 2.49 }]);
  });
});
