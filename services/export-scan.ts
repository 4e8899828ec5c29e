import { conflict, notFound } from '../core/errors';
import { exportScan, type ExportFormat, type ScanExport } from '../core/exports';
import type { CompleteScan } from '../core/wire/read';
import type { ScanDoc } from '../store/scan-docs';
import type { AppDeps } from './ports';
import { enforcePublicReadLimit, enforceRateLimit } from './rate-limit';
import { checkRecordStart } from './export-recut';
import { scanView } from './scan-view';

/**
 * Who asks: `key` resolves the caller's key (checked only when the scan is not
 * published); `clientIp` counts a read of a published scan per address;
 * `origin` (scheme and host the caller reached) makes the timelines' media URL absolute.
 */
export interface ExportCaller {
  key: () => Promise<{ accountId: string; keyHash: string }>;
  clientIp: string;
  origin?: string;
  /** The EDL's first record timecode, as the caller sent it (checked against the source's rate here). */
  recordStart?: string;
}

/**
 * A complete scan as a file in one of the export formats. A published scan
 * exports for anyone; any other needs its owner's key (another account's scan
 * is as missing as an unknown one, and a keyless caller is asked for the key
 * before learning whether the id exists).
 */
export async function exportScanFile(
  deps: Pick<AppDeps, 'scans' | 'rateLimiter' | 'now' | 'config'>,
  scanId: string,
  format: ExportFormat,
  caller: ExportCaller,
): Promise<ScanExport> {
  const doc = await readable(deps, scanId, caller);
  if (!doc) throw notFound(`no scan ${scanId}`);
  if (doc.status !== 'complete') {
    throw conflict(
      doc.status === 'error'
        ? `scan ${scanId} ended in error; there is nothing to export`
        : `scan ${scanId} is ${doc.status} (${doc.pct}%); exports exist once it is complete`,
    );
  }
  const scan = { ...(scanView(doc) as CompleteScan), title: doc.title };
  if (caller.recordStart !== undefined) checkRecordStart(caller.recordStart, scan.frame_rate);
  return exportScan(scan, format, { origin: caller.origin, ...(caller.recordStart !== undefined ? { recordStart: caller.recordStart } : {}) });
}

async function readable(deps: Pick<AppDeps, 'scans' | 'rateLimiter' | 'now' | 'config'>, scanId: string, caller: ExportCaller): Promise<ScanDoc | null> {
  const status = await deps.scans.getStatus(scanId);
  if (status?.published_at) {
    await enforcePublicReadLimit(deps, caller.clientIp);
    return deps.scans.get(scanId);
  }
  const { accountId, keyHash } = await caller.key();
  await enforceRateLimit(deps, keyHash, 'read', deps.config.scanReadsPerMinute);
  return deps.scans.getOwned(scanId, accountId);
}
