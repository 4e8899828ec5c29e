// The model interface on the wire: OpenAI's shapes (chat completion, model
// list, errors) and Holdline's usage and run report.

import { Type, type Static } from 'typebox';
import { nullable, stringEnum } from './common';

export const OpenAiError = Type.Object(
  {
    error: Type.Object(
      {
        message: Type.String({ description: 'What went wrong, in a sentence.' }),
        type: Type.String({ description: "OpenAI's error type: `invalid_request_error`, `authentication_error`, `rate_limit_error`, `server_error` …" }),
        param: nullable(Type.String(), { description: 'The request field at fault (`messages`, `model`, …); null when none is.' }),
        code: nullable(Type.String(), {
          description:
            'A stable code: `quota_exceeded`, `rate_limit`, `request_too_large`, `upstream_unavailable`, `model_unavailable`, …; null when none applies.',
        }),
      },
      { description: 'The error.' },
    ),
  },
  { title: 'OpenAIError', description: "An error of the model interface, in OpenAI's shape." },
);
export type OpenAiError = Static<typeof OpenAiError>;

export const openAiErrors = { 400: OpenAiError, 401: OpenAiError, 404: OpenAiError, 413: OpenAiError, 429: OpenAiError, 502: OpenAiError, 503: OpenAiError };

export const TokenUsage = Type.Object(
  {
    prompt_tokens: Type.Integer({ description: 'Tokens the model read, over every step of the call.' }),
    completion_tokens: Type.Integer({ description: 'Tokens the model wrote, over every step.' }),
    total_tokens: Type.Integer({ description: 'The two added.' }),
  },
  { title: 'TokenUsage', description: 'Tokens of the call, over all its steps.' },
);
export type TokenUsage = Static<typeof TokenUsage>;

export const STOP_REASONS = ['done', 'step_limit', 'time_limit', 'cancelled', 'upstream_error'] as const;

/** Holdline's report of one call beside OpenAI's fields (`holdline`). */
export const RunObject = Type.Object(
  {
    call_id: Type.String({ description: "The call's id: `call_` and 24 hex digits." }),
    base_model: Type.String({ description: 'The open-weight base model the call ran on.' }),
    steps: Type.Integer({ description: 'Model steps the agents took (at most 15).' }),
    tools_used: Type.Array(Type.String(), { description: 'The tools the agents ran, in the order first used (`write_file`, `run`, `fetch`, …).' }),
    stopped: stringEnum(STOP_REASONS, {
      description:
        '`done` when the agents finished; `step_limit` or `time_limit` when a limit stopped them (15 steps, 15 minutes); `cancelled` when the client went away; `upstream_error` when the model server failed.',
    }),
  },
  { title: 'Run', description: "How the call ran (the `holdline` object beside OpenAI's fields)." },
);
export type RunObject = Static<typeof RunObject>;

/** Documents the non-streamed body; the reply itself is written raw (keep-alive spaces first). */
export const ChatCompletion = Type.Object(
  {
    id: Type.String({ description: "The completion's id." }),
    object: Type.Literal('chat.completion', { description: '`chat.completion`.' }),
    created: Type.Integer({ description: 'Unix seconds when the answer was made.' }),
    model: Type.String({ description: 'The model id asked for.' }),
    choices: Type.Array(
      Type.Object({
        index: Type.Integer({ description: '0: one choice is made.' }),
        message: Type.Object(
          { role: Type.String({ description: '`assistant`.' }), content: Type.String({ description: 'The answer.' }) },
          { description: 'The answer as an assistant message.' },
        ),
        logprobs: Type.Optional(Type.Null({ description: 'Always null: no log probabilities are given.' })),
        finish_reason: stringEnum(['stop', 'length'], { description: '`stop` when the answer is whole; `length` when it was cut at the token limit.' }),
      }),
      { description: 'The one answer.' },
    ),
    usage: TokenUsage,
    holdline: RunObject,
  },
  { title: 'ChatCompletion', description: "An OpenAI `chat.completion` with Holdline's run report." },
);
export type ChatCompletion = Static<typeof ChatCompletion>;

/** `POST /v1/chat/completions` is validated by core/chat/request.ts, which names the bad field in OpenAI's error shape. */
export const ChatCompletionRequest = Type.Unsafe<unknown>({ type: 'object' });

export const ModelList = Type.Object(
  {
    object: Type.Literal('list', { description: '`list`.' }),
    data: Type.Array(
      Type.Object(
        {
          id: Type.String({ description: 'The id to pass as `model`.' }),
          object: Type.Literal('model', { description: '`model`.' }),
          created: Type.Integer({ description: 'Unix seconds: the day the interface opened.' }),
          owned_by: Type.String({ description: '`holdline`.' }),
          base_model: Type.String({ description: 'The open-weight base model the id runs on.' }),
          /** Beside OpenAI's fields (its clients keep unknown ones): whether the model server answers now; false when none is configured or it does not answer. */
          available: Type.Boolean({ description: 'Whether the model server behind this model answers now (false when none is configured or it is down).' }),
          /** Present for the embedded demonstration model: what it can and cannot do. */
          description: Type.Optional(Type.String({ description: 'What the embedded demonstration model can and cannot do; only on it.' })),
        },
        { title: 'Model', description: 'One model of the agent interface.' },
      ),
      { description: '`holdline` first, then the ids the operator configured.' },
    ),
  },
  { title: 'ModelList', description: "The models, in OpenAI's list shape." },
);
export type ModelList = Static<typeof ModelList>;

export const AccountUsage = Type.Object(
  {
    plan: Type.String({ description: '`signal` or `agents`.' }),
    period: Type.Object(
      {
        start: Type.String({ description: "The month's first instant, UTC (ISO 8601)." }),
        end: Type.String({ description: "The next month's first instant, UTC." }),
      },
      { description: 'The calendar month (UTC) counted.' },
    ),
    calls_this_month: Type.Integer({ description: 'Chat calls accepted this month.' }),
    calls_left: Type.Integer({ description: 'Chat calls left this month (25 a month on every plan).' }),
    tokens_used: Type.Integer({ description: "Tokens used by this month's calls." }),
    scans_this_month: Type.Integer({ description: 'Scans accepted this month.' }),
    scans_left: Type.Integer({ description: 'Scans left this month (30 on Signal, 50 on Agents).' }),
  },
  { title: 'AccountUsage', description: "Your plan and this month's use." },
);
export type AccountUsage = Static<typeof AccountUsage>;

/**
 * `GET /readyz`: MongoDB and Temporal must answer (else 503); the model server is
 * reported beside them and never makes the service unready (the signal interface needs none).
 */
export const ReadinessBody = Type.Object(
  {
    mongodb: Type.Literal('ok', { description: 'MongoDB answers.' }),
    temporal: Type.Literal('ok', { description: 'Temporal answers.' }),
    model: stringEnum(['available', 'unavailable', 'not configured'], {
      description: 'The model server behind /v1/chat/completions, from a check cached for seconds.',
    }),
    model_detail: Type.Optional(
      Type.String({
        description: 'Why the model is unavailable when the service knows (the embedded model server could not start), with the variable that fixes it.',
      }),
    ),
  },
  { title: 'Readiness', description: 'What the API depends on, and whether it answers.' },
);
export type ReadinessBody = Static<typeof ReadinessBody>;
