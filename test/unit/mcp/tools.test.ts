import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CompleteScan } from '../../../core/wire/read';
import { ConnectionError, InvalidArgumentError, NotFoundError, RateLimitError } from '../../../clients/js/src/index';
import {
  DEFAULT_WAIT_SEC,
  errorResult,
  historyResult,
  holdlineTools,
  libraryResult,
  scanResult,
  signalsResult,
  toolsFor,
  exportResult,
  recutExportResult,
} from '../../../mcp/tools';
import { COMPACT_LIMITS, compactScan, EXPORT_INLINE_MAX_CHARS, scanLinks, scanOutputShape } from '../../../mcp/results';

const complete: CompleteScan = {
  scan_id: 'scn_0123456789abcdef01234567',
  status: 'complete',
  pct: 100,
  title: null,
  created_at: '2026-01-01T00:00:00.000Z',
  source_name: 'talk.mp4',
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
  it('offers all thirteen tools with a key', () => {
    expect(toolsFor(true, { kind: 'any' }).map((tool) => tool.name)).toEqual([
      'scan_url',
      'scan_file',
      'get_scan',
      'export_scan',
      'list_scans',
      'recut_scan',
      'get_recut',
      'export_recut',
      'delete_scan',
      'media_retention',
      'demo_scan',
      'library',
      'signals_reference',
    ]);
  });

  it('offers exactly demo_scan and library without a key', () => {
    expect(toolsFor(false, { kind: 'any' }).map((tool) => tool.name)).toEqual(['demo_scan', 'library']);
  });
});

describe('tool input schemas', () => {
  it('scan_url waits by default for DEFAULT_WAIT_SEC seconds and needs a URL', () => {
    expect(inputObject('scan_url').parse({ url: 'https://example.com/a.mp4' })).toEqual({
      url: 'https://example.com/a.mp4',
      wait: true,
      timeout_sec: DEFAULT_WAIT_SEC,
      detail: 'compact',
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
      detail: 'compact',
    });
  });

  it('export_recut takes a recut id and one of the recut formats, nothing else', () => {
    expect(inputObject('export_recut').parse({ recut_id: 'rct_1', format: 'otio' })).toEqual({ recut_id: 'rct_1', format: 'otio' });
    for (const format of ['edl', 'otio', 'fcpxml', 'markers.csv'])
      expect(inputObject('export_recut').safeParse({ recut_id: 'rct_1', format }).success).toBe(true);
    for (const format of ['srt', 'json', 'chapters', 'mp4', undefined])
      expect(inputObject('export_recut').safeParse({ recut_id: 'rct_1', format }).success).toBe(false);
    expect(inputObject('export_recut').safeParse({ format: 'edl' }).success).toBe(false);
  });

  it('paging accepts limit 1–100 and offset ≥ 0 and leaves absent values absent', () => {
    expect(inputObject('list_scans').parse({})).toEqual({});
    expect(inputObject('library').parse({ limit: 100, offset: 0 })).toEqual({ limit: 100, offset: 0 });
    expect(inputObject('library').safeParse({ limit: 101 }).success).toBe(false);
    expect(inputObject('list_scans').safeParse({ offset: -1 }).success).toBe(false);
  });
});

describe('result mapping', () => {
  it('a complete scan gives a short text, links to its timeline and transcript, and the compact scan once', () => {
    const result = scanResult(complete, { baseUrl: 'http://h:1/' });
    expect(result.isError).toBeUndefined();
    const { timeline, transcript, method, media_url, ...rest } = complete;
    expect(result.structuredContent).toEqual({
      ...rest,
      transcript_segments: 1,
      timeline_uri: 'holdline://scans/scn_0123456789abcdef01234567/timeline',
      transcript_uri: 'holdline://scans/scn_0123456789abcdef01234567/transcript',
      media_url: 'http://h:1/v1/scans/scn_0123456789abcdef01234567/media',
    });
    expect(result.content).toHaveLength(3);
    expect(text(result, 0)).toBe(
      [
        'Scan scn_0123456789abcdef01234567 complete: score 84, grade B (Engaging), 12.5 s, hook 61.2.',
        '2 cuts, 1 dead stretch (8–10 s), 1 peak moment (at 3 s), 1 claim, 1 transcript segment.',
        'Average hold 52.3.',
        'Per-second timeline: holdline://scans/scn_0123456789abcdef01234567/timeline; transcript: holdline://scans/scn_0123456789abcdef01234567/transcript (MCP resources), or get_scan with detail "full"; files with export_scan.',
      ].join('\n'),
    );
    expect(result.content.slice(1)).toEqual([
      expect.objectContaining({ type: 'resource_link', uri: 'holdline://scans/scn_0123456789abcdef01234567/timeline', mimeType: 'application/json' }),
      expect.objectContaining({ type: 'resource_link', uri: 'holdline://scans/scn_0123456789abcdef01234567/transcript', mimeType: 'application/json' }),
    ]);
    // The declared output schema accepts what the tool returns.
    expect(z.object(scanOutputShape).strict().safeParse(result.structuredContent).success).toBe(true);
  });

  it('detail full returns the whole scan with its links', () => {
    const result = scanResult(complete, { detail: 'full' });
    expect(result.structuredContent).toEqual({
      ...complete,
      timeline_uri: 'holdline://scans/scn_0123456789abcdef01234567/timeline',
      transcript_uri: 'holdline://scans/scn_0123456789abcdef01234567/transcript',
    });
    expect(z.object(scanOutputShape).strict().safeParse(result.structuredContent).success).toBe(true);
  });

  it('compact lists are bounded and what is left out is counted', () => {
    const many = {
      ...complete,
      cuts: Array.from({ length: 1600 }, (_, i) => i),
      dead: Array.from({ length: 301 }, (_, i) => ({ start: i * 4, end: i * 4 + 2 })),
      claims: ['x'.repeat(500)],
    };
    const compact = compactScan(many, scanLinks(many.scan_id));
    expect(compact.cuts).toHaveLength(COMPACT_LIMITS.cuts);
    expect(compact.dead).toHaveLength(COMPACT_LIMITS.dead);
    expect(compact.omitted).toEqual({ cuts: 100, dead: 1 });
    expect(compact.claims[0]).toHaveLength(300);
    expect(compact.claims[0]!.endsWith('…')).toBe(true);
    expect(text(scanResult(many), 0)).toContain('301 dead stretches (0–2 s, 4–6 s, 8–10 s, 12–14 s, 16–18 s, 20–22 s, 24–26 s, 28–30 s, and 293 more)');
  });

  it("compact carries the dips (bounded) and the hook report's value, percentiles and suggested opening; full carries the whole report", () => {
    const dips = [
      {
        start: 8,
        end: 10,
        causes: ['still_picture' as const, 'silence' as const],
        advice: 'Cut or speed up 0:08–0:10 (2 s): the picture is still and the sound is silent.',
      },
    ];
    const hook_report = {
      value: 61.2,
      scale: 'scale text',
      file_percentile: 66.7,
      library_percentile: null,
      carried: ['words' as const],
      missing: ['motion' as const, 'sound' as const],
      best_opening: { start: 2, end: 5, hold: 70.1 },
      advice: 'advice text',
    };
    const read = { ...complete, dips, hook_report };
    const compact = scanResult(read).structuredContent as Record<string, unknown>;
    expect(compact.dips).toEqual(dips);
    expect(compact.hook_report).toEqual({ value: 61.2, file_percentile: 66.7, library_percentile: null, best_opening: { start: 2, end: 5, hold: 70.1 } });
    expect(z.object(scanOutputShape).strict().safeParse(compact).success).toBe(true);
    const full = scanResult(read, { detail: 'full' }).structuredContent as Record<string, unknown>;
    expect(full.hook_report).toEqual(hook_report);
    expect(z.object(scanOutputShape).safeParse(full).success).toBe(true);
    // A read made before dips existed has neither field.
    expect(scanResult(complete).structuredContent).not.toHaveProperty('dips');
    expect(scanResult(complete).structuredContent).not.toHaveProperty('hook_report');
    const many = { ...complete, dips: Array.from({ length: COMPACT_LIMITS.dips + 5 }, (_, i) => ({ ...dips[0]!, start: i * 3, end: i * 3 + 2 })) };
    const bounded = compactScan(many, scanLinks(many.scan_id));
    expect(bounded.dips).toEqual(many.dips.slice(0, COMPACT_LIMITS.dips));
    expect(bounded.omitted).toEqual({ dips: 5 });
  });

  it('a small export is inline as an embedded resource, a large one a resource link', () => {
    const small = exportResult('scn_1', 'srt', { body: '1\r\n', contentType: 'application/x-subrip; charset=utf-8', filename: 'scn_1.srt' });
    expect(small.structuredContent).toEqual({
      scan_id: 'scn_1',
      format: 'srt',
      filename: 'scn_1.srt',
      content_type: 'application/x-subrip; charset=utf-8',
      bytes: 3,
      uri: 'holdline://scans/scn_1/export/srt',
      embedded: true,
    });
    expect(small.content[1]).toEqual({
      type: 'resource',
      resource: { uri: 'holdline://scans/scn_1/export/srt', mimeType: 'application/x-subrip', text: '1\r\n' },
    });
    const large = exportResult('scn_1', 'json', { body: 'é'.repeat(EXPORT_INLINE_MAX_CHARS + 1), contentType: 'application/json', filename: 'scn_1.json' });
    expect(large.structuredContent).toMatchObject({ embedded: false, bytes: 2 * (EXPORT_INLINE_MAX_CHARS + 1) });
    expect(large.content[1]).toMatchObject({ type: 'resource_link', uri: 'holdline://scans/scn_1/export/json', name: 'scn_1.json' });
  });

  it("a recut's cut list is inline when small, else a link to the recut export resource, named by the recut", () => {
    const edl = 'TITLE: T (recut)\r\n';
    const small = recutExportResult('rct_1', 'edl', { body: edl, contentType: 'text/plain; charset=utf-8', filename: 'rct_1.edl' });
    expect(small.structuredContent).toEqual({
      recut_id: 'rct_1',
      format: 'edl',
      filename: 'rct_1.edl',
      content_type: 'text/plain; charset=utf-8',
      bytes: edl.length,
      uri: 'holdline://recuts/rct_1/export/edl',
      embedded: true,
    });
    expect(small.content).toEqual([
      { type: 'text', text: `Export edl of rct_1: rct_1.edl, ${edl.length} bytes, inline below.` },
      { type: 'resource', resource: { uri: 'holdline://recuts/rct_1/export/edl', mimeType: 'text/plain', text: edl } },
    ]);
    const large = recutExportResult('rct_1', 'otio', {
      body: 'x'.repeat(EXPORT_INLINE_MAX_CHARS + 1),
      contentType: 'application/json',
      filename: 'rct_1.otio',
    });
    expect(large.structuredContent).toMatchObject({ recut_id: 'rct_1', embedded: false });
    expect(large.content[1]).toMatchObject({ type: 'resource_link', uri: 'holdline://recuts/rct_1/export/otio', name: 'rct_1.otio' });
    // The scan export's shape is unchanged.
    expect(exportResult('scn_1', 'edl', { body: edl, contentType: 'text/plain', filename: 'scn_1.edl' }).structuredContent).toHaveProperty('scan_id', 'scn_1');
  });

  it('a scan in error is an error result with its detail', () => {
    const failed = {
      scan_id: 'scn_1',
      status: 'error',
      pct: 10,
      detail: 'the file has no video stream',
      title: null,
      created_at: '2026-01-01T00:00:00.000Z',
    } as const;
    const result = scanResult(failed);
    expect(result.isError).toBe(true);
    expect(text(result, 0)).toBe('Scan scn_1 failed: the file has no video stream');
    expect(result.structuredContent).toEqual(failed);
  });

  it('an in-flight scan names get_scan, and says it is still running after a wait', () => {
    const queued = { scan_id: 'scn_2', status: 'queued', pct: 0 } as const;
    expect(text(scanResult(queued), 0)).toBe('Scan scn_2 is queued (0%). Read it with get_scan {"scan_id": "scn_2"}.');
    const processing = { scan_id: 'scn_2', status: 'processing', pct: 45, stage: 'decode', title: null, created_at: '2026-01-01T00:00:00.000Z' } as const;
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
    expect(errorResult(new NotFoundError({ status: 404, detail: 'no scan scn_x' }))).toEqual({
      content: [{ type: 'text', text: 'Holdline API error 404: no scan scn_x' }],
      isError: true,
    });
  });

  it('a 429 says when to retry', () => {
    expect(errorResult(new RateLimitError({ status: 429, detail: 'rate limit reached', retryAfter: 42 })).content).toEqual([
      { type: 'text', text: 'Holdline API error 429: rate limit reached (retry after 42 s)' },
    ]);
  });

  it('an unreachable service and a local file problem read plainly', () => {
    expect(errorResult(new InvalidArgumentError({ status: 0, detail: 'no file at /nope.mp4' })).content).toEqual([
      { type: 'text', text: 'Holdline: no file at /nope.mp4' },
    ]);
    expect(errorResult(new ConnectionError({ status: 0, detail: 'cannot reach Holdline at http://127.0.0.1:9: ECONNREFUSED' })).content).toEqual([
      { type: 'text', text: 'Holdline: cannot reach Holdline at http://127.0.0.1:9: ECONNREFUSED' },
    ]);
  });

  it('anything else is still an error result, not a throw', () => {
    expect(errorResult(new Error('boom'))).toEqual({ content: [{ type: 'text', text: 'Holdline MCP server error: boom' }], isError: true });
  });
});
