import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { WorkflowHandle } from '@temporalio/client';
import { taskQueues, chatWorkflowId } from '../../workflows/names';
import {
  chatCompletion,
  closingChunks,
  completionChunk,
  sseData,
  SSE_KEEPALIVE,
  type ChatRunResult,
  type CompletionHeader,
} from '../../core/chat/completion';
import { parseChatRequest, type ChatRequest } from '../../core/chat/request';
import { ZERO_USAGE } from '../../core/chat/shapes';
import { DomainError, quotaExceeded, rateLimited } from '../../core/errors';
import { LIMITS, monthPeriod, PLANS, secondsUntil } from '../../core/plans';
import { CallsStore } from '../../store/calls';
import { newCallId } from '../../store/ids';
import type { chatWorkflow } from '../../workflows/chat';
import type { ChatWorkflowInput } from '../../workflows/chat-types';
import { requireKey } from '../auth';
import type { AppDeps } from '../deps';
import { UpstreamHealth } from '../upstream-health';

/** A slot outlives its call's time limit by this much before another request may take it over. */
const SLOT_MARGIN_MS = 5 * 60_000;
/**
 * Model steps run as local activities inside one open workflow task that the worker renews
 * at ~80% of this timeout: a client's cancel is seen, and a dead worker's step moves to
 * another worker, within about this long.
 */
const WORKFLOW_TASK_TIMEOUT = '2 seconds';
/** How often a stream looks for new progress events. */
const POLL_MS = 60;
const EVENTS_PER_READ = 500;
/** `created` of the model list entries: the day the interface opened. */
const MODELS_CREATED = Math.floor(Date.UTC(2025, 0, 1) / 1000);

const openAiError = {
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

const errors = { 400: openAiError, 401: openAiError, 404: openAiError, 413: openAiError, 429: openAiError, 502: openAiError, 503: openAiError };

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
const chatCompletionSchema = {
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

const modelsSchema = {
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
        },
        required: ['id', 'object', 'created', 'owned_by', 'base_model'],
      },
    },
  },
  required: ['object', 'data'],
} as const;

const accountUsageSchema = {
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

/** The chat workflow failed as a whole (not an upstream error it reported). */
class WorkflowFailed {
  constructor(readonly error: unknown) {}
}

/** `POST /v1/chat/completions`, `GET /v1/models`, `GET /v1/usage`: the agent model interface. */
export async function chatRoutes(app: FastifyInstance, deps: AppDeps) {
  const { config } = deps;
  // Keys are checked before the body is read, so a stranger's oversized body gets 401, not 413.
  const auth = requireKey(deps);
  const calls = new CallsStore(deps.db);
  const upstream = new UpstreamHealth({ baseUrl: config.modelBaseUrl, apiKey: config.modelApiKey, ttlMs: config.upstreamHealthTtlMs });
  // Shutdown (api/server.ts closes the app): open streams end at once with a final notice;
  // non-streamed calls get a few seconds to finish first. Either way the call is cancelled.
  // Calls still waiting for their first answer are stopped with a 503 and charged nothing.
  const onShutdown = new Set<() => void>();
  let shuttingDown = false;
  app.addHook('preClose', async () => {
    shuttingDown = true;
    for (const stop of onShutdown) stop();
  });

  app.get('/v1/models', { onRequest: auth, schema: { response: { 200: modelsSchema, ...errors } } }, async () => ({
    object: 'list',
    data: Object.entries(config.chatModels).map(([id, base]) => ({ id, object: 'model', created: MODELS_CREATED, owned_by: 'holdline', base_model: base })),
  }));

  app.get('/v1/usage', { onRequest: auth, schema: { response: { 200: accountUsageSchema, ...errors } } }, async (request) => {
    const plan = PLANS[request.account.plan];
    const month = await deps.usage.month(request.account._id, deps.now());
    return {
      plan: plan.id,
      period: { start: month.period.start.toISOString(), end: month.period.end.toISOString() },
      calls_this_month: month.calls,
      calls_left: Math.max(0, LIMITS.chatCallsPerMonth - month.calls),
      tokens_used: month.tokens,
      scans_this_month: month.scans,
      scans_left: Math.max(0, plan.scansPerMonth - month.scans),
    };
  });

  app.post(
    '/v1/chat/completions',
    { onRequest: auth, schema: { body: { type: 'object' }, response: { 200: chatCompletionSchema, ...errors } } },
    async (request, reply) => {
      // Listening before admission: a client gone during it (or while the first step waits
      // for the upstream) is noticed, and what admission took is given back.
      const client = watchClient(reply.raw);
      const chat = parseChatRequest(request.body, config.chatModels);
      await upstream.assertReachable();
      // Nobody to answer: nothing is sent (the socket is closed) and nothing is taken.
      if (client.gone) return void reply.hijack();
      const admitted = await admit(request, chat);
      const first = await firstAnswer(admitted, client);
      if (first.kind === 'gone') {
        reply.hijack();
        return abandon(request, admitted, { cancel: true });
      }
      if (first.kind === 'failed') {
        await abandon(request, admitted, { cancel: false });
        throw first.error;
      }
      if (first.kind === 'shutdown') {
        await abandon(request, admitted, { cancel: true });
        throw new DomainError('unavailable', 'the server is restarting; the call was stopped before it answered and nothing was charged; send it again');
      }
      await respond(request, reply, chat, admitted, client, first.result);
    },
  );

  interface ClientWatch {
    gone: boolean;
    /** Called once when the client goes away. */
    onGone?: () => void;
  }

  function watchClient(raw: ServerResponse): ClientWatch {
    const watch: ClientWatch = { gone: false };
    raw.on('error', () => undefined);
    raw.on('close', () => {
      if (raw.writableFinished || watch.gone) return;
      watch.gone = true;
      watch.onGone?.();
    });
    return watch;
  }

  type FirstAnswer =
    | { kind: 'answered'; result: Promise<ChatRunResult | WorkflowFailed> }
    | { kind: 'failed'; error: DomainError }
    | { kind: 'gone' }
    | { kind: 'shutdown' };

  /**
   * Holds the response status back until the upstream has answered the first model step
   * (the activity marks the call at its first chunk), the call has ended, or the client
   * left. A call that ended with an upstream error before the upstream ever answered never
   * reached the model: 503 if the server is unreachable now, else 502, and the cached health check is
   * dropped so the next admission asks again.
   */
  async function firstAnswer(admitted: Admitted, client: ClientWatch): Promise<FirstAnswer> {
    const result: Promise<ChatRunResult | WorkflowFailed> = admitted.handle.result().then(
      (value) => value,
      (error: unknown) => new WorkflowFailed(error),
    );
    let ended: ChatRunResult | WorkflowFailed | undefined;
    void result.then((value) => {
      ended = value;
    });
    let healthDropped = false;
    for (;;) {
      if (client.gone) return { kind: 'gone' };
      if (ended) break;
      if (shuttingDown) return { kind: 'shutdown' };
      let first = { answered: false, attemptFailed: false };
      try {
        first = await calls.firstStep(admitted.callId);
      } catch {
        // A missed poll only delays the status.
      }
      if (first.answered) return { kind: 'answered', result };
      if (first.attemptFailed && !healthDropped) {
        // An attempt failed while Temporal retries it: other requests re-check the server now.
        upstream.invalidate();
        healthDropped = true;
      }
      await Promise.race([result, new Promise((resolve) => setTimeout(resolve, POLL_MS))]);
    }
    const outcome = ended;
    if (outcome instanceof WorkflowFailed) {
      return { kind: 'failed', error: new DomainError('unavailable', 'the call could not run; nothing was charged; try again shortly') };
    }
    if (outcome.run.stopped === 'upstream_error' && !(await calls.answered(admitted.callId).catch(() => true))) {
      const reachable = await upstream.reachableNow();
      return {
        kind: 'failed',
        error: reachable
          ? new DomainError('upstream_failed', 'the model server failed to answer; nothing was charged; try again shortly')
          : new DomainError('upstream_unavailable', 'the model server is unreachable; nothing was charged; try again shortly'),
      };
    }
    return { kind: 'answered', result };
  }

  /** Gives back what admission took for a call that never answered: the month's call, the slot; cancels a workflow still running. */
  async function abandon(request: FastifyRequest, admitted: Admitted, options: { cancel: boolean }): Promise<void> {
    const { account, keyHash } = request;
    const results = await Promise.allSettled([
      options.cancel ? admitted.handle.cancel() : Promise.resolve(),
      deps.usage.giveBack(account._id, 'calls', admitted.admittedAt),
      calls.releaseSlot(keyHash, admitted.callId),
      calls.markUncharged(admitted.callId),
    ]);
    for (const settled of results) {
      if (settled.status === 'rejected') request.log.error({ err: settled.reason, callId: admitted.callId }, 'giving back an unanswered call failed');
    }
  }

  interface Admitted {
    callId: string;
    admittedAt: Date;
    header: CompletionHeader;
    handle: WorkflowHandle<typeof chatWorkflow>;
  }

  /** Slot, then busy cap, monthly quota and call document together, then the workflow; any failure gives back what was taken. */
  async function admit(request: FastifyRequest, chat: ChatRequest): Promise<Admitted> {
    const { account, keyHash } = request;
    const now = deps.now();
    const callId = newCallId();
    const ttlMs = config.chatTimeLimitMs + SLOT_MARGIN_MS;
    if (!(await calls.acquireSlot({ keyHash, callId, accountId: account._id, now, ttlMs }))) {
      throw rateLimited('a call is already running for this key (one call at a time per key); retry when it has finished', 5);
    }
    let quotaTaken = false;
    let created = false;
    try {
      // With the slot held the rest runs at once; what was taken is given back if any refuses.
      const [running, took, doc] = await Promise.allSettled([
        calls.countRunning(now),
        deps.usage.take(account._id, 'calls', LIMITS.chatCallsPerMonth, now),
        calls.create({
          call_id: callId,
          account_id: account._id,
          key_hash: keyHash,
          model: chat.model,
          base_model: chat.baseModel,
          messages: chat.messages,
          stream: chat.stream,
          created_at: now,
        }),
      ]);
      quotaTaken = took.status === 'fulfilled' && took.value;
      created = doc.status === 'fulfilled';
      for (const settled of [running, took, doc]) if (settled.status === 'rejected') throw settled.reason;
      if (running.status === 'fulfilled' && running.value > config.chatMaxRunning) {
        throw rateLimited('the service is busy; retry shortly', 10);
      }
      if (!quotaTaken) {
        const { end } = monthPeriod(now);
        throw quotaExceeded(
          `the monthly quota of ${LIMITS.chatCallsPerMonth} chat calls is used up; it resets on ${end.toISOString().slice(0, 10)}`,
          secondsUntil(now, end),
        );
      }
      const input: ChatWorkflowInput = { callId, maxSteps: config.chatMaxSteps, timeLimitMs: config.chatTimeLimitMs };
      const handle = await deps.temporal.workflow.start<typeof chatWorkflow>('chatWorkflow', {
        taskQueue: taskQueues(config).chat,
        workflowId: chatWorkflowId(callId),
        workflowTaskTimeout: WORKFLOW_TASK_TIMEOUT,
        args: [input],
      });
      return { callId, admittedAt: now, handle, header: { id: callId, created: Math.floor(now.getTime() / 1000), model: chat.model } };
    } catch (error) {
      await Promise.allSettled([
        calls.releaseSlot(keyHash, callId),
        quotaTaken ? deps.usage.giveBack(account._id, 'calls', now) : Promise.resolve(),
        created ? calls.remove(callId) : Promise.resolve(),
      ]);
      if (error instanceof DomainError) throw error;
      request.log.error({ err: error, callId }, 'chat admission failed');
      throw new DomainError('unavailable', 'could not start the call; try again shortly');
    }
  }

  /**
   * Once the first step has answered the status is 200; the body is kept alive until the
   * answer: SSE progress and comments, or leading spaces before the JSON. A client that
   * goes away cancels the workflow and frees the key's slot immediately.
   */
  async function respond(
    request: FastifyRequest,
    reply: FastifyReply,
    chat: ChatRequest,
    admitted: Admitted,
    client: ClientWatch,
    outcome: Promise<ChatRunResult | WorkflowFailed>,
  ): Promise<void> {
    const { callId, header, handle } = admitted;
    const keyHash = request.keyHash;
    reply.hijack();
    const raw = reply.raw;
    let settled: ChatRunResult | undefined;
    let failed = false;
    client.onGone = () => {
      if (settled) return;
      void Promise.allSettled([calls.releaseSlot(keyHash, callId), handle.cancel()]);
    };
    const write = (text: string) => {
      if (!raw.destroyed && !raw.writableEnded) raw.write(text);
    };

    const result = outcome.then((value): ChatRunResult => {
      if (!(value instanceof WorkflowFailed)) return value;
      failed = true;
      if (!client.gone) request.log.error({ err: value.error, callId }, 'chat workflow ended without a result');
      return {
        content: 'The call ended without an answer because of an internal error; please try again.',
        finishReason: 'stop',
        usage: ZERO_USAGE,
        run: { call_id: callId, base_model: chat.baseModel, steps: 0, tools_used: [], stopped: 'upstream_error' },
      };
    });
    void result.then((value) => {
      settled = value;
    });
    const stopForShutdown = () => {
      if (settled || client.gone || raw.destroyed) return;
      client.gone = true;
      const error = { message: 'the server is restarting; this call was stopped; please send it again', type: 'server_error', param: null, code: 'server_restarting' };
      write(chat.stream ? sseData({ error }) : JSON.stringify({ error }));
      void Promise.allSettled([calls.releaseSlot(keyHash, callId), handle.cancel()]).finally(() => raw.end());
    };
    const shutdownHook = chat.stream ? stopForShutdown : () => void setTimeout(stopForShutdown, 5_000).unref();
    onShutdown.add(shutdownHook);
    raw.once('close', () => onShutdown.delete(shutdownHook));

    if (chat.stream) {
      raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' });
      write(sseData(completionChunk(header, { role: 'assistant', content: '' })));
      write(sseData(completionChunk(header, { reasoning_content: `accepted ${callId} (base model ${chat.baseModel}); planning…\n` })));
      await tailProgress(raw, callId, header, write, () => settled !== undefined || client.gone, result);
      if (client.gone) return;
      const final = await result;
      for (const chunk of closingChunks(header, final, chat.includeUsage)) write(sseData(chunk));
      write(sseData('[DONE]'));
    } else {
      raw.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' });
      raw.flushHeaders();
      // Leading whitespace is valid JSON: clients and proxies see bytes long before the answer.
      const timer = setInterval(() => write(' '), config.chatKeepAliveMs);
      const final = await result.finally(() => clearInterval(timer));
      if (client.gone) return;
      write(JSON.stringify(chatCompletion(header, final)));
    }
    // finishCall freed the slot before the workflow returned; a workflow that failed did not.
    const release = () => calls.releaseSlot(keyHash, callId).catch(() => undefined);
    if (failed) await release();
    if (!raw.destroyed) raw.end();
    if (!failed) await release();
  }

  /** Forwards progress events as `reasoning_content` deltas until the call ends, with comment lines when idle. */
  async function tailProgress(
    raw: ServerResponse,
    callId: string,
    header: CompletionHeader,
    write: (text: string) => void,
    ended: () => boolean,
    result: Promise<unknown>,
  ): Promise<void> {
    let lastSeq = 0;
    let lastWrite = Date.now();
    const forward = async () => {
      for (;;) {
        let events;
        try {
          events = await calls.eventsAfter(callId, lastSeq);
        } catch {
          return;
        }
        const last = events.at(-1);
        if (!last) return;
        lastSeq = last.seq;
        write(sseData(completionChunk(header, { reasoning_content: events.map((event) => event.text).join('') })));
        lastWrite = Date.now();
        if (events.length < EVENTS_PER_READ) return;
      }
    };
    while (!ended() && !raw.destroyed) {
      await forward();
      if (Date.now() - lastWrite >= config.chatKeepAliveMs) {
        write(SSE_KEEPALIVE);
        lastWrite = Date.now();
      }
      await Promise.race([result, new Promise((resolve) => setTimeout(resolve, POLL_MS))]);
    }
    if (!raw.destroyed) await forward();
  }
}
