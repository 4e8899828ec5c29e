import { effectiveRetentionDays, mediaExpired, retentionCutoff } from '../core/retention';
import type { AccountsStore } from '../store/accounts';
import type { MediaStore } from '../store/media';
import { scanAudio, scanMedia } from '../store/scan-media';
import type { ScansStore } from '../store/scans';
import type { SubmissionsStore } from '../store/submissions';
import type { UsageStore } from '../store/usage';
import type { LocalMediaCache } from './media/local-cache';

/** The ports of the hourly media retention run; workers/deps.ts wires the real ones. */
export interface RetentionActivityDeps {
  accounts: Pick<AccountsStore, 'retentionSettingsPage' | 'existingIds'>;
  scans: Pick<ScansStore, 'mediaRetentionPage' | 'markMediaRemoved' | 'get' | 'accountIds' | 'idsOfAccount'>;
  submissions: Pick<SubmissionsStore, 'startedBefore' | 'end'>;
  usage: Pick<UsageStore, 'giveBack'>;
  /** The longest a submission can be in flight (`HOLDLINE_REQUEST_TIMEOUT_MS`): one older than that died with its API process. */
  submissionMaxMs: number;
  media: Pick<MediaStore, 'media' | 'audio' | 'remove'>;
  mediaCache: Pick<LocalMediaCache, 'drop'>;
  /** The operator's default (`HOLDLINE_MEDIA_RETENTION_DAYS`); null: off. */
  operatorDefaultDays: number | null;
  /** The clock, so a test can move past the retention. */
  now?: () => Date;
}

export type RetentionActivities = ReturnType<typeof createRetentionActivities>;

/** Accounts, and each account's scans, read per page by the retention run. */
export const RETENTION_PAGE = 200;

export function createRetentionActivities(deps: RetentionActivityDeps) {
  return {
    /**
     * Removes the media (the video and its decoded audio, stored and local copies)
     * of every ended scan older than its account's retention, keeping the read, and
     * marks the scan so it answers `media_url: null`. Published scans are skipped
     * unless their owner included them. Idempotent: the mark comes after the removal,
     * so a run cut short is finished by the next.
     *
     * Walks the accounts in pages, and for each account with a retention in force
     * reads only its scans older than that retention, by the `{account_id,
     * created_at}` index, in pages: one account with a 1-day setting no longer makes
     * every run read the whole history of every account.
     */
    async applyMediaRetention(): Promise<{ removed: string[] }> {
      const now = deps.now?.() ?? new Date();
      const removed: string[] = [];
      let afterAccount: string | null = null;
      for (;;) {
        const accounts = await deps.accounts.retentionSettingsPage(afterAccount, RETENTION_PAGE);
        for (const account of accounts) {
          // An account being closed has its closure remove everything.
          if (account.closing_at) continue;
          const before = retentionCutoff([effectiveRetentionDays({ days: account.media_retention_days }, deps.operatorDefaultDays)], now);
          if (!before) continue;
          const setting = { days: account.media_retention_days, includePublished: account.retention_includes_published };
          let after: { created_at: Date; _id: string } | undefined;
          for (;;) {
            const page = await deps.scans.mediaRetentionPage(account._id, before, {
              includePublished: setting.includePublished === true,
              limit: RETENTION_PAGE,
              ...(after ? { after } : {}),
            });
            for (const scan of page) {
              if (!mediaExpired({ createdAt: scan.created_at, published: scan.published_at !== undefined }, setting, deps.operatorDefaultDays, now)) continue;
              await Promise.all([scanMedia(deps.media, scan._id).remove(), scanAudio(deps.media, scan._id).remove(), deps.mediaCache.drop(scan._id)]);
              await deps.scans.markMediaRemoved(scan._id, now);
              removed.push(scan._id);
            }
            const last = page.at(-1);
            if (!last || page.length < RETENTION_PAGE) break;
            after = { created_at: last.created_at, _id: last._id };
          }
        }
        const lastAccount = accounts.at(-1);
        if (!lastAccount || accounts.length < RETENTION_PAGE) break;
        afterAccount = lastAccount._id;
      }
      return { removed };
    },

    /**
     * What a closure cannot reach, because its account is gone: the stored video and
     * audio (and local copies) of submissions whose API process died mid-upload, before
     * their scan was written or undone, and the scan unit each took (the client's retry
     * took its own: a unit kept would charge one scan twice); and the scans of accounts that no longer exist
     * (left by a process that died between writing one and undoing it), returned for the
     * workflow to delete as `DELETE /v1/scans/{id}` does (which removes their media and
     * every worker's scratch entries; workers/run.ts sweeps the scratch of scans whose
     * document is gone). Idempotent.
     */
    async sweepOrphans(): Promise<{ abandonedUploads: string[]; orphanScans: string[] }> {
      const now = deps.now?.() ?? new Date();
      const abandonedUploads: string[] = [];
      const before = new Date(now.getTime() - deps.submissionMaxMs);
      for (;;) {
        const page = await deps.submissions.startedBefore(before, RETENTION_PAGE);
        for (const submission of page) {
          // A scan written before its process died is a scan like any other: its account's closure or the step below removes it.
          if (!(await deps.scans.get(submission._id))) {
            await Promise.all([
              scanMedia(deps.media, submission._id).remove(),
              scanAudio(deps.media, submission._id).remove(),
              deps.mediaCache.drop(submission._id),
              // In the month it was taken. Given back before the record is ended, so a sweep that dies in between gives it back again
              // at worst (a counter one low for a retried upload), never keeps it.
              submission.unit ? deps.usage.giveBack(submission.account_id, 'scans', submission.started_at) : Promise.resolve(),
            ]);
            abandonedUploads.push(submission._id);
          }
          await deps.submissions.end(submission._id);
        }
        if (page.length < RETENTION_PAGE) break;
      }
      const orphanScans: string[] = [];
      const accountIds = await deps.scans.accountIds();
      for (let i = 0; i < accountIds.length; i += RETENTION_PAGE) {
        const batch = accountIds.slice(i, i + RETENTION_PAGE);
        const existing = new Set(await deps.accounts.existingIds(batch));
        for (const accountId of batch) if (!existing.has(accountId)) orphanScans.push(...(await deps.scans.idsOfAccount(accountId)));
      }
      return { abandonedUploads, orphanScans };
    },
  };
}
