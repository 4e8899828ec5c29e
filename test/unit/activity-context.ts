// Runs activity code as a Temporal worker would run it (Context.current() answers)
// without a worker, recording what the activity told its context.
import { Context, asyncLocalStorage, type Info } from '@temporalio/activity';
import { noopMetricMeter } from '@temporalio/common';

/** What an activity run in a test context reported: each heartbeat's details and each warning's arguments. */
export interface ActivityRecord {
  heartbeats: unknown[];
  warnings: unknown[][];
}

export const newActivityRecord = (): ActivityRecord => ({ heartbeats: [], warnings: [] });

/** Runs `work` inside a context for an activity of type `activityType` (attempt 1, not local, never cancelled). */
export function inActivityContext<T>(work: () => Promise<T>, activityType: string, record: ActivityRecord = newActivityRecord()): Promise<T> {
  const info = {
    activityType,
    activityId: 'test',
    attempt: 1,
    isLocal: false,
    taskQueue: 'test',
    workflowExecution: { workflowId: 'test', runId: 'test' },
  } as unknown as Info;
  const log = {
    trace: () => undefined,
    debug: () => undefined,
    info: () => undefined,
    warn: (...args: unknown[]) => void record.warnings.push(args),
    error: () => undefined,
    log: () => undefined,
  };
  const heartbeat = (details?: unknown) => void record.heartbeats.push(details);
  const context = new Context(info, new Promise<never>(() => undefined), new AbortController().signal, heartbeat, undefined, log, noopMetricMeter, {
    details: undefined,
  } as never);
  return asyncLocalStorage.run(context, work);
}

/** The same activities, each call run in its own test context (its type the activity's name) that records into `record`. */
export function asActivities<T extends Record<string, (input: never) => Promise<unknown>>>(activities: T, record: ActivityRecord = newActivityRecord()): T {
  const wrapped: Record<string, (input: never) => Promise<unknown>> = {};
  for (const [name, activity] of Object.entries(activities)) wrapped[name] = (input) => inActivityContext(() => activity(input), name, record);
  return wrapped as T;
}
