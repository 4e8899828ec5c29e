import { ActivityFailure, log, patched, proxyActivities } from '@temporalio/workflow';
import type { AccountClosureActivities } from '../activities/account-closure-activities';
import type { DeletionActivities } from '../activities/deletion-activities';
import { cancelled, DELETION_STEP_HEARTBEAT_TIMEOUT, deleteScanFamily } from './delete-scan';
import { chatWorkflowId, recutWorkflowId } from '../contracts/names';
import type { CloseAccountInput, CloseAccountResult } from '../contracts/workflows';

// As for a scan's deletion: every step is idempotent and retried without limit, so a
// worker killed or MongoDB down mid-closure only delays it; it finishes when they are back.
// Its steps heartbeat as the deletion's do, for the same reason (see the timeout's comment).
const close = proxyActivities<AccountClosureActivities & Pick<DeletionActivities, 'eraseRecut' | 'awaitWorkEnded'>>({
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: DELETION_STEP_HEARTBEAT_TIMEOUT,
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});

// A cancelled chat call records its end within seconds; one that never does (its workflow
// was already gone) must not hold the closure for good: its records go all the same.
const callsEnd = proxyActivities<AccountClosureActivities>({
  startToCloseTimeout: '30 seconds',
  heartbeatTimeout: DELETION_STEP_HEARTBEAT_TIMEOUT,
  retry: { initialInterval: '1 second', maximumInterval: '5 seconds', maximumAttempts: 6 },
});

/** Rounds of "list what is left, remove it": a submission admitted just before the key died is found by the next round. */
const MAX_ROUNDS = 5;

/**
 * Closes an account: marks it closing (its key and sessions answer 401 from then
 * on), cancels its running chat calls, waits for its submissions still being
 * received (each undoes itself on seeing the mark), removes every scan with its recuts as a
 * scan's deletion does (cancelling work in flight and waiting for its clean-up),
 * then its chat call records, sessions, Idempotency-Keys, usage counters, rate
 * windows, keys and the account itself (webhook secret and settings with it).
 * Id `close-account-<accountId>`.
 */
export async function closeAccountWorkflow({ accountId }: CloseAccountInput): Promise<CloseAccountResult> {
  const { runningCalls } = await close.markAccountClosing({ accountId });
  for (const callId of runningCalls) await cancelled(chatWorkflowId(callId));
  if (runningCalls.length > 0) {
    try {
      await callsEnd.awaitCallsEnded({ accountId });
    } catch (error) {
      if (!(error instanceof ActivityFailure)) throw error;
      log.warn('chat calls did not record their end; their records are removed all the same', { accountId });
    }
  }
  // Uploads that began before the mark end (queued, then listed below, or undone by themselves) before anything is listed.
  // Patched: a closure started before this step was added replays without it.
  if (patched('closure-awaits-submissions')) await close.awaitSubmissionsEnded({ accountId });
  const result: CloseAccountResult = { scans: 0, recuts: 0, calls: 0 };
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const work = await close.listAccountWork({ accountId });
    if (work.scanIds.length === 0 && work.recutIds.length === 0) break;
    // Recuts first: their re-scans are scans of this account too, reached again below if left.
    for (const recutId of work.recutIds) {
      if (await cancelled(recutWorkflowId(recutId))) await close.awaitWorkEnded({ recutId });
      await close.eraseRecut({ recutId });
      result.recuts++;
    }
    for (const scanId of work.scanIds) {
      const family = await deleteScanFamily(scanId);
      result.scans += family.scanIds.length;
      result.recuts += family.recutIds.length;
    }
  }
  result.calls = (await close.eraseAccountRecords({ accountId })).calls;
  return result;
}
