import { rateLimited } from '../core/errors';
import { DownloadTime } from '../store/download-time';
import type { AppDeps } from './ports';

/**
 * Refuses a new URL scan with 429 once the account's downloads ran
 * `HOLDLINE_DOWNLOAD_SECONDS_PER_HOUR` seconds in this hour's window (issue 33 item 3:
 * a download holds one of a worker's scan slots, so its time is the account's to spend),
 * with Retry-After until the window ends. Uploads are not downloads: they pass.
 */
export async function assertDownloadTimeLeft(deps: Pick<AppDeps, 'rateLimiter' | 'config'>, accountId: string, now: Date): Promise<void> {
  const limit = deps.config.downloadSecondsPerHour;
  const { spent, retryAfterSec } = await new DownloadTime(deps.rateLimiter).spent(accountId, now);
  if (spent < limit) return;
  throw rateLimited(
    `this account's video URL downloads have used this hour's ${limit} seconds of download time; ` +
      `new URL scans can be submitted again in ${Math.ceil(retryAfterSec / 60)} minutes (uploads are not affected)`,
    retryAfterSec,
  );
}
