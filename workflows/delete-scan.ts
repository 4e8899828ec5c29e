import { getExternalWorkflowHandle, isCancellation, log, proxyActivities } from '@temporalio/workflow';
import type { DeletionActivities } from '../activities/deletion-activities';
import { recutWorkflowId, scanWorkflowId } from '../contracts/names';
import type { DeleteScanInput, DeleteScanResult } from '../contracts/workflows';

/**
 * The steps heartbeat every 3 s (activities/deletion-activities.ts), so a worker killed
 * mid-step is noticed within 15 s and the step retried, instead of at the end of its
 * start-to-close timeout (a deletion measured 123.8 s from such a kill to its end
 * without it). 15 s, not less: a live worker on a loaded machine must never look lost,
 * and its heartbeats leave it at most every 12 s (the SDK's throttle, 80 % of this).
 * Changing these options needs no `patched()`: a replayed history is matched on each
 * activity's type and id, not its options, and a step already scheduled keeps the
 * options it was scheduled with.
 */
export const DELETION_STEP_HEARTBEAT_TIMEOUT = '15 seconds';

// Every step is idempotent and retried without limit: a worker killed mid-delete, or
// MongoDB or the media store down, only delays the deletion; it finishes when they are back.
const erase = proxyActivities<DeletionActivities>({
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: DELETION_STEP_HEARTBEAT_TIMEOUT,
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});

// Cancelled work cleans up in seconds (its activities' children are killed through the
// cancellation signal, then `failScan` runs); this waits for that, polling the documents.
const waitFor = proxyActivities<DeletionActivities>({
  startToCloseTimeout: '30 seconds',
  heartbeatTimeout: DELETION_STEP_HEARTBEAT_TIMEOUT,
  retry: { initialInterval: '1 second', maximumInterval: '5 seconds' },
});

/**
 * Deletes a scan: hides it (and its recuts' re-scans) from every read at once,
 * cancels whatever of it still runs and waits for that clean-up, then removes its
 * media, audio, local copies, scratch folders and documents. Id `delete-<scanId>`.
 */
export async function deleteScanWorkflow({ scanId }: DeleteScanInput): Promise<DeleteScanResult> {
  return deleteScanFamily(scanId);
}

/** The steps of one scan's deletion, for its own workflow and for an account's closure. */
export async function deleteScanFamily(scanId: string): Promise<DeleteScanResult> {
  const family = await erase.hideScanFamily({ scanId });
  for (const recutId of family.recutIds) {
    if (await cancelled(recutWorkflowId(recutId))) await waitFor.awaitWorkEnded({ recutId });
  }
  for (const id of family.scanIds) {
    if (await cancelled(scanWorkflowId(id))) await waitFor.awaitWorkEnded({ scanId: id });
  }
  for (const recutId of family.recutIds) await erase.eraseRecut({ recutId });
  for (const id of family.scanIds) await erase.eraseScan({ scanId: id });
  return family;
}

/**
 * Asks a workflow to cancel; false when there was nothing to cancel (it ended, or
 * never started), so there is no clean-up to wait for.
 */
export async function cancelled(workflowId: string): Promise<boolean> {
  try {
    await getExternalWorkflowHandle(workflowId).cancel();
    return true;
  } catch (error) {
    if (isCancellation(error)) throw error;
    log.info('nothing to cancel', { workflowId, reason: (error as Error).message });
    return false;
  }
}
