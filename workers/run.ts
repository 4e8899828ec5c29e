import {
  Client,
  Connection,
  ScheduleAlreadyRunning,
  ScheduleOverlapPolicy,
  type ScheduleOptionsAction,
  type ScheduleOptionsStartWorkflowAction,
} from '@temporalio/client';
import { NativeConnection, Runtime, Worker, type LogLevel } from '@temporalio/worker';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { HoldlineConfig } from '../config/env';
import { maintenanceScheduleId, retentionScheduleId, taskQueues } from '../contracts/names';
import type { ScheduledWorkflows } from '../contracts/workflows';
import { connectMongo } from '../store/mongo';
import { LocalMediaCache } from '../activities/media/local-cache';
import { createMediaStore } from '../store/media-factory';
import { ScansStore } from '../store/scans';
import { CallsStore } from '../store/calls';
import { withStepStartCount } from '../activities/chat/step-starts';
import { setMediaToolNiceness } from '../activities/media/process';
import { workflowBundlePath } from './bundle';
import { pinoTemporalLogger } from './log';
import { requestIdActivityInterceptors } from './request-id';
import { createChatWorkerActivities, createWebhookWorkerActivities, createWorkerActivities } from './deps';
import { withPoisonHook } from './fault-injection';

/**
 * On SIGTERM/SIGINT (the SDK's runtime catches them) a worker stops polling and lets
 * running activities finish for this long; then they are cancelled (their ffmpeg /
 * pocketsphinx / sandbox children are killed through the cancellation signal) and
 * Temporal retries them elsewhere. Below the stack's 10 s stop grace before SIGKILL.
 */
export const SHUTDOWN_GRACE = '6 seconds';
/** After this the worker gives up waiting for cancelled activities and the process exits. */
export const SHUTDOWN_FORCE = '9 seconds';

/** A local media copy untouched this long belongs to no running scan (every use refreshes it). */
const MEDIA_COPY_MAX_AGE_MS = 6 * 60 * 60_000;

export interface RunningWorkers {
  /** Resolves when every worker has stopped. */
  done: Promise<void>;
  shutdown(): Promise<void>;
}

/**
 * Starts one Temporal worker per task queue in this process. More processes
 * (on any host reaching Temporal and MongoDB) scale out: files travel through MongoDB.
 */
export async function startWorkers(config: HoldlineConfig): Promise<RunningWorkers> {
  installRuntime(config.workerLogLevel, config.workerMetricsAddress);
  setMediaToolNiceness(config.mediaToolNiceness);
  await mkdir(config.scratchDir, { recursive: true });
  const mongo = await connectMongo(config.mongodbUri, { ferretdbSqliteDir: config.ferretdbSqliteDir });
  const connection = await NativeConnection.connect({ address: config.temporalAddress });
  const mediaCache = new LocalMediaCache(config.scratchDir, createMediaStore(config.mediaStore));
  const activities = withPoisonHook(createWorkerActivities(config, mongo, mediaCache));
  // Copies left by scans whose decode ran on another worker (or that crashed) go after a while.
  const sweeper = sweepNowAndEvery(60 * 60_000, 'media sweep', () => mediaCache.sweep(MEDIA_COPY_MAX_AGE_MS));
  // A worker killed mid-activity (SIGKILL, OOM) leaves its scratch folders and media copy;
  // once their scan has ended nobody will use them again.
  const scans = new ScansStore(mongo.db);
  const endedSweeper = sweepNowAndEvery(config.scratchSweepMs, 'scratch sweep', () => sweepEndedScratch(config.scratchDir, scans));
  const queues = taskQueues(config);
  // One prebuilt bundle serves every queue's worker.
  const workflowBundle = { codePath: await workflowBundlePath() };
  const common = {
    connection,
    namespace: config.temporalNamespace,
    workflowBundle,
    shutdownGraceTime: SHUTDOWN_GRACE,
    shutdownForceTime: SHUTDOWN_FORCE,
    // The client's request id reaches every activity's log lines.
    interceptors: { activity: [requestIdActivityInterceptors] },
  };
  const workers: Worker[] = [];
  if (config.workerQueues.includes('chat')) {
    workers.push(
      await Worker.create({
        ...common,
        taskQueue: queues.chat,
        activities: withStepStartCount(withPoisonHook(createChatWorkerActivities(config, mongo)), new CallsStore(mongo.db)),
        maxConcurrentActivityTaskExecutions: config.chatConcurrency,
        // Heartbeats reach the server within a second, so a cancel (client gone, time limit) stops a step at once.
        maxHeartbeatThrottleInterval: '1 second',
        defaultHeartbeatThrottleInterval: '1 second',
      }),
    );
    // Deliveries beside chat, on their own queue and slots: a receiver that never answers
    // (15 s an attempt) holds one of these, never a chat tool's.
    workers.push(
      await Worker.create({
        ...common,
        taskQueue: queues.webhooks,
        activities: createWebhookWorkerActivities(config, mongo),
        maxConcurrentActivityTaskExecutions: config.webhookConcurrency,
      }),
    );
    // `POST /v1/webhooks/test` on a queue and slots of its own: tests never delay a completion delivery.
    workers.push(
      await Worker.create({
        ...common,
        taskQueue: queues.webhookTests,
        activities: createWebhookWorkerActivities(config, mongo),
        maxConcurrentActivityTaskExecutions: config.webhookTestConcurrency,
      }),
    );
  }
  if (config.workerQueues.includes('scans')) {
    workers.push(
      await Worker.create({
        ...common,
        taskQueue: queues.scans,
        activities,
        // Decode and transcription are CPU-bound child processes: about one per core.
        maxConcurrentActivityTaskExecutions: config.scanConcurrency,
      }),
    );
  }
  await ensureMaintenanceSchedule(config);
  const done = Promise.all(workers.map((worker) => worker.run())).then(async () => {
    clearInterval(sweeper);
    clearInterval(endedSweeper);
    await connection.close();
    await mongo.close();
  });
  return {
    done,
    async shutdown() {
      for (const worker of workers) if (worker.getState() === 'RUNNING') worker.shutdown();
      await done;
    },
  };
}

/** Runs `sweep` now and then every `ms`; a failure is logged and the next round tries again. The timer does not keep the process alive. */
function sweepNowAndEvery(ms: number, name: string, sweep: () => Promise<unknown>): NodeJS.Timeout {
  const run = () => void sweep().catch((error: unknown) => console.warn(`${name} failed`, error));
  run();
  return setInterval(run, ms).unref();
}

/**
 * Removes scratch entries (`<scanId>-<activity>-…` folders, `media/<scanId>` copies)
 * whose scan has ended or no longer exists. Entries of running scans stay: another
 * attempt on this host may be using them. Returns how many were removed.
 */
export async function sweepEndedScratch(scratchDir: string, scans: Pick<ScansStore, 'get'>): Promise<number> {
  const entries: { path: string; scanId: string }[] = [];
  const collect = async (dir: string) => {
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      const scanId = /^(scn_[0-9a-f]{24})(?:$|[-.])/.exec(name)?.[1];
      if (scanId) entries.push({ path: join(dir, name), scanId });
    }
  };
  await collect(scratchDir);
  await collect(join(scratchDir, 'media'));
  const ended = new Map<string, boolean>();
  let removed = 0;
  for (const { path, scanId } of entries) {
    if (!ended.has(scanId)) {
      const doc = await scans.get(scanId);
      ended.set(scanId, !doc || doc.status === 'complete' || doc.status === 'error');
    }
    if (ended.get(scanId)) {
      await rm(path, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}

let runtimeInstalled = false;

/**
 * The SDK's runtime (and so its log level and metrics) can be set once per process, before any connection.
 * With a metrics address, the SDK's own Prometheus exporter serves `/metrics` there (Temporal's
 * names, `temporal_` prefix, durations in ms, as Temporal's SDK dashboards expect).
 */
function installRuntime(level: LogLevel, metricsAddress: string | null) {
  if (runtimeInstalled) return;
  runtimeInstalled = true;
  Runtime.install({
    logger: pinoTemporalLogger(level),
    ...(metricsAddress ? { telemetryOptions: { metrics: { prometheus: { bindAddress: metricsAddress } } } } : {}),
  });
}

/** A schedule's start of a workflow by its name in contracts/workflows.ts, with the arguments typed there. */
type ScheduledStart<N extends keyof ScheduledWorkflows> = ScheduleOptionsStartWorkflowAction<ScheduledWorkflows[N]> & { workflowType: N };

/**
 * The hourly schedules, created once; every worker start makes sure they exist:
 * maintenance on the chat queue, media retention on the scans queue (it needs the media store).
 */
export async function ensureMaintenanceSchedule(config: HoldlineConfig): Promise<string> {
  const scheduleId = maintenanceScheduleId(config.taskQueuePrefix);
  const retentionId = retentionScheduleId(config.taskQueuePrefix);
  const connection = await Connection.connect({ address: config.temporalAddress });
  try {
    const client = new Client({ connection, namespace: config.temporalNamespace });
    const hourly = async (action: ScheduleOptionsAction & { workflowId: string }) => {
      try {
        await client.schedule.create({
          scheduleId: action.workflowId,
          spec: { intervals: [{ every: '1 hour' }] },
          policies: { overlap: ScheduleOverlapPolicy.SKIP },
          action,
        });
      } catch (error) {
        if (!(error instanceof ScheduleAlreadyRunning)) throw error;
      }
    };
    const chat = taskQueues(config).chat;
    const scans = taskQueues(config).scans;
    await hourly({
      type: 'startWorkflow',
      workflowType: 'maintenanceWorkflow',
      taskQueue: chat,
      args: [{}],
      workflowId: scheduleId,
    } satisfies ScheduledStart<'maintenanceWorkflow'>);
    await hourly({
      type: 'startWorkflow',
      workflowType: 'retentionWorkflow',
      taskQueue: scans,
      args: [],
      workflowId: retentionId,
    } satisfies ScheduledStart<'retentionWorkflow'>);
  } finally {
    await connection.close();
  }
  return scheduleId;
}
