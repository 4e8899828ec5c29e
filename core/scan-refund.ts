// When a cancelled scan's quota unit goes back (issue 33 item 3). Pure: the deletion's
// `returnScanUnit` activity asks it of the scan's status document.

/** What the rule reads of a scan's status document. */
export interface RefundFacts {
  source: { type: 'url' | 'upload' };
  /** Set by the ingest step just before a URL's download begins. */
  fetch_started_at?: Date;
}

/**
 * True when nothing of the scan's video was fetched yet, so its cancellation gives the
 * unit back: a URL scan whose download had not begun. An upload's bytes were received
 * by the API before its scan was queued, and a download that began held a worker's scan
 * slot (up to 10 minutes and 400 MB): either keeps the unit used, so cancelling at
 * `ingest` or `probe` cannot farm refunds.
 */
export function nothingFetched(doc: RefundFacts): boolean {
  return doc.source.type === 'url' && doc.fetch_started_at === undefined;
}
