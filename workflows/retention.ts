import { patched, proxyActivities } from '@temporalio/workflow';
import type { RetentionActivities } from '../activities/retention-activities';
import type { RetentionResult } from '../contracts/workflows';
import { deleteScanFamily } from './delete-scan';

const retention = proxyActivities<RetentionActivities>({
  startToCloseTimeout: '30 minutes',
  retry: { maximumAttempts: 3, initialInterval: '10 seconds' },
});

/**
 * Run hourly by the `<prefix>-retention` schedule on the scans queue (where the
 * media store is): removes media older than each account's retention, keeping reads;
 * then what outlived its account (activities/retention-activities.ts `sweepOrphans`):
 * abandoned uploads' media, and scans whose account is gone, deleted as a scan's
 * deletion does.
 */
export async function retentionWorkflow(): Promise<RetentionResult> {
  const { removed } = await retention.applyMediaRetention();
  // Patched: a run started before the sweep existed replays without it.
  if (!patched('retention-sweeps-orphans')) return { removed: removed.length };
  const { abandonedUploads, orphanScans } = await retention.sweepOrphans();
  for (const scanId of orphanScans) await deleteScanFamily(scanId);
  return { removed: removed.length, abandonedUploads: abandonedUploads.length, orphanScans: orphanScans.length };
}
