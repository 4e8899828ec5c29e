import { badRequest, DomainError } from '../core/errors';
import { PLANS } from '../core/plans';
import { assertPublicUrl, UnsafeUrlError } from '../net/public-address';
import type { AccountDoc } from '../store/accounts';
import { newScanId } from '../store/ids';
import { MediaStore } from '../store/media';
import type { ScanSource } from '../store/scans';
import type { AppDeps, Log } from './ports';
import { giveBackScanUnit, retryBriefly, takeScanUnit } from './quota';

/** What the client sent: a URL to fetch, or an upload already stored under the scan's media id. */
export type ScanSubmission =
  | { type: 'url'; url: string; title: string | null }
  | { type: 'upload'; filename: string | null; title: string | null };

export interface SubmitScanInput {
  account: AccountDoc;
  /**
   * Reads the submission once the quota unit is taken (an upload streams into the
   * media store under `MediaStore.mediaId(scanId)` here); throws to refuse it.
   */
  receive: (scanId: string) => Promise<ScanSubmission>;
  log: Log;
  /** True when the client itself went away: its refusal is not an error of ours. */
  abandoned?: () => boolean;
}

export interface QueuedScan {
  scan_id: string;
  status: 'queued';
  pct: 0;
}

/**
 * Submits one scan: one unit of the month's quota (429 when used up), the
 * submission itself (a URL must name a public address), the queued scan
 * document, then its workflow (Agents plan on the priority key). A refused or
 * failed submission keeps nothing and does not count: the unit, the stored
 * media and the document are given back, each retried for a few seconds.
 */
export async function submitScan(deps: AppDeps, input: SubmitScanInput): Promise<QueuedScan> {
  const { account } = input;
  const plan = PLANS[account.plan];
  const now = deps.now();
  await takeScanUnit(deps, account, now);
  const scanId = newScanId();
  try {
    const submission = await input.receive(scanId);
    const source = submission.type === 'url' ? await publicUrlSource(deps, submission.url) : ({ type: 'upload', filename: submission.filename } as const);
    const doc = await deps.scans.insertQueued({
      scan_id: scanId,
      account_id: account._id,
      title: submission.title,
      source,
      priority: plan.priorityQueue,
      created_at: now,
    });
    // Lower keys run first; the Agents plan rides the priority queue.
    await deps.workflows.startScan({ scanId }, { priorityKey: plan.priorityQueue ? 1 : 3 });
    return { scan_id: doc.scan_id, status: 'queued', pct: 0 };
  } catch (error) {
    await Promise.allSettled([
      giveBackScanUnit(deps, account._id, now),
      retryBriefly(() => deps.media.remove(deps.media.media, MediaStore.mediaId(scanId))),
      // Also when the insert seemed to fail: the store may have applied it before the connection dropped.
      retryBriefly(() => deps.scans.remove(scanId)),
    ]);
    if (error instanceof DomainError || input.abandoned?.()) throw error;
    input.log.error({ err: error, scanId }, 'scan submission failed');
    throw new DomainError('unavailable', 'could not queue the scan; try again shortly');
  }
}

async function publicUrlSource(deps: Pick<AppDeps, 'config'>, raw: string): Promise<ScanSource> {
  try {
    const url = await assertPublicUrl(raw, { allowHosts: deps.config.allowHosts });
    return { type: 'url', url: url.href };
  } catch (error) {
    if (error instanceof UnsafeUrlError) throw badRequest(`input.url refused: ${error.message}`, 'input.url');
    throw error;
  }
}

/** A title as stored: trimmed, at most 200 characters, null when empty. */
export function cleanTitle(title: string | undefined): string | null {
  const trimmed = title?.trim().slice(0, 200);
  return trimmed ? trimmed : null;
}
