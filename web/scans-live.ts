// What the scans page's live rows show while a scan runs: its pct and a stage in words.
import { STAGE_PCT } from '../core/progress';
import type { ScanStatus } from '../core/wire/read';
import type { ScanDoc } from '../store/scan-docs';

/**
 * The stage a scan is in, in words, from its status and pct (the document keeps
 * no stage name; pct follows the stages' fixed figures, core/progress.ts).
 */
export function stageWords(status: ScanStatus, pct: number): string {
  if (status === 'complete') return 'ready';
  if (status === 'error') return 'failed';
  if (status === 'queued') return 'waiting in the queue';
  if (pct < STAGE_PCT.ingest) return 'fetching the video';
  if (pct < STAGE_PCT.probe) return 'checking the video';
  if (pct < STAGE_PCT.assembly) return 'measuring and transcribing';
  return 'writing the read';
}

/** The JSON of `GET /scans/:id/status`: enough to redraw one row of the scans page. */
export interface LiveStatus {
  scan_id: string;
  title: string | null;
  status: ScanStatus;
  pct: number;
  stage: string;
  href: string;
  detail?: string;
  score?: number;
  grade?: string;
  label?: string;
  duration_sec?: number;
}

export function liveStatus(doc: ScanDoc): LiveStatus {
  return {
    scan_id: doc.scan_id,
    title: doc.title,
    status: doc.status,
    pct: doc.pct,
    stage: stageWords(doc.status, doc.pct),
    href: `/scans/${doc.scan_id}`,
    ...(doc.status === 'error' ? { detail: doc.detail ?? 'the scan failed' } : {}),
    ...(doc.status === 'complete' ? { score: doc.score, grade: doc.grade, label: doc.label, duration_sec: doc.duration_sec } : {}),
  };
}
