import { effectiveRetentionDays, mediaExpired, retentionCutoff } from '../core/retention';
import type { AccountsStore } from '../store/accounts';
import type { MediaStore } from '../store/media';
import { scanAudio, scanMedia } from '../store/scan-media';
import type { ScansStore } from '../store/scans';
import type { LocalMediaCache } from './media/local-cache';

/** The ports of the hourly media retention run; workers/deps.ts wires the real ones. */
export interface RetentionActivityDeps {
  accounts: Pick<AccountsStore, 'retentionSettings'>;
  scans: Pick<ScansStore, 'mediaRetentionCandidates' | 'markMediaRemoved'>;
  media: Pick<MediaStore, 'media' | 'audio' | 'remove'>;
  mediaCache: Pick<LocalMediaCache, 'drop'>;
  /** The operator's default (`HOLDLINE_MEDIA_RETENTION_DAYS`); null: off. */
  operatorDefaultDays: number | null;
  /** The clock, so a test can move past the retention. */
  now?: () => Date;
}

export type RetentionActivities = ReturnType<typeof createRetentionActivities>;

export function createRetentionActivities(deps: RetentionActivityDeps) {
  return {
    /**
     * Removes the media (the video and its decoded audio, stored and local copies)
     * of every ended scan older than its account's retention, keeping the read, and
     * marks the scan so it answers `media_url: null`. Published scans are skipped
     * unless their owner included them. Idempotent: the mark comes after the removal,
     * so a run cut short is finished by the next.
     */
    async applyMediaRetention(): Promise<{ removed: string[] }> {
      const now = deps.now?.() ?? new Date();
      const settings = new Map((await deps.accounts.retentionSettings()).map((account) => [account._id, account]));
      const daysInForce = [
        deps.operatorDefaultDays,
        ...[...settings.values()].map((account) => effectiveRetentionDays({ days: account.media_retention_days }, deps.operatorDefaultDays)),
      ];
      const cutoff = retentionCutoff(daysInForce, now);
      if (!cutoff) return { removed: [] };
      const removed: string[] = [];
      for (const scan of await deps.scans.mediaRetentionCandidates(cutoff)) {
        const account = settings.get(scan.account_id);
        // An account being closed has its closure remove everything.
        if (!account || account.closing_at) continue;
        const setting = { days: account.media_retention_days, includePublished: account.retention_includes_published };
        if (!mediaExpired({ createdAt: scan.created_at, published: scan.published_at !== undefined }, setting, deps.operatorDefaultDays, now)) continue;
        await Promise.all([scanMedia(deps.media, scan._id).remove(), scanAudio(deps.media, scan._id).remove(), deps.mediaCache.drop(scan._id)]);
        await deps.scans.markMediaRemoved(scan._id, now);
        removed.push(scan._id);
      }
      return { removed };
    },
  };
}
