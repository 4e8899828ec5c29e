import { describe, expect, it } from 'vitest';
import { parseChatRequest } from '../../../core/chat/request';
import { admitChatCall, awaitFirstAnswer, giveBackCall } from '../../../services/admit-chat-call';
import { accountWithKey, fakeDeps } from '../fake-deps';

const log = { error: () => undefined, warn: () => undefined };

async function setUp(env: Record<string, string> = {}) {
  const deps = fakeDeps(env);
  const { account } = await accountWithKey(deps);
  const chat = parseChatRequest({ model: 'holdline', messages: [{ role: 'user', content: 'Go.' }] }, deps.config.chatModels);
  return { deps, account, chat, caller: { account, keyHash: 'key-a' } };
}

describe('admitChatCall', () => {
  it('checks the upstream first: down means 503 with nothing taken', async () => {
    const { deps, account, chat, caller } = await setUp();
    deps.upstreamSwitch.up = false;
    await expect(admitChatCall(deps, caller, chat, { log, clientGone: () => false })).rejects.toMatchObject({ code: 'model_unavailable' });
    expect(deps.usage.of(account._id, deps.now()).calls).toBe(0);
    expect(deps.calls.slots.size).toBe(0);
  });

  it('a client gone during the health check takes nothing and gets no answer', async () => {
    const { deps, account, chat, caller } = await setUp();
    expect(await admitChatCall(deps, caller, chat, { log, clientGone: () => true })).toBeNull();
    expect(deps.usage.of(account._id, deps.now()).calls).toBe(0);
    expect(deps.calls.slots.size).toBe(0);
  });

  it('admits: slot held, one call counted, document and workflow with the configured steps and time limit', async () => {
    const { deps, account, chat, caller } = await setUp({ HOLDLINE_CHAT_MAX_STEPS: '5' });
    const admitted = await admitChatCall(deps, caller, chat, { log, clientGone: () => false });
    expect(admitted?.header).toEqual({ id: admitted!.callId, created: Math.floor(deps.now().getTime() / 1000), model: 'holdline' });
    expect(deps.calls.slots.get('key-a')?.callId).toBe(admitted!.callId);
    expect(deps.usage.of(account._id, deps.now()).calls).toBe(1);
    expect(deps.workflows.started).toEqual([{ kind: 'chat', input: { callId: admitted!.callId, maxSteps: 5, timeLimitMs: 15 * 60_000 } }]);
  });

  it('giveBackCall returns the unit and the slot, marks the call uncharged and cancels it', async () => {
    const { deps, account, chat, caller } = await setUp();
    const admitted = (await admitChatCall(deps, caller, chat, { log, clientGone: () => false }))!;
    deps.clock.advance(60_000);
    await giveBackCall(deps, caller, admitted, { cancel: true, log });
    expect(deps.usage.of(account._id, admitted.admittedAt).calls).toBe(0);
    expect(deps.calls.slots.size).toBe(0);
    expect(deps.calls.docs.get(admitted.callId)?.charged).toBe(false);
    expect(deps.workflows.cancelled).toEqual([admitted.callId]);
  });
});

describe('awaitFirstAnswer', () => {
  it('a call that ended on an upstream error before any answer is 502 when the server answers now, 503 when it does not', async () => {
    const { deps, chat, caller } = await setUp();
    deps.calls.answerImmediately = false;
    deps.workflows.chatResult = (input) => ({
      content: '',
      finishReason: 'stop',
      usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
      run: { call_id: input.callId, base_model: 'b', steps: 0, tools_used: [], stopped: 'upstream_error' },
    });
    const watch = { clientGone: () => false, shuttingDown: () => false };
    const first = await awaitFirstAnswer(deps, (await admitChatCall(deps, caller, chat, { log, clientGone: () => false }))!, watch);
    expect(first).toMatchObject({ kind: 'failed', error: { code: 'upstream_failed' } });
    await deps.calls.releaseSlot('key-a', (deps.workflows.started[0]!.input as { callId: string }).callId);
    const admitted = (await admitChatCall(deps, caller, chat, { log, clientGone: () => false }))!;
    deps.upstreamSwitch.up = false;
    expect(await awaitFirstAnswer(deps, admitted, watch)).toMatchObject({ kind: 'failed', error: { code: 'upstream_unavailable' } });
  });

  it('reports a client that left and a server shutting down while waiting', async () => {
    const { deps, chat, caller } = await setUp();
    deps.calls.answerImmediately = false;
    deps.workflows.chatResult = null;
    const admitted = (await admitChatCall(deps, caller, chat, { log, clientGone: () => false }))!;
    expect(await awaitFirstAnswer(deps, admitted, { clientGone: () => true, shuttingDown: () => false })).toEqual({ kind: 'gone' });
    expect(await awaitFirstAnswer(deps, admitted, { clientGone: () => false, shuttingDown: () => true })).toEqual({ kind: 'shutdown' });
  });
});
