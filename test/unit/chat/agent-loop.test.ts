import { describe, expect, it } from 'vitest';
import { newLoopState, runAgents, type AgentPorts, type ModelStepInput, type ModelStepResult, type ToolStepInput } from '../../../core/chat/agent-loop';

const usage = { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 };

type StepInput = ModelStepInput | ToolStepInput;
/** The tool steps among a script's recorded inputs, in order. */
const toolSteps = (inputs: StepInput[]) => inputs.filter((i): i is ToolStepInput => 'toolCallId' in i);
/** The actor's model steps among a script's recorded inputs, in order. */
const actSteps = (inputs: StepInput[]) => inputs.filter((i): i is ModelStepInput => 'role' in i && i.role === 'act');
/** What an act step was told: [answer now, must call a tool, sample instead of greedy]. */
const actFlags = (i: ModelStepInput) => [i.answerNow ?? false, i.requireTool ?? false, i.explore ?? false];

/** Ports over a script of model replies; records every call in order. */
function scripted(replies: Partial<ModelStepResult>[], fallback: Partial<ModelStepResult> = { content: 'more' }) {
  const log: string[] = [];
  const inputs: StepInput[] = [];
  const ports: AgentPorts = {
    async modelStep(input) {
      inputs.push(input);
      log.push(`${input.role}#${input.seq}(left ${input.stepsLeft}${input.finalReason ? `, ${input.finalReason}` : ''})`);
      const reply = replies.shift() ?? fallback;
      return { content: '', toolCalls: [], finishReason: 'stop', usage, ...reply };
    },
    async executeTool(input) {
      inputs.push(input);
      log.push(`tool ${input.name}#${input.seq}<-${input.actSeq}`);
      return { name: input.name, ok: true, summary: `${input.name} ok` };
    },
  };
  return { ports, log, inputs };
}

describe('runAgents', () => {
  it('plans, acts with tools, checks and answers', async () => {
    const { ports, log } = scripted([
      { content: 'plan' },
      {
        toolCalls: [
          { id: 'a', name: 'write_file' },
          { id: 'b', name: 'run' },
        ],
      },
      {
        toolCalls: [
          { id: 'c', name: 'run' },
          { id: 'd', name: 'read_url' },
        ],
      },
      { content: 'the answer' },
      { content: 'fine', verdict: 'approve' },
    ]);
    const state = newLoopState();
    const outcome = await runAgents(ports, state, 15);
    expect(outcome).toEqual({ content: 'the answer', stopped: 'done', finishReason: 'stop' });
    expect(log).toEqual([
      'plan#0(left 14)',
      'act#1(left 13)',
      'tool write_file#2<-1',
      'tool run#3<-1',
      'act#4(left 12)',
      'tool run#5<-4',
      'tool read_url#6<-4',
      'act#7(left 11)',
      'check#8(left 10)',
    ]);
    expect(state.steps).toBe(5);
    expect(state.toolsUsed).toEqual(['write_file', 'run', 'read_url']);
    expect(state.usage).toEqual({ prompt_tokens: 50, completion_tokens: 10, total_tokens: 60 });
  });

  it('sends the actors back on REVISE and ends on the next approval', async () => {
    const { ports, log } = scripted([
      { content: 'plan' },
      { content: 'draft 1' },
      { content: 'wrong', verdict: 'revise' },
      { content: 'draft 2' },
      { content: 'ok', verdict: 'approve' },
    ]);
    const outcome = await runAgents(ports, newLoopState(), 15);
    expect(outcome.content).toBe('draft 2');
    expect(log).toEqual(['plan#0(left 14)', 'act#1(left 13)', 'check#2(left 12)', 'act#3(left 11)', 'check#4(left 10)']);
  });

  it('ends with an answer the checker sent back when the actor gives it again word for word (spacing and case aside), without checking it again', async () => {
    const { ports, log } = scripted([
      { content: 'plan' },
      { content: 'The price is 17.35 EUR.' },
      { content: 'REVISE', verdict: 'revise' },
      { content: '  the price is 17.35  EUR.' },
    ]);
    const state = newLoopState();
    const outcome = await runAgents(ports, state, 15);
    expect(outcome).toEqual({ content: '  the price is 17.35  EUR.', stopped: 'done', finishReason: 'stop' });
    expect(log).toEqual(['plan#0(left 14)', 'act#1(left 13)', 'check#2(left 12)', 'act#3(left 11)']);
    expect(state.steps).toBe(4);
  });

  it('asks once more, sampling, for the tool a REVISE asked for when the actor gives the answer again with no tool run, then stands by it', async () => {
    // The README's task from `npm run up`: a program written as text, sent back for numbers
    // no tool printed, given again word for word.
    const { ports, log, inputs } = scripted([
      { content: 'plan' },
      { content: 'primes = [n for n in range(2, 1000)]' },
      { content: 'numbers no tool printed', verdict: 'revise', needsTool: true },
      { content: 'primes = [n for n in range(2, 1000)]' },
      { content: 'primes = [n for n in range(2, 1000)]' },
    ]);
    const outcome = await runAgents(ports, newLoopState(), 15);
    expect(outcome).toEqual({ content: 'primes = [n for n in range(2, 1000)]', stopped: 'done', finishReason: 'stop' });
    expect(log).toEqual(['plan#0(left 14)', 'act#1(left 13)', 'check#2(left 12)', 'act#3(left 11)', 'act#4(left 10)']);
    // The act after the REVISE must call a tool; the one after the repeat must too, and samples.
    expect(actSteps(inputs).map(actFlags)).toEqual([
      [false, false, false],
      [false, true, false],
      [false, true, true],
    ]);
  });

  it('checks the answer again when the tool asked for runs after the repeat', async () => {
    const { ports, log } = scripted([
      { content: 'plan' },
      { content: 'The sum is 1060.' },
      { content: 'numbers no tool printed', verdict: 'revise', needsTool: true },
      { content: 'The sum is 1060.' },
      { toolCalls: [{ id: 'r', name: 'run', signature: 's1' }] },
      { content: 'The sum is 76127.' },
      { content: 'ok', verdict: 'approve' },
    ]);
    const outcome = await runAgents(ports, newLoopState(), 15);
    expect(outcome.content).toBe('The sum is 76127.');
    expect(log).toEqual([
      'plan#0(left 14)',
      'act#1(left 13)',
      'check#2(left 12)',
      'act#3(left 11)',
      'act#4(left 10)',
      'tool run#5<-4',
      'act#6(left 9)',
      'check#7(left 8)',
    ]);
  });

  it('checks a changed answer again after a REVISE, and an approved one is never compared', async () => {
    const { ports, log } = scripted([
      { content: 'plan' },
      { content: 'eight' },
      { content: 'no', verdict: 'revise' },
      { content: 'seven' },
      { content: 'no', verdict: 'revise' },
      { content: 'eight' },
    ]);
    const outcome = await runAgents(ports, newLoopState(), 15);
    // "eight" was sent back before: given again, it ends the call; "seven" was checked.
    expect(outcome.content).toBe('eight');
    expect(log.filter((l) => l.startsWith('check'))).toHaveLength(2);
  });

  it('makes the act step after a verdict that needs a tool call one, and checks an answer sent back before once a tool ran since', async () => {
    const { ports, inputs } = scripted([
      { content: 'plan' },
      { content: 'The sum is 7610.' },
      { content: 'no tool printed 7610', verdict: 'revise', needsTool: true },
      { toolCalls: [{ id: 'r', name: 'run' }] },
      { content: 'The sum is 7610.' },
      { content: 'fine', verdict: 'approve' },
    ]);
    const outcome = await runAgents(ports, newLoopState(), 15);
    expect(outcome.content).toBe('The sum is 7610.');
    const acts = actSteps(inputs);
    expect(acts.map((a) => a.requireTool === true)).toEqual([false, true, false]);
    // The same answer after the run is checked again (the results changed), and approved.
    expect(inputs.filter((i) => 'role' in i && i.role === 'check')).toHaveLength(2);
  });

  it('ends with an answer sent back again when the only call since was a repeat, not run again (no new results)', async () => {
    const { ports, log } = scripted([
      { content: 'plan' },
      { toolCalls: [{ id: 'a', name: 'run', signature: 'same program' }] },
      { content: 'It is 832040.' },
      { content: 'no tool printed 832040', verdict: 'revise', needsTool: true },
      { toolCalls: [{ id: 'b', name: 'run', signature: 'same program' }] },
      { content: 'It is 832040.' },
    ]);
    const outcome = await runAgents(ports, newLoopState(), 15);
    expect(outcome).toEqual({ content: 'It is 832040.', stopped: 'done', finishReason: 'stop' });
    expect(log.filter((l) => l.startsWith('check'))).toHaveLength(1);
  });

  it('makes the first act step call a tool when the plan names one', async () => {
    const { ports, inputs } = scripted([
      { content: '', needsTool: true },
      { toolCalls: [{ id: 'r', name: 'run' }] },
      { content: 'done' },
      { content: 'fine', verdict: 'approve' },
    ]);
    await runAgents(ports, newLoopState(), 15);
    const acts = actSteps(inputs);
    expect(acts.map((a) => a.requireTool === true)).toEqual([true, false]);
  });

  it('uses the fifteenth step for the best answer when the actors never stop calling tools', async () => {
    const { ports, log } = scripted([{ content: 'plan' }], { toolCalls: [{ id: 'x', name: 'list_files' }] });
    const state = newLoopState();
    const final = scripted([]);
    const wrapped: AgentPorts = {
      modelStep: (input) => (input.role === 'final' ? final.ports.modelStep(input).then((r) => ({ ...r, content: 'best effort' })) : ports.modelStep(input)),
      executeTool: ports.executeTool,
    };
    const outcome = await runAgents(wrapped, state, 15);
    expect(outcome).toEqual({ content: 'best effort', stopped: 'step_limit', finishReason: 'length' });
    expect(state.steps).toBe(15);
    expect(log.filter((l) => l.startsWith('act'))).toHaveLength(13);
    expect(final.log).toEqual(['final#27(left 0, step_limit)']);
    expect(state.toolsUsed).toEqual(['list_files']);
  });

  it('keeps the last draft when the checker still sends it back at the fifteenth step', async () => {
    const replies: Partial<ModelStepResult>[] = [{ content: 'plan' }];
    for (let i = 0; i < 7; i++) replies.push({ content: `draft ${i}` }, { content: 'no', verdict: 'revise' });
    const { ports, log } = scripted(replies);
    const state = newLoopState();
    const outcome = await runAgents(ports, state, 15);
    expect(state.steps).toBe(15);
    expect(log.at(-1)).toBe('check#14(left 0)');
    expect(outcome).toEqual({
      content: 'draft 6\n\n(The agents used all their model steps before finishing.)',
      stopped: 'step_limit',
      finishReason: 'length',
    });
  });

  it('says no answer was produced when the last step returns nothing and no draft exists', async () => {
    const { ports } = scripted([{ content: 'plan' }, ...Array.from({ length: 13 }, () => ({ toolCalls: [{ id: 'x', name: 'run' }] })), { content: '  ' }]);
    expect(await runAgents(ports, newLoopState(), 15)).toEqual({
      content: 'The agents used all their model steps before finishing. No answer was produced; please try again with a smaller task.',
      stopped: 'step_limit',
      finishReason: 'length',
    });
  });

  it('reports a truncated answer with finish_reason length', async () => {
    const { ports } = scripted([{ content: 'plan' }, { content: 'cut off', finishReason: 'length' }, { verdict: 'approve' }]);
    expect(await runAgents(ports, newLoopState(), 15)).toEqual({ content: 'cut off', stopped: 'done', finishReason: 'length' });
  });

  it('does not list unknown tool names the model invented', async () => {
    const { ports } = scripted([{ content: 'plan' }, { toolCalls: [{ id: 'a', name: 'shell' }] }, { content: 'x' }, { verdict: 'approve' }]);
    const state = newLoopState();
    await runAgents(ports, state, 15);
    expect(state.toolsUsed).toEqual([]);
  });

  it('asks the actor again after an empty reply instead of checking it', async () => {
    const { ports, log } = scripted([{ content: 'plan' }, { content: ' \n' }, { content: 'the answer' }, { verdict: 'approve' }]);
    const state = newLoopState();
    expect(await runAgents(ports, state, 15)).toEqual({ content: 'the answer', stopped: 'done', finishReason: 'stop' });
    expect(log).toEqual(['plan#0(left 14)', 'act#1(left 13)', 'act#2(left 12)', 'check#3(left 11)']);
    expect(state.steps).toBe(4);
  });

  it('ends at the step limit with a readable apology when the actor only ever replies with nothing', async () => {
    const { ports, log } = scripted([{ content: 'plan' }], { content: '' });
    expect(await runAgents(ports, newLoopState(), 5)).toEqual({
      content: 'The agents used all their model steps before finishing. No answer was produced; please try again with a smaller task.',
      stopped: 'step_limit',
      finishReason: 'length',
    });
    expect(log).toEqual(['plan#0(left 4)', 'act#1(left 3)', 'act#2(left 2)', 'act#3(left 1)', 'final#4(left 0, step_limit)']);
  });

  it('lets the checker run a program of its own, then asks it for the verdict with what the program printed', async () => {
    const { ports, log, inputs } = scripted([
      { content: 'plan' },
      { content: 'The sum is 42.' },
      { toolCalls: [{ id: 'v', name: 'run', signature: 's-check' }] },
      { verdict: 'revise', content: 'it is 76127' },
      { content: 'The sum is 76127.' },
      { content: 'APPROVE', verdict: 'approve' },
    ]);
    const state = newLoopState();
    expect(await runAgents(ports, state, 15)).toEqual({ content: 'The sum is 76127.', stopped: 'done', finishReason: 'stop' });
    expect(log).toEqual(['plan#0(left 14)', 'act#1(left 13)', 'check#2(left 12)', 'tool run#3<-2', 'check#4(left 11)', 'act#5(left 10)', 'check#6(left 9)']);
    const checks = inputs.filter((i): i is ModelStepInput => 'role' in i && i.role === 'check');
    // The first look at an answer may run code; the verdict after it may not.
    expect(checks.map((i) => i.verify ?? false)).toEqual([true, false, true]);
    expect(state.toolsUsed).toEqual(['run']);
  });

  it('lets the checker correct its own failed program once before its verdict (fibonacci: it called an undefined function)', async () => {
    const { ports, log, inputs } = scripted([
      { content: 'plan' },
      { content: 'It is 465.' },
      { toolCalls: [{ id: 'v', name: 'run', signature: 's-bad' }] },
      { toolCalls: [{ id: 'w', name: 'run', signature: 's-good' }] },
      { verdict: 'revise', content: 'it printed 832040' },
      { content: 'It is 832040.' },
      { content: 'APPROVE', verdict: 'approve' },
    ]);
    ports.executeTool = async (input) => {
      inputs.push(input);
      log.push(`tool ${input.name}#${input.seq}<-${input.actSeq}`);
      return { name: input.name, ok: input.toolCallId !== 'v', summary: 'run' };
    };
    expect(await runAgents(ports, newLoopState(), 15)).toEqual({ content: 'It is 832040.', stopped: 'done', finishReason: 'stop' });
    expect(log.slice(0, 7)).toEqual([
      'plan#0(left 14)',
      'act#1(left 13)',
      'check#2(left 12)',
      'tool run#3<-2',
      'check#4(left 11)',
      'tool run#5<-4',
      'check#6(left 10)',
    ]);
    const checks = inputs.filter((i): i is ModelStepInput => 'role' in i && i.role === 'check');
    // The first look may run code; after its failure, once more; then the verdict; the next answer's first look again.
    expect(checks.map((i) => i.verify ?? false)).toEqual([true, true, false, true]);
  });

  it("does not run again a program the checker's own program refuted: the checker's runs leave the actor's record as it was (fibonacci)", async () => {
    const { ports, inputs } = scripted([
      { content: 'plan' },
      { toolCalls: [{ id: 'a', name: 'run', signature: 's-sum' }] },
      { content: 'It is 465.' },
      { toolCalls: [{ id: 'v', name: 'run', signature: 's-fib' }] },
      { verdict: 'revise', needsTool: true, content: 'the checker printed 832040' },
      { toolCalls: [{ id: 'b', name: 'run', signature: 's-sum' }] },
      { toolCalls: [{ id: 'c', name: 'run', signature: 's-fib2' }] },
      { content: 'It is 832040.' },
      { toolCalls: [{ id: 'w', name: 'run', signature: 's-fib3' }] },
      { verdict: 'approve', content: 'APPROVE' },
    ]);
    expect(await runAgents(ports, newLoopState(), 15)).toEqual({ content: 'It is 832040.', stopped: 'done', finishReason: 'stop' });
    expect(toolSteps(inputs).map((i) => [i.toolCallId, i.repeated ?? false, i.sentBackBefore ?? false])).toEqual([
      ['a', false, false],
      ['v', false, false],
      ['b', true, true],
      ['c', false, false],
      ['w', false, false],
    ]);
  });

  it('asks for the verdict when the corrected program fails too, and offers no correction without a step for the verdict', async () => {
    const failing = (fixes: number) => {
      const { ports, log, inputs } = scripted([
        { content: 'plan' },
        { content: 'It is 465.' },
        { toolCalls: [{ id: 'v', name: 'run', signature: 's-1' }] },
        ...Array.from({ length: fixes }, () => ({ toolCalls: [{ id: 'w', name: 'run', signature: 's-2' }] })),
        { content: 'APPROVE', verdict: 'approve' as const },
      ]);
      ports.executeTool = async (input) => {
        inputs.push(input);
        log.push(`tool ${input.name}#${input.seq}<-${input.actSeq}`);
        return { name: input.name, ok: false, summary: 'run' };
      };
      return { ports, inputs };
    };
    const twice = failing(1);
    expect(await runAgents(twice.ports, newLoopState(), 15)).toMatchObject({ content: 'It is 465.', stopped: 'done' });
    expect(twice.inputs.filter((i): i is ModelStepInput => 'role' in i && i.role === 'check').map((i) => i.verify ?? false)).toEqual([true, true, false]);
    // With four steps (plan, act, check, one left) the one left is the verdict.
    const tight = failing(0);
    await runAgents(tight.ports, newLoopState(), 4);
    expect(tight.inputs.filter((i): i is ModelStepInput => 'role' in i && i.role === 'check').map((i) => i.verify ?? false)).toEqual([true, false]);
  });

  it('asks the checker once more, sampling, when its recomputation could not be read (fibonacci: a run call of 1s to the token cap approved 465)', async () => {
    const unread = { content: '{{"name": "run", "arguments": {"code": "print(sum([1, 1, 1', recomputeAgain: true as const };
    const { ports, inputs } = scripted([
      { content: 'plan' },
      { content: 'It is 465.' },
      unread,
      { toolCalls: [{ id: 'v', name: 'run', signature: 's-1' }] },
      { content: 'REVISE', verdict: 'revise' },
      { content: 'It is 832040.' },
      { content: 'APPROVE', verdict: 'approve' },
    ]);
    expect(await runAgents(ports, newLoopState(), 15)).toMatchObject({ content: 'It is 832040.', stopped: 'done' });
    const checks = inputs.filter((i): i is ModelStepInput => 'role' in i && i.role === 'check');
    expect(checks.map((i) => [i.verify ?? false, i.explore ?? false])).toEqual([
      [true, false],
      [true, true],
      [false, false],
      [true, false],
    ]);
    // Twice an answer at most: unread a third time, no verdict stands, as before.
    const thrice = scripted([{ content: 'plan' }, { content: 'It is 465.' }, unread, unread, unread, { content: 'never asked' }]);
    expect(await runAgents(thrice.ports, newLoopState(), 15)).toMatchObject({ content: 'It is 465.', stopped: 'done' });
    expect(thrice.inputs.filter((i): i is ModelStepInput => 'role' in i && i.role === 'check')).toHaveLength(3);
  });

  it('offers the checker no program run when only its verdict step is left', async () => {
    const { ports, inputs } = scripted([{ content: 'plan' }, { content: 'answer' }, { content: 'APPROVE', verdict: 'approve' }]);
    expect(await runAgents(ports, newLoopState(), 3)).toEqual({ content: 'answer', stopped: 'done', finishReason: 'stop' });
    const checks = inputs.filter((i): i is ModelStepInput => 'role' in i && i.role === 'check');
    expect(checks.map((i) => i.verify ?? false)).toEqual([false]);
  });

  it('does not run a call repeated word for word; it is recorded as repeated and not listed as used', async () => {
    const { ports, inputs } = scripted([
      { content: 'plan' },
      { toolCalls: [{ id: 'a', name: 'read_url', signature: 's-url' }] },
      {
        toolCalls: [
          { id: 'b', name: 'read_url', signature: 's-url' },
          { id: 'c', name: 'read_url', signature: 's-url' },
        ],
      },
      { content: 'answer' },
      { verdict: 'approve' },
    ]);
    const state = newLoopState();
    expect(await runAgents(ports, state, 15)).toEqual({ content: 'answer', stopped: 'done', finishReason: 'stop' });
    const toolInputs = toolSteps(inputs);
    expect(toolInputs.map((i) => [i.toolCallId, i.repeated ?? false])).toEqual([
      ['a', false],
      ['b', true],
      ['c', true],
    ]);
    expect(state.toolsUsed).toEqual(['read_url']);
    // The step after the repeat is offered no tools and asked for the answer; the one before it was not.
    const acts = actSteps(inputs);
    expect(acts.map((i) => i.answerNow ?? false)).toEqual([false, false, true]);
  });

  it('does not run a failed call repeated word for word; the actor must change it instead of answering', async () => {
    const { ports, inputs } = scripted([
      { content: 'plan' },
      { toolCalls: [{ id: 'a', name: 'run', signature: 's-bad' }] },
      { toolCalls: [{ id: 'b', name: 'run', signature: 's-bad' }] },
      { toolCalls: [{ id: 'c', name: 'run', signature: 's-good' }] },
      { content: 'answer' },
      { verdict: 'approve' },
    ]);
    ports.executeTool = async (input) => {
      inputs.push(input);
      return { name: input.name, ok: input.toolCallId !== 'a', summary: 'run' };
    };
    expect(await runAgents(ports, newLoopState(), 15)).toEqual({ content: 'answer', stopped: 'done', finishReason: 'stop' });
    const toolInputs = toolSteps(inputs);
    expect(toolInputs.map((i) => [i.toolCallId, i.repeated ?? false, i.failedBefore ?? false])).toEqual([
      ['a', false, false],
      ['b', true, true],
      ['c', false, false],
    ]);
    // After the repeat of the failed program: a tool call is required, the answer is not asked for.
    const acts = actSteps(inputs);
    expect(acts.map(actFlags)).toEqual([
      [false, false, false],
      [false, false, false],
      [false, true, true],
      [false, false, false],
    ]);
  });

  it('after a REVISE that asks for a tool, a call repeated word for word is being stuck: not run, and the actor must change it (date-add)', async () => {
    const { ports, inputs } = scripted([
      { content: 'plan' },
      { toolCalls: [{ id: 'a', name: 'run', signature: 's-today' }] },
      { content: 'It is 2026-11-27.' },
      { verdict: 'revise', needsTool: true },
      { toolCalls: [{ id: 'b', name: 'run', signature: 's-today' }] },
      { toolCalls: [{ id: 'c', name: 'run', signature: 's-date' }] },
      { content: 'It is 2025-05-21.' },
      { verdict: 'approve' },
    ]);
    expect(await runAgents(ports, newLoopState(), 15)).toEqual({ content: 'It is 2025-05-21.', stopped: 'done', finishReason: 'stop' });
    const toolInputs = toolSteps(inputs);
    expect(toolInputs.map((i) => [i.toolCallId, i.repeated ?? false, i.sentBackBefore ?? false])).toEqual([
      ['a', false, false],
      ['b', true, true],
      ['c', false, false],
    ]);
    const acts = actSteps(inputs);
    expect(acts.map(actFlags)).toEqual([
      [false, false, false],
      [false, false, false],
      [false, true, false],
      [false, true, true],
      [false, false, false],
    ]);
  });

  it('does not stand by a reply sent back as no answer: given again, the next step must call a tool and samples', async () => {
    const program = '```python\nprint(1)\n```';
    const { ports, inputs } = scripted([
      { content: 'plan' },
      { content: program },
      { verdict: 'revise', needsTool: true, notAnAnswer: true },
      { content: program },
      { toolCalls: [{ id: 'a', name: 'run', signature: 's-run' }] },
      { content: 'It printed 1.' },
      { verdict: 'approve' },
    ]);
    expect(await runAgents(ports, newLoopState(), 15)).toEqual({ content: 'It printed 1.', stopped: 'done', finishReason: 'stop' });
    const steps = inputs.filter((i): i is ModelStepInput => 'role' in i);
    // The program given again is not checked (and not the call's answer); the step after it must call a tool, sampling.
    expect(steps.map((i) => `${i.role}${i.requireTool ? '+tool' : ''}${i.explore ? '+explore' : ''}`)).toEqual([
      'plan',
      'act',
      'check',
      'act+tool',
      'act+tool+explore',
      'act',
      'check',
    ]);
  });

  it('asks once more, sampling, for an answer sent back for a form the task asks for and given again word for word (prime-check), then stands by it', async () => {
    const answer = 'The smallest prime factor of 1000003 is 1000003 itself.';
    const { ports, inputs } = scripted([
      { content: 'plan' },
      { content: answer },
      { verdict: 'revise', restate: true },
      { content: answer },
      { content: answer },
    ]);
    expect(await runAgents(ports, newLoopState(), 15)).toEqual({ content: answer, stopped: 'done', finishReason: 'stop' });
    const steps = inputs.filter((i): i is ModelStepInput => 'role' in i);
    // Given again, the answer is not stood by at once: one more step samples; the same answer then stands.
    expect(steps.map((i) => `${i.role}${i.requireTool ? '+tool' : ''}${i.explore ? '+explore' : ''}`)).toEqual(['plan', 'act', 'check', 'act', 'act+explore']);
  });

  it('runs a repeated call again once a write_file, run or read_url changed the folder since', async () => {
    const { ports, inputs } = scripted([
      { content: 'plan' },
      { toolCalls: [{ id: 'a', name: 'read_file', signature: 's-read' }] },
      { toolCalls: [{ id: 'b', name: 'write_file', signature: 's-write' }] },
      {
        toolCalls: [
          { id: 'c', name: 'read_file', signature: 's-read' },
          { id: 'd', name: 'write_file', signature: 's-write' },
        ],
      },
      { toolCalls: [{ id: 'e', name: 'read_file', signature: 's-read' }] },
      { toolCalls: [{ id: 'f', name: 'read_url', signature: 's-url' }] },
      { toolCalls: [{ id: 'g', name: 'read_file', signature: 's-read' }] },
      { content: 'answer' },
      { verdict: 'approve' },
    ]);
    await runAgents(ports, newLoopState(), 15);
    const toolInputs = toolSteps(inputs);
    // c repeats a, but b's write_file came between; d repeats b and e repeats c with nothing changed
    // since; g repeats c, but f's read_url kept a page as a file since.
    expect(toolInputs.map((i) => [i.toolCallId, i.repeated ?? false])).toEqual([
      ['a', false],
      ['b', false],
      ['c', false],
      ['d', true],
      ['e', true],
      ['f', false],
      ['g', false],
    ]);
  });
});
