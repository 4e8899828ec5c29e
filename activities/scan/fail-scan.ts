import { scanAudio, scanMedia } from '../../store/scan-media';
import type { ScanActivityDeps } from './deps';

export function createFailScan(deps: Pick<ScanActivityDeps, 'scans' | 'media' | 'mediaCache'>) {
  const { scans, media } = deps;
  /**
   * Ends an unfinished scan in `error`, keeping nothing it had stored. A
   * scan that is already complete (a cancel that came late, a clean-up after
   * persist that kept failing) stays complete with its media: only the
   * intermediates go.
   */
  return async function failScan({ scanId, detail }: { scanId: string; detail: string }): Promise<{ status: 'error' | 'complete' }> {
    await scans.fail(scanId, detail);
    const complete = (await scans.get(scanId))?.status === 'complete';
    await Promise.all([
      deps.mediaCache.drop(scanId),
      scanAudio(media, scanId).remove(),
      complete ? Promise.resolve() : scanMedia(media, scanId).remove(),
      scans.removeParts(scanId),
    ]);
    return { status: complete ? 'complete' : 'error' };
  };
}
