import { Context, ApplicationFailure } from '@temporalio/activity';
import { STAGE_PCT } from '../../core/progress';
import { scanMedia } from '../../store/scan-media';
import { FetchError } from '../../net/safe-fetch';
import { UnsafeUrlError } from '../../net/public-address';
import { FailureType } from '../../contracts/names';
import type { ScanActivityDeps } from './deps';
import { heartbeating } from './shared';
import { meterDownload } from './download-meter';

export function createIngestMedia(deps: ScanActivityDeps) {
  const { scans, media } = deps;
  /** Puts the media in the media store: downloads a URL input (public addresses only, size and time capped) or checks an upload. */
  return async function ingestMedia({ scanId }: { scanId: string }): Promise<{ bytes: number }> {
    const doc = await scans.getStatus(scanId);
    if (!doc) throw ApplicationFailure.nonRetryable(`scan ${scanId} does not exist`, FailureType.BadSource);
    // A URL's download is about to begin: marked first, so a cancellation from now on keeps the unit used (core/scan-refund.ts).
    await scans.advance(scanId, STAGE_PCT.queued, doc.source.type === 'url' ? { fetch_started_at: new Date() } : {});
    let bytes: number;
    if (doc.source.type === 'upload') {
      const stored = await scanMedia(media, scanId).stat();
      if (!stored || stored.length === 0) throw ApplicationFailure.nonRetryable('the uploaded file is missing or empty', FailureType.BadSource);
      bytes = stored.length;
    } else {
      const url = doc.source.url;
      // The download's running time counts against the account's hourly window (issue 33 item 3), retries included.
      const meter = deps.downloadTime
        ? meterDownload(deps.downloadTime, doc.account_id, {
            everyMs: deps.downloadMeterMs,
            warn: (message, error) => Context.current().log.warn(message, { scanId, error: (error as Error).message }),
          })
        : null;
      bytes = await heartbeating(async () => {
        try {
          const response = await deps.fetch(url, {
            allowHosts: deps.allowHosts,
            maxBytes: deps.uploadLimitBytes,
            timeoutMs: deps.downloadTimeoutMs ?? 10 * 60_000,
            signal: Context.current().cancellationSignal,
          });
          return await scanMedia(media, scanId).put(response.body, {
            filename: 'download',
            contentType: response.contentType ?? undefined,
          });
        } catch (error) {
          throw downloadFailure(error);
        } finally {
          await meter?.stop();
        }
      });
      if (bytes === 0) throw ApplicationFailure.nonRetryable('the downloaded file is empty', FailureType.BadSource);
    }
    await scans.advance(scanId, STAGE_PCT.ingest);
    return { bytes };
  };
}

/** Refusals and client errors are final; network trouble, 5xx, 408 and 429 are retried. */
function downloadFailure(error: unknown): unknown {
  if (error instanceof UnsafeUrlError) return ApplicationFailure.nonRetryable(`the video URL was refused: ${error.message}`, FailureType.BadSource);
  if (error instanceof FetchError) {
    const message = `could not download the video: ${plainFetchReason(error)}`;
    if (message !== `could not download the video: ${error.message}`) Context.current().log.warn('download failed', { reason: error.message });
    return error.permanent
      ? ApplicationFailure.nonRetryable(message, FailureType.BadSource)
      : ApplicationFailure.retryable(message, FailureType.DownloadFailed);
  }
  return error;
}

/** Our own words for a failed download: socket errors and a server's Location header are the remote side's text, not ours to repeat. */
function plainFetchReason(error: FetchError): string {
  if (error.code === 'network') return 'the connection to its server failed';
  if (error.code === 'bad_url' && !(error.cause instanceof UnsafeUrlError)) return 'the server redirected to an address that is not a valid URL';
  return error.message;
}
