// Writing a chat call's answer once its first model step has answered: SSE progress
// and the closing chunks, or leading spaces and then the JSON body.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { chatCompletion, closingChunks, completionChunk, sseData, SSE_KEEPALIVE, type ChatRunResult, type CompletionHeader } from '../core/chat/completion';
import type { ChatRequest } from '../core/chat/request';
import { ZERO_USAGE } from '../core/chat/shapes';
import { WorkflowFailed, type AdmittedCall, type RunOutcome } from '../services/admit-chat-call';
import type { AppDeps } from '../services/ports';
import { rateLimitHeaders } from '../services/rate-limit';

/**
 * How often a stream looks for new progress events: every 60 ms while they come, backing off
 * to every 240 ms while none do (a model reading its prompt, a tool running), so a long call's
 * idle seconds cost a few reads, not 16 a second. The call's end is seen at once either way.
 */
const POLL_MS = 60;
const POLL_IDLE_MAX_MS = 240;

/** The wait before a stream's next look for progress: short after news, doubling up to the idle maximum after none. */
export const nextPollMs = (previousMs: number, gotNews: boolean): number => (gotNews ? POLL_MS : Math.min(previousMs * 2, POLL_IDLE_MAX_MS));

const EVENTS_PER_READ = 500;

export interface ClientWatch {
  gone: boolean;
  /** Called once when the client goes away. */
  onGone?: () => void;
}

/** Notices a client that goes away before its answer is written. */
export function watchClient(raw: ServerResponse): ClientWatch {
  const watch: ClientWatch = { gone: false };
  raw.on('error', () => undefined);
  raw.on('close', () => {
    if (raw.writableFinished || watch.gone) return;
    watch.gone = true;
    watch.onGone?.();
  });
  return watch;
}

/**
 * Once the first step has answered the status is 200; the body is kept alive until the
 * answer: SSE progress and comments, or leading spaces before the JSON. A client that
 * goes away cancels the workflow and frees the key's slot immediately. `onShutdown`
 * holds what to do for each open reply when the server closes.
 */
export async function writeChatReply(
  deps: AppDeps,
  call: { request: FastifyRequest; reply: FastifyReply; chat: ChatRequest; admitted: AdmittedCall; client: ClientWatch; outcome: Promise<RunOutcome> },
  onShutdown: Set<() => void>,
): Promise<void> {
  const { request, reply, chat, admitted, client, outcome } = call;
  const { callId, header, run } = admitted;
  const { calls, config } = deps;
  const keyHash = request.keyHash;
  reply.hijack();
  const raw = reply.raw;
  let settled: ChatRunResult | undefined;
  let failed = false;
  client.onGone = () => {
    if (settled) return;
    void Promise.allSettled([calls.releaseSlot(keyHash, callId), run.cancel()]);
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
    const error = {
      message: 'the server is restarting; this call was stopped; please send it again',
      type: 'server_error',
      param: null,
      code: 'server_restarting',
    };
    write(chat.stream ? sseData({ error }) : JSON.stringify({ error }));
    void Promise.allSettled([calls.releaseSlot(keyHash, callId), run.cancel()]).finally(() => raw.end());
  };
  const shutdownHook = chat.stream ? stopForShutdown : () => void setTimeout(stopForShutdown, 5_000).unref();
  onShutdown.add(shutdownHook);
  raw.once('close', () => onShutdown.delete(shutdownHook));

  // Hijacked: Fastify's onSend hooks do not run, so the headers they would add are written here.
  const common = request.rateWindow ? rateLimitHeaders(request.rateWindow) : {};
  if (chat.stream) {
    raw.writeHead(200, {
      ...common,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    write(sseData(completionChunk(header, { role: 'assistant', content: '' })));
    write(sseData(completionChunk(header, { reasoning_content: `accepted ${callId} (base model ${chat.baseModel}); planning…\n` })));
    await tailProgress(deps, raw, callId, header, write, () => settled !== undefined || client.gone, result);
    if (client.gone) return;
    const final = await result;
    for (const chunk of closingChunks(header, final, chat.includeUsage)) write(sseData(chunk));
    write(sseData('[DONE]'));
  } else {
    raw.writeHead(200, { ...common, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' });
    raw.flushHeaders();
    // Leading whitespace is valid JSON: clients and proxies see bytes long before the answer.
    const timer = setInterval(() => write(' '), config.chatKeepAliveMs);
    const final = await result.finally(() => clearInterval(timer));
    if (client.gone) return;
    write(JSON.stringify(chatCompletion(header, final)));
  }
  // finishCall freed the slot before the workflow returned; a workflow that failed did not,
  // so its slot is freed here, before the answer. After a normal end it is freed once more,
  // after the answer (off the client's wait): without that second delete the scripted test of
  // a slot taken over from a dead holder (chat/limits-and-durability) once found the slot
  // still held, under load, on 2026-12-01, for a cause not found.
  const release = () => calls.releaseSlot(keyHash, callId).catch(() => undefined);
  if (failed) await release();
  if (!raw.destroyed) raw.end();
  if (!failed) await release();
}

/** Forwards progress events as `reasoning_content` deltas until the call ends, with comment lines when idle. */
async function tailProgress(
  deps: AppDeps,
  raw: ServerResponse,
  callId: string,
  header: CompletionHeader,
  write: (text: string) => void,
  ended: () => boolean,
  result: Promise<unknown>,
): Promise<void> {
  let lastSeq = 0;
  let lastWrite = Date.now();
  /** Forwards what is new; whether there was anything. */
  const forward = async (): Promise<boolean> => {
    let got = false;
    for (;;) {
      let events;
      try {
        events = await deps.calls.eventsAfter(callId, lastSeq);
      } catch {
        return got;
      }
      const last = events.at(-1);
      if (!last) return got;
      lastSeq = last.seq;
      got = true;
      write(sseData(completionChunk(header, { reasoning_content: events.map((event) => event.text).join('') })));
      lastWrite = Date.now();
      if (events.length < EVENTS_PER_READ) return got;
    }
  };
  let pollMs = POLL_MS;
  while (!ended() && !raw.destroyed) {
    pollMs = nextPollMs(pollMs, await forward());
    if (Date.now() - lastWrite >= deps.config.chatKeepAliveMs) {
      write(SSE_KEEPALIVE);
      lastWrite = Date.now();
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([result, new Promise((resolve) => (timer = setTimeout(resolve, pollMs)))]);
    clearTimeout(timer);
  }
  if (!raw.destroyed) await forward();
}
