import { Context } from '@temporalio/activity';
import { join } from 'node:path';
import { planTranscriptChunks } from '../../core/chunks';
import type { TranscriptChunk } from '../../contracts/scan-types';
import { mediaLimitsOf, type ScanActivityDeps } from './deps';
import { badMedia, heartbeating, localMedia, storeSamples, withScratch } from './shared';

export function createExtractAudio(deps: ScanActivityDeps) {
  const { scans, media } = deps;
  const limits = mediaLimitsOf(deps);
  /**
   * The soundtrack alone (a fast pass): its samples go to the store and the chunks are
   * planned, so transcription runs while `decodeMedia` decodes the picture and meters the
   * loudness. A retry starts the transcription parts afresh (none has begun yet).
   */
  return async function extractAudio({ scanId }: { scanId: string }): Promise<{ audioSec: number; chunks: TranscriptChunk[] }> {
    return withScratch(deps, scanId, (dir) =>
      heartbeating(async () => {
        const wavOut = join(dir, 'audio.wav');
        const sound = await deps
          .decodeSoundtrack({ input: await localMedia(deps, scanId), wavOut, limits, signal: Context.current().cancellationSignal })
          .catch(badMedia);
        await storeSamples(media, scanId, wavOut);
        // Planned over what was decoded: a header's duration never sizes the work.
        const chunks = planTranscriptChunks(sound.windowRms, sound.decodedSec).map((range, index) => ({ index, ...range }));
        await scans.setParts(scanId, { loudnessRms: sound.perSecondRms, chunks, words: {}, voice: {}, engines: {}, languages: {} });
        return { audioSec: sound.decodedSec, chunks };
      }),
    );
  };
}
