import { describe, expect, it } from 'vitest';
import {
  ansiStyle,
  defaultArchiveName,
  EXIT,
  exitCodeForStatus,
  holdSparkline,
  humanDuration,
  plainStyle,
  readLines,
  retentionLines,
} from '../../../cli/format';
import type { CompleteScan } from '../../../core/wire/read';

describe('exit codes', () => {
  it.each([
    [0, EXIT.unreachable],
    [400, EXIT.scanError],
    [404, EXIT.scanError],
    [409, EXIT.scanError],
    [413, EXIT.scanError],
    [401, EXIT.auth],
    [403, EXIT.auth],
    [429, EXIT.quota],
    [500, EXIT.scanError],
    [502, EXIT.unreachable],
    [503, EXIT.unreachable],
    [504, EXIT.unreachable],
  ])('status %s exits %s', (status, code) => {
    expect(exitCodeForStatus(status)).toBe(code);
  });

  it('are the documented numbers', () => {
    expect(EXIT).toEqual({ ok: 0, scanError: 1, usage: 2, auth: 3, quota: 4, unreachable: 5, stillRunning: 6 });
  });
});

describe('hold sparkline', () => {
  it('one column per second when short, block height from hold, cuts and dead marked below', () => {
    const spark = holdSparkline([0, 12.5, 25, 50, 75, 99, 100, 10], [2.5, 6], [{ start: 6, end: 8 }], 60);
    expect([...spark.line]).toEqual(['▁', '▂', '▃', '▅', '▇', '█', '█', '▁']);
    expect(spark.marks).toBe('  ^   ^=');
    expect(spark.secondsPerColumn).toBe(1);
  });

  it('squeezes long series into the width, averaging each column', () => {
    const hold = [...Array.from({ length: 50 }, () => 100), ...Array.from({ length: 50 }, () => 0)];
    const spark = holdSparkline(hold, [99.5], [{ start: 60, end: 100 }], 10);
    expect(spark.line).toBe('█████▁▁▁▁▁');
    expect(spark.marks).toBe('      ===^');
    expect(spark.secondsPerColumn).toBe(10);
  });

  it('a cut shows over a dead stretch in the same column; out-of-range cuts and bad values are ignored', () => {
    const spark = holdSparkline([Number.NaN, -5, 150, 40], [1, -1, 4, 99], [{ start: 1, end: 2 }], 60);
    expect([...spark.line]).toEqual(['▁', '▁', '█', '▄']);
    expect(spark.marks).toBe(' ^');
  });

  it('every cut is visible (issue 32 item 8): cuts at dead-stretch edges, and cuts sharing a column as their count', () => {
    // 62 s in 60 columns: cuts at 10.1 s and 10.3 s share column 9; 42 s and 52 s bound the still slide's dead stretch.
    const hold = Array.from({ length: 62 }, () => 50);
    const spark = holdSparkline(hold, [10.1, 10.3, 42, 52], [{ start: 42, end: 52 }], 60);
    const marks = [...spark.marks];
    expect(marks.filter((m) => m === '^').length + marks.filter((m) => /[2-9]/.test(m)).reduce((sum, m) => sum + Number(m), 0)).toBe(4);
    expect(marks[9]).toBe('2');
    expect(marks.filter((m) => m === '=').length).toBeGreaterThan(0);
  });

  it('an empty timeline draws nothing', () => {
    expect(holdSparkline([], [], [], 60)).toEqual({ line: '', marks: '', secondsPerColumn: 0 });
  });
});

describe('the read as text', () => {
  const scan: CompleteScan = {
    scan_id: 'scn_1',
    status: 'complete',
    pct: 100,
    title: null,
    created_at: '2026-01-01T00:00:00.000Z',
    media_url: '/m',
    duration_sec: 4,
    score: 72,
    grade: 'B-',
    label: 'Engaging',
    hook: 64.5,
    timeline: [0, 50, 100, 20].map((hold, second) => ({ second, scores: { hold, motion: 0, loudness: 0, speech: 0 } })),
    cuts: [2],
    dead: [{ start: 3, end: 4 }],
    moments: [],
    claims: [],
    transcript: [],
    summary: 'Holds well.',
    method: 'm',
  };

  it('lists what to change under the summary: the hook advice, each dip with its advice, the moments (issue 32 item 8)', () => {
    const lines = readLines(
      {
        ...scan,
        dips: [{ start: 1, end: 3, causes: ['still_picture', 'silence'], advice: 'Cut 0:01–0:03: the picture is still and the sound is silent.' }],
        moments: [{ second: 2, label: 'peak', hold: 88, quote: 'the trick' }],
        hook_report: { advice: 'Open on 0:02–0:05 (hold 80).' } as never,
      },
      plainStyle,
    );
    expect(lines.slice(3, 6)).toEqual([
      'hook: Open on 0:02–0:05 (hold 80).',
      'dip 0:01–0:03: Cut 0:01–0:03: the picture is still and the sound is silent.',
      'moment 0:02 (hold 88): "the trick"',
    ]);
  });

  it('prints grade, score, label, hook, summary and the marked sparkline, plain without a terminal', () => {
    expect(readLines({ ...scan, title: 'Demo' }, plainStyle)).toEqual([
      'B-  72/100  Engaging  scn_1  "Demo"',
      'hook 64.5  ·  4 s  ·  1 cut  ·  1 dead stretch (1 s)',
      'Holds well.',
      'hold ▁▅█▂',
      '       ^=',
      '     1 s per column; ^ cut (2–9: cuts in one column), = dead stretch',
    ]);
  });

  it('styles only when asked', () => {
    expect(readLines(scan, ansiStyle)[0]).toBe('\u001b[1mB-  72/100  Engaging\u001b[22m  scn_1');
    expect(readLines(scan, plainStyle).join('\n')).not.toContain('\u001b');
  });

  it.each([
    [12.54, '12.5 s'],
    [60, '1:00'],
    [3725, '1:02:05'],
    [-1, '?'],
  ])('humanDuration(%s) is %s', (seconds, text) => {
    expect(humanDuration(seconds)).toBe(text);
  });
});

describe('holdline account', () => {
  it('prints the retention: own setting, server default, what is in force, published scans', () => {
    expect(retentionLines({ media_retention_days: null, include_published: false, operator_default_days: 30, effective_days: 30 })).toEqual([
      'retention       the server default',
      'server default  30 days',
      'in force        videos removed 30 days after their scan; the reads are kept',
      'published       their videos are kept',
    ]);
    expect(retentionLines({ media_retention_days: 0, include_published: true, operator_default_days: null, effective_days: null })).toEqual([
      'retention       keep for good',
      'server default  off',
      'in force        videos kept for good; the reads are kept',
      'published       their videos are removed too',
    ]);
    expect(retentionLines({ media_retention_days: 1, include_published: false, operator_default_days: null, effective_days: 1 })[0]).toBe(
      'retention       1 day',
    );
  });

  it('names the archive by the UTC date', () => {
    expect(defaultArchiveName(new Date('2026-11-27T23:59:59Z'))).toBe('holdline-export-2026-11-27.tar');
  });
});
