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
