import { proxyActivities } from '@temporalio/workflow';
import type { RetentionActivities } from '../activities/retention-activities';

const retention = proxyActivities<RetentionActivities>({
  startToCloseTimeout: '30 minutes',
  retry: { maximumAttempts: 3, initialInterval: '10 seconds' },
});

/**
 * Run hourly by the `<prefix>-retention` schedule on the scans queue (where the
 * media store is): removes media older than each account's retention, keeping reads.
 */
export async function retentionWorkflow(): Promise<{ removed: number }> {
  const { removed } = await retention.applyMediaRetention();
  return { removed: removed.length };
}
