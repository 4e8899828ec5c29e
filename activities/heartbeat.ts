// Heartbeats for long activities: a dead worker is noticed within the heartbeat
// timeout instead of at the end of the start-to-close timeout, and a cancel
// arrives (it travels back on a heartbeat's answer).

import { Context } from '@temporalio/activity';

/**
 * Runs `work` with the activity's cancellation signal, heartbeating at once and
 * then every `everyMs` until it settles. Local activities cannot heartbeat (their
 * workflow task is renewed instead): for them `work` just runs.
 */
export async function heartbeating<T>(everyMs: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const context = Context.current();
  if (context.info.isLocal) return work(context.cancellationSignal);
  context.heartbeat();
  const timer = setInterval(() => context.heartbeat(), everyMs);
  try {
    return await work(context.cancellationSignal);
  } finally {
    clearInterval(timer);
  }
}

/**
 * The same activities, each one heartbeating every `everyMs` while it runs: for steps
 * with no progress to report whose workflow still gives them a heartbeat timeout, so
 * a worker lost mid-step is noticed within that timeout and the step retried elsewhere.
 */
export function heartbeatingEach<T extends Record<string, (input: never) => Promise<unknown>>>(everyMs: number, activities: T): T {
  const wrapped: Record<string, (input: never) => Promise<unknown>> = {};
  for (const [name, activity] of Object.entries(activities)) wrapped[name] = (input) => heartbeating(everyMs, () => activity(input));
  return wrapped as T;
}
