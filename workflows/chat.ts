import {
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  defineQuery,
  isCancellation,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  sleep,
  TimeoutFailure,
  type RetryPolicy,
} from '@temporalio/workflow';
import type { ChatActivities } from '../activities/chat/chat-activities';
import { fallbackAnswer, finishEarly, newLoopState, runAgents, type AgentPorts, type LoopOutcome, type LoopState } from '../core/chat/agent-loop';
import type { Stopped } from '../core/chat/shapes';
import type { ChatProgress, ChatWorkflowInput, ChatWorkflowResult } from '../contracts/chat-types';
import { FailureType } from '../contracts/names';

export const chatProgressQuery = defineQuery<ChatProgress>('chatProgress');

// Model steps run as local activities in the worker that holds the workflow task: no
// task-queue dispatch and no workflow task between steps (as ordinary activities they cost
// about twice the per-step overhead, measured with bench/chat.ts; see the README's Faults
// survived). A local activity cannot heartbeat; the workflow task stays open while it runs
// and is renewed every ~80% of its timeout (set by the API at start from
// HOLDLINE_CHAT_TASK_TIMEOUT_MS, 6 s by default), so a dead worker is noticed within about
// that long and the step re-runs on another, and a cancel or
// the time-limit timer is seen at the next renewal. Temporal does not count those re-runs
// (the workflow task is retried without limit and the step starts again at attempt 1); the
// worker counts them in MongoDB and refuses a step that has started too often on fresh
// workers with WorkerLost (activities/chat/step-starts.ts), which ends the call. Each step's
// schedule-to-close is the time left before the limit, so a running step is cut at the limit
// itself. 4xx from the upstream is final.
const STEP_RETRY: RetryPolicy = {
  maximumAttempts: 4,
  initialInterval: '1 second',
  backoffCoefficient: 2,
  nonRetryableErrorTypes: [FailureType.UpstreamRejected, FailureType.CallMissing, FailureType.WorkerLost],
};
const modelSteps = (timeLeftMs: number) =>
  proxyLocalActivities<ChatActivities>({
    // No start-to-close: it would be retryable and outlive the limit; the client's own timeout ends a hung attempt.
    scheduleToCloseTimeout: timeLeftMs,
    // Backoffs (1, 2, 4 s) stay in the worker rather than becoming server timers.
    localRetryThreshold: '10 seconds',
    retry: STEP_RETRY,
  });

// Tools run at most ~15 s (run 10 s, read_url 15 s); they heartbeat too.
const tools = proxyActivities<ChatActivities>({
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: '5 seconds',
  retry: { maximumAttempts: 3, initialInterval: '1 second', nonRetryableErrorTypes: [FailureType.CallMissing] },
});

// The best-answer step after the time limit: short, so a call ends soon after its limit.
const lastStep = proxyLocalActivities<ChatActivities>({
  scheduleToCloseTimeout: '2 minutes',
  localRetryThreshold: '10 seconds',
  retry: { ...STEP_RETRY, maximumAttempts: 2 },
});

// Short MongoDB writes run as local activities: no task-queue round trip at the end of a call.
const bookkeeping = proxyLocalActivities<ChatActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { maximumAttempts: 10, initialInterval: '500 milliseconds' },
});

/**
 * One chat call: planner, actors with tools, checker; limited by a step counter and a
 * workflow timer. The conversation lives in MongoDB; this passes ids and short texts.
 */
export async function chatWorkflow(input: ChatWorkflowInput): Promise<ChatWorkflowResult> {
  const { callId } = input;
  const state = newLoopState();
  let phase: ChatProgress['phase'] = 'working';
  setHandler(chatProgressQuery, () => ({ steps: state.steps, toolsUsed: [...state.toolsUsed], phase }));

  // Workflow time: the timer below and the steps' schedule-to-close count from here.
  const deadline = Date.now() + input.timeLimitMs;
  const workPorts: AgentPorts = {
    modelStep: async (step) => {
      const timeLeftMs = deadline - Date.now();
      if (timeLeftMs <= 0) throw new TimeLimitReached();
      return modelSteps(timeLeftMs).modelStep({ callId, ...step });
    },
    executeTool: (call) => tools.executeTool({ callId, ...call }),
  };
  const lastPorts: AgentPorts = { ...workPorts, modelStep: (step) => lastStep.modelStep({ callId, ...step }) };

  let outcome: LoopOutcome | { content: string; stopped: Stopped; finishReason: 'stop' | 'length' };
  try {
    let timedOut = false;
    const work = new CancellationScope();
    const timer = new CancellationScope();
    void timer
      .run(() => sleep(input.timeLimitMs))
      .then(
        () => {
          timedOut = true;
          work.cancel();
        },
        () => undefined,
      );
    try {
      outcome = await work.run(() => runAgents(workPorts, state, input.maxSteps));
    } catch (error) {
      if (!((timedOut && isCancellation(error)) || isTimeLimit(error))) throw error;
      phase = 'finishing';
      outcome = await finishAfterTimeLimit(lastPorts, state, input.maxSteps, callId);
    } finally {
      timer.cancel();
    }
  } catch (error) {
    if (isCancellation(error)) {
      // The client closed the stream: record it, then end as cancelled.
      await CancellationScope.nonCancellable(() => finish(callId, state, 'cancelled'));
      throw error;
    }
    const detail = failureDetail(error);
    await bookkeeping.noteProgress({ callId, seq: state.nextSeq++, text: `stopped: ${detail}` });
    if (isWorkerLost(error)) {
      // Not the model server's doing: the call is recorded as ended, then fails as a whole, so
      // the API answers with an error (charging nothing when no step had answered) and the
      // workflow's failure names the cause for an operator.
      await finish(callId, state, 'upstream_error');
      throw ApplicationFailure.nonRetryable(detail, FailureType.WorkerLost);
    }
    outcome = { content: fallbackAnswer(state, 'upstream_error', detail), stopped: 'upstream_error', finishReason: 'stop' };
  }
  phase = 'done';
  const { base_model } = await finish(callId, state, outcome.stopped);
  return {
    content: outcome.content,
    finishReason: outcome.finishReason,
    usage: state.usage,
    run: { call_id: callId, base_model, steps: state.steps, tools_used: [...state.toolsUsed], stopped: outcome.stopped },
  };
}

async function finishAfterTimeLimit(ports: AgentPorts, state: LoopState, maxSteps: number, callId: string): Promise<LoopOutcome> {
  try {
    return await finishEarly(ports, state, maxSteps, 'time_limit');
  } catch (error) {
    if (isCancellation(error)) throw error;
    await bookkeeping.noteProgress({ callId, seq: state.nextSeq++, text: `the last step failed: ${failureDetail(error)}` });
    return { content: fallbackAnswer(state, 'time_limit'), stopped: 'time_limit', finishReason: 'length' };
  }
}

function finish(callId: string, state: LoopState, stopped: Stopped) {
  return bookkeeping.finishCall({ callId, stopped, steps: state.steps, toolsUsed: [...state.toolsUsed], usage: state.usage });
}

/** The time limit passed before a step could start (the timer is seen at the next workflow task). */
class TimeLimitReached extends Error {}

/** The time limit cut a step: it passed first, or the step's schedule-to-close (the time left) ran out. */
function isTimeLimit(error: unknown): boolean {
  if (error instanceof TimeLimitReached) return true;
  return (
    error instanceof ActivityFailure &&
    error.activityType === 'modelStep' &&
    error.cause instanceof TimeoutFailure &&
    error.cause.timeoutType === 'SCHEDULE_TO_CLOSE'
  );
}

/**
 * A model step refused because it kept stopping its worker (a poisoned call), not a failing
 * model server. A local activity's failure may arrive bare or wrapped in an ActivityFailure.
 */
function isWorkerLost(error: unknown): boolean {
  const cause = error instanceof ActivityFailure ? error.cause : error;
  return cause instanceof ApplicationFailure && cause.type === FailureType.WorkerLost;
}

/** The upstream's own refusal and a lost worker explain themselves; repeated transient failures are summarised. */
function failureDetail(error: unknown): string {
  const cause = error instanceof ActivityFailure ? error.cause : error;
  if (cause instanceof ApplicationFailure && (cause.type === FailureType.UpstreamRejected || cause.type === FailureType.WorkerLost)) return cause.message;
  if (error instanceof ActivityFailure && error.activityType === 'executeTool') return 'a tool kept failing after several attempts';
  return 'the model server kept failing after several attempts';
}
