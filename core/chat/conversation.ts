// The agents' views of one call. The call's turn log (plan, tool-using steps, tool
// results, check verdicts) is shared; each role gets its own system prompt and sees the
// log the way it needs: the planner sees the task, the actors the task, the plan and
// their own tool loop, the checker the task, a work log and the answer to check.

import type { CallTurn, UpstreamMessage, Verdict } from './shapes';

export const PLANNER_PROMPT = [
  'You are the planner in a small team of agents that completes one task for a client.',
  'The actors after you can write and read files in a private folder, run JavaScript in a sandbox (no network), and read public web pages.',
  'Write a short numbered plan (at most 6 steps) for completing the task, naming the tools worth using and how to verify the result.',
  'If the task is simple, say so and plan a direct answer. Do not solve the task here.',
].join(' ');

export const ACTOR_PROMPT = [
  'You are the actor in a small team of agents that completes one task for a client.',
  'Follow the plan. Use the tools when they help: write_file, read_file and list_files work in a private folder for this call;',
  'run executes JavaScript in a sandbox that sees that folder through `files`; read_url reads a public web page.',
  'Check computed results by running code rather than guessing.',
  'When the work is done, reply without calling tools: that reply is your complete answer to the client, self-contained,',
  'because the client sees only it (the folder is deleted within 24 hours).',
].join(' ');

export const CHECKER_PROMPT = [
  'You are the checker in a small team of agents. Read the task, the work log and the answer the actors propose.',
  'Decide whether the answer fully and correctly completes the task.',
  'Reply with APPROVE or REVISE as the first word. After REVISE, say precisely what is wrong or missing so the actors can fix it.',
  'Approve answers that are correct even if they could be polished.',
].join(' ');

/** Context the client gave as system/developer messages, appended to an agent's own prompt. */
function systemMessage(prompt: string, task: UpstreamMessage[]): UpstreamMessage {
  const client = task.filter((m) => m.role === 'system').map((m) => m.content as string);
  return { role: 'system', content: client.length > 0 ? `${prompt}\n\nInstructions from the client:\n${client.join('\n\n')}` : prompt };
}

const withoutSystem = (task: UpstreamMessage[]) => task.filter((m) => m.role !== 'system');

export function planMessages(task: UpstreamMessage[]): UpstreamMessage[] {
  return [systemMessage(PLANNER_PROMPT, task), ...withoutSystem(task)];
}

/**
 * The actors' thread: the task, the plan, then every tool step with its results and any
 * verdict that sent the work back. Tool calls whose result never arrived (a step cut short
 * by a limit) get a result saying so, because upstreams reject dangling tool calls.
 */
export function actMessages(task: UpstreamMessage[], turns: CallTurn[], stepsLeft?: number): UpstreamMessage[] {
  const out: UpstreamMessage[] = [systemMessage(ACTOR_PROMPT, task), ...withoutSystem(task)];
  const pending = new Map<string, string>();
  const flushPending = () => {
    for (const [id, name] of pending) out.push({ role: 'tool', tool_call_id: id, content: `error: ${name} did not run (the step was cut short)` });
    pending.clear();
  };
  for (const turn of turns) {
    if (turn.kind !== 'tool') flushPending();
    switch (turn.kind) {
      case 'plan':
        out.push({ role: 'user', content: `Plan from the planner:\n${turn.text}\n\nCarry it out.` });
        break;
      case 'act':
        if (turn.tool_calls.length > 0) {
          out.push({ role: 'assistant', content: turn.content === '' ? null : turn.content, tool_calls: turn.tool_calls });
          for (const call of turn.tool_calls) pending.set(call.id, call.function.name);
        } else if (turn.content.trim() === '') {
          // Some templates reject an empty assistant turn; the note says what went wrong instead.
          out.push({ role: 'user', content: EMPTY_REPLY_NOTE });
        } else {
          out.push({ role: 'assistant', content: turn.content });
        }
        break;
      case 'tool':
        if (pending.delete(turn.tool_call_id)) out.push({ role: 'tool', tool_call_id: turn.tool_call_id, content: turn.output });
        break;
      case 'check':
        if (turn.verdict === 'revise') {
          out.push({ role: 'user', content: `The checker sent the answer back:\n${turn.text}\n\nFix what is wrong, then give the complete answer again.` });
        }
        break;
      case 'final':
        out.push({ role: 'assistant', content: turn.content });
        break;
    }
  }
  flushPending();
  if (stepsLeft !== undefined && stepsLeft <= 3) {
    out.push({ role: 'user', content: `Only ${stepsLeft} model step${stepsLeft === 1 ? '' : 's'} left for this task: finish soon.` });
  }
  return out;
}

export const EMPTY_REPLY_NOTE = 'Your last reply was empty. Reply with your complete answer to the task, or call a tool.';

/** The tool result of a call repeated word for word with nothing changed since (it is not run again). */
export const REPEATED_CALL_OUTPUT = 'error: this exact call was already made and nothing has changed since; its result is above. Use it, or answer now.';

/** The latest answer the actors proposed (their last non-empty reply without tool calls). */
export function candidateAnswer(turns: CallTurn[]): string | undefined {
  for (let i = turns.length - 1; i >= 0; i--) {
    const turn = turns[i];
    if (turn?.kind === 'act' && turn.tool_calls.length === 0 && turn.content.trim() !== '') return turn.content;
    if (turn?.kind === 'final') return turn.content;
  }
  return undefined;
}

const TOOL_OUTPUT_FOR_CHECK = 2000;

export function checkMessages(task: UpstreamMessage[], turns: CallTurn[]): UpstreamMessage[] {
  const taskText = withoutSystem(task)
    .map((m) => `${m.role === 'assistant' ? 'Assistant' : 'Client'}: ${m.content ?? ''}`)
    .join('\n\n');
  const plan = turns.find((t) => t.kind === 'plan');
  const tools = turns.filter((t): t is Extract<CallTurn, { kind: 'tool' }> => t.kind === 'tool');
  const log = tools.length === 0 ? '(no tools were used)' : tools.map((t, i) => `${i + 1}. ${t.summary}${t.ok ? '' : ' (failed)'}`).join('\n');
  const recent = tools
    .slice(-3)
    .map((t) => `--- ${t.name} ---\n${t.output.length > TOOL_OUTPUT_FOR_CHECK ? `${t.output.slice(0, TOOL_OUTPUT_FOR_CHECK)}…` : t.output}`)
    .join('\n');
  const parts = [
    `Task:\n${taskText}`,
    plan?.kind === 'plan' ? `Plan:\n${plan.text}` : '',
    `Work log:\n${log}`,
    recent === '' ? '' : `Latest tool results:\n${recent}`,
    `Answer to check:\n${candidateAnswer(turns) ?? '(no answer)'}`,
    'First word: APPROVE or REVISE.',
  ].filter((p) => p !== '');
  return [systemMessage(CHECKER_PROMPT, task), { role: 'user', content: parts.join('\n\n') }];
}

export type FinalReason = 'step_limit' | 'time_limit';

/** The last step when a limit ran out: the actors' thread and a request for the best answer now. */
export function finalMessages(task: UpstreamMessage[], turns: CallTurn[], reason: FinalReason): UpstreamMessage[] {
  const why = reason === 'step_limit' ? 'The step limit for this task is reached.' : 'The time limit for this task is reached.';
  return [
    ...actMessages(task, turns),
    {
      role: 'user',
      content: `${why} Do not call tools. Give your best complete answer to the task now, with what you have; say briefly what is unfinished, if anything.`,
    },
  ];
}

/** Reads a checker's reply: APPROVE or REVISE as the first word; anything unclear approves (no endless loops). */
export function parseVerdict(text: string): { verdict: Verdict; reasons: string } {
  const trimmed = text.replace(/^[\s*#>_`"'-]+/, '');
  const match = /^([A-Za-z]+)[*_]*[ \t]*(?:[:.,!]|[—–-](?=\s))?\s*/.exec(trimmed);
  const word = match?.[1]?.toUpperCase() ?? '';
  const rest = match ? trimmed.slice(match[0].length).trim() : trimmed.trim();
  if (word === 'REVISE' || word === 'REJECT' || word === 'REVISION') return { verdict: 'revise', reasons: rest === '' ? 'the checker gave no reasons' : rest };
  if (word === 'APPROVE' || word === 'APPROVED') return { verdict: 'approve', reasons: rest };
  if (/\bREVISE\b/.test(text)) return { verdict: 'revise', reasons: text.trim() };
  return { verdict: 'approve', reasons: text.trim() };
}
