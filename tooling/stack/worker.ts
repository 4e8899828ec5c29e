// A worker process (workers/main.ts) of a stack, or a test's own worker against one:
// ready once it polls its task queues in Temporal.

import { join } from 'node:path';
import { REPO_ROOT } from '../repo-root';
import { cleanEnv, type Env } from './env';
import { type ManagedProcess, spawnManaged } from './processes';
import { waitUntil } from './readiness';

export interface WorkerOptions {
  /** Directory for the log file (`worker-<time>-<random>.log`). Default `<repo>/.data/logs`. */
  logDir?: string;
  /** The log file itself; overrides `logDir`. */
  logFile?: string;
  /** Where to record the pid, so a later stack on the same data directory can end an orphan. */
  pidFile?: string;
  /** Wait until the worker polls its task queues (`<prefix>-scans`, `<prefix>-chat`, `<prefix>-webhooks`, `<prefix>-webhook-tests`) in Temporal. Default true. */
  waitReady?: boolean;
  /** Task queues to wait for. Default all three queues of the prefix. */
  waitQueues?: string[];
  readyTimeoutMs?: number;
  echo?: boolean;
}

/** Waits until a Temporal poller whose identity starts with `<pid>@` polls every given task queue. */
async function workerPolls(address: string, pid: number, queues: string[]): Promise<boolean> {
  const { Connection } = await import('@temporalio/client');
  const connection = await Connection.connect({ address, connectTimeout: 2000 });
  try {
    for (const name of queues) {
      const response = await connection.workflowService.describeTaskQueue({
        namespace: 'default',
        taskQueue: { name },
      });
      const mine = (response.pollers ?? []).some((p) => (p.identity ?? '').startsWith(`${pid}@`));
      if (!mine) return false;
    }
    return true;
  } finally {
    await connection.close();
  }
}

/**
 * Starts a worker (`node --no-node-snapshot --import tsx workers/main.ts`) with
 * `process.env` overlaid by `env` (which should carry MONGODB_URI,
 * TEMPORAL_ADDRESS, HOLDLINE_TASK_QUEUE_PREFIX, HOLDLINE_SCRATCH_DIR).
 * Resolves once it polls its task queues (unless `waitReady: false`).
 */
export async function startWorker(env: Env = {}, options: WorkerOptions = {}): Promise<ManagedProcess> {
  const merged = cleanEnv({ ...process.env, ...env });
  const logDir = options.logDir ?? join(REPO_ROOT, '.data', 'logs');
  const proc = spawnManaged({
    name: 'worker',
    command: process.execPath,
    args: ['--no-node-snapshot', '--import', 'tsx', 'workers/main.ts'],
    env: merged,
    logFile: options.logFile ?? join(logDir, `worker-${Date.now()}-${Math.random().toString(16).slice(2, 8)}.log`),
    echo: options.echo ?? false,
    defaultGraceMs: 10_000,
    ...(options.pidFile ? { pidFile: options.pidFile } : {}),
  });
  if (options.waitReady ?? true) {
    const address = merged.TEMPORAL_ADDRESS ?? '127.0.0.1:7233';
    const prefix = merged.HOLDLINE_TASK_QUEUE_PREFIX ?? 'holdline';
    const queues = options.waitQueues ?? [`${prefix}-scans`, `${prefix}-chat`, `${prefix}-webhooks`, `${prefix}-webhook-tests`];
    try {
      await waitUntil('worker', proc, options.readyTimeoutMs ?? 90_000, () => workerPolls(address, proc.pid, queues));
    } catch (error) {
      await proc.stop(2000);
      throw error;
    }
  }
  return proc;
}
