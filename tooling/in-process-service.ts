// The API (and optionally the workers) in this process, over running Temporal
// and MongoDB servers, isolated by its own database and task-queue prefix.
// Integration tests and the chat benchmark both stand on it.
import type { Client } from '@temporalio/client';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type HoldlineConfig } from '../config/env';
import type { LiveAppDeps } from '../api/deps';
import { startApi } from '../api/start';
import type { Mongo } from '../store/mongo';
import { startWorkers, type RunningWorkers } from '../workers/run';

export interface InProcessServiceOptions {
  mongodbUri: string;
  temporalAddress: string;
  /** Environment overrides for API and workers (e.g. MODEL_BASE_URL, HOLDLINE_ALLOW_HOSTS). */
  env?: Record<string, string>;
  /** Run the workers inside this process (default) or not at all. */
  inProcessWorkers?: boolean;
}

export interface InProcessService {
  apiUrl: string;
  app: FastifyInstance;
  deps: LiveAppDeps;
  config: HoldlineConfig;
  temporal: Client;
  mongo: Mongo;
  /** Where this service's scratch directories go; removed by stop(). */
  scratchRoot: string;
  /** The environment a worker process of this service needs (its own queues and database). */
  workerEnv: Record<string, string>;
  stop(): Promise<void>;
}

export async function startInProcessService(options: InProcessServiceOptions): Promise<InProcessService> {
  const tag = `t${randomBytes(4).toString('hex')}`;
  const dbUri = new URL(options.mongodbUri);
  dbUri.pathname = `/${tag}`;
  const scratchRoot = await mkdtemp(join(tmpdir(), `holdline-${tag}-`));
  const workerEnv: Record<string, string> = {
    MONGODB_URI: dbUri.toString(),
    TEMPORAL_ADDRESS: options.temporalAddress,
    HOLDLINE_TASK_QUEUE_PREFIX: tag,
    // API and workers of one service share this media directory unless options.env names an S3 store.
    HOLDLINE_MEDIA_DIR: join(scratchRoot, 'media'),
    ...options.env,
  };
  const config = loadConfig({ ...process.env, ...workerEnv, HOLDLINE_SCRATCH_DIR: join(scratchRoot, 'api'), PORT: '0' });
  const { app, deps, mongo, temporal, disconnect } = await startApi(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const apiUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  let workers: RunningWorkers | null = null;
  if (options.inProcessWorkers ?? true) {
    workers = await startWorkers({ ...config, scratchDir: join(scratchRoot, 'worker-inproc') });
  }
  return {
    apiUrl,
    app,
    deps,
    config,
    temporal,
    mongo,
    scratchRoot,
    workerEnv,
    async stop() {
      await workers?.shutdown();
      await app.close();
      await mongo.db.dropDatabase().catch(() => undefined);
      await disconnect();
      await rm(scratchRoot, { recursive: true, force: true });
    },
  };
}
