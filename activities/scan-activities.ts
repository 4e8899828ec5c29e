import { Context, ApplicationFailure } from '@temporalio/activity';
import { mkdir, rm } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { join } from 'node:path';
import { assembleRead } from '../core/read';
import { isSequentiallyReadable } from '../core/container';
import { planTranscriptChunks } from '../core/chunks';
import { DEFAULT_MEDIA_LIMITS, capWords, mediaLimitBreach, type MediaLimits } from '../core/media-limits';
import { matroskaDocType, mediaTypeFor } from '../core/media-type';
import { STAGE_PCT, scanPct } from '../core/progress';
import { MediaStore } from '../store/media';
import type { ScansStore } from '../store/scans';
import { BadMediaError } from './media/errors';
import type { LocalMediaCache } from './media/local-cache';
import { heartbeating as heartbeatingEvery } from './heartbeat';
import type { probeMedia as ProbeMedia } from './media/probe';
import type { decodeMedia as DecodeMedia, decodeSoundtrack as DecodeSoundtrack } from './media/decode';
import { assertMonoS16, createSampleStream, readWavLayout, wavHeader } from './media/wav';
import type { Ear } from './media/transcriber';
import { detectVoice } from './media/voice';
import { FetchError, type safeFetchStream as SafeFetchStream } from '../net/safe-fetch';
import { UnsafeUrlError } from '../net/public-address';
import type { DecodeSummary, ProbeResult, TranscriptChunk } from '../workflows/scan-types';
import { FailureType } from '../workflows/names';

/** The ports the scan activities run on; workers/deps.ts wires the real ones. */
export interface ScanActivityDeps {
  scans: ScansStore;
  media: MediaStore;
  probe: typeof ProbeMedia;
  decode: typeof DecodeMedia;
  /** The soundtrack alone, decoded before the picture so transcription overlaps it. */
  decodeSoundtrack: typeof DecodeSoundtrack;
  /** Speech-to-text: the configured engine, pocketsphinx behind a server that fails. */
  transcriber: Ear;
  fetch: typeof SafeFetchStream;
  scratchDir: string;
  /** This worker's copies of scan media, shared by probe and decode. */
  mediaCache: LocalMediaCache;
  allowHosts: string[];
  uploadLimitBytes: number;
  /** Whole-download time limit for URL inputs. */
  downloadTimeoutMs?: number;
  /** Duration, frame size and frame rate limits, checked at probe and given to ffmpeg. Default DEFAULT_MEDIA_LIMITS. */
  mediaLimits?: MediaLimits;
}

export type ScanActivities = ReturnType<typeof createScanActivities>;

export function createScanActivities(deps: ScanActivityDeps) {
  const { scans, media } = deps;
  const limits = deps.mediaLimits ?? DEFAULT_MEDIA_LIMITS;

  /** A private scratch folder for one activity attempt, always removed afterwards. */
  async function withScratch<T>(scanId: string, use: (dir: string) => Promise<T>): Promise<T> {
    const info = Context.current().info;
    const dir = join(deps.scratchDir, `${scanId}-${info.activityType}-${info.activityId}-${info.attempt}`);
    await mkdir(dir, { recursive: true });
    try {
      return await use(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  const heartbeating = <T>(work: () => Promise<T>) => heartbeatingEvery(5_000, work);

  const localMedia = (scanId: string) => deps.mediaCache.get(scanId, Context.current().cancellationSignal);

  /** The first 64 KiB of the stored media: enough to tell whether it can be read front to back. */
  async function mediaHead(scanId: string): Promise<Uint8Array> {
    const stored = await media.stat(media.media, MediaStore.mediaId(scanId));
    if (!stored) throw ApplicationFailure.nonRetryable('the media of this scan is missing', FailureType.BadSource);
    const chunks: Buffer[] = [];
    for await (const chunk of media.read(media.media, MediaStore.mediaId(scanId), { start: 0, end: Math.min(64 * 1024, stored.length) })) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** Bad media ends the scan with the error's plain message; what the tool said goes to the operator's log only. */
  const badMedia = (error: unknown): never => {
    if (error instanceof BadMediaError) {
      Context.current().log.warn('bad media', { code: error.code, detail: error.message, diagnostic: error.diagnostic ?? '' });
      throw ApplicationFailure.nonRetryable(error.message, FailureType.BadMedia);
    }
    throw error;
  };
  const refuse = (detail: string): never => badMedia(new BadMediaError('over_limit', detail));

  /** The store keeps the bare samples of the WAV, so a transcription chunk is a plain byte range of them. */
  async function storeSamples(scanId: string, wavPath: string): Promise<void> {
    const layout = await readWavLayout(wavPath);
    assertMonoS16(layout, wavPath);
    await media.put(media.audio, MediaStore.audioId(scanId), createSampleStream(wavPath, layout), { filename: 'audio.s16le', contentType: 'audio/L16;rate=16000' });
  }

  async function recordProgress(scanId: string, key: 'decode' | `transcribe.${number}`, fraction: number, chunkCount: number) {
    const progress = await scans.recordProgress(scanId, key, fraction);
    if (!progress) return;
    const transcribed = Object.values(progress.transcribe ?? {}).reduce((sum, f) => sum + f, 0);
    const transcribedFraction = chunkCount > 0 ? transcribed / chunkCount : 1;
    await scans.advance(scanId, scanPct({ stage: 'decode', decodeFraction: progress.decode ?? 0, transcribedFraction }));
  }

  return {
    /** Puts the media in the media store: downloads a URL input (public addresses only, size and time capped) or checks an upload. */
    async ingestMedia({ scanId }: { scanId: string }): Promise<{ bytes: number }> {
      const doc = await scans.getStatus(scanId);
      if (!doc) throw ApplicationFailure.nonRetryable(`scan ${scanId} does not exist`, FailureType.BadSource);
      await scans.advance(scanId, STAGE_PCT.queued);
      let bytes: number;
      if (doc.source.type === 'upload') {
        const stored = await media.stat(media.media, MediaStore.mediaId(scanId));
        if (!stored || stored.length === 0) throw ApplicationFailure.nonRetryable('the uploaded file is missing or empty', FailureType.BadSource);
        bytes = stored.length;
      } else {
        const url = doc.source.url;
        bytes = await heartbeating(async () => {
          try {
            const response = await deps.fetch(url, {
              allowHosts: deps.allowHosts,
              maxBytes: deps.uploadLimitBytes,
              timeoutMs: deps.downloadTimeoutMs ?? 10 * 60_000,
              signal: Context.current().cancellationSignal,
            });
            return await media.put(media.media, MediaStore.mediaId(scanId), response.body, {
              filename: 'download',
              contentType: response.contentType ?? undefined,
            });
          } catch (error) {
            throw downloadFailure(error);
          }
        });
        if (bytes === 0) throw ApplicationFailure.nonRetryable('the downloaded file is empty', FailureType.BadSource);
      }
      await scans.advance(scanId, STAGE_PCT.ingest);
      return { bytes };
    },

    /**
     * ffprobe, on a pipe from storage when the container allows (reading only
     * its head), else on a local copy; then the media limits, before any
     * heavy work. Records the Content-Type the media will be served with.
     */
    async probeMedia({ scanId }: { scanId: string }): Promise<ProbeResult> {
      const signal = Context.current().cancellationSignal;
      const head = await mediaHead(scanId);
      const info = await heartbeating(async () => {
        if (isSequentiallyReadable(head)) {
          const piped = await deps.probe('pipe:0', { signal, limits, stdin: media.read(media.media, MediaStore.mediaId(scanId)) }).catch((error: unknown) => {
            // Our input guards refuse the same file from a copy: no need to fetch one.
            if (error instanceof BadMediaError && (error.code === 'over_limit' || error.code === 'not_accepted')) badMedia(error);
            return null;
          });
          // A pipe cannot give every container's length: then, as for any doubt, the local copy decides.
          if (piped && piped.durationSec > 0) return piped;
        }
        return deps.probe(await localMedia(scanId), { signal, limits }).catch(badMedia);
      });
      const breach = mediaLimitBreach(info, limits);
      if (breach) refuse(breach);
      const probe: ProbeResult = { durationSec: info.durationSec, hasVideo: info.hasVideo, hasAudio: info.hasAudio, width: info.width, height: info.height, fps: info.fps };
      const served = mediaTypeFor({ formatName: info.formatName, majorBrand: info.majorBrand, docType: matroskaDocType(head) });
      await scans.setParts(scanId, { probe });
      await scans.advance(scanId, STAGE_PCT.probe, { media_type: served.contentType });
      return probe;
    },

    /**
     * The soundtrack alone (a fast pass): its samples go to the store and its loudness to the
     * parts, and the chunks are planned, so transcription runs while `decodeMedia` decodes
     * the picture. A retry starts the transcription parts afresh (none has begun yet).
     */
    async extractAudio({ scanId }: { scanId: string }): Promise<{ audioSec: number; chunks: TranscriptChunk[] }> {
      return withScratch(scanId, (dir) =>
        heartbeating(async () => {
          const wavOut = join(dir, 'audio.wav');
          const sound = await deps
            .decodeSoundtrack({ input: await localMedia(scanId), wavOut, limits, signal: Context.current().cancellationSignal })
            .catch(badMedia);
          await storeSamples(scanId, wavOut);
          // Planned over what was decoded: a header's duration never sizes the work.
          const chunks = planTranscriptChunks(sound.windowRms, sound.decodedSec).map((range, index) => ({ index, ...range }));
          await scans.setParts(scanId, { loudnessRms: sound.perSecondRms, loudnessLufs: sound.lufs, chunks, words: {}, voice: {}, engines: {}, languages: {} });
          return { audioSec: sound.decodedSec, chunks };
        }),
      );
    },

    /**
     * One ffmpeg pass: motion and cut diffs from frames, loudness from the soundtrack, which is
     * kept for transcription. With `audioSec` the soundtrack was decoded apart (`extractAudio`)
     * and is being transcribed meanwhile: this pass decodes the picture only and writes only
     * the picture's parts and the read's length, not the transcription's.
     */
    async decodeMedia(input: { scanId: string; durationSec: number; hasAudio: boolean; fps?: number | null; audioSec?: number; chunkCount?: number }): Promise<DecodeSummary> {
      const { scanId, durationSec, fps, audioSec } = input;
      const apart = audioSec !== undefined;
      const hasAudio = input.hasAudio && !apart;
      return withScratch(scanId, (dir) =>
        heartbeating(async () => {
          const wavOut = join(dir, 'audio.wav');
          // Decoding reads a local copy: measured on a pipe, ffmpeg took twice as long on a 10-minute file.
          const decoded = await deps
            .decode({
              input: await localMedia(scanId),
              wavOut,
              hasAudio,
              durationSec,
              limits,
              sourceFps: fps ?? null,
              ...(apart ? { soundtrackSec: audioSec } : {}),
              signal: Context.current().cancellationSignal,
              onProgress: (fraction) => void recordProgress(scanId, 'decode', fraction, input.chunkCount ?? 1).catch(() => undefined),
            })
            .catch(badMedia);
          if (apart) {
            // The loudness extractAudio stored stays as it is: the read fits every series to its length.
            await scans.setParts(scanId, { durationSec: decoded.durationSec, frameDiffs: decoded.frameDiffs, skipDiffs: decoded.skipDiffs });
            await recordProgress(scanId, 'decode', 1, input.chunkCount ?? 0);
            // The last reader of the media: the local copy goes.
            await deps.mediaCache.drop(scanId);
            return { frames: decoded.frames, durationSec: decoded.durationSec, chunks: [] };
          }
          let chunks: TranscriptChunk[] = [];
          if (hasAudio) {
            await storeSamples(scanId, wavOut);
            // Planned over what was decoded: a header's duration never sizes the work.
            chunks = planTranscriptChunks(decoded.windowRms, decoded.durationSec).map((range, index) => ({ index, ...range }));
          }
          await scans.setParts(scanId, {
            durationSec: decoded.durationSec,
            frameDiffs: decoded.frameDiffs,
            skipDiffs: decoded.skipDiffs,
            loudnessRms: decoded.loudnessRms,
            loudnessLufs: decoded.lufs,
            chunks,
            words: {},
            voice: {},
            engines: {},
            languages: {},
          });
          await recordProgress(scanId, 'decode', 1, chunks.length);
          // The last reader of the media: the local copy goes.
          await deps.mediaCache.drop(scanId);
          return { frames: decoded.frames, durationSec: decoded.durationSec, chunks };
        }),
      );
    },

    /** Transcribes one slice of the soundtrack; any worker can take any chunk. */
    async transcribeChunk({ scanId, chunk, chunkCount }: { scanId: string; chunk: TranscriptChunk; chunkCount: number }): Promise<{ words: number }> {
      const heard = await withScratch(scanId, (dir) =>
        heartbeating(async () => {
          const stored = await media.stat(media.audio, MediaStore.audioId(scanId));
          if (!stored) throw new Error(`audio of ${scanId} is missing`);
          const byteAt = (sec: number) => Math.min(stored.length, Math.round(sec * 16_000) * 2);
          const range = { start: byteAt(chunk.start), end: byteAt(chunk.end) };
          const wavPath = join(dir, `chunk-${chunk.index}.wav`);
          const samples = range.end > range.start ? media.read(media.audio, MediaStore.audioId(scanId), range) : [];
          await pipeline(
            async function* () {
              yield wavHeader(range.end - range.start);
              yield* samples;
            },
            createWriteStream(wavPath),
          );
          const signal = Context.current().cancellationSignal;
          // The voice gate of the read (Silero VAD, activities/media/voice.ts) runs on the same slice the engine hears.
          const voice = await detectVoice(wavPath, chunk.start, signal);
          const heard = await deps.transcriber.hear({ wavPath, offsetSec: chunk.start, signal });
          return { ...heard, words: capWords(heard.words, chunk.end - chunk.start), voice };
        }),
      );
      await scans.setParts(scanId, {
        [`words.${chunk.index}`]: heard.words,
        [`voice.${chunk.index}`]: heard.voice,
        [`engines.${chunk.index}`]: heard.engine,
        [`languages.${chunk.index}`]: heard.language,
      } as Record<string, unknown>);
      await recordProgress(scanId, `transcribe.${chunk.index}`, 1, chunkCount);
      return { words: heard.words.length };
    },

    /** The pure read over everything measured. */
    async assembleRead({ scanId }: { scanId: string }): Promise<{ seconds: number }> {
      const parts = await scans.getParts(scanId);
      if (!parts?.probe) throw new Error(`measurements of ${scanId} are missing`);
      // Decode and transcription are done when the read is assembled. Their last two progress
      // writes may land at the same moment, and FerretDB can lose one of two concurrent updates
      // of a document, so the stage's 90 is written here rather than left to them.
      await scans.advance(scanId, scanPct({ stage: 'decode', decodeFraction: 1, transcribedFraction: 1 }));
      const words = Object.values(parts.words ?? {}).flat().sort((a, b) => a.start - b.start);
      // The gate applies when every transcribed chunk has its voice regions (parts written before the gate existed have none).
      const chunkKeys = Object.keys(parts.words ?? {});
      const voice = chunkKeys.every((k) => parts.voice?.[k]) ? chunkKeys.flatMap((k) => parts.voice?.[k] ?? []).sort((a, b) => a.start - b.start) : undefined;
      const engines = [...new Set(chunkKeys.map((k) => parts.engines?.[k]).filter((e): e is string => typeof e === 'string'))];
      const languages = chunkKeys.map((k) => ({ language: parts.languages?.[k] ?? null, words: parts.words?.[k]?.length ?? 0 }));
      const read = assembleRead({
        durationSec: parts.durationSec ?? parts.probe.durationSec,
        frameDiffs: parts.frameDiffs ?? [],
        skipDiffs: parts.skipDiffs ?? [],
        loudnessRms: parts.loudnessRms ?? [],
        loudnessLufs: parts.loudnessLufs ?? null,
        fps: parts.probe.fps ?? null,
        words,
        ...(voice ? { voice } : {}),
        ...(engines.length > 0 ? { transcriber: engines.join(', ') } : {}),
        languages,
      });
      await scans.setParts(scanId, { read });
      await scans.advance(scanId, STAGE_PCT.assembly);
      return { seconds: read.timeline.length };
    },

    /** Writes the complete scan in one update, then drops the intermediates. */
    async persistScan({ scanId }: { scanId: string }): Promise<void> {
      const parts = await scans.getParts(scanId);
      if (parts?.read) await scans.complete(scanId, parts.read);
      else if ((await scans.getStatus(scanId))?.status !== 'complete') throw new Error(`read of ${scanId} is missing`);
      await media.remove(media.audio, MediaStore.audioId(scanId));
      await scans.removeParts(scanId);
    },

    /**
     * Ends an unfinished scan in `error`, keeping nothing it had stored. A
     * scan that is already complete (a cancel that came late, a clean-up after
     * persist that kept failing) stays complete with its media: only the
     * intermediates go.
     */
    async failScan({ scanId, detail }: { scanId: string; detail: string }): Promise<{ status: 'error' | 'complete' }> {
      await scans.fail(scanId, detail);
      const complete = (await scans.get(scanId))?.status === 'complete';
      await Promise.all([
        deps.mediaCache.drop(scanId),
        media.remove(media.audio, MediaStore.audioId(scanId)),
        complete ? Promise.resolve() : media.remove(media.media, MediaStore.mediaId(scanId)),
        scans.removeParts(scanId),
      ]);
      return { status: complete ? 'complete' : 'error' };
    },
  };
}

/** Refusals and client errors are final; network trouble, 5xx, 408 and 429 are retried. */
function downloadFailure(error: unknown): unknown {
  if (error instanceof UnsafeUrlError) return ApplicationFailure.nonRetryable(`the video URL was refused: ${error.message}`, FailureType.BadSource);
  if (error instanceof FetchError) {
    const message = `could not download the video: ${plainFetchReason(error)}`;
    if (message !== `could not download the video: ${error.message}`) Context.current().log.warn('download failed', { reason: error.message });
    return error.permanent ? ApplicationFailure.nonRetryable(message, FailureType.BadSource) : ApplicationFailure.retryable(message, FailureType.DownloadFailed);
  }
  return error;
}

/** Our own words for a failed download: socket errors and a server's Location header are the remote side's text, not ours to repeat. */
function plainFetchReason(error: FetchError): string {
  if (error.code === 'network') return 'the connection to its server failed';
  if (error.code === 'bad_url' && !(error.cause instanceof UnsafeUrlError)) return 'the server redirected to an address that is not a valid URL';
  return error.message;
}
