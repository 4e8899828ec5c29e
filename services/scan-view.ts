import { inFlightStage } from '../core/progress';
import { sourceNameOf } from '../core/source-name';
import { READ_FIELDS, type ScanRead, type ScanView } from '../core/wire/read';
import type { HistoryEntry } from '../core/wire/scans';
import type { LibraryRow } from '../core/wire/web';
import type { ScanDoc } from '../store/scan-docs';

// How scans are shown: the public scan shape, and the rows of history and library
// lists, each written once for the API and the website alike.

/** Where a scan's media is served (to its owner's key, or to anyone once published). */
export const mediaUrl = (scanId: string) => `/v1/scans/${scanId}/media`;

/** Where a published scan's public page lives. */
export const libraryUrl = (scanId: string) => `/library/${scanId}`;

/**
 * The public view of a scan document: exactly one of the three spec shapes,
 * each with the scan's title, creation time and source file name, in flight with its stage, and
 * complete with `pct: 100`.
 */
export function scanView(doc: ScanDoc): ScanView {
  const identity = { title: doc.title, created_at: doc.created_at.toISOString(), source_name: sourceNameOf(doc) };
  if (doc.status === 'complete') {
    // A field the read may lack (cut_frames without a known frame rate) is left out, not set to undefined.
    const read = Object.fromEntries(READ_FIELDS.filter((field) => doc[field] !== undefined).map((field) => [field, doc[field]])) as unknown as ScanRead;
    // The retention setting removes the video and keeps the read.
    return { scan_id: doc.scan_id, status: 'complete', pct: 100, ...identity, ...read, media_url: doc.media_removed_at ? null : mediaUrl(doc.scan_id) };
  }
  if (doc.status === 'error') {
    return { scan_id: doc.scan_id, status: 'error', pct: doc.pct, detail: doc.detail ?? 'scan failed', ...identity };
  }
  return { scan_id: doc.scan_id, status: doc.status, pct: doc.pct, stage: inFlightStage(doc.status, doc.pct), ...identity };
}

/** One row of an account's history: the summary figures only once the scan is complete. */
export function historyRow(doc: ScanDoc): HistoryEntry {
  return {
    scan_id: doc.scan_id,
    status: doc.status,
    pct: doc.pct,
    title: doc.title,
    created_at: doc.created_at.toISOString(),
    ...(doc.status === 'complete' ? { score: doc.score, grade: doc.grade, label: doc.label, duration_sec: doc.duration_sec } : {}),
  };
}

/** One row of the public library (published scans are complete, so every figure is there). */
export function libraryRow(doc: ScanDoc): LibraryRow {
  return {
    scan_id: doc.scan_id,
    title: doc.title ?? 'Untitled scan',
    published_at: doc.published_at!.toISOString(),
    score: doc.score ?? 0,
    grade: doc.grade ?? '',
    label: doc.label ?? '',
    duration_sec: doc.duration_sec ?? 0,
    url: libraryUrl(doc.scan_id),
  };
}

/** One page of a list with the `{limit, offset, total, has_more}` the API answers. */
export function pageOf<Row>(rows: Row[], page: { limit: number; offset: number }, total: number) {
  return { data: rows, limit: page.limit, offset: page.offset, total, has_more: page.offset + rows.length < total };
}
