// JSON schemas of the model interface: OpenAI's shapes (chat completion, model list, errors) and Holdline's usage.

export const openAiError = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: {
        message: { type: 'string' },
        type: { type: 'string' },
        param: { type: ['string', 'null'] },
        code: { type: ['string', 'null'] },
      },
      required: ['message', 'type', 'param', 'code'],
    },
  },
  required: ['error'],
} as const;

export const openAiErrors = { 400: openAiError, 401: openAiError, 404: openAiError, 413: openAiError, 429: openAiError, 502: openAiError, 503: openAiError };

const usageSchema = {
  type: 'object',
  properties: { prompt_tokens: { type: 'integer' }, completion_tokens: { type: 'integer' }, total_tokens: { type: 'integer' } },
  required: ['prompt_tokens', 'completion_tokens', 'total_tokens'],
} as const;

const runSchema = {
  type: 'object',
  properties: {
    call_id: { type: 'string' },
    base_model: { type: 'string' },
    steps: { type: 'integer' },
    tools_used: { type: 'array', items: { type: 'string' } },
    stopped: { type: 'string', enum: ['done', 'step_limit', 'time_limit', 'cancelled', 'upstream_error'] },
  },
  required: ['call_id', 'base_model', 'steps', 'tools_used', 'stopped'],
} as const;

/** Documents the non-streamed body; the reply itself is written raw (keep-alive spaces first). */
export const chatCompletionSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    object: { type: 'string', const: 'chat.completion' },
    created: { type: 'integer' },
    model: { type: 'string' },
    choices: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          index: { type: 'integer' },
          message: { type: 'object', properties: { role: { type: 'string' }, content: { type: 'string' } }, required: ['role', 'content'] },
          logprobs: { type: 'null' },
          finish_reason: { type: 'string', enum: ['stop', 'length'] },
        },
        required: ['index', 'message', 'finish_reason'],
      },
    },
    usage: usageSchema,
    holdline: runSchema,
  },
  required: ['id', 'object', 'created', 'model', 'choices', 'usage', 'holdline'],
} as const;

export const modelsSchema = {
  type: 'object',
  properties: {
    object: { type: 'string', const: 'list' },
    data: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          object: { type: 'string', const: 'model' },
          created: { type: 'integer' },
          owned_by: { type: 'string' },
          base_model: { type: 'string' },
          /** Present for the embedded demonstration model: what it can and cannot do. */
          description: { type: 'string' },
        },
        required: ['id', 'object', 'created', 'owned_by', 'base_model'],
      },
    },
  },
  required: ['object', 'data'],
} as const;

export const accountUsageSchema = {
  type: 'object',
  properties: {
    plan: { type: 'string' },
    period: { type: 'object', properties: { start: { type: 'string' }, end: { type: 'string' } }, required: ['start', 'end'] },
    calls_this_month: { type: 'integer' },
    calls_left: { type: 'integer' },
    tokens_used: { type: 'integer' },
    scans_this_month: { type: 'integer' },
    scans_left: { type: 'integer' },
  },
  required: ['plan', 'period', 'calls_this_month', 'calls_left', 'tokens_used', 'scans_this_month', 'scans_left'],
} as const;

