import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ScheduledWorkflows } from '../../../contracts/workflows';
import { RECOMPUTE_AGAIN_NOTE } from '../../../core/chat/conversation';
import { CallsStore } from '../../../store/calls';
import type { Turn } from '../../scripted-upstream/server';
import { activitiesInHistory, startChatHarness, simpleCall, type ChatHarness } from './harness';

let h: ChatHarness;
let calls: CallsStore;
let pages: Server;
let pagesUrl: string;

beforeAll(async () => {
  h = await startChatHarness();
  calls = new CallsStore(h.service.mongo.db);
  pages = createServer((req, res) => {
    if (req.url === '/facts') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<html><head><title>Facts</title></head><body><h1>Facts</h1><p>The magic number is 42.</p><script>ignored()</script></body></html>');
    } else if (req.url === '/to-private') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pagesUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await h?.stop();
  await new Promise((resolve) => pages?.close(resolve));
});
afterEach(() => {
  h.upstream.setResponder(undefined);
  h.upstream.setDefault({ content: 'ok' });
});

type Run = { call_id: string; base_model: string; steps: number; tools_used: string[]; stopped: string };
const runOf = (res: unknown) => (res as { holdline: Run }).holdline;
const ask = (content: string) => [{ role: 'user' as const, content }];
/** A scripted upstream turn that calls `run` with a Python program. */
const run = (code: string) => ({ toolCalls: [{ name: 'run', arguments: { code, language: 'python' } }] });

async function toolTurns(callId: string) {
  return (await calls.turnLog(callId)).filter((t) => t.kind === 'tool') as unknown as { name: string; ok: boolean; output: string }[];
}

describe('the agents at work', () => {
  it('plans, writes a file, runs code on it, reads a page, gets approval and answers', async () => {
    const { apiKey } = await h.newKey();
    const before = h.upstream.requests.length;
    h.upstream.script([
      { content: '1. store the numbers 2. sum them with run 3. read the facts page 4. answer' },
      { toolCalls: [{ name: 'write_file', arguments: { path: 'data/numbers.txt', content: '20\n22\n' } }] },
      {
        toolCalls: [
          {
            name: 'run',
            arguments: {
              code: 'const nums = files.read("data/numbers.txt").trim().split("\\n").map(Number);\nconst sum = nums.reduce((a, b) => a + b, 0);\nconsole.log("sum", sum);\nfiles.write("sum.txt", String(sum));',
            },
          },
        ],
      },
      { toolCalls: [{ name: 'read_url', arguments: { url: `${pagesUrl}/facts` } }] },
      { content: 'The numbers sum to 42, which is also the magic number on the facts page.' },
      { content: 'APPROVE — the sum was computed and the page confirms it.' },
    ]);
    const res = await h.client(apiKey).chat.completions.create({ model: 'holdline', messages: ask('Sum 20 and 22 and compare with the facts page.') });
    expect(res.choices[0]?.message.content).toBe('The numbers sum to 42, which is also the magic number on the facts page.');
    expect(res.choices[0]?.finish_reason).toBe('stop');
    expect(runOf(res)).toEqual({ call_id: res.id, base_model: 'base-model', steps: 6, tools_used: ['write_file', 'run', 'read_url'], stopped: 'done' });

    const tools = await toolTurns(res.id);
    expect(tools.map((t) => [t.name, t.ok])).toEqual([
      ['write_file', true],
      ['run', true],
      ['read_url', true],
    ]);
    expect(tools[0]?.output).toBe('created data/numbers.txt (6 bytes)');
    expect(tools[1]?.output).toMatch(
      /^language: javascript \(detected from the code\)\nstatus: ok \(\d+ ms\)\noutput:\nsum 42\nfiles written: sum\.txt \(2 bytes\)$/,
    );
    expect(tools[2]?.output).toBe(
      `URL: ${pagesUrl}/facts\nSaved as: page.txt (a run program can open("page.txt"))\nTitle: Facts\n\nFacts\n\nThe magic number is 42.`,
    );

    // The actors saw each tool's result; the checker saw the work log and the answer.
    const sent = h.upstream.requests.slice(before);
    expect(sent).toHaveLength(6);
    const lastAct = sent[4]?.body.messages ?? [];
    expect(lastAct.filter((m) => m.role === 'tool').map((m) => (m as { content: string }).content)).toEqual(tools.map((t) => t.output));
    const checkPrompt = JSON.stringify(sent[5]?.body.messages);
    expect(checkPrompt).toContain('1. write_file data/numbers.txt (6 bytes)');
    expect(checkPrompt).toContain('Answer to check:');

    const history = await h.service.temporal.workflow.getHandle(`chat-${res.id}`).fetchHistory();
    // Model steps and bookkeeping are local activities (markers); tools go through the task queue.
    expect(activitiesInHistory(history.events ?? [])).toEqual([
      'local:modelStep',
      'local:modelStep',
      'executeTool',
      'local:modelStep',
      'executeTool',
      'local:modelStep',
      'executeTool',
      'local:modelStep',
      'local:modelStep',
      'local:finishCall',
    ]);
    const description = await h.service.temporal.workflow.getHandle(`chat-${res.id}`).describe();
    expect(description.status.name).toBe('COMPLETED');
    expect(description.taskQueue).toBe(`${h.service.config.taskQueuePrefix}-chat`);
  });

  it('sends the actors back when the checker says REVISE', async () => {
    const { apiKey } = await h.newKey();
    // Words, not digits: a number no tool printed would be sent back before the checker is asked (conversation.ts).
    h.upstream.script([
      { content: 'plan' },
      { content: 'The sky is green.' },
      { content: 'REVISE: the sky is blue' },
      { content: 'The sky is blue.' },
      { content: 'APPROVE' },
    ]);
    const stream = await h.client(apiKey).chat.completions.create({ model: 'holdline', messages: ask('What colour is a clear sky at noon?'), stream: true });
    let reasoning = '';
    let content = '';
    for await (const chunk of stream) {
      reasoning += (chunk.choices[0]?.delta as { reasoning_content?: string } | undefined)?.reasoning_content ?? '';
      content += chunk.choices[0]?.delta.content ?? '';
    }
    expect(content).toBe('The sky is blue.');
    expect(reasoning).toContain('check: REVISE — the sky is blue');
    expect(reasoning.indexOf('check: REVISE')).toBeLessThan(reasoning.indexOf('check: APPROVE'));
  });

  it('sends back an answer that leaves out the form the task asks for, without asking for a tool: the result is there', async () => {
    const { apiKey } = await h.newKey();
    const before = h.upstream.requests.length;
    // The plan names no tool, so the actor may answer in words; the check is ours, not the model's.
    h.upstream.script([{ content: 'Answer from what is known.' }, { content: 'It is prime.' }, { content: 'Yes, it is prime.' }, { content: 'APPROVE' }]);
    const completion = await h.client(apiKey).chat.completions.create({ model: 'holdline', messages: ask('Is seven a prime number? Answer yes or no.') });
    expect(completion.choices[0]?.message.content).toBe('Yes, it is prime.');
    const sent = h.upstream.requests.slice(before);
    // plan, act, (our check: no request), act, check.
    expect(sent).toHaveLength(4);
    const second = sent[2]?.body.messages ?? [];
    expect(JSON.stringify(second)).toContain('The task asks for a yes or a no, and your answer does not give it.');
    expect(JSON.stringify(second.at(-1))).not.toContain('must be a call');
  });

  it("settles a recomputation that disagrees with a second program of the checker's, asked afresh and sampling (multiples: the checker's 500500 against the actor's right 234168)", async () => {
    const { apiKey } = await h.newKey();
    const before = h.upstream.requests.length;
    h.upstream.script([
      { content: '1. Sum the multiples with run.' },
      run('print(sum(i for i in range(1, 1001) if i % 3 == 0 or i % 5 == 0))'),
      { content: 'The sum is 234168.' },
      // The checker's first program ignores the condition; its second, asked again, does not.
      run('print(sum(range(1, 1001)))'),
      run('total = 0\nfor i in range(1, 1001):\n    if i % 3 == 0 or i % 5 == 0:\n        total += i\nprint(total)'),
    ]);
    const completion = await h.client(apiKey).chat.completions.create({
      model: 'holdline',
      messages: ask('What is the sum of all the integers from 1 to 1000 inclusive that are multiples of 3 or 5?'),
    });
    expect(completion.choices[0]?.message.content).toBe('The sum is 234168.');
    // plan, act (run), act (answer), check (run), check again (run); both verdicts are ours.
    const sent = h.upstream.requests.slice(before);
    expect(sent).toHaveLength(5);
    const again = sent[4]!.body;
    expect(again.temperature).toBe(0.7);
    // Every other step is greedy, whatever the server's own default.
    expect(sent.slice(0, 4).map((r) => r.body.temperature)).toEqual([0, 0, 0, 0]);
    expect(JSON.stringify(again.messages)).toContain(RECOMPUTE_AGAIN_NOTE);
    // Afresh: the first program of the checker's is not in its thread.
    expect(JSON.stringify(again.messages)).not.toContain('print(sum(range(1, 1001)))');
    const outputs = (await toolTurns(runOf(completion).call_id)).map((t) => t.output.split('\n').at(-1));
    expect(outputs).toEqual(['234168', '500500', '234168']);
  });

  it("approves the actors' program when the checker's disputing program finds no second of its own (the README's task: 76128 with 1 counted prime, then sympy twice)", async () => {
    const { apiKey } = await h.newKey();
    const before = h.upstream.requests.length;
    h.upstream.script([
      { content: '1. Sum the primes below 1000 with run.' },
      run('print(sum(n for n in range(2, 1000) if all(n % d for d in range(2, int(n ** 0.5) + 1))))'),
      { content: 'The sum of the primes below 1000 is 76127.' },
      // The checker counts 1 as a prime, then each program asked of it again fails.
      run('print(sum(n for n in range(1, 1000) if all(n % d for d in range(2, n))))'),
      run('from sympy import primerange\nprint(sum(primerange(1, 1000)))'),
      run('import sympy\nprint(sum(sympy.primerange(1, 1000)))'),
    ]);
    const completion = await h.client(apiKey).chat.completions.create({
      model: 'holdline',
      messages: ask('Sum the primes below 1000; check it by running code.'),
    });
    expect(completion.choices[0]?.message.content).toBe('The sum of the primes below 1000 is 76127.');
    // plan, act (run), act (answer), check (run), check again twice (runs that fail); no step goes back to the actor.
    expect(h.upstream.requests.slice(before)).toHaveLength(6);
    const run_ = runOf(completion);
    expect(run_.stopped).toBe('done');
    const outputs = await toolTurns(run_.call_id);
    expect(outputs.map((t) => t.ok)).toEqual([true, true, false, false]);
    const verdicts = (await calls.turnLog(run_.call_id)).filter((t) => t.kind === 'check') as unknown as { verdict: string; text: string }[];
    expect(verdicts.at(-1)).toMatchObject({ verdict: 'approve' });
    expect(verdicts.at(-1)?.text).toContain('no second program of its own confirmed it');
  });

  it('admits exactly one of 10 simultaneous requests on one key', async () => {
    const { apiKey, accountId } = await h.newKey();
    h.upstream.script(simpleCall('only one', { plan: { delayMs: 1000 } }));
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        fetch(`${h.service.apiUrl}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'holdline', messages: ask('race') }),
        }),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 429, 429, 429, 429, 429, 429, 429, 429, 429]);
    for (const r of responses.filter((x) => x.status === 429)) {
      expect(((await r.json()) as { error: { code: string } }).error.code).toBe('rate_limit');
    }
    const ok = responses.find((r) => r.status === 200);
    expect(JSON.parse((await ok?.text()) ?? '{}').choices[0].message.content).toBe('only one');
    expect((await h.service.deps.usage.month(accountId)).calls).toBe(1);
  });

  it('stops at 15 model steps, asking for the best answer with the last one', async () => {
    const { apiKey } = await h.newKey();
    const before = h.upstream.requests.length;
    h.upstream.setResponder((request): Turn => {
      const text = JSON.stringify(request.body.messages);
      if (text.includes('You are the planner')) return { content: 'plan: keep listing' };
      if (text.includes('The step limit for this task is reached')) return { content: 'best answer so far' };
      return { toolCalls: [{ name: 'list_files', arguments: {} }] };
    });
    const res = await h.client(apiKey).chat.completions.create({ model: 'holdline', messages: ask('loop forever') });
    expect(res.choices[0]?.message.content).toBe('best answer so far');
    expect(res.choices[0]?.finish_reason).toBe('length');
    expect(runOf(res)).toEqual({ call_id: res.id, base_model: 'base-model', steps: 15, tools_used: ['list_files'], stopped: 'step_limit' });
    const sent = h.upstream.requests.slice(before);
    expect(sent).toHaveLength(15);
    expect(sent.at(-1)?.body.tools).toBeUndefined();
  });

  it('turns abuse into clean tool errors and keeps the worker serving', async () => {
    const { apiKey } = await h.newKey();
    h.upstream.script([
      { content: 'plan' },
      {
        toolCalls: [
          { name: 'run', arguments: { code: 'while (true) {}' } },
          { name: 'run', arguments: { code: 'const hoard = []; while (true) hoard.push(new Array(1e6).fill(1.5));' } },
          { name: 'write_file', arguments: { path: '../../etc/escape.txt', content: 'x' } },
          { name: 'read_file', arguments: { path: '/etc/passwd' } },
          { name: 'write_file', arguments: { path: 'a\u0000b', content: 'x' } },
          { name: 'run', arguments: { code: 'files.read("../secret")' } },
          { name: 'read_url', arguments: { url: 'http://10.0.0.1/' } },
          { name: 'read_url', arguments: { url: `http://[::1]:${new URL(pagesUrl).port}/facts` } },
          { name: 'read_url', arguments: { url: `${pagesUrl}/to-private` } },
        ],
      },
      { content: 'nothing worked, as expected' },
      // No program worked, so the answer goes back once asking for a tool (onlyFailedRuns); given
      // again with no tool called, the actor is told once more to call one; a third time, it stands.
      { content: 'nothing worked, as expected' },
      { content: 'nothing worked, as expected' },
    ]);
    const res = await h.client(apiKey).chat.completions.create({ model: 'holdline', messages: ask('try to escape') });
    expect(res.choices[0]?.message.content).toBe('nothing worked, as expected');
    const tools = await toolTurns(res.id);
    expect(tools.map((t) => t.ok)).toEqual([false, false, false, false, false, false, false, false, false]);
    const [loop, bomb, traversal, absolute, nul, runTraversal, privateIp, loopback, redirect] = tools.map((t) => t.output);
    expect(loop).toMatch(
      /^language: javascript \(detected from the code\)\nstatus: error \(timeout\) after \d+ ms\nerror: the code ran longer than 10000 ms and was stopped/,
    );
    expect(bomb).toMatch(
      /^language: javascript \(detected from the code\)\nstatus: error \(memory\) after \d+ ms\nerror: the code used more memory than the sandbox allows and was stopped/,
    );
    expect(traversal).toBe('error (bad_arguments): write_file: bad path: path must not contain ".."');
    expect(absolute).toBe('error (bad_arguments): read_file: bad path: path must be relative (no leading "/")');
    expect(nul).toBe('error (bad_arguments): write_file: bad path: path contains NUL or control characters');
    expect(runTraversal).toMatch(/^language: javascript \(detected from the code\)\nstatus: error \(runtime_error\)/);
    for (const refused of [privateIp, loopback, redirect]) expect(refused).toMatch(/^error \(forbidden_address\): refused: /);
    expect(runOf(res).tools_used).toEqual(['run', 'write_file', 'read_file', 'read_url']);

    h.upstream.script(simpleCall('still serving'));
    const next = await h.client(apiKey).chat.completions.create({ model: 'holdline', messages: ask('hello') });
    expect(next.choices[0]?.message.content).toBe('still serving');
  });

  it('does not retry a 4xx from the upstream and ends with upstream_error', async () => {
    const { apiKey } = await h.newKey();
    const before = h.upstream.requests.length;
    h.upstream.script([
      { content: 'plan' },
      { status: 400, errorBody: { error: { message: 'context too long', type: 'invalid_request_error', param: null, code: null } } },
    ]);
    const res = await h.client(apiKey).chat.completions.create({ model: 'holdline', messages: ask('x') });
    expect(h.upstream.requests.length - before).toBe(2);
    expect(runOf(res)).toMatchObject({ steps: 2, stopped: 'upstream_error' });
    expect(res.choices[0]?.message.content).toBe(
      'The model server failed: the model server refused the request (400): 400 context too long. No answer was produced; please try again shortly.',
    );
  });

  it('retries 5xx from the upstream and completes', async () => {
    const { apiKey } = await h.newKey();
    const before = h.upstream.requests.length;
    h.upstream.failNext(2, { status: 500 });
    h.upstream.script(simpleCall('after retries'));
    const res = await h.client(apiKey).chat.completions.create({ model: 'holdline', messages: ask('x') });
    expect(res.choices[0]?.message.content).toBe('after retries');
    expect(runOf(res)).toMatchObject({ steps: 3, stopped: 'done' });
    expect(h.upstream.requests.length - before).toBe(5);
  });

  it('has an hourly maintenance schedule that sweeps call folders, conversations, rate windows and dead slots', async () => {
    const prefix = h.service.config.taskQueuePrefix;
    const schedule = await h.service.temporal.schedule.getHandle(`${prefix}-maintenance`).describe();
    expect(schedule.spec.intervals?.map((i) => i.every)).toEqual([3_600_000]);
    expect(schedule.action).toMatchObject({ type: 'startWorkflow', workflowType: 'maintenanceWorkflow', taskQueue: `${prefix}-chat` });

    const { apiKey, accountId } = await h.newKey();
    h.upstream.script([
      { content: 'plan' },
      { toolCalls: [{ name: 'write_file', arguments: { path: 'x.txt', content: 'x' } }] },
      { content: 'a' },
      { content: 'APPROVE' },
    ]);
    const res = await h.client(apiKey).chat.completions.create({ model: 'holdline', messages: ask('x') });
    const db = h.service.mongo.db;
    expect(await db.collection('call_files').countDocuments({ call_id: res.id })).toBe(1);
    // Progress texts live in the call's one progress document, not one document each.
    expect(await calls.progress.countDocuments({ _id: res.id })).toBe(1);
    expect(await calls.events.countDocuments({ call_id: res.id })).toBe(0);
    await calls.slots.insertOne({ _id: 'dead-key', call_id: 'call_dead', account_id: accountId, acquired_at: new Date(0), expires_at: new Date(1000) });
    await h.service.deps.rateLimiter.hit('some-key', 'read', 600, new Date(Date.now() - 3_600_000));
    await db
      .collection('sessions')
      .insertOne({ _id: 'expired-session' as never, account_id: accountId, csrf: 'x', created_at: new Date(0), expires_at: new Date(1000) });
    // An Idempotency-Key past its 24 hours goes; a live one stays.
    const keyDoc = (id: string, expiresAt: Date) => ({
      _id: id as never,
      account_id: accountId,
      fingerprint: 'f',
      claim: 'c',
      state: 'done',
      result: null,
      created_at: new Date(0),
      expires_at: expiresAt,
      pending_until: new Date(0),
    });
    await db
      .collection('idempotency')
      .insertMany([keyDoc(`${accountId}:expired`, new Date(1000)), keyDoc(`${accountId}:live`, new Date(Date.now() + 3_600_000))]);

    const swept = await h.service.temporal.workflow.execute<ScheduledWorkflows['maintenanceWorkflow']>('maintenanceWorkflow', {
      taskQueue: `${prefix}-chat`,
      workflowId: `maintenance-test-${res.id}`,
      args: [{ maxAgeMs: 0 }],
    });
    expect(swept).toMatchObject({ slots: 1, rateWindows: 1, sessions: 1, idempotencyKeys: 1 });
    expect(
      await db
        .collection('idempotency')
        .find({ account_id: accountId })
        .map((d) => d._id as unknown as string)
        .toArray(),
    ).toEqual([`${accountId}:live`]);
    expect((swept as { files: number }).files).toBeGreaterThanOrEqual(1);
    expect(await db.collection('call_files').countDocuments({ call_id: res.id })).toBe(0);
    expect(await calls.turns.countDocuments({ call_id: res.id })).toBe(0);
    expect(await calls.progress.countDocuments({ _id: res.id })).toBe(0);
    expect((await calls.get(res.id))?.messages).toEqual([]);
    expect(await calls.slots.countDocuments({ _id: 'dead-key' })).toBe(0);
  });
});
