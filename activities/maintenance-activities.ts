// The maintenance schedule's chores that belong to no one feature: per-key rate
// windows that have ended, website sessions and Idempotency-Keys past their expiry.
// FerretDB v1 has no TTL indexes, so the hourly `maintenanceWorkflow` deletes them. (Chat data, call
// folders and dead slots are swept by the chat activity `sweepChatData`.)

import type { IdempotencyStore } from '../store/idempotency';
import type { SessionsStore } from '../store/sessions';
import type { RateLimiter } from '../store/usage';

export interface MaintenanceActivityDeps {
  rateLimiter: Pick<RateLimiter, 'deleteEndedBefore'>;
  sessions: Pick<SessionsStore, 'deleteExpiredBefore'>;
  idempotency: Pick<IdempotencyStore, 'deleteExpiredBefore'>;
}

export type MaintenanceActivities = ReturnType<typeof createMaintenanceActivities>;

export function createMaintenanceActivities(deps: MaintenanceActivityDeps) {
  return {
    /**
     * Hourly: ended rate windows, expired website sessions and expired Idempotency-Keys
     * (already ignored on read; this keeps them from piling up); returns how many of each went.
     */
    async sweepAccessRecords(): Promise<{ rateWindows: number; sessions: number; idempotencyKeys: number }> {
      const now = new Date();
      const [rateWindows, sessions, idempotencyKeys] = await Promise.all([
        deps.rateLimiter.deleteEndedBefore(now),
        deps.sessions.deleteExpiredBefore(now),
        deps.idempotency.deleteExpiredBefore(now),
      ]);
      return { rateWindows, sessions, idempotencyKeys };
    },
  };
}
