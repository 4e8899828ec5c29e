import { badRequest, conflict, notFound } from '../core/errors';
import { exportRecut, framesOfTimecode, type RecutExportFormat, type ScanExport } from '../core/exports';
import { frameRateOf, fpsOf } from '../core/timelines/timecode';
import type { CompleteScan } from '../core/wire/read';
import type { AppDeps } from './ports';
import { scanView } from './scan-view';

/**
 * A complete recut's cut list on its source (the parent scan's media) as an editor
 * timeline, for the recut's owner: another account's recut is as missing as an
 * unknown one; a recut still running or in error has no cut list to export yet.
 */
export async function exportRecutFile(
  deps: Pick<AppDeps, 'recuts' | 'scans'>,
  request: { accountId: string; recutId: string; format: RecutExportFormat; recordStart?: string; origin?: string },
): Promise<ScanExport> {
  const { accountId, recutId, format } = request;
  const recut = await deps.recuts.getOwned(recutId, accountId);
  if (!recut) throw notFound(`no recut ${recutId}`);
  if (recut.status !== 'complete' || !recut.segments) {
    throw conflict(
      recut.status === 'error'
        ? `recut ${recutId} ended in error; there is nothing to export`
        : `recut ${recutId} is ${recut.status} (${recut.pct}%); its cut list exports once it is complete`,
    );
  }
  const parent = await deps.scans.getOwned(recut.parent_scan_id, accountId);
  if (!parent || parent.status !== 'complete') throw notFound(`the scan recut ${recutId} was cut from (${recut.parent_scan_id}) is gone`);
  const scan = { ...(scanView(parent) as CompleteScan), title: parent.title };
  if (request.recordStart !== undefined) checkRecordStart(request.recordStart, scan.frame_rate);
  return exportRecut(scan, { recutId, segments: recut.segments }, format, {
    origin: request.origin,
    ...(request.recordStart !== undefined ? { recordStart: request.recordStart } : {}),
  });
}

/** A `record_start` the EDL can count at the source's rate (`HH:MM:SS:FF`, frames below the whole rate), else 400. */
export function checkRecordStart(recordStart: string, frameRate: number | null | undefined): void {
  try {
    framesOfTimecode(recordStart, fpsOf(frameRateOf(frameRate)));
  } catch (error) {
    throw badRequest(`record_start: ${(error as Error).message} (HH:MM:SS:FF, for example 01:00:00:00)`, 'record_start');
  }
}
