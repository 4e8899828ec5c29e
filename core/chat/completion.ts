// The response objects of POST /v1/chat/completions, built from a finished run:
// a `chat.completion`, or the `chat.completion.chunk` sequence of a stream.

import type { RunObject, TokenUsage } from './shapes';

export interface CompletionHeader {
  id: string;
  /** Unix seconds. */
  created: number;
  model: string;
}

export interface ChatRunResult {
  content: string;
  finishReason: 'stop' | 'length';
  usage: TokenUsage;
  run: RunObject;
}

export function chatCompletion(header: CompletionHeader, result: ChatRunResult) {
  return {
    id: header.id,
    object: 'chat.completion' as const,
    created: header.created,
    model: header.model,
    choices: [{ index: 0, message: { role: 'assistant' as const, content: result.content }, logprobs: null, finish_reason: result.finishReason }],
    usage: result.usage,
    holdline: result.run,
  };
}

type Delta = { role?: 'assistant'; content?: string; reasoning_content?: string };

/** One stream chunk with a single choice. */
export function completionChunk(header: CompletionHeader, delta: Delta, finish?: { finishReason: 'stop' | 'length'; run: RunObject }) {
  return {
    id: header.id,
    object: 'chat.completion.chunk' as const,
    created: header.created,
    model: header.model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish ? finish.finishReason : null }],
    ...(finish ? { holdline: finish.run } : {}),
  };
}

/** The `include_usage` chunk: no choices, the summed usage. */
export function usageChunk(header: CompletionHeader, usage: TokenUsage) {
  return { id: header.id, object: 'chat.completion.chunk' as const, created: header.created, model: header.model, choices: [], usage };
}

/** The chunks that end a stream: the answer, the one finish chunk, then usage if asked. */
export function closingChunks(header: CompletionHeader, result: ChatRunResult, includeUsage: boolean): object[] {
  const chunks: object[] = [];
  if (result.content !== '') chunks.push(completionChunk(header, { content: result.content }));
  chunks.push(completionChunk(header, {}, { finishReason: result.finishReason, run: result.run }));
  if (includeUsage) chunks.push(usageChunk(header, result.usage));
  return chunks;
}

export const sseData = (payload: object | string) => `data: ${typeof payload === 'string' ? payload : JSON.stringify(payload)}\n\n`;
export const SSE_KEEPALIVE = ': keep-alive\n\n';
