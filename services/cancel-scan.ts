import type { ScanDoc } from '../store/scans';
import type { AppDeps } from './ports';

export type CancelResult = { outcome: 'cancelled'; doc: ScanDoc } | { outcome: 'not_found' } | { outcome: 'ended'; status: string };

/**
 * Cancels the owner's scan in flight and waits until its workflow has cleaned up:
 * the scan ends in `error` with detail `cancelled`, its media and intermediates
 * removed (before its decode began, its quota unit is given back). A scan that
 * has already ended is `ended`; someone else's or an unknown one `not_found`.
 */
export async function cancelScan(deps: Pick<AppDeps, 'scans' | 'workflows'>, input: { accountId: string; scanId: string }): Promise<CancelResult> {
  const doc = await deps.scans.getOwned(input.scanId, input.accountId);
  if (!doc) return { outcome: 'not_found' };
  if (doc.status !== 'queued' && doc.status !== 'processing') return { outcome: 'ended', status: doc.status };
  await deps.workflows.cancelScan(input.scanId);
  // Read past the poll cache: the worker wrote the outcome a moment ago.
  const after = await deps.scans.get(input.scanId);
  if (!after) return { outcome: 'not_found' };
  // It finished (or failed) before the cancel reached it.
  if (after.status !== 'error' || after.detail !== 'cancelled') return { outcome: 'ended', status: after.status };
  return { outcome: 'cancelled', doc: after };
}
