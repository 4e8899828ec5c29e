import { scanAudio } from '../../store/scan-media';
import type { ScanActivityDeps } from './deps';

export function createPersistScan(deps: Pick<ScanActivityDeps, 'scans' | 'media'>) {
  const { scans, media } = deps;
  /** Writes the complete scan in one update, then drops the intermediates. */
  return async function persistScan({ scanId }: { scanId: string }): Promise<void> {
    const parts = await scans.getParts(scanId);
    if (parts?.read) await scans.complete(scanId, parts.read);
    else if ((await scans.getStatus(scanId))?.status !== 'complete') throw new Error(`read of ${scanId} is missing`);
    await scanAudio(media, scanId).remove();
    await scans.removeParts(scanId);
  };
}
