import { describe, expect, it } from 'vitest';
import { PLANS } from '../../../core/plans';
import { submitRecut } from '../../../services/submit-recut';
import type { ScanDoc } from '../../../store/scan-docs';
import { accountWithKey, fakeDeps, type FakeDeps } from '../fake-deps';

const log = { error: () => undefined, warn: () => undefined };

function scan(deps: FakeDeps, accountId: string, scanId: string, status: ScanDoc['status'], durationSec = 30) {
  const now = deps.now();
  deps.scans.docs.set(scanId, {
    _id: scanId,
    scan_id: scanId,
    account_id: accountId,
    title: null,
    status,
    pct: 0,
    duration_sec: durationSec,
    source: { type: 'upload', filename: null },
    priority: true,
    created_at: now,
    updated_at: now,
  } as ScanDoc);
}

describe('submitRecut', () => {
  it('is part of the Agents plan: 403 on Signal, nothing taken', async () => {
    const deps = fakeDeps();
    const { account } = await accountWithKey(deps, 'signal');
    scan(deps, account._id, 'scn_a', 'complete');
    await expect(submitRecut(deps, { account, scanId: 'scn_a', body: {}, log })).rejects.toMatchObject({ code: 'forbidden' });
    expect(deps.usage.of(account._id, deps.now()).scans).toBe(0);
  });

  it('needs the owner’s complete scan: 404 for another’s, 409 in flight', async () => {
    const deps = fakeDeps();
    const { account } = await accountWithKey(deps, 'agents');
    scan(deps, 'acct_other', 'scn_theirs', 'complete');
    scan(deps, account._id, 'scn_busy', 'processing');
    await expect(submitRecut(deps, { account, scanId: 'scn_theirs', body: {}, log })).rejects.toMatchObject({ code: 'not_found' });
    await expect(submitRecut(deps, { account, scanId: 'scn_busy', body: {}, log })).rejects.toMatchObject({ code: 'conflict' });
  });

  it('queues the recut with one scan unit and its workflow; a failed start gives both back', async () => {
    const deps = fakeDeps();
    const { account } = await accountWithKey(deps, 'agents');
    scan(deps, account._id, 'scn_a', 'complete');
    const queued = await submitRecut(deps, { account, scanId: 'scn_a', body: { goal: '  shorter ', max_seconds: 20 }, log });
    expect(queued).toEqual({ recut_id: expect.stringMatching(/^rct_/), status: 'queued', parent_scan_id: 'scn_a' });
    expect(deps.workflows.started).toEqual([
      {
        kind: 'recut',
        input: expect.objectContaining({ recutId: queued.recut_id, parentScanId: 'scn_a', durationSec: 30, goal: 'shorter', maxSeconds: 20, priorityKey: 1 }),
      },
    ]);
    expect(deps.usage.of(account._id, deps.now()).scans).toBe(1);
    deps.workflows.failWith = new Error('Temporal down');
    await expect(submitRecut(deps, { account, scanId: 'scn_a', body: {}, log })).rejects.toMatchObject({ code: 'unavailable' });
    expect(deps.usage.of(account._id, deps.now()).scans).toBe(1);
    expect(deps.recuts.docs.size).toBe(1);
  });

  it('says that a recut’s re-scan is a scan when the month is used up', async () => {
    const deps = fakeDeps();
    const { account } = await accountWithKey(deps, 'agents');
    scan(deps, account._id, 'scn_a', 'complete');
    for (let i = 0; i < PLANS.agents.scansPerMonth; i++) await deps.usage.take(account._id, 'scans', PLANS.agents.scansPerMonth, deps.now());
    await expect(submitRecut(deps, { account, scanId: 'scn_a', body: {}, log })).rejects.toMatchObject({
      code: 'quota_exceeded',
      message: expect.stringContaining("and a recut's re-scan is a scan"),
    });
  });
});
