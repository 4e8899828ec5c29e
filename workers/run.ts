import { NativeConnection, Worker } from '@temporalio/worker';
import { fileURLToPath } from 'node:url';
import { mkdir } from 'node:fs/promises';
import { taskQueues, type HoldlineConfig } from '../config/env';
import { connectMongo } from '../store/mongo';
import { createWorkerActivities } from './deps';

export interface RunningWorkers {
  /** Resolves when every worker has stopped. */
  done: Promise<void>;
  shutdown(): Promise<void>;
}

const workflowsPath = fileURLToPath(new URL('../workflows/index.ts', import.meta.url));

/**
 * Starts one Temporal worker per task queue in this process. More processes
 * (on any host reaching Temporal and MongoDB) scale out: files travel by GridFS.
 */
export async function startWorkers(config: HoldlineConfig): Promise<RunningWorkers> {
  await mkdir(config.scratchDir, { recursive: true });
  const mongo = await connectMongo(config.mongodbUri);
  const connection = await NativeConnection.connect({ address: config.temporalAddress });
  const activities = createWorkerActivities(config, mongo);
  const queues = taskQueues(config);
  const workers = [
    await Worker.create({
      connection,
      namespace: config.temporalNamespace,
      taskQueue: queues.scans,
      workflowsPath,
      activities,
      // Decode and transcription are CPU-bound child processes: about one per core.
      maxConcurrentActivityTaskExecutions: config.scanConcurrency,
    }),
  ];
  const done = Promise.all(workers.map((worker) => worker.run())).then(async () => {
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
