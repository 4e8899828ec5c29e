import type { CompletionHeader, ChatRunResult } from '../core/chat/completion';
import type { ChatRequest } from '../core/chat/request';
import { DomainError, rateLimited } from '../core/errors';
import { LIMITS } from '../core/plans';
import type { AccountDoc } from '../store/accounts';
import { newCallId } from '../store/ids';
import type { AppDeps, ChatRun, Log } from './ports';
import { quotaUsedUp } from './quota';

/** A slot outlives its call's time limit by this much before another request may take it over. */
const SLOT_MARGIN_MS = 5 * 60_000;
/** How often the first answer is looked for. */
const POLL_MS = 60;

/** Who is calling: the account and the hash of the key whose one slot the call holds. */
export interface Caller {
  account: AccountDoc;
  keyHash: string;
}

export interface AdmittedCall {
  callId: string;
  admittedAt: Date;
  header: CompletionHeader;
  run: ChatRun;
}

/** The chat workflow failed as a whole (not an upstream error it reported). */
export class WorkflowFailed {
  constructor(readonly error: unknown) {}
}

export type RunOutcome = ChatRunResult | WorkflowFailed;

/**
 * Admits one chat call, in this order: the upstream must answer its health check
 * (503; cached, see api/upstream-health.ts), then the key's one slot (429), then
 * together the service-wide cap on running calls (`HOLDLINE_CHAT_MAX_RUNNING`,
 * 429), one unit of the month's call quota (429) and the call document; then the
 * workflow. Whatever was taken is given back when any step refuses. Null when the
 * client left during the health check: nothing was taken and nobody is to be answered.
 */
export async function admitChatCall(
  deps: AppDeps,
  caller: Caller,
  chat: ChatRequest,
  options: { log: Log; clientGone: () => boolean; requestId?: string },
): Promise<AdmittedCall | null> {
  const { account, keyHash } = caller;
  const { config, calls } = deps;
  await deps.upstream.assertReachable();
  if (options.clientGone()) return null;
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
    if (!quotaTaken) throw quotaUsedUp(`the monthly quota of ${LIMITS.chatCallsPerMonth} chat calls is used up`, now);
    const run = await deps.workflows.startChat(
      { callId, maxSteps: config.chatMaxSteps, timeLimitMs: config.chatTimeLimitMs },
      { requestId: options.requestId },
    );
    return { callId, admittedAt: now, run, header: { id: callId, created: Math.floor(now.getTime() / 1000), model: chat.model } };
  } catch (error) {
    await Promise.allSettled([
      calls.releaseSlot(keyHash, callId),
      quotaTaken ? deps.usage.giveBack(account._id, 'calls', now) : Promise.resolve(),
      created ? calls.remove(callId) : Promise.resolve(),
    ]);
    if (error instanceof DomainError) throw error;
    options.log.error({ err: error, callId }, 'chat admission failed');
    throw new DomainError('unavailable', 'could not start the call; try again shortly');
  }
}

/** Gives back what admission took for a call that never answered: the month's call, the slot; cancels a workflow still running. */
export async function giveBackCall(deps: AppDeps, caller: Caller, admitted: AdmittedCall, options: { cancel: boolean; log: Log }): Promise<void> {
  const results = await Promise.allSettled([
    options.cancel ? admitted.run.cancel() : Promise.resolve(),
    deps.usage.giveBack(caller.account._id, 'calls', admitted.admittedAt),
    deps.calls.releaseSlot(caller.keyHash, admitted.callId),
    deps.calls.markUncharged(admitted.callId),
  ]);
  for (const settled of results) {
    if (settled.status === 'rejected') options.log.error({ err: settled.reason, callId: admitted.callId }, 'giving back an unanswered call failed');
  }
}

export type FirstAnswer = { kind: 'answered'; result: Promise<RunOutcome> } | { kind: 'failed'; error: DomainError } | { kind: 'gone' } | { kind: 'shutdown' };

/**
 * Waits until the upstream has answered the call's first model step (the activity
 * marks the call at its first chunk), the call has ended, or the client left. A call
 * that ended with an upstream error before the upstream ever answered never reached
 * the model: 503 if the server is unreachable now, else 502, and the cached health
 * check is dropped so the next admission asks again.
 */
export async function awaitFirstAnswer(
  deps: AppDeps,
  admitted: AdmittedCall,
  watch: { clientGone: () => boolean; shuttingDown: () => boolean },
): Promise<FirstAnswer> {
  const result: Promise<RunOutcome> = admitted.run.result().then(
    (value) => value,
    (error: unknown) => new WorkflowFailed(error),
  );
  let ended: RunOutcome | undefined;
  void result.then((value) => {
    ended = value;
  });
  let healthDropped = false;
  for (;;) {
    if (watch.clientGone()) return { kind: 'gone' };
    if (ended) break;
    if (watch.shuttingDown()) return { kind: 'shutdown' };
    let first = { answered: false, attemptFailed: false };
    try {
      first = await deps.calls.firstStep(admitted.callId);
    } catch {
      // A missed poll only delays the status.
    }
    if (first.answered) return { kind: 'answered', result };
    if (first.attemptFailed && !healthDropped) {
      // An attempt failed while Temporal retries it: other requests re-check the server now.
      deps.upstream.invalidate();
      healthDropped = true;
    }
    await Promise.race([result, new Promise((resolve) => setTimeout(resolve, POLL_MS))]);
  }
  const outcome = ended;
  if (outcome instanceof WorkflowFailed) {
    return { kind: 'failed', error: new DomainError('unavailable', 'the call could not run; nothing was charged; try again shortly') };
  }
  if (outcome.run.stopped === 'upstream_error' && !(await deps.calls.answered(admitted.callId).catch(() => true))) {
    const reachable = await deps.upstream.reachableNow();
    return {
      kind: 'failed',
      error: reachable
        ? new DomainError('upstream_failed', 'the model server failed to answer; nothing was charged; try again shortly')
        : new DomainError('upstream_unavailable', 'the model server is unreachable; nothing was charged; try again shortly'),
    };
  }
  return { kind: 'answered', result };
}
