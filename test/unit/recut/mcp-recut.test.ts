import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { holdlineTools, recutResult } from '../../../mcp/tools';

const text = (result: { content: unknown[] }, index: number) => (result.content[index] as { type: 'text'; text: string }).text;
const inputObject = (name: string) => z.object(holdlineTools.find((tool) => tool.name === name)!.inputSchema);

const figures = { score: 24, grade: 'F', hook: 0, dead_seconds: 17, duration_sec: 30, average_hold: 27.3 };

describe('recut_scan and get_recut', () => {
  it('recut_scan needs a scan id, waits by default and bounds max_seconds and goal', () => {
    expect(inputObject('recut_scan').parse({ scan_id: 'scn_1' })).toEqual({ scan_id: 'scn_1', wait: true, timeout_sec: 50 });
    expect(() => inputObject('recut_scan').parse({ scan_id: 'scn_1', max_seconds: 0.5 })).toThrow();
    expect(() => inputObject('recut_scan').parse({ scan_id: 'scn_1', goal: 'x'.repeat(501) })).toThrow();
    expect(() => inputObject('get_recut').parse({})).toThrow();
  });

  it('summarises a complete recut with both sets of figures and who proposed it', () => {
    const result = recutResult({
      recut_id: 'rct_1',
      status: 'complete',
      parent_scan_id: 'scn_p',
      scan_id: 'scn_c',
      segments: [
        { start: 4, end: 10 },
        { start: 15, end: 21 },
      ],
      rationale: 'Drop the stills.',
      proposed_by: 'rules',
      base_model: null,
      before: figures,
      after: { score: 66, grade: 'D', hook: 51.9, dead_seconds: 2, duration_sec: 12, average_hold: 43.9 },
    });
    expect(result.isError).toBeUndefined();
    expect(text(result, 0)).toBe(
      'Recut rct_1 of scn_p complete, proposed by the rules: kept 4–10 s, 15–21 s. Re-scan scn_c.\n' +
        'Before: score 24 (F), hook 0, 17 dead s, 30 s, average hold 27.3.\n' +
        'After: score 66 (D), hook 51.9, 2 dead s, 12 s, average hold 43.9.\n' +
        'Drop the stills.',
    );
    expect(result.structuredContent).toMatchObject({ recut_id: 'rct_1', proposed_by: 'rules' });
  });

  it('reports a recut in flight and one in error', () => {
    expect(text(recutResult({ recut_id: 'rct_1', status: 'processing', pct: 40, stage: 'rescan' }, { waitedSec: 50 }), 0)).toBe(
      'Recut rct_1 is processing (rescan, 40%). Still running after waiting 50 s; read it with get_recut {"recut_id": "rct_1"}.',
    );
    const failed = recutResult({ recut_id: 'rct_1', status: 'error', detail: 'the render failed' });
    expect(failed.isError).toBe(true);
    expect(text(failed, 0)).toBe('Recut rct_1 failed: the render failed');
  });
});
