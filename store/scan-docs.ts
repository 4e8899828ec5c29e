// The documents of a scan as the store keeps them: the small status document
// (`scans`) and the heavy read (`scan_reads`). Their own file, under both
// ScansStore (scans.ts) and LibraryHooks (library-hooks.ts), which each read them.
import type { ScanRead, ScanStatus } from '../core/wire/read';

export type ScanSource = { type: 'url'; url: string } | { type: 'upload'; filename: string | null };

/** A scan document: the public scan shape plus ownership and bookkeeping. */
export interface ScanDoc extends Partial<ScanRead> {
  _id: string;
  scan_id: string;
  account_id: string;
  title: string | null;
  status: ScanStatus;
  pct: number;
  detail?: string;
  /** Written by earlier versions; the API builds the media URL itself (services/scan-view.ts). */
  media_url?: string;
  /** Content-Type of the stored media, from the probed container (never the uploader's or remote server's claim). */
  media_type?: string;
  source: ScanSource;
  /**
   * The name of the file the scan was made from (core/source-name.ts): the upload's file name, or a video URL's
   * last path segment; null when there is none. Absent on scans made before it was kept: derived from `source`.
   */
  source_name?: string | null;
  priority: boolean;
  created_at: Date;
  updated_at: Date;
  completed_at?: Date;
  published_at?: Date;
  /** Fractions done of the two parallel stages, from which pct is derived. */
  progress?: { decode?: number; transcribe?: Record<string, number> };
  /** Position in the account's history index. */
  seq?: number;
  /** Position in the library index, once published. */
  library_seq?: number;
  /** Set when the owner asked to delete the scan: from then on every read treats it as gone while its `delete-` workflow removes it. */
  deleted_at?: Date;
  /** Set when the retention setting removed the scan's media (and decoded audio): the read stays, `media_url` is null. */
  media_removed_at?: Date;
  /** Set once the scan's quota unit was given back (a scan cancelled before anything was fetched), so a retry never gives it twice. */
  quota_returned_at?: Date;
  /** Set by the ingest step when a URL's download begins (core/scan-refund.ts): from then on a cancellation keeps the unit used. */
  fetch_started_at?: Date;
}

/** The heavy part of a complete scan (timeline, transcript, …), kept apart from the small status document. */
export interface ScanReadDoc extends ScanRead {
  _id: string;
}
