import { patched, proxyActivities } from '@temporalio/workflow';
import type { ChatActivities } from '../activities/chat/chat-activities';
import type { MaintenanceActivities } from '../activities/maintenance-activities';

const chores = proxyActivities<Pick<ChatActivities, 'sweepChatData'> & MaintenanceActivities>({
  startToCloseTimeout: '10 minutes',
  retry: { maximumAttempts: 3, initialInterval: '10 seconds' },
});

export interface MaintenanceResult {
  files: number;
  turns: number;
  events: number;
  rateWindows: number;
  slots: number;
  sessions: number;
  /** Absent in runs recorded before keys were swept. */
  idempotencyKeys?: number;
  /** API keys revoked over a week ago; absent in runs recorded before they were swept. */
  revokedKeys?: number;
}

/**
 * Run hourly by the `<prefix>-maintenance` schedule (FerretDB v1 has no TTL indexes):
 * call folders and conversations older than 2 hours (the spec promises 24), ended rate
 * windows, per-key slots whose call died without freeing them, expired website sessions,
 * expired Idempotency-Keys and API keys revoked over a week ago.
 */
export async function maintenanceWorkflow(input: { maxAgeMs?: number } = {}): Promise<MaintenanceResult> {
  // A run begun before rate windows and sessions had their own activity made one
  // `sweepChatData` call: it replays as it was (a result recorded then still carries
  // both counts; a retry now does not, and the next hour's run sweeps them).
  if (!patched('access-records-own-activity')) return { rateWindows: 0, sessions: 0, ...(await chores.sweepChatData(input)) };
  const [chat, access] = await Promise.all([chores.sweepChatData(input), chores.sweepAccessRecords()]);
  return { ...chat, ...access };
}
