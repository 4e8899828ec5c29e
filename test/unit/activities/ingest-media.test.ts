// The ingest step over in-memory ports: what it marks on the scan before a URL's download begins.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createIngestMedia } from '../../../activities/scan/ingest-media';
import type { ScanActivityDeps } from '../../../activities/scan/deps';
import type { ScanDoc } from '../../../store/scan-docs';
import { scanMedia } from '../../../store/scan-media';
import { FakeMedia } from '../fake-deps';
import { inActivityContext } from '../activity-context';

const SCAN = 'scn_aaaaaaaaaaaaaaaaaaaaaaaa';

function world(source: ScanDoc['source'], options: { downloadMs?: number } = {}) {
  const doc = { _id: SCAN, scan_id: SCAN, account_id: 'acct_1', status: 'queued', pct: 0, source, created_at: new Date() } as ScanDoc;
  const media = Object.assign(new FakeMedia(), { audio: 'audio' as const });
  const fetched: Array<{ url: string; markedBefore: boolean }> = [];
  const recorded: Array<{ accountId: string; seconds: number }> = [];
  const deps = {
    scans: {
      getStatus: async () => doc,
      advance: async (_id: string, pct: number, set: Partial<ScanDoc> = {}) =>
        void Object.assign(doc, { status: 'processing', pct: Math.max(doc.pct, pct) }, set),
    },
    media,
    fetch: async (url: string) => {
      fetched.push({ url, markedBefore: doc.fetch_started_at instanceof Date });
      if (options.downloadMs) await new Promise((resolve) => setTimeout(resolve, options.downloadMs));
      return { finalUrl: url, contentType: 'video/mp4', body: Readable.from([Buffer.alloc(100, 1)]) };
    },
    allowHosts: [],
    uploadLimitBytes: 1000,
    downloadTime: { record: async (accountId: string, seconds: number) => void recorded.push({ accountId, seconds }) },
    downloadMeterMs: 20,
  } as unknown as ScanActivityDeps;
  return { doc, media, fetched, recorded, ingest: (id = SCAN) => inActivityContext(() => createIngestMedia(deps)({ scanId: id }), 'ingestMedia') };
}

describe('ingestMedia', () => {
  it('marks a URL scan fetch_started_at before its download begins, so a cancellation from then on keeps the unit used', async () => {
    const w = world({ type: 'url', url: 'https://example.com/v.mp4' });
    expect(await w.ingest()).toEqual({ bytes: 100 });
    expect(w.fetched).toEqual([{ url: 'https://example.com/v.mp4', markedBefore: true }]);
    expect(w.doc.fetch_started_at).toBeInstanceOf(Date);
  });

  it('marks nothing on an upload (its bytes came with the submission; core/scan-refund.ts keeps its unit used anyway)', async () => {
    const w = world({ type: 'upload', filename: 'a.mp4' });
    await scanMedia(w.media, SCAN).put(Readable.from([Buffer.alloc(10, 1)]), { filename: 'a.mp4' });
    expect(await w.ingest()).toEqual({ bytes: 10 });
    expect(w.fetched).toEqual([]);
    expect(w.doc.fetch_started_at).toBeUndefined();
  });

  it('counts a URL download’s running time against its account while it runs and at its end; an upload counts nothing', async () => {
    const w = world({ type: 'url', url: 'https://example.com/v.mp4' }, { downloadMs: 120 });
    const started = Date.now();
    await w.ingest();
    const elapsed = (Date.now() - started) / 1000;
    expect(w.recorded.length).toBeGreaterThan(1);
    expect(new Set(w.recorded.map((r) => r.accountId))).toEqual(new Set(['acct_1']));
    const total = w.recorded.reduce((sum, r) => sum + r.seconds, 0);
    expect(total).toBeGreaterThanOrEqual(0.11);
    expect(total).toBeLessThanOrEqual(elapsed + 0.01);

    const up = world({ type: 'upload', filename: 'a.mp4' });
    await scanMedia(up.media, SCAN).put(Readable.from([Buffer.alloc(10, 1)]), { filename: 'a.mp4' });
    await up.ingest();
    expect(up.recorded).toEqual([]);
  });
});
