// One model step against the upstream OpenAI-compatible server: streamed, so reasoning
// can be forwarded while the model thinks; no client-side retries (Temporal retries).

import type OpenAI from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import type { FunctionToolDefinition } from '../../core/chat/tools';
import type { TokenUsage, UpstreamMessage, UpstreamToolCall } from '../../core/chat/shapes';

/** Tokens per model step (spec "Limits"). */
export const MAX_TOKENS_PER_STEP = 4096;

export interface ModelRequest {
  model: string;
  messages: UpstreamMessage[];
  tools?: FunctionToolDefinition[];
  signal?: AbortSignal;
  /** Reasoning text as it arrives (`reasoning_content` or `reasoning`, whichever the server sends). */
  onReasoning?: (text: string) => void;
  /** Called on every chunk, so the activity can heartbeat. */
  onChunk?: () => void;
  /** Sampling for this request; left out, greedy (temperature 0), whatever the server's own default. */
  sampling?: { temperature: number; seed: number };
}

export interface ModelReply {
  content: string;
  reasoning: string;
  toolCalls: UpstreamToolCall[];
  finishReason: string;
  usage: TokenUsage;
}

/** The upstream refused the request (4xx other than 408/409/429): retrying cannot help. */
export class UpstreamRejectedError extends Error {
  constructor(
    public readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'UpstreamRejectedError';
  }
}

export interface ModelClient {
  complete(request: ModelRequest): Promise<ModelReply>;
}

export interface ModelClientOptions {
  /** null: no model server is configured (MODEL_BASE_URL=off); every request is refused without retries. */
  baseUrl: string | null;
  apiKey: string;
  /** Whole-request time limit in ms. */
  timeoutMs: number;
  /** Tokens one request may generate; at most MAX_TOKENS_PER_STEP (the default). */
  maxTokens?: number;
}

const RETRYABLE_4XX = new Set([408, 409, 429]);

/**
 * The official client, loaded at the first model step: every worker and every in-process
 * service of the tests loads this file, most never ask a model, and the SDK is about 150
 * modules.
 */
let sdk: Promise<typeof import('openai')> | undefined;
const openaiSdk = () => (sdk ??= import('openai'));

export function createModelClient(options: ModelClientOptions): ModelClient {
  if (options.baseUrl === null) {
    return {
      complete: () => Promise.reject(new UpstreamRejectedError(503, 'no model server is configured (MODEL_BASE_URL=off)')),
    };
  }
  const { baseUrl } = options;
  let client: OpenAI | undefined;

  return {
    async complete(request) {
      const { default: OpenAIClient, APIError, APIUserAbortError } = await openaiSdk();
      client ??= new OpenAIClient({ baseURL: baseUrl, apiKey: options.apiKey, maxRetries: 0, timeout: options.timeoutMs });
      const params: ChatCompletionCreateParamsStreaming = {
        model: request.model,
        messages: request.messages as ChatCompletionCreateParamsStreaming['messages'],
        max_tokens: Math.min(options.maxTokens ?? MAX_TOKENS_PER_STEP, MAX_TOKENS_PER_STEP),
        stream: true,
        stream_options: { include_usage: true },
      };
      if (request.tools && request.tools.length > 0) params.tools = request.tools;
      // Greedy unless the step asks to sample: the loop is built for greedy steps (a retried
      // step writes the same, a stuck one samples, `explore`), and the agents benchmark measured
      // them so. A server's own default samples (llama-server 0.8, vLLM 1.0): left to it, `npm run
      // up` answered the README's task right 1 time in 3 on 2026-12-02, the benchmark's greedy
      // runs every time.
      params.temperature = request.sampling?.temperature ?? 0;
      if (request.sampling) params.seed = request.sampling.seed;
      let content = '';
      let reasoning = '';
      let finishReason = 'stop';
      let usage: TokenUsage | undefined;
      const calls: { id: string; name: string; arguments: string }[] = [];
      try {
        const stream = await client.chat.completions.create(params, request.signal ? { signal: request.signal } : {});
        for await (const chunk of stream) {
          request.onChunk?.();
          if (chunk.usage) {
            usage = { prompt_tokens: chunk.usage.prompt_tokens, completion_tokens: chunk.usage.completion_tokens, total_tokens: chunk.usage.total_tokens };
          }
          const choice = chunk.choices[0];
          if (!choice) continue;
          const delta = choice.delta as typeof choice.delta & { reasoning_content?: string | null; reasoning?: string | null };
          const thought = delta.reasoning_content ?? delta.reasoning;
          if (typeof thought === 'string' && thought !== '') {
            reasoning += thought;
            request.onReasoning?.(thought);
          }
          if (typeof delta.content === 'string') content += delta.content;
          for (const part of delta.tool_calls ?? []) {
            const slot = (calls[part.index] ??= { id: '', name: '', arguments: '' });
            if (part.id) slot.id = part.id;
            if (part.function?.name) slot.name += part.function.name;
            if (part.function?.arguments) slot.arguments += part.function.arguments;
          }
          if (choice.finish_reason) finishReason = choice.finish_reason;
        }
      } catch (error) {
        if (error instanceof APIUserAbortError && request.signal?.aborted) throw request.signal.reason ?? error;
        if (error instanceof APIError && error.status !== undefined && error.status >= 400 && error.status < 500 && !RETRYABLE_4XX.has(error.status)) {
          throw new UpstreamRejectedError(error.status, `the model server refused the request (${error.status}): ${error.message}`);
        }
        throw error;
      }
      const toolCalls: UpstreamToolCall[] = calls
        .filter((c) => c !== undefined && c.name !== '')
        .map((c, i) => ({ id: c.id || `tc_${i}`, type: 'function' as const, function: { name: c.name, arguments: c.arguments } }));
      // Servers that ignore include_usage get an estimate (4 characters a token) rather than zeros.
      usage ??= estimateUsage(request, content + reasoning + toolCalls.map((c) => c.function.arguments).join(''));
      return { content, reasoning, toolCalls, finishReason, usage };
    },
  };
}

function estimateUsage(request: ModelRequest, completion: string): TokenUsage {
  const prompt = Math.ceil(JSON.stringify(request.messages).length / 4);
  const done = Math.ceil(completion.length / 4);
  return { prompt_tokens: prompt, completion_tokens: done, total_tokens: prompt + done };
}
