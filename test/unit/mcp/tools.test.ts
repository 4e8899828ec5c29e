import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CompleteScan } from '../../../core/shapes';
import { errorDetail, HoldlineApiError, pageQueryString, retryAfterSeconds } from '../../../mcp/client';
import {
  DEFAULT_WAIT_SEC,
  errorResult,
  historyResult,
  holdlineTools,
  libraryResult,
  scanResult,
  signalsResult,
  toolsFor,
} from '../../../mcp/tools';

const complete: CompleteScan = {
  scan_id: 'scn_0123456789abcdef01234567',
  status: 'complete',
  duration_sec: 12.5,
  score: 84,
  grade: 'B',
  label: 'Engaging',
  hook: 61.2,
  timeline: [],
  cuts: [2.25, 6],
  dead: [{ start: 8, end: 10 }],
  moments: [{ second: 3, label: 'peak', hold: 77.1, quote: 'hello there' }],
  claims: ['Nine out of ten people agree.'],
  transcript: [{ start: 0.4, end: 3.1, text: 'hello there' }],
  summary: 'Average hold 52.3.',
  method: 'method text',
  media_url: '/v1/scans/scn_0123456789abcdef01234567/media',
};

const text = (result: { content: unknown[] }, index: number) => (result.content[index] as { type: 'text'; text: string }).text;
const inputObject = (name: string) => z.object(holdlineTools.find((tool) => tool.name === name)!.inputSchema);

describe('which tools a server offers', () => {
  it('offers all nine tools with a key', () => {
    expect(toolsFor(true).map((tool) => tool.name)).toEqual([
      'scan_url',
      'scan_file',
      'get_scan',
      'list_scans',
      'recut_scan',
      'get_recut',
      'demo_scan',
      'library',
      'signals_reference',
    ]);
  });

  it('offers exactly demo_scan and library without a key', () => {
    expect(toolsFor(false).map((tool) => tool.name)).toEqual(['demo_scan', 'library']);
  });
});

describe('tool input schemas', () => {
  it('scan_url waits by default for DEFAULT_WAIT_SEC seconds and needs a URL', () => {
    expect(inputObject('scan_url').parse({ url: 'https://example.com/a.mp4' })).toEqual({
      url: 'https://example.com/a.mp4',
      wait: true,
      timeout_sec: DEFAULT_WAIT_SEC,
    });
    expect(inputObject('scan_url').safeParse({ url: 'not a url' }).success).toBe(false);
    expect(inputObject('scan_url').safeParse({ url: 'https://example.com/a.mp4', timeout_sec: 0 }).success).toBe(false);
  });

  it('scan_file keeps title, wait and timeout as given', () => {
    expect(inputObject('scan_file').parse({ path: '/tmp/v.mp4', title: ' Talk ', wait: false, timeout_sec: 120 })).toEqual({
      path: '/tmp/v.mp4',
      title: 'Talk',
      wait: false,
      timeout_sec: 120,
    });
  });

  it('paging accepts limit 1–100 and offset ≥ 0 and leaves absent values absent', () => {
    expect(inputObject('list_scans').parse({})).toEqual({});
    expect(inputObject('library').parse({ limit: 100, offset: 0 })).toEqual({ limit: 100, offset: 0 });
    expect(inputObject('library').safeParse({ limit: 101 }).success).toBe(false);
    expect(inputObject('list_scans').safeParse({ offset: -1 }).success).toBe(false);
  });
});

describe('request mapping', () => {
  it('pageQueryString sends only the given values', () => {
    expect(pageQueryString({})).toBe('');
    expect(pageQueryString({ limit: 5 })).toBe('?limit=5');
    expect(pageQueryString({ limit: 5, offset: 10 })).toBe('?limit=5&offset=10');
    expect(pageQueryString({ offset: 0 })).toBe('?offset=0');
  });

  it('errorDetail takes {detail}, else an OpenAI-style message, else the status', () => {
    expect(errorDetail(404, '{"detail":"no scan scn_1"}')).toBe('no scan scn_1');
    expect(errorDetail(401, '{"error":{"message":"bad key"}}')).toBe('bad key');
    expect(errorDetail(502, '<html>Bad gateway</html>')).toBe('the service answered with status 502');
  });

  it('retryAfterSeconds reads delta-seconds and HTTP dates', () => {
    expect(retryAfterSeconds(null)).toBeUndefined();
    expect(retryAfterSeconds('30')).toBe(30);
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfterSeconds('Wed, 01 Jan 2025 00:01:30 GMT', now)).toBe(90);
    expect(retryAfterSeconds('soon')).toBeUndefined();
  });
});

describe('result mapping', () => {
  it('a complete scan gives a summary line, the JSON text and the structured scan', () => {
    const result = scanResult(complete);
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual(complete);
    expect(text(result, 0)).toBe(
      [
        'Scan scn_0123456789abcdef01234567 complete: score 84, grade B (Engaging), 12.5 s, hook 61.2.',
        '2 cuts, 1 dead stretch (8–10 s), 1 peak moment (at 3 s), 1 claim, 1 transcript segment.',
        'Average hold 52.3.',
      ].join('\n'),
    );
    expect(JSON.parse(text(result, 1))).toEqual(complete);
  });

  it('a scan in error is an error result with its detail', () => {
    const failed = { scan_id: 'scn_1', status: 'error', pct: 10, detail: 'the file has no video stream' } as const;
    const result = scanResult(failed);
    expect(result.isError).toBe(true);
    expect(text(result, 0)).toBe('Scan scn_1 failed: the file has no video stream');
    expect(result.structuredContent).toEqual(failed);
  });

  it('an in-flight scan names get_scan, and says it is still running after a wait', () => {
    const queued = { scan_id: 'scn_2', status: 'queued', pct: 0 } as const;
    expect(text(scanResult(queued), 0)).toBe('Scan scn_2 is queued (0%). Read it with get_scan {"scan_id": "scn_2"}.');
    const processing = { scan_id: 'scn_2', status: 'processing', pct: 45 } as const;
    const waited = scanResult(processing, { waitedSec: 50 });
    expect(waited.isError).toBeUndefined();
    expect(text(waited, 0)).toBe('Scan scn_2 is processing (45%). Still running after waiting 50 s; read it later with get_scan {"scan_id": "scn_2"}.');
  });

  it('history lists each scan with its state and says how to page on', () => {
    const page = {
      data: [
        { scan_id: 'scn_b', status: 'processing' as const, pct: 40, title: null, created_at: '2025-01-02T00:00:00.000Z' },
        {
          scan_id: 'scn_a',
          status: 'complete' as const,
          pct: 100,
          title: 'Talk',
          created_at: '2025-01-01T00:00:00.000Z',
          score: 84,
          grade: 'B',
          label: 'Engaging',
          duration_sec: 12.5,
        },
      ],
      limit: 2,
      offset: 0,
      total: 3,
      has_more: true,
    };
    const result = historyResult(page);
    expect(text(result, 0)).toBe(
      [
        'Scans 1–2 of 3; more with offset 2:',
        '- scn_b: processing, 40%, created 2025-01-02T00:00:00.000Z',
        '- scn_a "Talk": complete, score 84, B (Engaging), 12.5 s, created 2025-01-01T00:00:00.000Z',
      ].join('\n'),
    );
    expect(result.structuredContent).toEqual(page);
  });

  it('an empty page says so', () => {
    expect(text(historyResult({ data: [], limit: 20, offset: 0, total: 0, has_more: false }), 0)).toBe('No scans (total 0, offset 0).');
  });

  it('library rows carry title, score, grade, label, duration, date and link', () => {
    const page = {
      data: [
        {
          scan_id: 'scn_c',
          title: 'Sample',
          published_at: '2025-01-03T00:00:00.000Z',
          score: 70,
          grade: 'C-',
          label: 'Steady',
          duration_sec: 30,
          url: '/library/scn_c',
        },
      ],
      limit: 20,
      offset: 0,
      total: 1,
      has_more: false,
    };
    expect(text(libraryResult(page), 0)).toBe(
      ['Published scans 1–1 of 1:', '- "Sample" (scn_c): score 70, C- (Steady), 30 s, published 2025-01-03T00:00:00.000Z, /library/scn_c'].join('\n'),
    );
  });

  it('the signal reference lists each series', () => {
    const reference = {
      version: 'v1',
      floor: 30,
      dead_min_seconds: 2,
      scale: '100 is the 95th percentile of the file',
      signals: [{ name: 'motion' as const, reads: 'Frame difference.', rises_when: 'the picture changes', falls_when: 'the picture is static', method: 'm' }],
      method: 'full method',
    };
    const result = signalsResult(reference);
    expect(text(result, 0)).toBe(
      [
        'Holdline signals v1: series 0–100 per second (100 is the 95th percentile of the file); floor 30; 2+ consecutive seconds under the floor are dead.',
        '- motion: Frame difference. Rises when the picture changes; falls when the picture is static.',
      ].join('\n'),
    );
    expect(result.structuredContent).toEqual(reference);
  });
});

describe('error mapping', () => {
  it('an API error carries status and detail', () => {
    expect(errorResult(new HoldlineApiError(404, 'no scan scn_x'))).toEqual({
      content: [{ type: 'text', text: 'Holdline API error 404: no scan scn_x' }],
      isError: true,
    });
  });

  it('a 429 says when to retry', () => {
    expect(errorResult(new HoldlineApiError(429, 'rate limit reached', 42)).content).toEqual([
      { type: 'text', text: 'Holdline API error 429: rate limit reached (retry after 42 s)' },
    ]);
  });

  it('an unreachable service and a local file problem read plainly', () => {
    expect(errorResult(new HoldlineApiError(0, 'no file at /nope.mp4')).content).toEqual([{ type: 'text', text: 'Holdline: no file at /nope.mp4' }]);
  });

  it('anything else is still an error result, not a throw', () => {
    expect(errorResult(new Error('boom'))).toEqual({ content: [{ type: 'text', text: 'Holdline MCP server error: boom' }], isError: true });
  });
});
