// Validates a chat-completions request body once into a strict internal form.
// Every problem names the offending parameter, as OpenAI's errors do.

import { badRequest } from '../errors';
import type { UpstreamMessage } from './shapes';

export interface ChatRequest {
  /** The id the client asked for (echoed in responses). */
  model: string;
  /** The upstream model that id runs. */
  baseModel: string;
  /** The task: the client's messages as text, system instructions first. */
  messages: UpstreamMessage[];
  stream: boolean;
  includeUsage: boolean;
}

const ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool', 'function']);

/**
 * `models` maps each offered model id to its base model. Tools, temperature and the
 * other sampling fields are accepted and ignored: the agents use their own.
 */
export function parseChatRequest(body: unknown, models: Readonly<Record<string, string>>): ChatRequest {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('the request body must be a JSON object in the chat-completions format');
  }
  const input = body as Record<string, unknown>;

  const model = input['model'];
  if (typeof model !== 'string' || model.trim() === '') throw badRequest('"model" is required: a model id from GET /v1/models', 'model');
  const baseModel = Object.hasOwn(models, model) ? models[model] : undefined;
  if (baseModel === undefined) {
    throw badRequest(`unknown model "${clip(model, 64)}"; available: ${Object.keys(models).join(', ')}`, 'model');
  }

  const raw = input['messages'];
  if (raw === undefined || raw === null) throw badRequest('"messages" is required: at least one {role, content}', 'messages');
  if (!Array.isArray(raw)) throw badRequest('"messages" must be an array of {role, content}', 'messages');
  if (raw.length === 0) throw badRequest('"messages" must contain at least one message', 'messages');

  const instructions: string[] = [];
  const messages: UpstreamMessage[] = [];
  let hasTask = false;
  raw.forEach((entry: unknown, i) => {
    const param = `messages[${i}]`;
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) throw badRequest(`${param} must be an object {role, content}`, param);
    const message = entry as Record<string, unknown>;
    const role = message['role'];
    if (typeof role !== 'string' || !ROLES.has(role)) {
      throw badRequest(`${param}.role must be one of system, developer, user, assistant, tool`, `${param}.role`);
    }
    const content = contentText(message['content'], role, `${param}.content`);
    if (role !== 'system' && role !== 'developer' && role !== 'assistant' && saysSomething(content)) hasTask = true;
    if (role === 'system' || role === 'developer') {
      if (content !== '') instructions.push(content);
    } else if (role === 'user') {
      messages.push({ role: 'user', content });
    } else if (role === 'assistant') {
      // The client's own tool calls are not ours to replay; their text is kept.
      messages.push({ role: 'assistant', content });
    } else {
      messages.push({ role: 'user', content: `Tool result supplied by the client:\n${content}` });
    }
  });
  // Instructions alone, or messages that say nothing, give the agents no task: refused
  // before anything is charged rather than run on an invented one.
  if (!hasTask) {
    throw badRequest(
      instructions.length > 0 && messages.length === 0
        ? '"messages" holds only system or developer instructions; add a user message with the task'
        : '"messages" holds no task: at least one user (or tool) message must have content other than whitespace and control characters',
      'messages',
    );
  }
  const task: UpstreamMessage[] = instructions.length > 0 ? [{ role: 'system', content: instructions.join('\n\n') }, ...messages] : messages;

  const stream = input['stream'];
  if (stream !== undefined && stream !== null && typeof stream !== 'boolean') throw badRequest('"stream" must be a boolean', 'stream');
  const options = input['stream_options'];
  if (options !== undefined && options !== null && (typeof options !== 'object' || Array.isArray(options))) {
    throw badRequest('"stream_options" must be an object', 'stream_options');
  }
  const includeUsage = (options as Record<string, unknown> | null | undefined)?.['include_usage'];
  if (includeUsage !== undefined && includeUsage !== null && typeof includeUsage !== 'boolean') {
    throw badRequest('"stream_options.include_usage" must be a boolean', 'stream_options.include_usage');
  }
  return { model, baseModel, messages: task, stream: stream === true, includeUsage: includeUsage === true };
}

/** Message content as text: a string, or an array of text parts; `null` only from an assistant. */
function contentText(content: unknown, role: string, param: string): string {
  if (typeof content === 'string') return content;
  if ((content === null || content === undefined) && role === 'assistant') return '';
  if (Array.isArray(content)) {
    return content
      .map((part: unknown, j) => {
        const p = part as Record<string, unknown> | null;
        if (p && typeof p === 'object' && (p['type'] === 'text' || p['type'] === 'input_text') && typeof p['text'] === 'string') return p['text'];
        throw badRequest(`${param}[${j}] must be a text part {type: "text", text}; other content types are not supported`, `${param}[${j}]`);
      })
      .join('\n');
  }
  throw badRequest(`${param} must be a string or an array of text parts`, param);
}

/**
 * Whether a message holds anything beyond whitespace and control characters. A message of
 * control characters alone is no task: the embedded model answered one with invented code.
 */
function saysSomething(content: string): boolean {
  return /[^\s\p{Cc}]/u.test(content);
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
