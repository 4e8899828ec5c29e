import { describe, expect, it } from 'vitest';
import { assembleRead } from '../../../core/read';
import { holdCurveSvg } from '../../../web/hold-curve';
import { scansPage } from '../../../web/pages';
import { liveStatus, stageWords } from '../../../web/scans-live';
import type { ScanDoc } from '../../../store/scan-docs';

const viewer = { email: 'me@example.com', csrf: 'csrf"<token>' };

describe('the live row', () => {
  it.each([
    ['queued', 0, 'waiting in the queue'],
    ['processing', 0, 'fetching the video'],
    ['processing', 5, 'checking the video'],
    ['processing', 10, 'measuring and transcribing'],
    ['processing', 89, 'measuring and transcribing'],
    ['processing', 95, 'writing the read'],
    ['complete', 100, 'ready'],
    ['error', 10, 'failed'],
  ] as const)('%s at %d%% is "%s"', (status, pct, words) => {
    expect(stageWords(status, pct)).toBe(words);
  });

  it('carries the figures only when complete and the detail only on error', () => {
    const base = { scan_id: 'scn_1', title: null, pct: 42, status: 'processing', score: 70 } as unknown as ScanDoc;
    expect(liveStatus(base)).toEqual({
      scan_id: 'scn_1',
      title: null,
      status: 'processing',
      pct: 42,
      stage: 'measuring and transcribing',
      href: '/scans/scn_1',
    });
    expect(liveStatus({ ...base, status: 'error', detail: 'not a video' })).toMatchObject({ status: 'error', detail: 'not a video', stage: 'failed' });
    expect(liveStatus({ ...base, status: 'error' }).detail).toBe('the scan failed');
  });
});

describe('the submit form', () => {
  it('carries the limit and the escaped CSRF token, loads its script, and marks rows in flight live', () => {
    const page = scansPage(
      viewer,
      [
        { scan_id: 'scn_a', title: null, status: 'processing', pct: 12, created_at: '2025-01-02T03:04:05Z', published: false },
        { scan_id: 'scn_b', title: 'B', status: 'error', pct: 10, created_at: '2025-01-01T00:00:00Z', published: false },
      ],
      { page: 1, hasMore: false, basePath: '/scans' },
      { uploadLimitBytes: 400 * 1024 * 1024, scansLeft: 1 },
    );
    expect(page).toContain('data-upload-limit="419430400" data-csrf="csrf&quot;&lt;token&gt;"');
    expect(page).toContain('<script src="/assets/scans.js" defer></script>');
    expect(page).toContain('<tr data-scan-id="scn_a" data-live>');
    expect(page).toContain('<tr data-scan-id="scn_b">');
    expect(page).toContain('Files up to 400 MB. <span id="scans-left" data-left="1">1 scan left</span>');
    expect(page).not.toContain('<script>');
  });
  it('is not there without a submit view', () => {
    const page = scansPage(viewer, [], { page: 1, hasMore: false, basePath: '/scans' });
    expect(page).not.toContain('id="submit"');
    expect(page).not.toContain('scans.js');
  });
});

describe('the home page hold curve', () => {
  const read = assembleRead({
    durationSec: 4,
    frameDiffs: [0, 5, 6, 5, 60, 5, 6, 5, 6, 5, 6, 5, 6, 5, 6, 5],
    skipDiffs: new Array(16).fill(Number.NaN),
    loudnessRms: [0.1, 0.2, 0.1, 0.2],
    words: [],
  });
  it('draws one point per second, a tick per cut and escapes the title', () => {
    const svg = holdCurveSvg(read, '<b>demo</b>').value;
    const points = /<polyline class="hold" points="([^"]+)"/.exec(svg)![1]!.split(' ');
    expect(points).toHaveLength(read.timeline.length);
    expect(svg.match(/<line class="cut"/g) ?? []).toHaveLength(read.cuts.length);
    expect(svg).toContain('&lt;b&gt;demo&lt;/b&gt;');
    expect(svg).not.toContain('<b>');
  });
  it('keeps hostile values inside the box and draws nothing without a timeline', () => {
    const odd = { ...read, timeline: read.timeline.map((entry, i) => ({ ...entry, scores: { ...entry.scores, hold: [Number.NaN, 1e9, -5, 50][i % 4]! } })) };
    const ys = /points="([^"]+)"/
      .exec(holdCurveSvg(odd, 't').value)![1]!
      .split(' ')
      .map((p) => Number(p.split(',')[1]));
    for (const y of ys) expect(y >= 0 && y <= 140).toBe(true);
    expect(holdCurveSvg({ ...read, timeline: [] }, 't').value).toBe('');
  });
});
