// The model step: the planner's, an actor's, the checker's or the last answer's request
// to the model, or the checker's verdict without one when the answer's problem is plain
// to see. The step's turn is written under its sequence number, so a retry repeats nothing.
import { createHash } from 'node:crypto';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { canonicalJson } from '../../core/canonical-json';
import {
  aboutFailedRun,
  actMessages,
  candidateAnswer,
  checkMessages,
  claimsNoValueBeyond,
  computedValues,
  finalMessages,
  isUnreadRecomputation,
  ownRunsFailed,
  parseVerdict,
  planMessages,
  planNamesTool,
  plainProblem,
  recomputedVerdict,
  RECOMPUTE_AGAIN_MAX,
  recomputeAgainAsked,
  unconfirmedDispute,
} from '../../core/chat/conversation';
import type { ModelStepInput, ModelStepResult } from '../../core/chat/agent-loop';
import { ZERO_USAGE, type CallTurn, type UpstreamMessage, type UpstreamToolCall } from '../../core/chat/shapes';
import { programAsRunCall, redirectedCall, toolCallsInText, unwrapNestedCall, type TextToolCall } from '../../core/chat/text-tool-calls';
import type { FunctionToolDefinition } from '../../core/chat/tools';
import type { CallDoc } from '../../store/calls';
import { FailureType } from '../../contracts/names';
import type { CallMemory } from './call-memory';
import type { ChatActivityDeps } from './deps';
import { UpstreamRejectedError, type ModelReply } from './model-client';
import { beat, clip, heartbeating, progressFor } from './shared';

/** The temperature of an act step that samples because the actor is stuck (`ModelStepInput.explore`). */
export const EXPLORE_TEMPERATURE = 0.7;

export function createModelStep(deps: ChatActivityDeps, memory: CallMemory) {
  const { calls } = deps;
  /** `known.call`: the call document when the caller just read it (the cold-start count in step-starts.ts); never sent by the workflow. */
  return async function modelStep(input: ModelStepInput & { callId: string }, known?: { call?: CallDoc }): Promise<ModelStepResult> {
    const { callId, role, seq } = input;
    if (known?.call?._id === callId) memory.rememberCall(known.call);
    const [call, turns] = await Promise.all([memory.loadCall(callId), role === 'plan' ? Promise.resolve([]) : memory.turnsBefore(callId, seq)]);
    const messages = viewFor(input, call.messages, turns);
    // The actor gets every tool (unless asked to answer now); a verifying checker only `run`.
    const offered = role === 'act' && !input.answerNow ? deps.sandbox.definitions : role === 'check' && input.verify ? runOnly(deps.sandbox.definitions) : [];
    const progress = progressFor(calls, callId, seq);
    // The API holds back the response status until the upstream answers the call's first
    // step (its first chunk): a dead upstream before then is a 502/503, not a 200 apology.
    let answered: Promise<void> | undefined;
    const markAnswered = () => (answered ??= calls.markAnswered(callId).catch(() => undefined));
    // No model step needed to see that a program is not an answer, that a number came from
    // nowhere, or whether the checker's own program printed the answer's numbers.
    // A check step asked again for a program (`recomputeAgain`, sampling) needs the model: the
    // answer passed these looks already, and the verdict waits for what the new program prints.
    const judging = role === 'check' && input.explore !== true;
    const problem = judging ? plainProblem(call.messages, turns) : undefined;
    const recomputed = judging && problem === undefined ? recomputedVerdict(call.messages, turns) : undefined;
    // The checker's one program disagrees with the actors', or printed only an intermediate
    // value: another program of its own settles it, when two steps are left for it (its
    // program, and this verdict again) and it was not asked too often already.
    const askAgain =
      recomputed !== undefined &&
      ('intermediate' in recomputed || recomputed.secondOpinion === true) &&
      input.stepsLeft >= 2 &&
      recomputeAgainAsked(turns) < RECOMPUTE_AGAIN_MAX;
    // Asked no more (its second programs failed, or no steps are left for one), a lone
    // program of the checker's does not overturn the actors' (unconfirmedDispute).
    const unsettled = recomputed !== undefined && !('intermediate' in recomputed) && recomputed.secondOpinion === true && !askAgain;
    const plain =
      problem !== undefined
        ? { verdict: 'revise' as const, reasons: problem.reasons }
        : unsettled
          ? { verdict: 'approve' as const, reasons: unconfirmedDispute(recomputed.printed?.trim()) }
          : recomputed?.verdict !== undefined
            ? { verdict: recomputed.verdict, reasons: recomputed.reasons, ...(recomputed.refuted ? { refuted: recomputed.refuted } : {}) }
            : undefined;
    if (askAgain) {
      const turn: CallTurn = { kind: 'verify', content: recomputed.reasons, tool_calls: [] };
      progress.note(
        `check: ${'intermediate' in recomputed ? 'the recomputation printed an intermediate value' : 'the recomputation disagrees with the answer'}; recomputing another way`,
      );
      await Promise.all([calls.putTurn(callId, seq, turn), progress.flush()]);
      memory.remember(callId, seq, turn);
      return { content: '', toolCalls: [], recomputeAgain: true, finishReason: 'stop', usage: ZERO_USAGE };
    }
    if (plain !== undefined) {
      const turn: CallTurn = { kind: 'check', verdict: plain.verdict, text: plain.reasons, ...('refuted' in plain ? { refuted: plain.refuted } : {}) };
      progress.note(`check: ${plain.verdict === 'approve' ? 'APPROVE' : 'REVISE'} — ${clip(plain.reasons, 400)}`);
      await Promise.all([calls.putTurn(callId, seq, turn), progress.flush()]);
      memory.remember(callId, seq, turn);
      const result: ModelStepResult = { content: plain.reasons, toolCalls: [], verdict: plain.verdict, finishReason: 'stop', usage: ZERO_USAGE };
      // The checker's own program disagreeing with the answer asks for a tool as well.
      if (plain.verdict === 'revise' && (problem?.needsTool ?? true)) result.needsTool = true;
      if (problem?.notAnAnswer) result.notAnAnswer = true;
      if (problem?.restate) result.restate = true;
      return result;
    }
    if (role === 'check') progress.note('checking the answer against the task…');
    if (role === 'final') progress.note(`${input.finalReason === 'time_limit' ? 'time limit' : 'step limit'} reached; asking for the best answer now`);
    try {
      const reply = await heartbeating((signal) =>
        deps.model.complete({
          model: call.base_model,
          messages,
          ...(offered.length > 0 ? { tools: offered } : {}),
          signal,
          onReasoning: (text) => progress.reasoning(text),
          onChunk: () => {
            if (seq === 0) void markAnswered();
            beat();
          },
          // Seeded by the step, so a retried step samples the same way.
          ...(input.explore ? { sampling: { temperature: EXPLORE_TEMPERATURE, seed: seq } } : {}),
        }),
      );
      progress.endReasoning();
      const { toolCalls, text } =
        offered.length > 0
          ? toolCallsOf(reply, offered, seq, role === 'act' && aboutFailedRun(reply.content, turns), claimsNoValueBeyond(call.messages))
          : { toolCalls: [], text: reply.content };
      let turn: CallTurn;
      let verdict: ModelStepResult['verdict'];
      let recomputeAgain = false;
      let content = text;
      switch (role) {
        case 'plan':
          turn = { kind: 'plan', text: reply.content };
          progress.note(`plan:\n${reply.content.trim()}`);
          content = '';
          break;
        case 'act':
          turn = { kind: 'act', content: text, tool_calls: toolCalls };
          if (toolCalls.length > 0 && text.trim() !== '') progress.note(text.trim());
          if (toolCalls.length === 0) progress.note('answer drafted');
          break;
        case 'check': {
          if (toolCalls.length > 0) {
            turn = { kind: 'verify', content: text, tool_calls: toolCalls };
            progress.note('check: recomputing the result');
            break;
          }
          // Asked for a program of its own, the checker wrote a call the loop cannot read, and no
          // verdict: kept as a recomputation without calls, which the loop asks for again.
          if (input.verify && isUnreadRecomputation(reply.content)) {
            turn = { kind: 'verify', content: reply.content, tool_calls: [] };
            recomputeAgain = true;
            progress.note('check: the recomputation could not be read; asking again');
            break;
          }
          const parsed = parseVerdict(reply.content);
          verdict = parsed.verdict;
          content = parsed.reasons;
          turn = { kind: 'check', verdict, text: parsed.reasons };
          progress.note(`check: ${verdict === 'approve' ? 'APPROVE' : 'REVISE'}${parsed.reasons ? ` — ${clip(parsed.reasons, 400)}` : ''}`);
          break;
        }
        case 'final':
          turn = { kind: 'final', content: reply.content };
          break;
      }
      await Promise.all([calls.putTurn(callId, seq, turn, reply.usage), progress.flush(), seq === 0 ? markAnswered() : undefined]);
      memory.remember(callId, seq, turn);
      const result: ModelStepResult = {
        content,
        toolCalls: toolCalls.map((c) => ({ id: c.id, name: c.function.name, signature: callSignature(c) })),
        finishReason: reply.finishReason,
        usage: reply.usage,
      };
      if (verdict) result.verdict = verdict;
      if (recomputeAgain) result.recomputeAgain = true;
      if (role === 'plan' && planNamesTool(reply.content)) result.needsTool = true;
      return result;
    } catch (error) {
      // The API is holding the client's status for this step: tell it the upstream failed, so
      // it stops trusting its cached health check while Temporal retries.
      const failedBeforeAnswer = seq === 0 && answered === undefined && !Context.current().cancellationSignal.aborted;
      await Promise.all([
        progress.flush().catch(() => undefined),
        failedBeforeAnswer ? calls.markFirstAttemptFailed(callId).catch(() => undefined) : undefined,
      ]);
      if (error instanceof UpstreamRejectedError) throw ApplicationFailure.nonRetryable(error.message, FailureType.UpstreamRejected);
      throw error;
    }
  };
}

function viewFor(input: ModelStepInput, task: UpstreamMessage[], turns: CallTurn[]): UpstreamMessage[] {
  switch (input.role) {
    case 'plan':
      return planMessages(task);
    case 'act':
      return actMessages(task, turns, input.stepsLeft + 1, input.answerNow === true, input.requireTool === true);
    case 'check':
      // A number a program printed is worth a program of the checker's own, when it may run
      // one: once a call, so a checker and an actor that disagree cannot spend every step.
      // Offered `run` again after its own program failed: the checker corrects that program.
      return checkMessages(
        task,
        turns,
        input.verify === true &&
          !turns.some((t) => t.kind === 'verify' && t.tool_calls.length > 0) &&
          computedValues(candidateAnswer(turns) ?? '', task, turns).length > 0,
        input.verify === true && ownRunsFailed(turns),
        // Sampling, the checker is asked to recompute again (`recomputeAgain`), afresh.
        input.verify === true && input.explore === true,
      );
    case 'final':
      return finalMessages(task, turns, input.finalReason ?? 'step_limit');
  }
}

const runOnly = (tools: readonly FunctionToolDefinition[]) => tools.filter((t) => t.function.name === 'run');

/**
 * The step's tool calls: the server's `tool_calls`, or else calls the model wrote into its
 * text (a fenced JSON block, `<tool_call>` tags, a bare JSON call), which are then taken
 * out of the text so the thread shows them once, as calls. A call whose code is the same
 * call again, as JSON, is the inner one (`unwrapNestedCall`); one whose arguments name
 * another tool is that tool's (`redirectedCall`). `afterFailedRun`: the reply
 * follows a failed program (`aboutFailedRun`), so a corrected program in it is run whatever
 * is said around it.
 */
function toolCallsOf(
  reply: ModelReply,
  tools: readonly FunctionToolDefinition[],
  seq: number,
  afterFailedRun: boolean,
  claimsNothing: (words: string) => boolean,
): { toolCalls: UpstreamToolCall[]; text: string } {
  const read = readToolCalls(reply, tools, seq, afterFailedRun, claimsNothing);
  const names = tools.map((t) => t.function.name);
  const toolCalls = read.toolCalls.map((c) => ({
    ...c,
    function: { ...c.function, ...redirectedCall(c.function.name, unwrapNestedCall(c.function.name, c.function.arguments), names) },
  }));
  return { toolCalls, text: read.text };
}

function readToolCalls(
  reply: ModelReply,
  tools: readonly FunctionToolDefinition[],
  seq: number,
  afterFailedRun: boolean,
  claimsNothing: (words: string) => boolean,
): { toolCalls: UpstreamToolCall[]; text: string } {
  if (reply.toolCalls.length > 0) return { toolCalls: uniqueIds(reply.toolCalls, seq), text: reply.content };
  const inText = toolCallsInText(
    reply.content,
    tools.map((t) => t.function.name),
  );
  const asCall = (c: TextToolCall) => ({ id: '', type: 'function' as const, function: { name: c.name, arguments: c.arguments } });
  if (inText.calls.length > 0) return { toolCalls: uniqueIds(inText.calls.map(asCall), seq), text: inText.rest };
  // A reply that is only a program printing its result, or presents one and states no value of its own: run it (text-tool-calls.ts).
  const program = tools.some((t) => t.function.name === 'run') ? programAsRunCall(reply.content, afterFailedRun, claimsNothing) : undefined;
  if (!program) return { toolCalls: [], text: reply.content };
  // The program is in the call now; the thread keeps only the words around it.
  return { toolCalls: uniqueIds([asCall(program)], seq), text: reply.content.replace(/```[\s\S]*?```/, '').trim() };
}

/** Tool call ids the thread can rely on: present and distinct (some servers omit or repeat them). */
function uniqueIds(calls: UpstreamToolCall[], seq: number): UpstreamToolCall[] {
  const seen = new Set<string>();
  return calls.map((call, i) => {
    let id = call.id && call.id.length <= 64 ? call.id : `tc_${seq}_${i}`;
    if (seen.has(id)) id = `tc_${seq}_${i}`;
    seen.add(id);
    return { ...call, id };
  });
}

/** Name and arguments as a short hash; arguments that parse as JSON count the same whatever their key order or spacing. */
function callSignature(call: UpstreamToolCall): string {
  let args = call.function.arguments;
  try {
    args = canonicalJson(JSON.parse(args));
  } catch {
    // Not JSON: the text itself is the call.
  }
  return createHash('sha256').update(`${call.function.name}\0${args}`).digest('hex').slice(0, 16);
}
