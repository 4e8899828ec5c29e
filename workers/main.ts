import { loadConfig } from '../config/env';
import { taskQueues } from '../contracts/names';
import { SHUTDOWN_GRACE, startWorkers } from './run';

// The Temporal SDK's runtime catches SIGINT/SIGTERM and shuts the workers down:
// no new tasks, running activities get SHUTDOWN_GRACE, then they are cancelled.
const config = loadConfig();
const workers = await startWorkers(config);
console.log(
  `worker ${process.pid} polling ${config.workerQueues.flatMap((q) => (q === 'chat' ? [taskQueues(config).chat, taskQueues(config).webhooks, taskQueues(config).webhookTests] : [taskQueues(config)[q]])).join(', ')}`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => console.log(`worker ${process.pid}: ${signal}: polling stopped; running activities have ${SHUTDOWN_GRACE} to finish`));
}
try {
  await workers.done;
  console.log(`worker ${process.pid} stopped`);
} catch (error) {
  // A worker that failed (lost its server for too long) or overran the shutdown grace:
  // exit non-zero so a supervisor starts a fresh one.
  console.error(`worker ${process.pid} failed:`, error);
  process.exitCode = 1;
}
// Pending timers (media sweep, SDK internals) must not keep a stopped worker alive.
process.exit();
