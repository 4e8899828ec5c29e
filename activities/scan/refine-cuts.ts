import { Context } from '@temporalio/activity';
import { join } from 'node:path';
import { cutWindow, refineCut, type CutRefinement } from '../../core/cut-refinement';
import { detectCuts } from '../../core/cuts';
import { secondsIn } from '../../core/numbers';
import type { CutRefinementSummary } from '../../contracts/scan-types';
import { mediaLimitsOf, type ScanActivityDeps } from './deps';
import { heartbeating, localMedia, withScratch } from './shared';

/**
 * Windows decoded at once. Each is one short ffmpeg (a fraction of a second of
 * CPU, mostly decoding from the keyframe before it); two keep a two-core
 * worker's cores busy between process starts without crowding the
 * transcription that runs beside this activity.
 */
export const CUT_WINDOWS_AT_ONCE = 2;

export function createRefineCuts(deps: ScanActivityDeps) {
  const { scans } = deps;
  const limits = mediaLimitsOf(deps);
  /**
   * Cuts to the frame: the grid cuts of the decoded picture (core's
   * `detectCuts`, as the read will find them), each decoded again in its own
   * short window at the full frame rate and moved to the frame where the
   * picture changes most. A window that cannot be decoded leaves its cut on
   * the grid, and the read's method text says so. Then the worker's local copy
   * of the media goes: this is its last reader.
   */
  return async function refineCuts({ scanId }: { scanId: string }): Promise<CutRefinementSummary> {
    const parts = await scans.getParts(scanId);
    if (!parts?.probe || !parts.frameDiffs) throw new Error(`the decoded picture of ${scanId} is missing`);
    const fps = parts.probe.fps ?? null;
    const seconds = secondsIn(parts.durationSec ?? parts.probe.durationSec);
    const grid = detectCuts({ frameDiffs: parts.frameDiffs, skipDiffs: parts.skipDiffs ?? [] });
    const samples = grid.samples.filter((_, i) => (grid.times[i] as number) < seconds);
    if (fps === null || samples.length === 0) {
      await deps.mediaCache.drop(scanId);
      return { cuts: samples.length, refined: 0 };
    }
    const rate = { fps, variable: parts.probe.fpsVariable ?? false };
    const signal = Context.current().cancellationSignal;
    const refinement = await withScratch(deps, scanId, (dir) =>
      heartbeating(async () => {
        const input = await localMedia(deps, scanId);
        const out: CutRefinement[] = new Array<CutRefinement>(samples.length);
        let next = 0;
        const worker = async () => {
          while (next < samples.length) {
            const index = next++;
            const sample = samples[index] as number;
            const window = cutWindow(sample);
            const frames = await deps.cutWindow({ input, ...window, logPath: join(dir, `cut-${sample}.txt`), limits, signal }).catch((error: unknown) => {
              if (signal.aborted) throw error;
              Context.current().log.warn('a cut window could not be decoded; the cut stays on the grid', { scanId, sample, error: (error as Error).message });
              return [];
            });
            out[index] = { sample, refined: refineCut(frames, rate) };
          }
        };
        await Promise.all(Array.from({ length: Math.min(CUT_WINDOWS_AT_ONCE, samples.length) }, worker));
        return out;
      }),
    );
    await scans.setParts(scanId, { cutRefinement: refinement });
    await deps.mediaCache.drop(scanId);
    return { cuts: samples.length, refined: refinement.filter((r) => r.refined !== null).length };
  };
}
