import { WorkflowNotFoundError, type Client, type WorkflowStartOptions } from '@temporalio/client';
import type { Db } from 'mongodb';
import type { HoldlineConfig } from '../config/env';
import type { AppDeps, DeletionRun, WorkflowOrigin, WorkflowsPort } from '../services/ports';
import { AccountsStore } from '../store/accounts';
import { CallsStore } from '../store/calls';
import { IdempotencyStore } from '../store/idempotency';
import { SubmissionsStore } from '../store/submissions';
import { LibraryStore } from '../store/library';
import { createMediaStore } from '../store/media-factory';
import { RecutsStore } from '../store/recuts';
import { ScansStore } from '../store/scans';
import { newPasswordHashGate } from '../store/password-hash';
import { SessionsStore } from '../store/sessions';
import { RateLimiter, UsageStore } from '../store/usage';
import {
  chatWorkflowId,
  closeAccountWorkflowId,
  deleteWorkflowId,
  recutWorkflowId,
  scanWorkflowId,
  taskQueues,
  webhookTestWorkflowId,
} from '../contracts/names';
import type { StartedWorkflows } from '../contracts/workflows';
import { UpstreamHealth } from './upstream-health';

export type { AppDeps } from '../services/ports';

/** The one place the real stores are built; the result keeps their full types for scripts and integration tests. */
export function createAppDeps(input: { config: HoldlineConfig; db: Db; temporal: Client; now?: () => Date }) {
  const { db, config, temporal } = input;
  const now = input.now ?? (() => new Date());
  const queues = taskQueues(config);
  // The request that started a workflow, in its memo: an operator goes from a client's x-request-id to the history.
  const memo = (origin: WorkflowOrigin | undefined) => (origin?.requestId ? { memo: { request_id: origin.requestId } } : {});
  // Starts by name with the arguments and result of contracts/workflows.ts: no cast on either.
  const start = <N extends keyof StartedWorkflows>(name: N, options: WorkflowStartOptions<StartedWorkflows[N]>) =>
    temporal.workflow.start<StartedWorkflows[N]>(name, options);
  const workflows: WorkflowsPort = {
    async startScan(scan, options) {
      await start('scanWorkflow', {
        taskQueue: queues.scans,
        workflowId: scanWorkflowId(scan.scanId),
        args: [scan],
        priority: { priorityKey: options.priorityKey },
        ...memo(options),
      });
    },
    async startRecut(recut, origin) {
      await start('recutWorkflow', {
        taskQueue: queues.scans,
        workflowId: recutWorkflowId(recut.recutId),
        args: [recut],
        priority: { priorityKey: recut.priorityKey },
        ...memo(origin),
      });
    },
    async startChat(chat, origin) {
      const handle = await start('chatWorkflow', {
        taskQueue: queues.chat,
        workflowId: chatWorkflowId(chat.callId),
        workflowTaskTimeout: config.chatTaskTimeoutMs,
        args: [chat],
        ...memo(origin),
      });
      return { result: () => handle.result(), cancel: () => handle.cancel() };
    },
    async startDeletion(input, origin) {
      const handle = await start('deleteScanWorkflow', {
        taskQueue: queues.scans,
        workflowId: deleteWorkflowId(input.scanId),
        // A second request while the first runs joins it.
        workflowIdConflictPolicy: 'USE_EXISTING',
        args: [input],
        ...memo(origin),
      });
      return waitable(handle);
    },
    async startAccountClosure(input, origin) {
      const handle = await start('closeAccountWorkflow', {
        taskQueue: queues.scans,
        workflowId: closeAccountWorkflowId(input.accountId),
        workflowIdConflictPolicy: 'USE_EXISTING',
        args: [input],
        ...memo(origin),
      });
      return waitable(handle);
    },
    async cancelScan(scanId) {
      const handle = temporal.workflow.getHandle(scanWorkflowId(scanId));
      try {
        await handle.cancel();
      } catch (error) {
        if (error instanceof WorkflowNotFoundError) return;
        throw error;
      }
      // A cancelled scan workflow ends failed (cancelled) after its clean-up; that end is what is awaited.
      await handle.result().catch(() => undefined);
    },
    async testWebhook({ testId, ...input }, origin) {
      return await temporal.workflow.execute<StartedWorkflows['webhookTestWorkflow']>('webhookTestWorkflow', {
        // Its own queue and slots: a test never holds a slot of the completion deliveries.
        taskQueue: queues.webhookTests,
        workflowId: webhookTestWorkflowId(testId),
        args: [input],
        // The caller is waiting: one attempt of at most 5 s (10 s to start and end it), then the workflow is given up.
        workflowExecutionTimeout: '20 seconds',
        ...memo(origin),
      });
    },
  };
  const deps = {
    config,
    accounts: new AccountsStore(db),
    scans: new ScansStore(db),
    library: new LibraryStore(db),
    media: createMediaStore(config.mediaStore),
    usage: new UsageStore(db),
    rateLimiter: new RateLimiter(db),
    calls: new CallsStore(db),
    sessions: new SessionsStore(db, { hashGate: newPasswordHashGate({ concurrency: config.passwordHashConcurrency, queueLimit: config.passwordHashQueue }) }),
    recuts: new RecutsStore(db),
    idempotency: new IdempotencyStore(db),
    submissions: new SubmissionsStore(db),
    workflows,
    readiness: {
      mongodb: () => db.command({ ping: 1 }),
      temporal: () => temporal.connection.workflowService.getSystemInfo({}),
    },
    upstream: new UpstreamHealth({
      baseUrl: config.modelBaseUrl,
      apiKey: config.modelApiKey,
      ttlMs: config.upstreamHealthTtlMs,
      ...(config.modelUnavailableReason ? { unavailableReason: config.modelUnavailableReason } : {}),
    }),
    now,
  } satisfies AppDeps;
  return deps;
}

/** A started workflow as a `DeletionRun`: true once it has completed, false when `waitMs` passed first. */
function waitable(handle: { result(): Promise<unknown> }): DeletionRun {
  return {
    async finished(waitMs) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), waitMs);
      });
      try {
        return await Promise.race([handle.result().then(() => true as const), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** The real dependencies, with the stores' full types (scripts and integration tests reach past the ports). */
export type LiveAppDeps = ReturnType<typeof createAppDeps>;
