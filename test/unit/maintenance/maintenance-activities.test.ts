import { describe, expect, it } from 'vitest';
import { createMaintenanceActivities } from '../../../activities/maintenance-activities';

describe('sweepAccessRecords', () => {
  it('deletes rate windows ended, sessions and idempotency keys expired before now, keys revoked over a week ago, and counts each', async () => {
    const cutoffs: { windows?: Date; sessions?: Date; keys?: Date; revoked?: Date } = {};
    const { sweepAccessRecords } = createMaintenanceActivities({
      accounts: { deleteRevokedKeysBefore: async (cutoff) => ((cutoffs.revoked = cutoff), 5) },
      rateLimiter: { deleteEndedBefore: async (cutoff) => ((cutoffs.windows = cutoff), 3) },
      sessions: { deleteExpiredBefore: async (cutoff) => ((cutoffs.sessions = cutoff), 2) },
      idempotency: { deleteExpiredBefore: async (cutoff) => ((cutoffs.keys = cutoff), 4) },
    });
    const before = Date.now();
    expect(await sweepAccessRecords()).toEqual({ rateWindows: 3, sessions: 2, idempotencyKeys: 4, revokedKeys: 5 });
    const after = Date.now();
    for (const cutoff of [cutoffs.windows, cutoffs.sessions, cutoffs.keys]) {
      expect(cutoff?.getTime()).toBeGreaterThanOrEqual(before);
      expect(cutoff?.getTime()).toBeLessThanOrEqual(after);
    }
    const week = 7 * 24 * 3600 * 1000;
    expect(cutoffs.revoked?.getTime()).toBeGreaterThanOrEqual(before - week);
    expect(cutoffs.revoked?.getTime()).toBeLessThanOrEqual(after - week);
  });

  it('fails when a store fails, so Temporal retries the sweep', async () => {
    const { sweepAccessRecords } = createMaintenanceActivities({
      accounts: { deleteRevokedKeysBefore: async () => 0 },
      rateLimiter: { deleteEndedBefore: async () => 0 },
      idempotency: { deleteExpiredBefore: async () => 0 },
      sessions: {
        deleteExpiredBefore: async () => {
          throw new Error('database unavailable');
        },
      },
    });
    await expect(sweepAccessRecords()).rejects.toThrow('database unavailable');
  });
});
