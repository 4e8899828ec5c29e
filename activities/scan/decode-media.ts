import { Context } from '@temporalio/activity';
import { join } from 'node:path';
import { planTranscriptChunks } from '../../core/chunks';
import type { DecodeSummary, TranscriptChunk } from '../../contracts/scan-types';
import { mediaLimitsOf, type ScanActivityDeps } from './deps';
import { badMedia, heartbeating, localMedia, recordProgress, sideBySide, storeSamples, withScratch } from './shared';

export function createDecodeMedia(deps: ScanActivityDeps) {
  const { scans, media } = deps;
  const limits = mediaLimitsOf(deps);
  /**
   * One ffmpeg pass: motion and cut diffs and the samples' kinds (technical cues) from frames, loudness from the soundtrack, which is
   * kept for transcription. With `audioSec` the soundtrack was decoded apart (`extractAudio`)
   * and is being transcribed meanwhile: this pass decodes the picture only, a second pass
   * beside it meters the soundtrack's EBU R128 loudness, and it writes only those parts and
   * the read's length, not the transcription's. With `keepMedia` the worker's local copy of
   * the media stays for `refineCuts`, which reads it next and drops it.
   */
  return async function decodeMedia(input: {
    scanId: string;
    durationSec: number;
    hasAudio: boolean;
    fps?: number | null;
    audioSec?: number;
    chunkCount?: number;
    keepMedia?: boolean;
  }): Promise<DecodeSummary> {
    const { scanId, durationSec, fps, audioSec } = input;
    const apart = audioSec !== undefined;
    const hasAudio = input.hasAudio && !apart;
    return withScratch(deps, scanId, (dir) =>
      heartbeating(async () => {
        const wavOut = join(dir, 'audio.wav');
        const mediaPath = await localMedia(deps, scanId);
        // Decoding reads a local copy: measured on a pipe, ffmpeg took twice as long on a 10-minute file.
        const decodePicture = (signal: AbortSignal) =>
          deps
            .decode({
              input: mediaPath,
              wavOut,
              hasAudio,
              durationSec,
              limits,
              sourceFps: fps ?? null,
              ...(apart ? { soundtrackSec: audioSec } : {}),
              signal,
              onProgress: (fraction) => void recordProgress(scans, scanId, 'decode', fraction, input.chunkCount ?? 1).catch(() => undefined),
            })
            .catch(badMedia);
        const cancelled = Context.current().cancellationSignal;
        if (apart) {
          const meter = (signal: AbortSignal) =>
            deps.measureLoudness({ input: mediaPath, loudnessLog: join(dir, 'loudness.r128.txt'), limits, signal }).catch(badMedia);
          const [decoded, loudnessLufs] = await sideBySide(cancelled, decodePicture, meter);
          // The per-second loudness extractAudio stored stays as it is: the read fits every series to its length.
          await scans.setParts(scanId, {
            durationSec: decoded.durationSec,
            frameDiffs: decoded.frameDiffs,
            skipDiffs: decoded.skipDiffs,
            frameKinds: decoded.frameKinds,
            loudnessLufs,
          });
          await recordProgress(scans, scanId, 'decode', 1, input.chunkCount ?? 0);
          // The last reader of the media: the local copy goes.
          await deps.mediaCache.drop(scanId);
          return { frames: decoded.frames, durationSec: decoded.durationSec, chunks: [] };
        }
        const decoded = await decodePicture(cancelled);
        let chunks: TranscriptChunk[] = [];
        if (hasAudio) {
          await storeSamples(media, scanId, wavOut);
          // Planned over what was decoded: a header's duration never sizes the work.
          chunks = planTranscriptChunks(decoded.windowRms, decoded.durationSec).map((range, index) => ({ index, ...range }));
        }
        await scans.setParts(scanId, {
          durationSec: decoded.durationSec,
          frameDiffs: decoded.frameDiffs,
          skipDiffs: decoded.skipDiffs,
          frameKinds: decoded.frameKinds,
          loudnessRms: decoded.loudnessRms,
          loudnessLufs: decoded.lufs,
          chunks,
          words: {},
          voice: {},
          engines: {},
          languages: {},
        });
        await recordProgress(scans, scanId, 'decode', 1, chunks.length);
        // The last reader of the media, unless `refineCuts` comes after: the local copy goes.
        if (!input.keepMedia) await deps.mediaCache.drop(scanId);
        return { frames: decoded.frames, durationSec: decoded.durationSec, chunks };
      }),
    );
  };
}
