// The owner's control over a scan: delete, cancel, unpublish (services/delete-scan.ts,
// cancel-scan.ts, unpublish-scan.ts) over the in-memory ports.
import { describe, expect, it } from 'vitest';
import { cancelScan } from '../../../services/cancel-scan';
import { deleteScan } from '../../../services/delete-scan';
import { unpublishScan } from '../../../services/unpublish-scan';
import type { ScanDoc } from '../../../store/scan-docs';
import { accountWithKey, fakeDeps, type FakeDeps } from '../fake-deps';

const warnings: object[] = [];
const log = { error: () => undefined, warn: (obj: object) => void warnings.push(obj) };

function scan(deps: FakeDeps, accountId: string, scanId: string, status: ScanDoc['status'], extra: Partial<ScanDoc> = {}) {
  const now = deps.now();
  const doc = {
    _id: scanId,
    scan_id: scanId,
    account_id: accountId,
    title: null,
    status,
    pct: status === 'complete' ? 100 : 40,
    source: { type: 'upload', filename: null },
    priority: false,
    created_at: now,
    updated_at: now,
    ...extra,
  } as ScanDoc;
  deps.scans.docs.set(scanId, doc);
  return doc;
}

describe('deleteScan', () => {
  it('starts the deletion workflow, hides the scan at once and answers deleted once it finished', async () => {
    const deps = fakeDeps();
    const { account } = await accountWithKey(deps);
    scan(deps, account._id, 'scn_a', 'complete', { published_at: deps.now() });
    expect(await deleteScan(deps, { accountId: account._id, scanId: 'scn_a', requestId: 'req_1', log })).toBe('deleted');
    expect(deps.workflows.started).toEqual([{ kind: 'deletion', input: { scanId: 'scn_a' } }]);
    expect(deps.workflows.requestIds).toEqual(['req_1']);
    expect(await deps.scans.getOwned('scn_a', account._id)).toBeNull();
    expect((await deps.scans.listOwned(account._id, { limit: 20, offset: 0 })).total).toBe(0);
    expect((await deps.library.list({ limit: 20, offset: 0 })).docs).toEqual([]);
  });

  it('a second delete, another account’s scan and an unknown id are not_found, starting nothing', async () => {
    const deps = fakeDeps();
    const { account } = await accountWithKey(deps);
    scan(deps, account._id, 'scn_a', 'complete');
    scan(deps, 'acct_other', 'scn_theirs', 'complete');
    expect(await deleteScan(deps, { accountId: account._id, scanId: 'scn_a', log })).toBe('deleted');
    expect(await deleteScan(deps, { accountId: account._id, scanId: 'scn_a', log })).toBe('not_found');
    expect(await deleteScan(deps, { accountId: account._id, scanId: 'scn_theirs', log })).toBe('not_found');
    expect(await deleteScan(deps, { accountId: account._id, scanId: 'scn_nothing', log })).toBe('not_found');
    expect(deps.workflows.started).toHaveLength(1);
    expect(deps.scans.docs.get('scn_theirs')!.deleted_at).toBeUndefined();
  });

  it('answers deleting when the workflow has not finished within the wait; the scan is hidden already', async () => {
    const deps = fakeDeps();
    const { account } = await accountWithKey(deps);
    scan(deps, account._id, 'scn_a', 'processing');
    deps.workflows.deletionFinishes = false;
    expect(await deleteScan(deps, { accountId: account._id, scanId: 'scn_a', waitMs: 0, log })).toBe('deleting');
    expect(await deps.scans.get('scn_a')).toBeNull();
  });

  it('when Temporal refuses the start, the scan is not hidden and the error reaches the caller', async () => {
    const deps = fakeDeps();
    const { account } = await accountWithKey(deps);
    scan(deps, account._id, 'scn_a', 'complete');
    deps.workflows.failWith = new Error('temporal down');
    await expect(deleteScan(deps, { accountId: account._id, scanId: 'scn_a', log })).rejects.toThrow('temporal down');
    expect(deps.scans.docs.get('scn_a')!.deleted_at).toBeUndefined();
  });
});

describe('cancelScan', () => {
  it('cancels the owner’s scan in flight and returns it ended in error, detail "cancelled"', async () => {
    const deps = fakeDeps();
    const { account } = await accountWithKey(deps);
    scan(deps, account._id, 'scn_a', 'processing');
    deps.workflows.onCancelScan = (id) => Object.assign(deps.scans.docs.get(id)!, { status: 'error', detail: 'cancelled' });
    const result = await cancelScan(deps, { accountId: account._id, scanId: 'scn_a' });
    expect(result).toMatchObject({ outcome: 'cancelled', doc: { scan_id: 'scn_a', status: 'error', detail: 'cancelled' } });
    expect(deps.workflows.cancelledScans).toEqual(['scn_a']);
  });

  it('a scan that has ended is `ended` (409) and its workflow is not touched', async () => {
    const deps = fakeDeps();
    const { account } = await accountWithKey(deps);
    scan(deps, account._id, 'scn_done', 'complete');
    scan(deps, account._id, 'scn_failed', 'error', { detail: 'not a video' });
    expect(await cancelScan(deps, { accountId: account._id, scanId: 'scn_done' })).toEqual({ outcome: 'ended', status: 'complete' });
    expect(await cancelScan(deps, { accountId: account._id, scanId: 'scn_failed' })).toEqual({ outcome: 'ended', status: 'error' });
    expect(deps.workflows.cancelledScans).toEqual([]);
  });

  it('a scan that completed before the cancel reached it stays complete and answers `ended`', async () => {
    const deps = fakeDeps();
    const { account } = await accountWithKey(deps);
    scan(deps, account._id, 'scn_a', 'processing');
    deps.workflows.onCancelScan = (id) => Object.assign(deps.scans.docs.get(id)!, { status: 'complete', pct: 100 });
    expect(await cancelScan(deps, { accountId: account._id, scanId: 'scn_a' })).toEqual({ outcome: 'ended', status: 'complete' });
  });

  it('a clean-up that outlasts the wait answers `cancelling` with the scan as it is, and the cancel goes on', async () => {
    const deps = fakeDeps();
    const { account } = await accountWithKey(deps);
    scan(deps, account._id, 'scn_slow', 'processing');
    let finish: () => void = () => undefined;
    const cancel = deps.workflows.cancelScan.bind(deps.workflows);
    // The workflow takes the cancel and is slow to stop (a worker down, a child process slow to die).
    deps.workflows.cancelScan = async (id) => {
      await cancel(id);
      await new Promise<void>((resolve) => (finish = resolve));
      Object.assign(deps.scans.docs.get(id)!, { status: 'error', detail: 'cancelled' });
    };
    const started = Date.now();
    const result = await cancelScan(deps, { accountId: account._id, scanId: 'scn_slow', waitMs: 50, log });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(result).toMatchObject({ outcome: 'cancelling', doc: { scan_id: 'scn_slow', status: 'processing' } });
    expect(deps.workflows.cancelledScans).toEqual(['scn_slow']);
    finish();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(deps.scans.docs.get('scn_slow')).toMatchObject({ status: 'error', detail: 'cancelled' });
  });

  it('another account’s scan is not_found', async () => {
    const deps = fakeDeps();
    const { account } = await accountWithKey(deps);
    scan(deps, 'acct_other', 'scn_theirs', 'processing');
    expect(await cancelScan(deps, { accountId: account._id, scanId: 'scn_theirs' })).toEqual({ outcome: 'not_found' });
    expect(deps.workflows.cancelledScans).toEqual([]);
  });
});

describe('unpublishScan', () => {
  it('takes the owner’s scan out of the library; again is the same answer', async () => {
    const deps = fakeDeps();
    const { account } = await accountWithKey(deps);
    scan(deps, account._id, 'scn_a', 'complete', { published_at: deps.now() });
    expect(await unpublishScan(deps, { accountId: account._id, scanId: 'scn_a' })).toEqual({ outcome: 'unpublished' });
    expect(await deps.library.getPublished('scn_a')).toBeNull();
    expect((await deps.library.list({ limit: 20, offset: 0 })).total).toBe(0);
    expect(await unpublishScan(deps, { accountId: account._id, scanId: 'scn_a' })).toEqual({ outcome: 'unpublished' });
  });

  it('another account’s published scan is not_found and stays published', async () => {
    const deps = fakeDeps();
    const { account } = await accountWithKey(deps);
    scan(deps, 'acct_other', 'scn_theirs', 'complete', { published_at: deps.now() });
    expect(await unpublishScan(deps, { accountId: account._id, scanId: 'scn_theirs' })).toEqual({ outcome: 'not_found' });
    expect(await deps.library.getPublished('scn_theirs')).not.toBeNull();
  });
});
