import { hashSecret } from './ids';
import type { RateLimiter } from './usage';

/** The download-time window: one hour, fixed (it frees at the top of the next window). */
export const DOWNLOAD_WINDOW_MS = 3_600_000;

/**
 * Seconds the account's URL downloads ran, per hourly window (issue 33 item 3): the scan
 * workers add them while a download runs (activities/scan/download-meter.ts), and
 * `POST /v1/scans` refuses new URL scans once the window holds
 * `HOLDLINE_DOWNLOAD_SECONDS_PER_HOUR` (services/download-allowance.ts). Kept in
 * `rate_windows` under a hash of the account id (as the archive allowance is), removed
 * with the other ended windows by the maintenance run.
 */
export class DownloadTime {
  static readonly KIND = 'download-seconds';

  constructor(private readonly limiter: Pick<RateLimiter, 'add' | 'spent'>) {}

  static key(accountId: string): string {
    return hashSecret(`account-downloads:${accountId}`);
  }

  /** Adds `seconds` of download to the window `at` falls in. */
  async record(accountId: string, seconds: number, at: Date): Promise<void> {
    if (!(seconds > 0)) return;
    await this.limiter.add(DownloadTime.key(accountId), DownloadTime.KIND, seconds, at, DOWNLOAD_WINDOW_MS);
  }

  /** The seconds the window of `now` holds, and the seconds until it ends. */
  async spent(accountId: string, now: Date): Promise<{ spent: number; retryAfterSec: number }> {
    return this.limiter.spent(DownloadTime.key(accountId), DownloadTime.KIND, now, DOWNLOAD_WINDOW_MS);
  }
}
