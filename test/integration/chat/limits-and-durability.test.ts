import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallsStore } from '../../../store/calls';
import { activitiesInHistory, startChatHarness, simpleCall, waitFor, type ChatHarness } from './harness';

type Run = { call_id: string; steps: number; stopped: string };
const runOf = (res: unknown) => (res as { holdline: Run }).holdline;
const ask = [{ role: 'user' as const, content: 'work slowly' }];

describe('the time limit (shortened to 3 s by configuration)', () => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await startChatHarness({ env: { HOLDLINE_CHAT_TIME_LIMIT_MS: '3000' } });
  });
  afterAll(async () => h?.stop());

  it('cancels the running step when time runs out and asks for the best answer', async () => {
    const { apiKey } = await h.newKey();
    const before = h.upstream.requests.length;
    h.upstream.script([{ content: 'plan' }, { content: 'too slow', delayMs: 30_000 }, { content: 'best within the time' }]);
    const stream = await h.client(apiKey).chat.completions.create({ model: 'holdline', messages: ask, stream: true });
    let reasoning = '';
    let content = '';
    let finish: unknown;
    for await (const chunk of stream) {
      reasoning += (chunk.choices[0]?.delta as { reasoning_content?: string } | undefined)?.reasoning_content ?? '';
      content += chunk.choices[0]?.delta.content ?? '';
      if (chunk.choices[0]?.finish_reason) finish = chunk;
    }
    expect(content).toBe('best within the time');
    expect((finish as { choices: { finish_reason: string }[] }).choices[0]?.finish_reason).toBe('length');
    expect(runOf(finish)).toMatchObject({ steps: 3, stopped: 'time_limit' });
    expect(reasoning).toContain('time limit reached; asking for the best answer now');
    const sent = h.upstream.requests.slice(before);
    expect(sent).toHaveLength(3);
    expect(JSON.stringify(sent[2]?.body.messages)).toContain('The time limit for this task is reached.');
    expect(sent[2]?.body.tools).toBeUndefined();
    // The slow step was cancelled (its request abandoned), not waited out.
    expect(sent[1]?.abandoned).toBe(true);
    expect(sent[2]?.abandoned).toBeUndefined();
    // What stopped it was the 3 s limit: the workflow's timer fired, or the step, whose
    // schedule-to-close is the time left, timed out at the same deadline (whichever Temporal saw first).
    // The timer is in the history only if a workflow task was completed while it ran: the task
    // is renewed every ~80% of HOLDLINE_CHAT_TASK_TIMEOUT_MS (6 s), after this 3 s limit, so the
    // step's own deadline may end the call first, in the one task, with no timer recorded.
    const history = await h.service.temporal.workflow.getHandle(`chat-${runOf(finish).call_id}`).fetchHistory();
    const events = history.events ?? [];
    const timers = events.filter((e) => e.timerStartedEventAttributes);
    expect(timers.map((e) => Number(e.timerStartedEventAttributes?.startToFireTimeout?.seconds ?? 0)).every((seconds) => seconds === 3)).toBe(true);
    const timerFired = events.some((e) => e.timerFiredEventAttributes);
    const stepTimedOut = events.some((e) => /timed out/i.test(e.markerRecordedEventAttributes?.failure?.message ?? ''));
    expect(timerFired || stepTimedOut).toBe(true);
  });
});

describe('a first answer slower than the connection idle timeout (shortened to 1.5 s)', () => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await startChatHarness({ env: { HOLDLINE_IDLE_TIMEOUT_MS: '1500', HOLDLINE_CHAT_KEEPALIVE_MS: '500' } });
  });
  afterAll(async () => h?.stop());

  // Nothing is sent before the first model step answers (the status depends on it): a model
  // server busy with other calls kept the request silent past the idle timeout, and the
  // server closed its own client's connection.
  for (const stream of [false, true]) {
    it(`answers a ${stream ? 'streamed' : 'non-streamed'} call whose plan takes 4 s to come`, async () => {
      const { apiKey } = await h.newKey();
      h.upstream.script(simpleCall('answered after a slow start', { plan: { delayMs: 4000 } }));
      const client = h.client(apiKey, { maxRetries: 0 });
      if (!stream) {
        const res = await client.chat.completions.create({ model: 'holdline', messages: ask });
        expect(res.choices[0]?.message.content).toBe('answered after a slow start');
        expect(runOf(res)).toMatchObject({ steps: 3, stopped: 'done' });
        return;
      }
      let content = '';
      for await (const chunk of await client.chat.completions.create({ model: 'holdline', messages: ask, stream: true })) {
        content += chunk.choices[0]?.delta.content ?? '';
      }
      expect(content).toBe('answered after a slow start');
    });
  }
});

describe('a worker process killed mid-call', () => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await startChatHarness({ inProcessWorkers: false });
  });
  afterAll(async () => h?.stop());

  it('loses nothing: another worker resumes the step and the call completes', async () => {
    const { apiKey } = await h.newKey();
    const first = await h.service.startWorkerProcess();
    const before = h.upstream.requests.length;
    h.upstream.script([
      { content: 'plan' },
      { toolCalls: [{ name: 'write_file', arguments: { path: 'notes.txt', content: 'kept across workers' } }] },
      { content: 'the first worker dies during this step', delayMs: 30_000 },
      { toolCalls: [{ name: 'read_file', arguments: { path: 'notes.txt' } }] },
      { content: 'done after the restart' },
      { content: 'APPROVE' },
    ]);
    const pending = h.client(apiKey).chat.completions.create({ model: 'holdline', messages: ask });
    await h.upstream.waitForRequests(before + 3, 20_000);
    first.kill('SIGKILL');
    expect(await first.exited).toBeNull();
    await h.service.startWorkerProcess();
    const res = await pending;
    expect(res.choices[0]?.message.content).toBe('done after the restart');
    expect(runOf(res)).toMatchObject({ steps: 5, stopped: 'done' });
    const calls = new CallsStore(h.service.mongo.db);
    const tools = (await calls.turnLog(res.id)).filter((t) => t.kind === 'tool') as unknown as { name: string; output: string }[];
    expect(tools.map((t) => [t.name, t.output])).toEqual([
      ['write_file', 'created notes.txt (19 bytes)'],
      ['read_file', 'kept across workers'],
    ]);
    const history = await h.service.temporal.workflow.getHandle(`chat-${res.id}`).fetchHistory();
    // The step ran as a local activity inside the first worker's workflow task: that task timed
    // out with the worker, and the new worker took over the workflow and ran the step again.
    const events = history.events ?? [];
    const lastTimeout = events.findLastIndex((e) => e.workflowTaskTimedOutEventAttributes);
    expect(lastTimeout).toBeGreaterThan(-1);
    const workersOf = (part: typeof events) => [
      ...new Set(part.flatMap((e) => (e.workflowTaskStartedEventAttributes ? [e.workflowTaskStartedEventAttributes.identity] : []))),
    ];
    const [firstWorker, ...others] = workersOf(events.slice(0, lastTimeout));
    const after = workersOf(events.slice(lastTimeout));
    expect(others).toEqual([]);
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(firstWorker);
    // Steps completed: plan and the write_file act by the first worker, then the re-run step, the answer and the check.
    expect(activitiesInHistory(events.slice(0, lastTimeout)).filter((a) => a === 'local:modelStep')).toHaveLength(2);
    expect(activitiesInHistory(events.slice(lastTimeout))).toEqual([
      'local:modelStep',
      'executeTool',
      'local:modelStep',
      'local:modelStep',
      'local:finishCall',
    ]);
  });

  it('frees the key when a call is admitted after its slot expired', async () => {
    const { apiKey, accountId } = await h.newKey();
    const calls = new CallsStore(h.service.mongo.db);
    const keyHash = (await calls.slots.findOne({ account_id: accountId }))?._id;
    expect(keyHash).toBeUndefined();
    // A slot left by an API instance that died: expired an hour ago.
    const auth = await h.service.deps.accounts.authenticate(apiKey);
    await calls.slots.insertOne({
      _id: auth!.keyHash,
      call_id: 'call_dead',
      account_id: accountId,
      acquired_at: new Date(Date.now() - 7_200_000),
      expires_at: new Date(Date.now() - 3_600_000),
    });
    h.upstream.script(simpleCall('taken over'));
    const res = await h.client(apiKey).chat.completions.create({ model: 'holdline', messages: ask });
    expect(res.choices[0]?.message.content).toBe('taken over');
    await waitFor(async () => (await calls.slots.countDocuments({ account_id: accountId })) === 0, 5000, 'the slot to be freed');
  });
});
