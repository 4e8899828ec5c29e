import { loadConfig, taskQueues } from '../config/env';
import { startWorkers } from './run';

// The Temporal SDK stops the workers gracefully on SIGINT/SIGTERM by itself.
const config = loadConfig();
const workers = await startWorkers(config);
console.log(`worker ${process.pid} polling ${config.workerQueues.map((q) => taskQueues(config)[q]).join(', ')}`);
await workers.done;
