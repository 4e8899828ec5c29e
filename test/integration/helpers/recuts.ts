import { compareReads } from '../../../core/recut';
import type { ScanRead } from '../../../core/wire/read';
import { newRecutId, RecutsStore } from '../../../store/recuts';
import type { Service } from './service';

/** A scan as the web helpers insert it: its id and the read it was completed with. */
interface ReadScan {
  scanId: string;
  read: ScanRead;
}

/**
 * A finished recut of `parent` into `child`, written to the store as the recut
 * workflow leaves it (queued, rendered from two kept segments proposed by the rules,
 * complete with the figures of both reads), without running the workflow.
 */
export async function insertFinishedRecut(
  service: Service,
  recut: { accountId: string; parent: ReadScan; child: ReadScan; rationale: string },
): Promise<{ recutId: string; figures: ReturnType<typeof compareReads> }> {
  const recuts = new RecutsStore(service.mongo.db);
  const recutId = newRecutId();
  await recuts.insertQueued({
    recut_id: recutId,
    account_id: recut.accountId,
    parent_scan_id: recut.parent.scanId,
    scan_id: recut.child.scanId,
    goal: null,
    max_seconds: null,
    created_at: new Date(),
  });
  await recuts.advance(recutId, 'render', 20, {
    segments: [
      { start: 0, end: 14 },
      { start: 18, end: 24 },
    ],
    rationale: recut.rationale,
    proposed_by: 'rules',
    base_model: null,
  });
  const figures = compareReads(recut.parent.read, recut.child.read);
  await recuts.complete(recutId, figures);
  return { recutId, figures };
}
