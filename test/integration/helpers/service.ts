import { Client, Connection } from '@temporalio/client';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type HoldlineConfig } from '../../../config/env';
import type { PlanId } from '../../../core/plans';
import { buildApp } from '../../../api/app';
import { createAppDeps, type AppDeps } from '../../../api/deps';
import { connectMongo, type Mongo } from '../../../store/mongo';
import { startWorkers, type RunningWorkers } from '../../../workers/run';
import { startWorker, type ManagedProcess } from '../../../scripts/stack';
import { getStackEnv } from './stack-env';

export interface ServiceOptions {
  /** Environment overrides for API and workers (e.g. MODEL_BASE_URL, HOLDLINE_ALLOW_HOSTS). */
  env?: Record<string, string>;
  /** Run the workers inside the test process (default) or not at all (start them as processes yourself). */
  inProcessWorkers?: boolean;
}

export interface Service {
  apiUrl: string;
  app: FastifyInstance;
  deps: AppDeps;
  config: HoldlineConfig;
  temporal: Client;
  mongo: Mongo;
  /** The environment a worker process of this service needs (own scratch dir, own queues, own database). */
  workerEnv: Record<string, string>;
  /** A worker as a separate OS process with its own scratch directory; the caller stops or kills it. */
  startWorkerProcess(extraEnv?: Record<string, string>): Promise<ManagedProcess>;
  createAccount(plan?: PlanId): Promise<{ accountId: string; apiKey: string }>;
  stop(): Promise<void>;
}

/**
 * The API in-process over the shared test stack, isolated from other test files
 * by its own database and task-queue prefix, so files may run in any order.
 */
export async function startService(options: ServiceOptions = {}): Promise<Service> {
  const stack = getStackEnv();
  const tag = `t${randomBytes(4).toString('hex')}`;
  const dbUri = new URL(stack.mongodbUri);
  dbUri.pathname = `/${tag}`;
  const scratchRoot = await mkdtemp(join(tmpdir(), `holdline-${tag}-`));
  const env: Record<string, string> = {
    MONGODB_URI: dbUri.toString(),
    TEMPORAL_ADDRESS: stack.temporalAddress,
    HOLDLINE_TASK_QUEUE_PREFIX: tag,
    ...options.env,
  };
  const config = loadConfig({ ...process.env, ...env, HOLDLINE_SCRATCH_DIR: join(scratchRoot, 'api'), PORT: '0' });
  const mongo = await connectMongo(config.mongodbUri);
  const connection = await Connection.connect({ address: config.temporalAddress });
  const temporal = new Client({ connection, namespace: config.temporalNamespace });
  const deps = createAppDeps({ config, db: mongo.db, temporal });
  const app = await buildApp(deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const apiUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  let workers: RunningWorkers | null = null;
  if (options.inProcessWorkers ?? true) {
    workers = await startWorkers({ ...config, scratchDir: join(scratchRoot, 'worker-inproc') });
  }
  const processes: ManagedProcess[] = [];

  return {
    apiUrl,
    app,
    deps,
    config,
    temporal,
    mongo,
    workerEnv: env,
    async startWorkerProcess(extraEnv = {}) {
      const proc = await startWorker(
        { ...env, HOLDLINE_SCRATCH_DIR: join(scratchRoot, `worker-${processes.length}`), ...extraEnv },
        { logDir: join(scratchRoot, 'logs') },
      );
      processes.push(proc);
      return proc;
    },
    async createAccount(plan = 'signal') {
      const { account, apiKey } = await deps.accounts.create({ email: `${randomBytes(6).toString('hex')}@example.com`, plan });
      return { accountId: account._id, apiKey };
    },
    async stop() {
      await Promise.allSettled(processes.map((proc) => proc.stop(5000)));
      await workers?.shutdown();
      await app.close();
      await connection.close();
      await mongo.db.dropDatabase().catch(() => undefined);
      await mongo.close();
      await rm(scratchRoot, { recursive: true, force: true });
    },
  };
}
