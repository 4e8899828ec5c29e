import type { RecutViewBody } from '../core/wire/recuts';
import type { RecutDoc } from '../store/recuts';
import type { AppDeps } from './ports';

/** Share of the recut's progress the re-scan covers (40 → 95 %). */
const RESCAN_FROM = 40;
const RESCAN_SPAN = 55;

/** The public view: in flight `{recut_id, status, pct, stage}`, complete the cut and figures, error `{detail}`. */
export async function recutView(deps: Pick<AppDeps, 'scans'>, doc: RecutDoc): Promise<RecutViewBody> {
  if (doc.status === 'complete') {
    return {
      recut_id: doc.recut_id,
      status: 'complete',
      parent_scan_id: doc.parent_scan_id,
      scan_id: doc.scan_id,
      segments: doc.segments,
      rationale: doc.rationale,
      proposed_by: doc.proposed_by,
      base_model: doc.base_model ?? null,
      before: doc.before,
      after: doc.after,
      goal: doc.goal,
      max_seconds: doc.max_seconds,
      created_at: doc.created_at.toISOString(),
    };
  }
  if (doc.status === 'error') return { recut_id: doc.recut_id, status: 'error', detail: doc.detail ?? 'the recut failed' };
  let pct = doc.pct;
  if (doc.stage === 'rescan') {
    // The re-scan's own progress moves the recut's.
    const child = await deps.scans.get(doc.scan_id);
    if (child) pct = Math.max(pct, Math.round(RESCAN_FROM + (child.pct * RESCAN_SPAN) / 100));
  }
  return { recut_id: doc.recut_id, status: doc.status, pct, stage: doc.stage };
}
