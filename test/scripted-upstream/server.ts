/**
 * A scripted OpenAI-compatible model server on loopback: the one test double for the upstream
 * model (no weights exist here). It answers `POST /v1/chat/completions` from a queue of turns,
 * then from a responder function, then from a default turn, in exactly the shapes the official
 * `openai` client parses, streamed or not.
 */
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { ChatCompletionCreateParams } from 'openai/resources/chat/completions';

export interface ScriptedToolCall {
  name: string;
  /** An object is sent JSON-encoded; a string is sent as is (so malformed JSON can be scripted). */
  arguments: Record<string, unknown> | string;
  /** Default `call_<request number>_<index>`. */
  id?: string;
}

export interface Turn {
  content?: string;
  reasoning?: string;
  /** Which message/delta field carries `reasoning`. Default `reasoning_content`. */
  reasoningField?: 'reasoning_content' | 'reasoning';
  toolCalls?: ScriptedToolCall[];
  /** Default `tool_calls` when there are tool calls, else `stop`. */
  finishReason?: 'stop' | 'tool_calls' | 'length';
  /** Milliseconds to wait before answering. */
  delayMs?: number;
  /** Milliseconds between stream chunks. Default 0. */
  chunkDelayMs?: number;
  /** Answer with this HTTP status and an OpenAI error body instead of a completion. */
  status?: number;
  /** Body for `status`; default `{error: {message, type, param: null, code: null}}`. */
  errorBody?: object;
  /** Send part of the response, then destroy the socket. */
  dropConnection?: boolean;
  /** Default: estimated at 4 characters per token (prompt: the JSON of `messages` and `tools`). */
  usage?: { prompt_tokens: number; completion_tokens: number };
}

export interface RecordedRequest {
  /** 1-based order of arrival among chat-completion requests. */
  n: number;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, as sent (not validated). */
  body: ChatCompletionCreateParams;
  receivedAt: number;
  /** Set when the connection closed before the turn was fully answered (the client gave up on this step). */
  abandoned?: boolean;
}

export type Responder = (request: RecordedRequest) => Turn | Promise<Turn>;

export interface ScriptedUpstreamOptions {
  /** Default 0: a free port. */
  port?: number;
  /** Answer when the queue is empty and no responder is set. Default `{content: 'ok'}`. */
  defaultTurn?: Turn;
  /** Answer when the queue is empty. */
  respond?: Responder;
  /** The one id listed by `GET /v1/models`. Default `scripted-model`. */
  modelId?: string;
}

export interface ScriptedUpstream {
  /** `http://127.0.0.1:<port>/v1` */
  baseUrl: string;
  port: number;
  /** Every chat-completion request received, in order (including failed and dropped ones). */
  requests: RecordedRequest[];
  /** Append turns to the queue; each request takes the next one. */
  script(turns: Turn[]): void;
  setDefault(turn: Turn): void;
  /** Set or clear (undefined) the responder used when the queue is empty. */
  setResponder(respond: Responder | undefined): void;
  /** The next n requests fail with `status` (and `body`, default an OpenAI error); they consume no turn. */
  failNext(n: number, failure: { status: number; body?: object }): void;
  /** Turns still queued. */
  pending(): number;
  /** Back to the start: empty queue and `requests` (emptied in place), no failures, no responder, the initial default. */
  reset(): void;
  lastRequest(): RecordedRequest | undefined;
  /** Resolves with the requests once at least n have arrived; rejects after timeoutMs (default 5000). */
  waitForRequests(n: number, timeoutMs?: number): Promise<RecordedRequest[]>;
  close(): Promise<void>;
}

const errorTypes: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  404: 'not_found_error',
  429: 'rate_limit_error',
};

export function openAiErrorBody(status: number, message = `scripted error ${status}`): object {
  return { error: { message, type: errorTypes[status] ?? 'server_error', param: null, code: null } };
}

const estimateTokens = (text: string): number => Math.ceil(text.length / 4);

/** Word-sized pieces, as real servers stream them. */
function pieces(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? (text === '' ? [] : [text]);
}

function sizedPieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** Resolves true after ms, or false as soon as the response closes (client gone or server closing). */
function wait(ms: number, res: ServerResponse): Promise<boolean> {
  if (res.destroyed) return Promise.resolve(false);
  if (ms <= 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const onClose = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      res.off('close', onClose);
      resolve(true);
    }, ms);
    res.once('close', onClose);
  });
}

function sendJson(res: ServerResponse, status: number, body: object): void {
  if (res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startScriptedUpstream(options: ScriptedUpstreamOptions = {}): Promise<ScriptedUpstream> {
  const modelId = options.modelId ?? 'scripted-model';
  const requests: RecordedRequest[] = [];
  const queue: Turn[] = [];
  const waiters = new Set<() => void>();
  const sockets = new Set<Socket>();
  const initialDefault: Turn = options.defaultTurn ?? { content: 'ok' };
  let defaultTurn = initialDefault;
  let responder = options.respond;
  let failure: { left: number; status: number; body?: object } = { left: 0, status: 500 };

  async function completion(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body: ChatCompletionCreateParams;
    try {
      body = JSON.parse(await readBody(req)) as ChatCompletionCreateParams;
    } catch {
      return sendJson(res, 400, openAiErrorBody(400, 'request body is not JSON'));
    }
    const recorded: RecordedRequest = {
      n: requests.length + 1,
      method: req.method ?? 'POST',
      path: req.url ?? '',
      headers: req.headers,
      body,
      receivedAt: Date.now(),
    };
    requests.push(recorded);
    for (const wake of [...waiters]) wake();

    if (failure.left > 0) {
      failure.left -= 1;
      return sendJson(res, failure.status, failure.body ?? openAiErrorBody(failure.status));
    }
    const turn = queue.shift() ?? (responder ? await responder(recorded) : defaultTurn);
    if (!(await wait(turn.delayMs ?? 0, res))) {
      recorded.abandoned = true;
      return;
    }
    if (turn.status !== undefined) return sendJson(res, turn.status, turn.errorBody ?? openAiErrorBody(turn.status));

    const id = `chatcmpl-scripted-${recorded.n}`;
    const created = Math.floor(Date.now() / 1000);
    const model = typeof body.model === 'string' ? body.model : modelId;
    const reasoningField = turn.reasoningField ?? 'reasoning_content';
    const toolCalls = (turn.toolCalls ?? []).map((call, index) => ({
      index,
      id: call.id ?? `call_${recorded.n}_${index}`,
      type: 'function' as const,
      function: { name: call.name, arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments) },
    }));
    const finishReason = turn.finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop');
    const completionText = (turn.content ?? '') + (turn.reasoning ?? '') + toolCalls.map((c) => c.function.name + c.function.arguments).join('');
    const prompt = turn.usage?.prompt_tokens ?? estimateTokens(JSON.stringify(body.messages ?? []) + (body.tools ? JSON.stringify(body.tools) : ''));
    const done = turn.usage?.completion_tokens ?? estimateTokens(completionText);
    const usage = { prompt_tokens: prompt, completion_tokens: done, total_tokens: prompt + done };

    if (body.stream !== true) {
      const message: Record<string, unknown> = {
        role: 'assistant',
        content: turn.content ?? (toolCalls.length > 0 ? null : ''),
        refusal: null,
      };
      if (turn.reasoning !== undefined) message[reasoningField] = turn.reasoning;
      if (toolCalls.length > 0) message.tool_calls = toolCalls.map(({ index: _index, ...call }) => call);
      const response = {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason }],
        usage,
      };
      if (!turn.dropConnection) return sendJson(res, 200, response);
      const text = JSON.stringify(response);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      res.write(text.slice(0, Math.floor(text.length / 2)), () => res.destroy());
      return;
    }

    const includeUsage = body.stream_options?.include_usage === true;
    const chunk = (delta: object, finish: string | null = null) => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      ...(includeUsage ? { usage: null } : {}),
    });
    const events: object[] = [chunk({ role: 'assistant', content: '' })];
    for (const p of pieces(turn.reasoning ?? '')) events.push(chunk({ [reasoningField]: p }));
    for (const p of pieces(turn.content ?? '')) events.push(chunk({ content: p }));
    for (const call of toolCalls) {
      events.push(chunk({ tool_calls: [{ index: call.index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] }));
      for (const p of sizedPieces(call.function.arguments, 8)) {
        events.push(chunk({ tool_calls: [{ index: call.index, function: { arguments: p } }] }));
      }
    }
    events.push(chunk({}, finishReason));
    if (includeUsage) events.push({ id, object: 'chat.completion.chunk', created, model, choices: [], usage });

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const dropAfter = turn.dropConnection ? Math.max(1, Math.floor(events.length / 2)) : Infinity;
    for (const [i, event] of events.entries()) {
      if (i > 0 && !(await wait(turn.chunkDelayMs ?? 0, res))) {
        recorded.abandoned = true;
        return;
      }
      if (res.destroyed) return;
      // Destroy only once the chunks before the drop have left, so the client sees a partial stream.
      if (i + 1 >= dropAfter) return void res.write(`data: ${JSON.stringify(event)}\n\n`, () => res.destroy());
      res.write(`data: ${JSON.stringify(event)}\n\n`);
    }
    res.end('data: [DONE]\n\n');
  }

  const server = createServer((req, res) => {
    req.on('error', () => undefined);
    res.on('error', () => undefined);
    const path = (req.url ?? '').split('?')[0];
    const handle = async () => {
      if (req.method === 'POST' && path === '/v1/chat/completions') return completion(req, res);
      if (req.method === 'GET' && path === '/v1/models') {
        return sendJson(res, 200, { object: 'list', data: [{ id: modelId, object: 'model', created: 0, owned_by: 'scripted-upstream' }] });
      }
      sendJson(res, 404, openAiErrorBody(404, `no route ${req.method} ${path}`));
    };
    handle().catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, openAiErrorBody(500, String(error)));
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    script: (turns) => {
      queue.push(...turns);
    },
    setDefault: (turn) => {
      defaultTurn = turn;
    },
    setResponder: (respond) => {
      responder = respond;
    },
    failNext: (n, { status, body }) => {
      failure = { left: n, status, ...(body ? { body } : {}) };
    },
    pending: () => queue.length,
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      failure = { left: 0, status: 500 };
      responder = options.respond;
      defaultTurn = initialDefault;
    },
    lastRequest: () => requests.at(-1),
    waitForRequests: (n, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        if (requests.length >= n) return resolve(requests.slice());
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`scripted upstream: ${requests.length} of ${n} requests after ${timeoutMs} ms`));
        }, timeoutMs);
        function check() {
          if (requests.length < n) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(requests.slice());
        }
        waiters.add(check);
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
