import { NativeConnection, Worker } from '@temporalio/worker';
import { fileURLToPath } from 'node:url';
import { mkdir } from 'node:fs/promises';
import { loadConfig, taskQueues } from '../config/env';
import { connectMongo } from '../store/mongo';
import { createWorkerActivities } from './deps';

// One process runs a worker per task queue; more processes (on any host that
// reaches Temporal and MongoDB) scale a scan out, since files travel by GridFS.
const config = loadConfig();
await mkdir(config.scratchDir, { recursive: true });
const mongo = await connectMongo(config.mongodbUri);
const connection = await NativeConnection.connect({ address: config.temporalAddress });
const activities = createWorkerActivities(config, mongo);
const workflowsPath = fileURLToPath(new URL('../workflows/index.ts', import.meta.url));
const queues = taskQueues(config);

const scanWorker = await Worker.create({
  connection,
  namespace: config.temporalNamespace,
  taskQueue: queues.scans,
  workflowsPath,
  activities,
  // Decode and transcription are CPU-bound child processes: about one per core.
  maxConcurrentActivityTaskExecutions: Number(process.env.HOLDLINE_SCAN_CONCURRENCY ?? 2),
});

const stop = () => scanWorker.shutdown();
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
console.log(`worker ${process.pid} polling ${queues.scans}`);
try {
  await scanWorker.run();
} finally {
  await connection.close();
  await mongo.close();
}
