import type { HoldlineConfig } from '../config/env';
import { DEFAULT_MEDIA_LIMITS } from '../core/media-limits';
import { createScanActivities } from '../activities/scan-activities';
import { probeMedia } from '../activities/media/probe';
import { decodeMedia, decodeSoundtrack, measureLoudness } from '../activities/media/decode';
import { frameDiffsInWindow } from '../activities/media/cut-window';
import { PocketsphinxTranscriber, fallbackEar, singleEar, type Ear } from '../activities/media/transcriber';
import { TranscriptionServerTranscriber } from '../activities/media/transcription-server';
import { safeFetchStream, safePost } from '../net/safe-fetch';
import type { Mongo } from '../store/mongo';
import { SessionsStore } from '../store/sessions';
import type { LocalMediaCache } from '../activities/media/local-cache';
import { ScansStore } from '../store/scans';
import { createChatActivities } from '../activities/chat/chat-activities';
import { createModelClient } from '../activities/chat/model-client';
import { CallFiles } from '../activities/sandbox/call-files';
import { MemoryBudget } from '../activities/sandbox/memory-budget';
import { createSandboxTools } from '../activities/sandbox/tools';
import { CallsStore } from '../store/calls';
import { RateLimiter, UsageStore } from '../store/usage';
import { createRecutActivities } from '../activities/recut-activities';
import { createMaintenanceActivities } from '../activities/maintenance-activities';
import { IdempotencyStore } from '../store/idempotency';
import { SubmissionsStore } from '../store/submissions';
import { DownloadTime } from '../store/download-time';
import { RecutsStore } from '../store/recuts';
import { AccountsStore } from '../store/accounts';
import { createWebhookActivities } from '../activities/webhook-activities';
import { createDeletionActivities } from '../activities/deletion-activities';
import { LibraryStore } from '../store/library';
import { createAccountClosureActivities } from '../activities/account-closure-activities';
import { createRetentionActivities } from '../activities/retention-activities';

/** The real dependencies of every activity, wired once per worker process. */
export function createWorkerActivities(config: HoldlineConfig, mongo: Mongo, mediaCache: LocalMediaCache) {
  return {
    ...createScanActivities({
      scans: new ScansStore(mongo.db),
      media: mediaCache.media,
      probe: probeMedia,
      decode: decodeMedia,
      decodeSoundtrack,
      measureLoudness,
      cutWindow: frameDiffsInWindow,
      transcriber: createEar(config),
      fetch: safeFetchStream,
      scratchDir: config.scratchDir,
      mediaCache,
      allowHosts: config.allowHosts,
      uploadLimitBytes: config.uploadLimitBytes,
      mediaLimits: { ...DEFAULT_MEDIA_LIMITS, maxDurationSec: config.maxDurationSec },
      downloadTime: new DownloadTime(new RateLimiter(mongo.db)),
    }),
    ...createDeletionActivities({
      scans: new ScansStore(mongo.db),
      library: new LibraryStore(mongo.db),
      recuts: new RecutsStore(mongo.db),
      media: mediaCache.media,
      mediaCache,
      usage: new UsageStore(mongo.db),
      idempotency: new IdempotencyStore(mongo.db),
      scratchDir: config.scratchDir,
    }),
    ...createAccountClosureActivities({
      accounts: new AccountsStore(mongo.db),
      scans: new ScansStore(mongo.db),
      recuts: new RecutsStore(mongo.db),
      calls: new CallsStore(mongo.db),
      sessions: new SessionsStore(mongo.db),
      idempotency: new IdempotencyStore(mongo.db),
      usage: new UsageStore(mongo.db),
      rateLimiter: new RateLimiter(mongo.db),
      submissions: new SubmissionsStore(mongo.db),
      submissionMaxMs: config.requestTimeoutMs,
    }),
    ...createRetentionActivities({
      accounts: new AccountsStore(mongo.db),
      scans: new ScansStore(mongo.db),
      submissions: new SubmissionsStore(mongo.db),
      usage: new UsageStore(mongo.db),
      submissionMaxMs: config.requestTimeoutMs,
      media: mediaCache.media,
      mediaCache,
      operatorDefaultDays: config.mediaRetentionDays,
    }),
    ...createRecutActivities({
      recuts: new RecutsStore(mongo.db),
      scans: new ScansStore(mongo.db),
      media: mediaCache.media,
      mediaCache,
      usage: new UsageStore(mongo.db),
      probe: probeMedia,
      mediaLimits: { ...DEFAULT_MEDIA_LIMITS, maxDurationSec: config.maxDurationSec },
      model: createModelClient({
        baseUrl: config.modelBaseUrl,
        apiKey: config.modelApiKey,
        timeoutMs: config.modelStepTimeoutMs,
        maxTokens: config.modelMaxTokens,
      }),
      modelName: config.modelBaseName,
      scratchDir: config.scratchDir,
    }),
  };
}

/**
 * The chat queue's activities: model steps, sandbox tools, bookkeeping and maintenance.
 * The webhook activities stay registered here only for deliveries started before they
 * got their own queue (their activities follow their workflow's queue); new ones run on
 * the webhooks queue (`createWebhookWorkerActivities`).
 */
export function createChatWorkerActivities(config: HoldlineConfig, mongo: Mongo) {
  const callFiles = new CallFiles(mongo.db);
  return {
    ...createChatActivities({
      calls: new CallsStore(mongo.db),
      usage: new UsageStore(mongo.db),
      model: createModelClient({
        baseUrl: config.modelBaseUrl,
        apiKey: config.modelApiKey,
        timeoutMs: config.modelStepTimeoutMs,
        maxTokens: config.modelMaxTokens,
      }),
      // One budget per process: every chat slot's `run` child reserves from it.
      sandbox: createSandboxTools({ callFiles, allowHosts: config.allowHosts, memoryBudget: new MemoryBudget(config.sandboxMemoryMb) }),
      callFiles,
    }),
    ...createMaintenanceActivities({
      accounts: new AccountsStore(mongo.db),
      rateLimiter: new RateLimiter(mongo.db),
      sessions: new SessionsStore(mongo.db),
      idempotency: new IdempotencyStore(mongo.db),
    }),
    ...createWebhookActivities({ scans: new ScansStore(mongo.db), accounts: new AccountsStore(mongo.db), post: safePost, allowHosts: config.allowHosts }),
  };
}

/** The webhooks queue's activities: one delivery attempt each. */
export function createWebhookWorkerActivities(config: HoldlineConfig, mongo: Mongo) {
  return createWebhookActivities({ scans: new ScansStore(mongo.db), accounts: new AccountsStore(mongo.db), post: safePost, allowHosts: config.allowHosts });
}

/**
 * The scan's speech-to-text: pocketsphinx alone, or an OpenAI-compatible
 * transcription server with pocketsphinx behind it for any chunk the server
 * fails on (down, error status, timeout); the read names the engine per scan.
 */
export function createEar(
  config: Pick<HoldlineConfig, 'transcriber' | 'transcriberUrl' | 'transcriberModel' | 'transcriberApiKey' | 'transcriberTimeoutMs'>,
): Ear {
  const pocketsphinx = new PocketsphinxTranscriber();
  if (config.transcriber !== 'openai' || !config.transcriberUrl) return singleEar(pocketsphinx);
  const server = new TranscriptionServerTranscriber({
    url: config.transcriberUrl,
    model: config.transcriberModel,
    apiKey: config.transcriberApiKey,
    timeoutMs: config.transcriberTimeoutMs,
  });
  return fallbackEar(server, pocketsphinx, (error) => console.warn(`transcription server failed, pocketsphinx takes the chunk: ${(error as Error).message}`));
}
