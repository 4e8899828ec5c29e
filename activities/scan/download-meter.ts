import type { DownloadTime } from '../../store/download-time';

/** How often a running download's seconds are written to its account's window. */
export const DOWNLOAD_METER_MS = 5_000;

/**
 * Counts a download's running time against its account (store/download-time.ts): every
 * `everyMs` the seconds since the last write go to the window of that moment, and `stop`
 * writes the rest, so a download that is cancelled, fails or spans an hour's end is
 * counted in full and in the right windows. A failed write is logged, never thrown: the
 * download does not fail for its bookkeeping.
 */
export function meterDownload(
  time: Pick<DownloadTime, 'record'>,
  accountId: string,
  options: { everyMs?: number; now?: () => number; warn?: (message: string, error: unknown) => void } = {},
): { stop(): Promise<void> } {
  const now = options.now ?? Date.now;
  let last = now();
  let writes: Promise<void> = Promise.resolve();
  const flush = () => {
    const at = now();
    const seconds = Math.max(0, at - last) / 1000;
    last = Math.max(last, at);
    writes = writes
      .then(() => time.record(accountId, seconds, new Date(at)))
      .catch((error: unknown) => options.warn?.('download time could not be recorded', error));
    return writes;
  };
  const timer = setInterval(() => void flush(), options.everyMs ?? DOWNLOAD_METER_MS);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      return flush();
    },
  };
}
