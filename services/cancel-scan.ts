import type { ScanDoc } from '../store/scan-docs';
import type { AppDeps } from './ports';

/** How long `POST /v1/scans/{id}/cancel` waits for the workflow's clean-up before answering 202 (the cancel goes on). */
export const CANCEL_WAIT_MS = 5_000;

export type CancelResult =
  | { outcome: 'cancelled'; doc: ScanDoc }
  /** The cancel was sent; its clean-up outlasted the wait. `doc` is the scan as it is now, still in flight. */
  | { outcome: 'cancelling'; doc: ScanDoc }
  | { outcome: 'not_found' }
  | { outcome: 'ended'; status: string };

/**
 * Cancels the owner's scan in flight and waits, up to `waitMs`, until its workflow has
 * cleaned up: the scan ends in `error` with detail `cancelled`, its media and
 * intermediates removed (before anything of its video was fetched, its quota unit is given back: core/scan-refund.ts). Past
 * the wait it answers `cancelling` and the cancel goes on (a worker that is down or
 * slow to stop its child process holds no request open). A scan that has already
 * ended is `ended`; someone else's or an unknown one `not_found`.
 */
export async function cancelScan(
  deps: Pick<AppDeps, 'scans' | 'workflows'>,
  input: { accountId: string; scanId: string; waitMs?: number; log?: { warn: (fields: object, message: string) => void } },
): Promise<CancelResult> {
  const doc = await deps.scans.getOwned(input.scanId, input.accountId);
  if (!doc) return { outcome: 'not_found' };
  if (doc.status !== 'queued' && doc.status !== 'processing') return { outcome: 'ended', status: doc.status };
  const cancelling = deps.workflows.cancelScan(input.scanId);
  let timer: NodeJS.Timeout | undefined;
  const waited = await Promise.race([
    cancelling.then(() => 'done' as const),
    new Promise<'waiting'>((resolve) => {
      timer = setTimeout(() => resolve('waiting'), input.waitMs ?? CANCEL_WAIT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  if (waited === 'waiting') {
    // Still running on: its failure is logged, not lost, since no one awaits it now.
    cancelling.catch((error: unknown) => input.log?.warn({ err: error, scanId: input.scanId }, 'scan cancel failed after its answer'));
    const now = await deps.scans.get(input.scanId);
    if (!now) return { outcome: 'not_found' };
    if (now.status === 'queued' || now.status === 'processing') return { outcome: 'cancelling', doc: now };
    if (now.status !== 'error' || now.detail !== 'cancelled') return { outcome: 'ended', status: now.status };
    return { outcome: 'cancelled', doc: now };
  }
  // Read past the poll cache: the worker wrote the outcome a moment ago.
  const after = await deps.scans.get(input.scanId);
  if (!after) return { outcome: 'not_found' };
  // It finished (or failed) before the cancel reached it.
  if (after.status !== 'error' || after.detail !== 'cancelled') return { outcome: 'ended', status: after.status };
  return { outcome: 'cancelled', doc: after };
}
