// The model interface on the wire: OpenAI's shapes (chat completion, model
// list, errors) and Holdline's usage and run report.

import { Type, type Static } from 'typebox';
import { nullable, stringEnum } from './common';

export const OpenAiError = Type.Object({
  error: Type.Object({
    message: Type.String(),
    type: Type.String(),
    param: nullable(Type.String()),
    code: nullable(Type.String()),
  }),
});
export type OpenAiError = Static<typeof OpenAiError>;

export const openAiErrors = { 400: OpenAiError, 401: OpenAiError, 404: OpenAiError, 413: OpenAiError, 429: OpenAiError, 502: OpenAiError, 503: OpenAiError };

export const TokenUsage = Type.Object({ prompt_tokens: Type.Integer(), completion_tokens: Type.Integer(), total_tokens: Type.Integer() });
export type TokenUsage = Static<typeof TokenUsage>;

export const STOP_REASONS = ['done', 'step_limit', 'time_limit', 'cancelled', 'upstream_error'] as const;

/** Holdline's report of one call beside OpenAI's fields (`holdline`). */
export const RunObject = Type.Object({
  call_id: Type.String(),
  base_model: Type.String(),
  steps: Type.Integer(),
  tools_used: Type.Array(Type.String()),
  stopped: stringEnum(STOP_REASONS),
});
export type RunObject = Static<typeof RunObject>;

/** Documents the non-streamed body; the reply itself is written raw (keep-alive spaces first). */
export const ChatCompletion = Type.Object({
  id: Type.String(),
  object: Type.Literal('chat.completion'),
  created: Type.Integer(),
  model: Type.String(),
  choices: Type.Array(
    Type.Object({
      index: Type.Integer(),
      message: Type.Object({ role: Type.String(), content: Type.String() }),
      logprobs: Type.Optional(Type.Null()),
      finish_reason: stringEnum(['stop', 'length']),
    }),
  ),
  usage: TokenUsage,
  holdline: RunObject,
});
export type ChatCompletion = Static<typeof ChatCompletion>;

/** `POST /v1/chat/completions` is validated by core/chat/request.ts, which names the bad field in OpenAI's error shape. */
export const ChatCompletionRequest = Type.Unsafe<unknown>({ type: 'object' });

export const ModelList = Type.Object({
  object: Type.Literal('list'),
  data: Type.Array(
    Type.Object({
      id: Type.String(),
      object: Type.Literal('model'),
      created: Type.Integer(),
      owned_by: Type.String(),
      base_model: Type.String(),
      /** Beside OpenAI's fields (its clients keep unknown ones): whether the model server answers now; false when none is configured or it does not answer. */
      available: Type.Boolean({ description: 'Whether the model server behind this model answers now (false when none is configured or it is down).' }),
      /** Present for the embedded demonstration model: what it can and cannot do. */
      description: Type.Optional(Type.String()),
    }),
  ),
});
export type ModelList = Static<typeof ModelList>;

export const AccountUsage = Type.Object({
  plan: Type.String(),
  period: Type.Object({ start: Type.String(), end: Type.String() }),
  calls_this_month: Type.Integer(),
  calls_left: Type.Integer(),
  tokens_used: Type.Integer(),
  scans_this_month: Type.Integer(),
  scans_left: Type.Integer(),
});
export type AccountUsage = Static<typeof AccountUsage>;

/**
 * `GET /readyz`: MongoDB and Temporal must answer (else 503); the model server is
 * reported beside them and never makes the service unready (the signal interface needs none).
 */
export const ReadinessBody = Type.Object({
  mongodb: Type.Literal('ok'),
  temporal: Type.Literal('ok'),
  model: stringEnum(['available', 'unavailable', 'not configured'], {
    description: 'The model server behind /v1/chat/completions, from a check cached for seconds.',
  }),
  model_detail: Type.Optional(
    Type.String({
      description: 'Why the model is unavailable when the service knows (the embedded model server could not start), with the variable that fixes it.',
    }),
  ),
});
export type ReadinessBody = Static<typeof ReadinessBody>;
