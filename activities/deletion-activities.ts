import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { nothingFetched } from '../core/scan-refund';
import type { IdempotencyStore } from '../store/idempotency';
import type { LibraryStore } from '../store/library';
import type { MediaStore } from '../store/media';
import { scanAudio, scanMedia } from '../store/scan-media';
import type { RecutsStore } from '../store/recuts';
import type { ScansStore } from '../store/scans';
import type { UsageStore } from '../store/usage';
import { heartbeatingEach } from './heartbeat';
import type { LocalMediaCache } from './media/local-cache';

/** The ports a scan's deletion and cancellation run on; workers/deps.ts wires the real ones. */
export interface DeletionActivityDeps {
  scans: Pick<ScansStore, 'getRaw' | 'hide' | 'remove' | 'markQuotaReturned'>;
  library: Pick<LibraryStore, 'forgetScan'>;
  recuts: Pick<RecutsStore, 'listAllForScan' | 'get' | 'remove'>;
  media: Pick<MediaStore, 'media' | 'audio' | 'remove'>;
  mediaCache: Pick<LocalMediaCache, 'drop'>;
  usage: Pick<UsageStore, 'giveBack'>;
  idempotency: Pick<IdempotencyStore, 'forgetScan'>;
  /** This worker's scratch folder (activity folders `<scanId>-…`, media copies under `media/`). */
  scratchDir: string;
  /** How long one `awaitWorkEnded` attempt looks before it fails and Temporal retries it. Default 10 000 ms. */
  stopPollMs?: number;
}

/** What one deletion removes: the scan, its recuts and their re-scans (and theirs), found once and kept in the workflow's history. */
export interface ScanFamily {
  /** The re-scans first, the deleted scan last. */
  scanIds: string[];
  recutIds: string[];
}

/** Recuts of recuts are possible (a re-scan is a scan); this bounds the walk. */
const MAX_FAMILY = 1_000;

/**
 * How often a deletion or closure step heartbeats while it runs (their workflows give
 * them a 15 s heartbeat timeout, workflows/delete-scan.ts). More often than the SDK
 * sends them (at most one per 80 % of the timeout, 12 s), so one is always waiting.
 */
export const DELETION_HEARTBEAT_MS = 3_000;

export type DeletionActivities = ReturnType<typeof createDeletionActivities>;

export function createDeletionActivities(deps: DeletionActivityDeps) {
  return heartbeatingEach(DELETION_HEARTBEAT_MS, {
    /** Hides the scan from every read and names everything its deletion removes. */
    async hideScanFamily({ scanId }: { scanId: string }): Promise<ScanFamily> {
      await deps.scans.hide(scanId);
      const scanIds: string[] = [];
      const recutIds: string[] = [];
      const pending = [scanId];
      while (pending.length > 0 && scanIds.length < MAX_FAMILY) {
        const current = pending.shift()!;
        scanIds.unshift(current);
        for (const recut of await deps.recuts.listAllForScan(current)) {
          recutIds.push(recut.recut_id);
          await deps.scans.hide(recut.scan_id);
          pending.push(recut.scan_id);
        }
      }
      return { scanIds, recutIds };
    },

    /**
     * Returns once the scan's and its recut's work has ended (their workflows were
     * cancelled and have cleaned up); throws while it runs, so Temporal retries it.
     */
    async awaitWorkEnded({ scanId, recutId }: { scanId?: string; recutId?: string }): Promise<void> {
      const running = (status: string | undefined) => status === 'queued' || status === 'processing';
      // Looks a few times within one attempt, so a clean-up of a few seconds costs one attempt, not a log line a second.
      const deadline = Date.now() + (deps.stopPollMs ?? 10_000);
      for (;;) {
        const scan = scanId ? await deps.scans.getRaw(scanId) : null;
        const recut = recutId ? await deps.recuts.get(recutId) : null;
        if (!running(scan?.status) && !running(recut?.status)) return;
        if (Date.now() >= deadline) throw new Error(`work of ${scanId ?? recutId} is still stopping`);
        await setTimeout(250);
      }
    },

    /** Removes everything stored of one scan. Idempotent: each retry removes what is left. */
    async eraseScan({ scanId }: { scanId: string }): Promise<void> {
      const doc = await deps.scans.getRaw(scanId);
      await Promise.all([
        scanMedia(deps.media, scanId).remove(),
        scanAudio(deps.media, scanId).remove(),
        deps.mediaCache.drop(scanId),
        removeScratchOf(deps.scratchDir, scanId),
      ]);
      if (doc) {
        await deps.library.forgetScan(scanId, doc.library_seq);
        await deps.idempotency.forgetScan(doc.account_id, scanId);
      }
      // The status document last: until it goes, a retry still finds the account and positions to clean.
      await deps.scans.remove(scanId);
    },

    async eraseRecut({ recutId }: { recutId: string }): Promise<void> {
      await deps.recuts.remove(recutId);
    },

    /**
     * Gives back the scan's quota unit when it was cancelled before anything of its
     * video was fetched (core/scan-refund.ts: a URL whose download had not begun);
     * once per scan, however often this is retried.
     */
    async returnScanUnit({ scanId }: { scanId: string }): Promise<{ returned: boolean }> {
      const doc = await deps.scans.getRaw(scanId);
      if (!doc || !nothingFetched(doc) || !(await deps.scans.markQuotaReturned(scanId))) return { returned: false };
      // The month the unit was taken in: a scan submitted on the 31st and cancelled on the 1st refunds the old month.
      await deps.usage.giveBack(doc.account_id, 'scans', doc.created_at);
      return { returned: true };
    },
  });
}

/** Removes the scan's scratch entries on this host: activity folders `<scanId>-…` and media copies (and partial downloads) `media/<scanId>…`. */
export async function removeScratchOf(scratchDir: string, scanId: string): Promise<number> {
  if (!/^scn_[0-9a-f]{24}$/.test(scanId)) throw new Error(`not a scan id: ${scanId}`);
  let removed = 0;
  for (const dir of [scratchDir, join(scratchDir, 'media')]) {
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      if (name === scanId || name.startsWith(`${scanId}-`) || name.startsWith(`${scanId}.`)) {
        await rm(join(dir, name), { recursive: true, force: true });
        removed++;
      }
    }
  }
  return removed;
}
