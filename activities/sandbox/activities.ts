// Temporal activities for the call folders' lifetime. The spec promises the folder is
// deleted within 24 hours; a schedule runs `sweepCallFiles` hourly and removes files
// older than `maxAgeMs` (default 2 h: a call lasts 15 minutes at most), so any file is
// gone within 3 hours of its creation, far inside the promise.

import type { CallFiles } from './call-files';

export const DEFAULT_CALL_FILES_MAX_AGE_MS = 2 * 60 * 60 * 1000;
/** How often the schedule should run the sweep. */
export const CALL_FILES_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export function createSandboxActivities({ callFiles }: { callFiles: CallFiles }) {
  return {
    async sweepCallFiles(input: { maxAgeMs?: number } = {}): Promise<{ deleted: number; cutoff: string }> {
      const cutoff = new Date(Date.now() - (input.maxAgeMs ?? DEFAULT_CALL_FILES_MAX_AGE_MS));
      const deleted = await callFiles.deleteOlderThan(cutoff);
      return { deleted, cutoff: cutoff.toISOString() };
    },
    async deleteCallFiles(input: { callId: string }): Promise<{ deleted: number }> {
      return { deleted: await callFiles.deleteCall(input.callId) };
    },
  };
}

export type SandboxActivities = ReturnType<typeof createSandboxActivities>;
