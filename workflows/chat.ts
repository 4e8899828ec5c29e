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
} from '@temporalio/workflow';
import type { ChatActivities } from '../activities/chat/chat-activities';
import { fallbackAnswer, finishEarly, newLoopState, runAgents, type AgentPorts, type LoopOutcome, type LoopState } from '../core/chat/agent-loop';
import type { Stopped } from '../core/chat/shapes';
import type { ChatProgress, ChatWorkflowInput, ChatWorkflowResult } from './chat-types';

export const chatProgressQuery = defineQuery<ChatProgress>('chatProgress');

// Model steps stream from the upstream and heartbeat every second: a dead worker is
// noticed within 5 s and the step resumes on another; 4xx from the upstream is final.
const steps = proxyActivities<ChatActivities>({
  startToCloseTimeout: '16 minutes',
  heartbeatTimeout: '5 seconds',
  retry: { maximumAttempts: 4, initialInterval: '1 second', backoffCoefficient: 2, nonRetryableErrorTypes: ['UpstreamRejected', 'CallMissing'] },
});

// Tools run at most ~15 s (run 10 s, read_url 15 s); they heartbeat too.
const tools = proxyActivities<ChatActivities>({
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: '5 seconds',
  retry: { maximumAttempts: 3, initialInterval: '1 second', nonRetryableErrorTypes: ['CallMissing'] },
});

// The best-answer step after the time limit: short, so a call ends soon after its limit.
const lastStep = proxyActivities<ChatActivities>({
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: '5 seconds',
  retry: { maximumAttempts: 2, initialInterval: '1 second', nonRetryableErrorTypes: ['UpstreamRejected', 'CallMissing'] },
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

  const ports = (activities: ChatActivities): AgentPorts => ({
    modelStep: (step) => activities.modelStep({ callId, ...step }),
    executeTool: (call) => tools.executeTool({ callId, ...call }),
  });

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
      outcome = await work.run(() => runAgents(ports(steps), state, input.maxSteps));
    } catch (error) {
      if (!(timedOut && isCancellation(error))) throw error;
      phase = 'finishing';
      outcome = await finishAfterTimeLimit(ports(lastStep), state, input.maxSteps, callId);
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

/** The upstream's own refusal explains itself; repeated transient failures are summarised. */
function failureDetail(error: unknown): string {
  const cause = error instanceof ActivityFailure ? error.cause : error;
  if (cause instanceof ApplicationFailure && cause.type === 'UpstreamRejected') return cause.message;
  if (error instanceof ActivityFailure && error.activityType === 'executeTool') return 'a tool kept failing after several attempts';
  return 'the model server kept failing after several attempts';
}
