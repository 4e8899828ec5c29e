// The list `npm test` prints at its end (test/reporters/slowest-files.ts).
import { describe, expect, it } from 'vitest';
import { formatSlowest, type FileTime } from '../../reporters/slowest-files';

const t = (file: string, ms: number, project = 'integration'): FileTime => ({ file, project, ms, importMs: 100 });

describe('slowest files', () => {
  it('lists the slowest first, at most the count asked, with the total of all files', () => {
    const times = Array.from({ length: 12 }, (_, i) => t(`test/f${i}.test.ts`, (i + 1) * 1000));
    const lines = formatSlowest(times, 10);
    expect(lines[0]).toBe('Slowest 10 of 12 test files (78.0 s in all, summed over workers):');
    expect(lines).toHaveLength(11);
    expect(lines[1]).toMatch(/^ +12\.0 s {2}integration test\/f11\.test\.ts {2}\(import 0\.1 s\)$/);
    expect(lines[10]).toContain('test/f2.test.ts');
    expect(lines.join('\n')).not.toContain('test/f1.test.ts');
  });

  it('lists fewer when the run had fewer files, and nothing for an empty run', () => {
    expect(formatSlowest([t('test/unit/a.test.ts', 1500, 'unit')], 10)).toEqual([
      'Slowest 1 of 1 test files (1.5 s in all, summed over workers):',
      '     1.5 s  unit        test/unit/a.test.ts  (import 0.1 s)',
    ]);
    expect(formatSlowest([], 10)).toEqual([]);
  });
});
