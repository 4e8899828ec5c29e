import { Context, ApplicationFailure } from '@temporalio/activity';
import { isSequentiallyReadable } from '../../core/container';
import { mediaLimitBreach } from '../../core/media-limits';
import { matroskaDocType, mediaTypeFor } from '../../core/media-type';
import { STAGE_PCT } from '../../core/progress';
import { scanMedia } from '../../store/scan-media';
import { FailureType } from '../../contracts/names';
import type { ProbeResult } from '../../contracts/scan-types';
import { BadMediaError } from '../media/errors';
import { mediaLimitsOf, type ScanActivityDeps } from './deps';
import { badMedia, heartbeating, localMedia, refuse } from './shared';

export function createProbeMedia(deps: ScanActivityDeps) {
  const { scans, media } = deps;
  const limits = mediaLimitsOf(deps);

  /** The first 64 KiB of the stored media: enough to tell whether it can be read front to back. */
  async function mediaHead(scanId: string): Promise<Uint8Array> {
    const video = scanMedia(media, scanId);
    const stored = await video.stat();
    if (!stored) throw ApplicationFailure.nonRetryable('the media of this scan is missing', FailureType.BadSource);
    const chunks: Buffer[] = [];
    for await (const chunk of video.read({ start: 0, end: Math.min(64 * 1024, stored.length) })) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /**
   * ffprobe, on a pipe from storage when the container allows (reading only
   * its head), else on a local copy; then the media limits, before any
   * heavy work. Records the Content-Type the media will be served with.
   */
  return async function probeMedia({ scanId }: { scanId: string }): Promise<ProbeResult> {
    const signal = Context.current().cancellationSignal;
    const head = await mediaHead(scanId);
    const info = await heartbeating(async () => {
      if (isSequentiallyReadable(head)) {
        const piped = await deps.probe('pipe:0', { signal, limits, stdin: scanMedia(media, scanId).read() }).catch((error: unknown) => {
          // Our input guards refuse the same file from a copy: no need to fetch one.
          if (error instanceof BadMediaError && (error.code === 'over_limit' || error.code === 'not_accepted')) badMedia(error);
          return null;
        });
        // A pipe cannot give every container's length: then, as for any doubt, the local copy decides.
        if (piped && piped.durationSec > 0) return piped;
      }
      return deps.probe(await localMedia(deps, scanId), { signal, limits }).catch(badMedia);
    });
    const breach = mediaLimitBreach(info, limits);
    if (breach) refuse(breach);
    const probe: ProbeResult = {
      durationSec: info.durationSec,
      hasVideo: info.hasVideo,
      hasAudio: info.hasAudio,
      width: info.width,
      height: info.height,
      fps: info.fps,
      fpsVariable: info.fpsVariable ?? false,
    };
    const served = mediaTypeFor({ formatName: info.formatName, majorBrand: info.majorBrand, docType: matroskaDocType(head) });
    await scans.setParts(scanId, { probe });
    await scans.advance(scanId, STAGE_PCT.probe, { media_type: served.contentType });
    return probe;
  };
}
