import { proxyActivities } from '@temporalio/workflow';
import type { ChatActivities } from '../activities/chat/chat-activities';

const chores = proxyActivities<ChatActivities>({
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
}

/**
 * Run hourly by the `<prefix>-maintenance` schedule (FerretDB v1 has no TTL indexes):
 * call folders and conversations older than 2 hours (the spec promises 24), ended rate
 * windows, per-key slots whose call died without freeing them, and expired website sessions.
 */
export async function maintenanceWorkflow(input: { maxAgeMs?: number } = {}): Promise<MaintenanceResult> {
  return chores.sweepChatData(input);
}
