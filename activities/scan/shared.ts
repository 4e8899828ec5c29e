// What several scan activities do alike: a scratch folder per attempt, heartbeats,
// the worker-local media copy, bad media turned into a final failure, and progress.
import { Context, ApplicationFailure } from '@temporalio/activity';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { scanPct } from '../../core/progress';
import type { MediaStore } from '../../store/media';
import { scanAudio } from '../../store/scan-media';
import type { ScansStore } from '../../store/scans';
import { FailureType } from '../../contracts/names';
import { BadMediaError } from '../media/errors';
import { heartbeating as heartbeatingEvery } from '../heartbeat';
import { assertMonoS16, createSampleStream, readWavLayout } from '../media/wav';
import type { ScanActivityDeps } from './deps';

/** A private scratch folder for one activity attempt, always removed afterwards. */
export async function withScratch<T>(deps: Pick<ScanActivityDeps, 'scratchDir'>, scanId: string, use: (dir: string) => Promise<T>): Promise<T> {
  const info = Context.current().info;
  const dir = join(deps.scratchDir, `${scanId}-${info.activityType}-${info.activityId}-${info.attempt}`);
  await mkdir(dir, { recursive: true });
  try {
    return await use(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export const heartbeating = <T>(work: () => Promise<T>) => heartbeatingEvery(5_000, work);

export const localMedia = (deps: Pick<ScanActivityDeps, 'mediaCache'>, scanId: string) => deps.mediaCache.get(scanId, Context.current().cancellationSignal);

/** Bad media ends the scan with the error's plain message; what the tool said goes to the operator's log only. */
export const badMedia = (error: unknown): never => {
  if (error instanceof BadMediaError) {
    Context.current().log.warn('bad media', { code: error.code, detail: error.message, diagnostic: error.diagnostic ?? '' });
    throw ApplicationFailure.nonRetryable(error.message, FailureType.BadMedia);
  }
  throw error;
};

export const refuse = (detail: string): never => badMedia(new BadMediaError('over_limit', detail));

/** The store keeps the bare samples of the WAV, so a transcription chunk is a plain byte range of them. */
export async function storeSamples(media: MediaStore, scanId: string, wavPath: string): Promise<void> {
  const layout = await readWavLayout(wavPath);
  assertMonoS16(layout, wavPath);
  await scanAudio(media, scanId).put(createSampleStream(wavPath, layout), { filename: 'audio.s16le', contentType: 'audio/L16;rate=16000' });
}

export async function recordProgress(scans: ScansStore, scanId: string, key: 'decode' | `transcribe.${number}`, fraction: number, chunkCount: number) {
  const progress = await scans.recordProgress(scanId, key, fraction);
  if (!progress) return;
  const transcribed = Object.values(progress.transcribe ?? {}).reduce((sum, f) => sum + f, 0);
  const transcribedFraction = chunkCount > 0 ? transcribed / chunkCount : 1;
  await scans.advance(scanId, scanPct({ stage: 'decode', decodeFraction: progress.decode ?? 0, transcribedFraction }));
}

/**
 * Two passes side by side on one cancellation signal: the first to fail stops the
 * other (its ffmpeg killed through the signal) and its error is the one thrown, so
 * no process outlives the activity that started it.
 */
export async function sideBySide<A, B>(signal: AbortSignal, a: (signal: AbortSignal) => Promise<A>, b: (signal: AbortSignal) => Promise<B>): Promise<[A, B]> {
  const stop = new AbortController();
  const both = AbortSignal.any([signal, stop.signal]);
  let firstError: { error: unknown } | null = null;
  const watch = <T>(work: Promise<T>) =>
    work.catch((error: unknown) => {
      firstError ??= { error };
      stop.abort();
      throw error;
    });
  const [ra, rb] = await Promise.allSettled([watch(a(both)), watch(b(both))]);
  if (ra.status === 'fulfilled' && rb.status === 'fulfilled') return [ra.value, rb.value];
  throw firstError!.error;
}
