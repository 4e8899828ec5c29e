import {
  ActivityCancellationType,
  ApplicationFailure,
  ActivityFailure,
  CancellationScope,
  CancelledFailure,
  ChildWorkflowCancellationType,
  defineQuery,
  isCancellation,
  log,
  ParentClosePolicy,
  patched,
  proxyActivities,
  setHandler,
  startChild,
  workflowInfo,
  type ActivityOptions,
} from '@temporalio/workflow';
import type { DeletionActivities } from '../activities/deletion-activities';
import type { ScanActivities } from '../activities/scan-activities';
import type { ScanStage } from '../core/progress';
import type { ScanWorkflowInput, ScanWorkflowResult } from '../contracts/scan-types';
import { FailureType, webhookWorkflowId } from '../contracts/names';
import { webhookDeliveryWorkflow } from './webhook';

/** The stage the scan is in, in core's names (`decode` covers decoding and transcription, `assembly` the read and its write), or `error`. */
export const scanStageQuery = defineQuery<ScanStage | 'error'>('scanStage');

// No eager dispatch: an activity handed straight back to the worker that scheduled it would skip
// the task queue, and with it the priority order (Agents scans first).
const quick = proxyActivities<ScanActivities>({
  startToCloseTimeout: '1 minute',
  allowEagerDispatch: false,
  retry: { maximumAttempts: 5, initialInterval: '1 second' },
});

// Downloads and decodes are long: they heartbeat, so a dead worker is noticed in seconds, not at the end of the hour.
const HEAVY: ActivityOptions = {
  startToCloseTimeout: '60 minutes',
  allowEagerDispatch: false,
  heartbeatTimeout: '20 seconds',
  // On cancel, wait until the activity has stopped, so the clean-up after it finds everything it wrote.
  cancellationType: ActivityCancellationType.WAIT_CANCELLATION_COMPLETED,
  retry: { maximumAttempts: 4, initialInterval: '2 seconds', nonRetryableErrorTypes: [FailureType.BadMedia, FailureType.BadSource] },
};
const heavy = proxyActivities<ScanActivities>(HEAVY);
const quota = proxyActivities<DeletionActivities>({ startToCloseTimeout: '1 minute', allowEagerDispatch: false, retry: { initialInterval: '1 second' } });

/** What a cancelled scan's `detail` says (the cancel route, a deletion, an operator). */
export const CANCELLED_DETAIL = 'cancelled';

/** Temporal's default priority key (1–5, lower first), for a scan started without one. */
const DEFAULT_PRIORITY_KEY = 3;

/**
 * The transcription chunks one priority key behind the scan's own, so the picture decode,
 * the longest activity, takes a worker slot before them (measured: started behind two
 * chunks, it began 10.6 s late on a 10-minute file and ran alone at the end). One key is
 * enough: an Agents scan (key 1) still has its chunks (2) served before a Signal scan's decode (3).
 */
function chunkActivities() {
  const key = workflowInfo().priority?.priorityKey || DEFAULT_PRIORITY_KEY;
  return proxyActivities<ScanActivities>({ ...HEAVY, priority: { priorityKey: Math.min(5, key + 1) } });
}

/** One scan: ingest → probe → soundtrack → picture decode beside the transcription chunks → assemble → persist; then its webhook, if any. */
export async function scanWorkflow({ scanId, webhook }: ScanWorkflowInput): Promise<ScanWorkflowResult> {
  let stage: ScanStage | 'error' = 'ingest';
  setHandler(scanStageQuery, () => stage);
  try {
    await heavy.ingestMedia({ scanId });
    stage = 'probe';
    const probe = await heavy.probeMedia({ scanId });
    stage = 'decode';
    const fps = probe.fps ?? null;
    // Cuts refined to the frame right after the picture's decode, from the same local copy of the media, beside the transcription.
    const refine = patched(REFINE_CUTS);
    let cutRefinementFailed = false;
    const refineCuts = () =>
      heavy.refineCuts({ scanId }).catch((error: unknown) => {
        if (isCancellation(error)) throw error;
        // Refinement only sharpens the read: out of attempts, the cuts keep their grid times and the read says so.
        log.warn('cuts could not be refined; they keep their grid times', { scanId, error: (error as Error).message });
        cutRefinementFailed = true;
      });
    if (probe.hasAudio && patched(TRANSCRIBE_WHILE_DECODING)) {
      // The soundtrack first (a fast pass), then its transcription beside the picture's decode:
      // a picture pass leaves part of a second core idle.
      const audio = await heavy.extractAudio({ scanId });
      const chunkCount = audio.chunks.length;
      const later = chunkActivities();
      const decode = { scanId, durationSec: probe.durationSec, hasAudio: true, fps, audioSec: audio.audioSec, chunkCount };
      await allOrCancelled(() => [
        refine ? heavy.decodeMedia({ ...decode, keepMedia: true }).then(refineCuts) : heavy.decodeMedia(decode),
        ...audio.chunks.map((chunk) => later.transcribeChunk({ scanId, chunk, chunkCount })),
      ]);
    } else {
      // No soundtrack (and scans begun before the overlap): one pass, then the chunks.
      const decode = { scanId, durationSec: probe.durationSec, hasAudio: probe.hasAudio, fps };
      const decoded = await heavy.decodeMedia(refine ? { ...decode, keepMedia: true } : decode);
      const transcribe = () => decoded.chunks.map((chunk) => heavy.transcribeChunk({ scanId, chunk, chunkCount: decoded.chunks.length }));
      if (refine) await allOrCancelled(() => [refineCuts(), ...transcribe()]);
      else await Promise.all(transcribe());
    }
    stage = 'assembly';
    await quick.assembleRead(cutRefinementFailed ? { scanId, cutRefinementFailed } : { scanId });
    await quick.persistScan({ scanId });
    stage = 'complete';
    await notify(scanId, webhook, 'complete');
    return { scanId, status: 'complete' };
  } catch (error) {
    const stageWhenCancelled = stage;
    stage = 'error';
    // A cancellation can also surface as a plain activity failure (ffmpeg killed by the
    // cancellation signal exits 1 before the cancel is seen): the scope says it was cancelled.
    // Taken as a failure, its `failScan` was refused by the cancelled scope and the scan stayed
    // `processing` for good, holding its deletion or its account's closure (the fault suite's
    // FerretDB-during-closure row found it).
    if (isCancellation(error) || CancellationScope.current().consideredCancelled) {
      // Cancelled (by its owner, its deletion or an operator): it still ends in `error` and keeps nothing.
      const beforeDecode = stageWhenCancelled === 'ingest' || stageWhenCancelled === 'probe';
      await CancellationScope.nonCancellable(async () => {
        const outcome = await quick.failScan({ scanId, detail: CANCELLED_DETAIL });
        // Cancelled before its decode: its quota unit goes back (once) if nothing of its video was fetched yet; the activity
        // decides from the scan's document (core/scan-refund.ts), so this history is unchanged.
        if (beforeDecode && outcome?.status !== 'complete' && patched(RETURN_UNIT_BEFORE_DECODE)) await quota.returnScanUnit({ scanId });
        await notify(scanId, webhook, outcome?.status ?? 'error');
      });
      throw isCancellation(error) ? error : new CancelledFailure(CANCELLED_DETAIL);
    }
    const detail = failureDetail(error);
    const outcome = await quick.failScan({ scanId, detail });
    // A step after persist failed: the scan is complete and stays so.
    if (outcome?.status === 'complete') {
      await notify(scanId, webhook, 'complete');
      return { scanId, status: 'complete' };
    }
    await notify(scanId, webhook, 'error');
    return { scanId, status: 'error', detail };
  }
}

/** Marks histories whose cancellation before decode gives the quota unit back. */
const RETURN_UNIT_BEFORE_DECODE = 'return-unit-before-decode';

/** Marks histories that refine each cut to its frame (`refineCuts`) after the picture's decode. */
const REFINE_CUTS = 'refine-cuts';

/** Marks histories that decode the soundtrack apart and transcribe it while the picture decodes. */
const TRANSCRIBE_WHILE_DECODING = 'transcribe-while-decoding';

/**
 * Runs activities side by side; when one fails, the others are cancelled and waited for
 * (their cancellation completes), so the clean-up after a failure finds nothing still
 * writing. Then the first failure is thrown.
 */
async function allOrCancelled(start: () => Promise<unknown>[]): Promise<void> {
  const scope = new CancellationScope();
  let running: Promise<unknown>[] = [];
  try {
    await scope.run(() => {
      running = start();
      return Promise.all(running);
    });
  } catch (error) {
    scope.cancel();
    await Promise.allSettled(running);
    throw error;
  }
}

const SELF_EXPLAINING: ReadonlySet<string> = new Set([FailureType.BadMedia, FailureType.BadSource, FailureType.DownloadFailed]);

/** Bad input explains itself; anything else is reported without internals. */
function failureDetail(error: unknown): string {
  const cause = error instanceof ActivityFailure ? error.cause : error;
  if (cause instanceof ApplicationFailure && typeof cause.type === 'string' && SELF_EXPLAINING.has(cause.type)) {
    return cause.message;
  }
  return 'the scan failed after several attempts; please submit it again';
}

/**
 * Hands the scan's end to its webhook delivery: a child workflow, abandoned (it
 * outlives this one, retrying up to 24 h, while the scan's own result is final
 * now). Awaiting `startChild` waits for ChildWorkflowExecutionStarted, so the
 * child exists before the scan workflow completes. A child that cannot start
 * (its id taken) is logged; the scan's outcome does not depend on it.
 */
async function notify(scanId: string, webhook: ScanWorkflowInput['webhook'], status: 'complete' | 'error'): Promise<void> {
  if (!webhook) return;
  try {
    await startChild(webhookDeliveryWorkflow, {
      workflowId: webhookWorkflowId(scanId),
      taskQueue: webhook.taskQueue,
      args: [
        { scanId, url: webhook.url, type: status === 'complete' ? 'scan.completed' : 'scan.failed', endedAtMs: Date.now(), retrySeconds: webhook.retrySeconds },
      ],
      parentClosePolicy: ParentClosePolicy.ABANDON,
      cancellationType: ChildWorkflowCancellationType.ABANDON,
    });
  } catch (error) {
    if (isCancellation(error)) throw error;
    log.error('webhook delivery could not start', { scanId, error: (error as Error).message });
  }
}
