// Bounds a chat call whose model step keeps killing its worker (a poisoned input that
// crashes a native binding or exhausts memory). Model steps are local activities: they run
// inside the workflow task, so when their worker dies the task times out, Temporal retries
// it without limit, and the step starts again at attempt 1 on the next worker. Nothing in
// Temporal counts those starts, so the worker does, in MongoDB, before the step runs.
//
// Only cold starts are counted: the first step a worker process runs of a call, which is
// the call's first step or any step re-run after a worker died (a fresh process has run
// nothing). Later steps on the same live worker cost no write, and their ordinary retries
// are bounded by the step's own retry policy. A step started cold more than
// MAX_COLD_STARTS times is refused with the non-retryable WorkerLost, and the chat
// workflow ends the call with a plain error.

import { ApplicationFailure } from '@temporalio/activity';
import type { CallsStore } from '../../store/calls';
import { FailureType } from '../../contracts/names';
import type { ChatActivities } from './chat-activities';

/** A step may start this many times on fresh workers; the next start is refused. */
export const MAX_COLD_STARTS = 3;

/** Calls this process has started a step of (bounded; an evicted call only costs one more count). */
const WARM_LIMIT = 1000;

type ModelStep = ChatActivities['modelStep'];

/**
 * The chat activities with `modelStep` counting its cold starts first. Applied outside any
 * other wrapper (the test-only poison hook), so a start is counted before anything can crash.
 */
export function withStepStartCount<T extends { modelStep: ModelStep }>(
  activities: T,
  calls: Pick<CallsStore, 'countStepStart'>,
  maxColdStarts = MAX_COLD_STARTS,
): T {
  const warm = new Set<string>();
  const modelStep: ModelStep = async (input) => {
    if (warm.has(input.callId)) return activities.modelStep(input);
    const { starts, call } = await calls.countStepStart(input.callId, input.seq);
    if (starts > maxColdStarts) {
      throw ApplicationFailure.nonRetryable(
        `the call was stopped: its model step ended the worker running it on each of ${maxColdStarts} attempts`,
        FailureType.WorkerLost,
      );
    }
    warm.add(input.callId);
    if (warm.size > WARM_LIMIT) warm.delete(warm.values().next().value as string);
    // The count's write returned the call document: the step starts without reading it again.
    return activities.modelStep(input, call ? { call } : undefined);
  };
  return { ...activities, modelStep };
}
