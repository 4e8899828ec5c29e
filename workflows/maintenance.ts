import { patched, proxyActivities } from '@temporalio/workflow';
import type { ChatActivities } from '../activities/chat/chat-activities';
import type { MaintenanceActivities } from '../activities/maintenance-activities';
import type { MaintenanceInput, MaintenanceResult } from '../contracts/workflows';

const chores = proxyActivities<Pick<ChatActivities, 'sweepChatData'> & MaintenanceActivities>({
  startToCloseTimeout: '10 minutes',
  retry: { maximumAttempts: 3, initialInterval: '10 seconds' },
});

/**
 * Run hourly by the `<prefix>-maintenance` schedule (FerretDB v1 has no TTL indexes):
 * call folders and conversations older than 2 hours (the spec promises 24), ended rate
 * windows, per-key slots whose call died without freeing them, expired website sessions,
 * expired Idempotency-Keys and API keys revoked over a week ago.
 */
export async function maintenanceWorkflow(input: MaintenanceInput = {}): Promise<MaintenanceResult> {
  // A run begun before rate windows and sessions had their own activity made one
  // `sweepChatData` call: it replays as it was (a result recorded then still carries
  // both counts; a retry now does not, and the next hour's run sweeps them).
  if (!patched('access-records-own-activity')) return { rateWindows: 0, sessions: 0, ...(await chores.sweepChatData(input)) };
  const [chat, access] = await Promise.all([chores.sweepChatData(input), chores.sweepAccessRecords()]);
  return { ...chat, ...access };
}
