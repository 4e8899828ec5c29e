import { conflict, DomainError, forbidden, notFound } from '../core/errors';
import { PLANS } from '../core/plans';
import { MIN_SEGMENT_SEC } from '../core/wire/constants';
import type { QueuedRecut, RecutBody } from '../core/wire/recuts';
import { mediaRemovedDetail } from './retention-setting';
import type { AccountDoc } from '../store/accounts';
import { newScanId } from '../store/ids';
import { newRecutId } from '../store/recuts';
import type { RecutWorkflowInput } from '../contracts/recut-types';
import { claimKey, completeKey, releaseKey, type HeldKey, type IdempotencyInput } from './idempotency';
import type { AppDeps, Log } from './ports';
import { giveBackScanUnit, retryBriefly, takeScanUnit } from './quota';

/**
 * Admits one recut for the API and the website alike: plan (403), the scan (404, 409),
 * then one unit of the scan quota (429), taken atomically and given back if anything
 * after it fails; then the recut document and its workflow.
 */
export async function submitRecut(
  deps: AppDeps,
  input: { account: AccountDoc; scanId: string; body: RecutBody; log: Log; idempotency?: IdempotencyInput; requestId?: string },
): Promise<QueuedRecut> {
  const idem = input.idempotency;
  if (!idem?.fingerprint) return admitRecut(deps, input, null);
  // With an Idempotency-Key: claimed before anything is checked or taken, given back with a refusal.
  const claimed = await claimKey(deps, input.account._id, { key: idem.key, fingerprint: idem.fingerprint }, deps.now());
  if (claimed.kind === 'replay') {
    idem.replayed = true;
    return claimed.result.body as unknown as QueuedRecut;
  }
  try {
    return await admitRecut(deps, input, claimed.held);
  } catch (error) {
    await releaseKey(deps, claimed.held).catch((err: unknown) => input.log.error({ err }, 'giving back an idempotency key failed'));
    throw error;
  }
}

async function admitRecut(
  deps: AppDeps,
  input: { account: AccountDoc; scanId: string; body: RecutBody; log: Log; requestId?: string },
  held: HeldKey | null,
): Promise<QueuedRecut> {
  const { account, scanId, body } = input;
  const plan = PLANS[account.plan];
  if (!plan.recutAgent) {
    const having = Object.values(PLANS)
      .filter((p) => p.recutAgent)
      .map((p) => p.name)
      .join(' or ');
    throw forbidden(`the recut agent is part of the ${having} plan; this account is on the ${plan.name} plan`);
  }
  const parent = await deps.scans.getOwned(scanId, account._id);
  if (!parent) throw notFound(`no scan ${scanId}`);
  if (parent.status !== 'complete') throw conflict(`scan ${scanId} is ${parent.status}; only a complete scan can be recut`);
  if (parent.media_removed_at) throw conflict(`${mediaRemovedDetail(scanId)}; a recut renders from the video, so it cannot be made`);
  const durationSec = parent.duration_sec ?? 0;
  if (!(durationSec >= MIN_SEGMENT_SEC)) throw conflict(`scan ${scanId} lasts ${durationSec} s; a recut needs at least ${MIN_SEGMENT_SEC} s`);
  // The re-scan is a scan: it takes one unit of the month's quota now, atomically.
  const now = deps.now();
  await takeScanUnit(deps, account, now, ", and a recut's re-scan is a scan");
  const recutId = newRecutId();
  let inserted = false;
  try {
    const goal = body.goal?.trim() ? body.goal.trim() : null;
    const maxSeconds = body.max_seconds ?? null;
    const doc = await deps.recuts.insertQueued({
      recut_id: recutId,
      account_id: account._id,
      parent_scan_id: parent.scan_id,
      scan_id: newScanId(),
      goal,
      max_seconds: maxSeconds,
      created_at: now,
    });
    inserted = true;
    const workflow: RecutWorkflowInput = {
      recutId,
      parentScanId: parent.scan_id,
      scanId: doc.scan_id,
      durationSec,
      goal,
      maxSeconds,
      priorityKey: plan.priorityQueue ? 1 : 3,
    };
    await deps.workflows.startRecut(workflow, { requestId: input.requestId });
    const queued: QueuedRecut = { recut_id: recutId, status: 'queued', parent_scan_id: parent.scan_id };
    if (held) await completeKey(deps, held, { status_code: 202, body: { ...queued } }, input.log);
    return queued;
  } catch (error) {
    // A recut that was not accepted keeps nothing and does not count.
    await Promise.allSettled([giveBackScanUnit(deps, account._id, now), inserted ? retryBriefly(() => deps.recuts.remove(recutId)) : Promise.resolve()]);
    if (error instanceof DomainError) throw error;
    input.log.error({ err: error, recutId }, 'recut submission failed');
    throw new DomainError('unavailable', 'could not queue the recut; try again shortly');
  }
}
