import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseChatRequest } from '../../core/chat/request';
import { baseModelNote } from '../../core/chat/embedded-model';
import { DomainError } from '../../core/errors';
import { LIMITS, PLANS, secondsUntil } from '../../core/plans';
import { admitChatCall, awaitFirstAnswer, giveBackCall } from '../../services/admit-chat-call';
import type { AppDeps } from '../../services/ports';
import type { MonthUsage } from '../../store/usage';
import { requireKey } from '../auth';
import { watchClient, writeChatReply } from '../chat-reply';
import { AccountUsage, ChatCompletion, ChatCompletionRequest, ModelList, openAiErrors } from '../../core/wire/chat';

/** `created` of the model list entries: the day the interface opened. */
const MODELS_CREATED = Math.floor(Date.UTC(2025, 0, 1) / 1000);

/** Past the call's time limit, how long its request may stay silent: the best-answer step after the limit, and the write of the answer. */
const FIRST_ANSWER_GRACE_MS = 3 * 60_000;

/** `POST /v1/chat/completions` (services/admit-chat-call.ts), `GET /v1/models`, `GET /v1/usage`: the agent model interface. */
export async function chatRoutes(scope: FastifyInstance, deps: AppDeps) {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const { config } = deps;
  // Keys are checked before the body is read, so a stranger's oversized body gets 401, not 413.
  const requireCallKey = requireKey(deps);
  // Shutdown (api/server.ts closes the app): open streams end at once with a final notice;
  // non-streamed calls get a few seconds to finish first. Either way the call is cancelled.
  // Calls still waiting for their first answer are stopped with a 503 and charged nothing.
  const onShutdown = new Set<() => void>();
  let shuttingDown = false;
  app.addHook('preClose', async () => {
    shuttingDown = true;
    for (const stop of onShutdown) stop();
  });

  // The window these routes report in `x-ratelimit-*`: the month's chat calls (they have no per-minute limit).
  const callWindow = (month: MonthUsage, now: Date) => ({
    limit: LIMITS.chatCallsPerMonth,
    remaining: Math.max(0, LIMITS.chatCallsPerMonth - month.calls),
    resetSec: secondsUntil(now, month.period.end),
  });
  const auth = async (request: FastifyRequest) => {
    await requireCallKey(request);
    const now = deps.now();
    request.rateWindow = callWindow(await deps.usage.month(request.account._id, now), now);
  };

  // Every model id runs on the one configured server, so they share its state (cached: api/upstream-health.ts).
  app.get('/v1/models', { onRequest: auth, schema: { response: { 200: ModelList, ...openAiErrors } } }, async (): Promise<ModelList> => {
    const available = (await deps.upstream.state()) === 'available';
    return {
      object: 'list',
      data: Object.entries(config.chatModels).map(([id, base]) => {
        const note = baseModelNote(base);
        return { id, object: 'model', created: MODELS_CREATED, owned_by: 'holdline', base_model: base, available, ...(note ? { description: note } : {}) };
      }),
    };
  });

  app.get('/v1/usage', { onRequest: auth, schema: { response: { 200: AccountUsage, ...openAiErrors } } }, async (request) => {
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
    { onRequest: auth, schema: { body: ChatCompletionRequest, response: { 200: ChatCompletion, ...openAiErrors } } },
    async (request, reply) => {
      // Listening before admission: a client gone during it (or while the first step waits
      // for the upstream) is noticed, and what admission took is given back.
      const client = watchClient(reply.raw);
      const chat = parseChatRequest(request.body, config.chatModels);
      const caller = { account: request.account, keyHash: request.keyHash };
      let admitted;
      try {
        admitted = await admitChatCall(deps, caller, chat, { log: request.log, clientGone: () => client.gone, requestId: request.id });
      } catch (error) {
        if (error instanceof DomainError && error.code === 'quota_exceeded' && request.rateWindow) request.rateWindow.remaining = 0;
        throw error;
      }
      // This call is one of the month's now.
      if (admitted && request.rateWindow) request.rateWindow.remaining = Math.max(0, request.rateWindow.remaining - 1);
      // Nobody to answer: nothing is sent (the socket is closed) and nothing is taken.
      if (!admitted) return void reply.hijack();
      // Nothing is written until the first model step answers (the status depends on it), and
      // that can take longer than the connection's idle timeout (HOLDLINE_IDLE_TIMEOUT_MS, 60 s)
      // when the model server is busy with other calls or the step's worker restarts: the
      // server then cut its own client off. The call's time limit bounds the wait instead.
      // (Fastify's inject, in the unit tests, gives a socket without timers: nothing to lift there.)
      request.raw.socket?.setTimeout?.(config.chatTimeLimitMs + FIRST_ANSWER_GRACE_MS);
      const first = await awaitFirstAnswer(deps, admitted, { clientGone: () => client.gone, shuttingDown: () => shuttingDown });
      const givenBack = () => {
        if (request.rateWindow) request.rateWindow.remaining = Math.min(request.rateWindow.limit, request.rateWindow.remaining + 1);
      };
      if (first.kind === 'gone') {
        reply.hijack();
        return giveBackCall(deps, caller, admitted, { cancel: true, log: request.log });
      }
      if (first.kind === 'failed') {
        await giveBackCall(deps, caller, admitted, { cancel: false, log: request.log });
        givenBack();
        throw first.error;
      }
      if (first.kind === 'shutdown') {
        await giveBackCall(deps, caller, admitted, { cancel: true, log: request.log });
        givenBack();
        throw new DomainError('unavailable', 'the server is restarting; the call was stopped before it answered and nothing was charged; send it again');
      }
      await writeChatReply(deps, { request, reply, chat, admitted, client, outcome: first.result }, onShutdown);
    },
  );
}
