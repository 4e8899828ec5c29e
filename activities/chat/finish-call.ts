import type { RunObject, Stopped, TokenUsage } from '../../core/chat/shapes';
import { callMissing, type CallMemory } from './call-memory';
import type { ChatActivityDeps } from './deps';

export interface FinishCallInput {
  callId: string;
  stopped: Stopped;
  steps: number;
  toolsUsed: string[];
  usage: TokenUsage;
}

export function createFinishCall(deps: ChatActivityDeps, memory: CallMemory) {
  const { calls } = deps;
  /**
   * Records the end once: run object, tokens on the account, slot freed. The finish write
   * returns the call document (no read first) and says whether it was the first finish:
   * only that one adds the tokens, so a retried or replayed finishCall counts nothing twice.
   */
  return async function finishCall(input: FinishCallInput): Promise<Pick<RunObject, 'base_model'>> {
    const { callId } = input;
    memory.forget(callId);
    const { first, call } = await calls.finish(callId, { stopped: input.stopped, steps: input.steps, tools_used: input.toolsUsed, usage: input.usage });
    if (!call) throw callMissing(callId);
    await Promise.all([
      calls.releaseSlot(call.key_hash, callId),
      first && input.usage.total_tokens > 0 ? deps.usage.add(call.account_id, 'tokens', input.usage.total_tokens, call.created_at) : undefined,
    ]);
    return { base_model: call.base_model };
  };
}
