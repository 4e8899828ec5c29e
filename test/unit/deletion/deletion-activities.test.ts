// The deletion's activities over in-memory ports and a real scratch folder.
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDeletionActivities, DELETION_HEARTBEAT_MS, removeScratchOf, type DeletionActivityDeps } from '../../../activities/deletion-activities';
import type { RecutDoc } from '../../../store/recuts';
import type { ScanDoc } from '../../../store/scan-docs';
import { asActivities, newActivityRecord } from '../activity-context';

const A = 'scn_aaaaaaaaaaaaaaaaaaaaaaaa';
const B = 'scn_bbbbbbbbbbbbbbbbbbbbbbbb';
const C = 'scn_cccccccccccccccccccccccc';

let scratch: string;
beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'deletion-'));
});
afterEach(async () => {
  await rm(scratch, { recursive: true, force: true });
});

function world() {
  const scans = new Map<string, ScanDoc>();
  const recuts = new Map<string, RecutDoc>();
  const objects = new Set<string>();
  const calls: string[] = [];
  const given: Array<{ accountId: string; at: Date }> = [];
  const deps: DeletionActivityDeps = {
    scans: {
      getRaw: async (id) => scans.get(id) ?? null,
      hide: async (id, now = new Date()) => {
        const doc = scans.get(id);
        if (doc) doc.deleted_at = now;
        return doc !== undefined;
      },
      remove: async (id) => void (calls.push(`scans.remove ${id}`), scans.delete(id)),
      markQuotaReturned: async (id) => {
        const doc = scans.get(id);
        if (!doc || doc.quota_returned_at) return false;
        doc.quota_returned_at = new Date();
        return true;
      },
    },
    library: { forgetScan: async (id, seq) => void calls.push(`library.forget ${id} ${seq}`) },
    recuts: {
      listAllForScan: async (parent) => [...recuts.values()].filter((r) => r.parent_scan_id === parent),
      get: async (id) => recuts.get(id) ?? null,
      remove: async (id) => void recuts.delete(id),
    },
    media: { media: 'media', audio: 'audio', remove: async (bucket, id) => void objects.delete(`${bucket}/${id}`) },
    mediaCache: { drop: async (id) => void calls.push(`cache.drop ${id}`) },
    usage: { giveBack: async (accountId, _counter, at) => void given.push({ accountId, at: at! }) },
    idempotency: { forgetScan: async (accountId, id) => (calls.push(`idempotency.forget ${accountId} ${id}`), 0) },
    scratchDir: scratch,
    stopPollMs: 0,
  };
  const addScan = (id: string, extra: Partial<ScanDoc> = {}) =>
    scans.set(id, { _id: id, scan_id: id, account_id: 'acct_1', status: 'complete', created_at: new Date('2026-10-31T23:00:00Z'), ...extra } as ScanDoc);
  const addRecut = (id: string, parent: string, child: string) =>
    recuts.set(id, { _id: id, recut_id: id, parent_scan_id: parent, scan_id: child, account_id: 'acct_1', status: 'complete' } as RecutDoc);
  const record = newActivityRecord();
  return { deps, scans, recuts, objects, calls, given, addScan, addRecut, record, activities: asActivities(createDeletionActivities(deps), record) };
}

describe('hideScanFamily', () => {
  it('hides the scan and every re-scan below it, naming re-scans before their parents', async () => {
    const w = world();
    w.addScan(A);
    w.addScan(B);
    w.addScan(C);
    w.addRecut('rct_1', A, B);
    w.addRecut('rct_2', B, C);
    expect(await w.activities.hideScanFamily({ scanId: A })).toEqual({ scanIds: [C, B, A], recutIds: ['rct_1', 'rct_2'] });
    for (const id of [A, B, C]) expect(w.scans.get(id)!.deleted_at).toBeInstanceOf(Date);
  });
});

describe('awaitWorkEnded', () => {
  it('looks again within one attempt, so work that stops meanwhile needs no retry', async () => {
    const w = world();
    w.addScan(A, { status: 'processing' });
    const patient = asActivities(createDeletionActivities({ ...w.deps, stopPollMs: 5_000 }));
    setTimeout(() => (w.scans.get(A)!.status = 'error'), 300);
    await expect(patient.awaitWorkEnded({ scanId: A })).resolves.toBeUndefined();
  });

  it('throws while the scan or its recut still runs, so Temporal retries it; returns once both ended or are gone', async () => {
    const w = world();
    w.addScan(A, { status: 'processing' });
    await expect(w.activities.awaitWorkEnded({ scanId: A })).rejects.toThrow('still stopping');
    w.scans.get(A)!.status = 'error';
    await expect(w.activities.awaitWorkEnded({ scanId: A })).resolves.toBeUndefined();
    w.addRecut('rct_1', A, B);
    w.recuts.get('rct_1')!.status = 'processing';
    await expect(w.activities.awaitWorkEnded({ recutId: 'rct_1' })).rejects.toThrow('still stopping');
    await expect(w.activities.awaitWorkEnded({ scanId: 'scn_000000000000000000000000' })).resolves.toBeUndefined();
  });
});

describe('eraseScan', () => {
  it('removes media, audio, local copy, scratch entries, library place, idempotency records, then the documents; a retry is harmless', async () => {
    const w = world();
    w.addScan(A, { library_seq: 4 });
    w.objects.add(`media/media:${A}`);
    w.objects.add(`audio/audio:${A}`);
    w.objects.add(`media/media:${B}`);
    await mkdir(join(scratch, `${A}-decodeMedia-3-1`), { recursive: true });
    await mkdir(join(scratch, 'media'), { recursive: true });
    await writeFile(join(scratch, 'media', `${A}.1a2b.part`), 'x');
    await writeFile(join(scratch, 'media', B), 'other scan');
    await w.activities.eraseScan({ scanId: A });
    expect([...w.objects]).toEqual([`media/media:${B}`]);
    expect(await readdir(scratch)).toEqual(['media']);
    expect(await readdir(join(scratch, 'media'))).toEqual([B]);
    expect(w.calls).toEqual([`cache.drop ${A}`, `library.forget ${A} 4`, `idempotency.forget acct_1 ${A}`, `scans.remove ${A}`]);
    await w.activities.eraseScan({ scanId: A });
    expect(w.calls.slice(4)).toEqual([`cache.drop ${A}`, `scans.remove ${A}`]);
  });

  it('refuses a name that is not a scan id as a scratch path', async () => {
    await expect(removeScratchOf(scratch, '../etc')).rejects.toThrow('not a scan id');
  });
});

describe('heartbeats', () => {
  it('every step heartbeats as it starts, so its workflow notices a lost worker within the heartbeat timeout', async () => {
    const w = world();
    w.addScan(A);
    await w.activities.hideScanFamily({ scanId: A });
    await w.activities.awaitWorkEnded({ scanId: A });
    await w.activities.eraseRecut({ recutId: 'rct_1' });
    await w.activities.eraseScan({ scanId: A });
    await w.activities.returnScanUnit({ scanId: A });
    expect(w.record.heartbeats).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('a step that runs longer heartbeats again every 3 s until it ends', async () => {
    vi.useFakeTimers();
    try {
      const w = world();
      w.addScan(A, { status: 'processing' });
      const patient = asActivities(createDeletionActivities({ ...w.deps, stopPollMs: 60_000 }), w.record);
      const waiting = patient.awaitWorkEnded({ scanId: A });
      await vi.advanceTimersByTimeAsync(DELETION_HEARTBEAT_MS * 3 + 100);
      expect(w.record.heartbeats).toHaveLength(4);
      w.scans.get(A)!.status = 'error';
      await vi.advanceTimersByTimeAsync(300);
      await expect(waiting).resolves.toBeUndefined();
      await vi.advanceTimersByTimeAsync(DELETION_HEARTBEAT_MS * 3);
      expect(w.record.heartbeats).toHaveLength(4);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('returnScanUnit', () => {
  const url = { type: 'url', url: 'https://example.com/v.mp4' } as const;

  it('gives the unit of a URL scan whose download had not begun back once, to the month the scan was submitted in', async () => {
    const w = world();
    w.addScan(A, { status: 'error', source: url });
    expect(await w.activities.returnScanUnit({ scanId: A })).toEqual({ returned: true });
    expect(await w.activities.returnScanUnit({ scanId: A })).toEqual({ returned: false });
    expect(w.given).toEqual([{ accountId: 'acct_1', at: new Date('2026-10-31T23:00:00Z') }]);
    expect(await w.activities.returnScanUnit({ scanId: B })).toEqual({ returned: false });
  });

  it('keeps the unit used once something was fetched: a download that began, or an upload (issue 33 item 3)', async () => {
    const w = world();
    w.addScan(A, { status: 'error', source: url, fetch_started_at: new Date('2026-10-31T23:00:01Z') });
    w.addScan(B, { status: 'error', source: { type: 'upload', filename: 'a.mp4' } });
    expect(await w.activities.returnScanUnit({ scanId: A })).toEqual({ returned: false });
    expect(await w.activities.returnScanUnit({ scanId: B })).toEqual({ returned: false });
    expect(w.given).toEqual([]);
    // Nothing is marked returned either, so the documents say no unit went back.
    expect(w.scans.get(A)!.quota_returned_at).toBeUndefined();
    expect(w.scans.get(B)!.quota_returned_at).toBeUndefined();
  });
});
