// Plain shapes of the agent model interface shared by the API, the chat workflow and
// its activities. Only ids, counters and short texts cross the workflow boundary;
// the conversation itself lives in MongoDB (`call_turns`).

import type { RunObject, STOP_REASONS, TokenUsage } from '../wire/chat';

/** Why a call ended (design §5). */
export type Stopped = (typeof STOP_REASONS)[number];

/** The run object returned under the `holdline` key, and OpenAI's token counts: written once, in core/wire/chat.ts. */
export type { RunObject, TokenUsage };

export const ZERO_USAGE: TokenUsage = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };

export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return {
    prompt_tokens: a.prompt_tokens + b.prompt_tokens,
    completion_tokens: a.completion_tokens + b.completion_tokens,
    total_tokens: a.total_tokens + b.total_tokens,
  };
}

export interface UpstreamToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** A message as the upstream takes it: OpenAI chat format, text only. */
export type UpstreamMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: UpstreamToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/** What the agents did, one entry per model step or tool call, in order. */
export type CallTurn =
  | { kind: 'plan'; text: string }
  | { kind: 'act'; content: string; tool_calls: UpstreamToolCall[] }
  | { kind: 'tool'; tool_call_id: string; name: string; ok: boolean; output: string; summary: string }
  /**
   * `refuted`: the answer's values that the checker's own programs printed otherwise, sent
   * back by the comparison (`recomputedVerdict`): given again with no program printing them
   * since, they go back again rather than to the checker model's words.
   */
  | { kind: 'check'; verdict: Verdict; text: string; refuted?: (number | string)[] }
  /** The checker recomputing the result before its verdict: its `run` calls (results follow as `tool` turns). */
  | { kind: 'verify'; content: string; tool_calls: UpstreamToolCall[] }
  | { kind: 'final'; content: string };

export type Verdict = 'approve' | 'revise';

/** The agent role a model step plays. */
export type StepRole = 'plan' | 'act' | 'check' | 'final';
