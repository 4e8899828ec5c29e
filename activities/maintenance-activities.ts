// The maintenance schedule's chores that belong to no one feature: per-key rate
// windows that have ended, website sessions and Idempotency-Keys past their expiry,
// and API keys revoked longer ago than REVOKED_KEY_GRACE_MS.
// FerretDB v1 has no TTL indexes, so the hourly `maintenanceWorkflow` deletes them. (Chat data, call
// folders and dead slots are swept by the chat activity `sweepChatData`.)

import type { AccountsStore } from '../store/accounts';
import type { IdempotencyStore } from '../store/idempotency';
import type { SessionsStore } from '../store/sessions';
import type { RateLimiter } from '../store/usage';

/**
 * A revoked key's document is kept a week: nothing reads it (a revoked key is as
 * unknown as one never issued), but an operator answering "my old key stopped
 * working" can still see when it was revoked.
 */
export const REVOKED_KEY_GRACE_MS = 7 * 24 * 3600 * 1000;

export interface MaintenanceActivityDeps {
  accounts: Pick<AccountsStore, 'deleteRevokedKeysBefore'>;
  rateLimiter: Pick<RateLimiter, 'deleteEndedBefore'>;
  sessions: Pick<SessionsStore, 'deleteExpiredBefore'>;
  idempotency: Pick<IdempotencyStore, 'deleteExpiredBefore'>;
}

export type MaintenanceActivities = ReturnType<typeof createMaintenanceActivities>;

export function createMaintenanceActivities(deps: MaintenanceActivityDeps) {
  return {
    /**
     * Hourly: ended rate windows, expired website sessions, expired Idempotency-Keys
     * (already ignored on read; this keeps them from piling up) and keys revoked over
     * a week ago; returns how many of each went.
     */
    async sweepAccessRecords(): Promise<{ rateWindows: number; sessions: number; idempotencyKeys: number; revokedKeys: number }> {
      const now = new Date();
      const [rateWindows, sessions, idempotencyKeys, revokedKeys] = await Promise.all([
        deps.rateLimiter.deleteEndedBefore(now),
        deps.sessions.deleteExpiredBefore(now),
        deps.idempotency.deleteExpiredBefore(now),
        deps.accounts.deleteRevokedKeysBefore(new Date(now.getTime() - REVOKED_KEY_GRACE_MS)),
      ]);
      return { rateWindows, sessions, idempotencyKeys, revokedKeys };
    },
  };
}
