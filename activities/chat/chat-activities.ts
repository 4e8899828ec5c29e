// The chat workflow's activities: model steps, tool calls, progress notes and the
// call's end. Each reads what it needs from MongoDB by call id and writes its turn
// back under a deterministic key, so a retry on another worker repeats nothing.

import { createHash } from 'node:crypto';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { canonicalJson } from '../../core/canonical-json';
import {
  aboutFailedRun,
  actMessages,
  candidateAnswer,
  computedNumbers,
  ownRunsFailed,
  plainProblem,
  recomputedVerdict,
  planNamesTool,
  checkMessages,
  finalMessages,
  parseVerdict,
  planMessages,
  REPEATED_CALL_OUTPUT,
  REPEATED_FAILED_CALL_OUTPUT,
  REPEATED_SENT_BACK_CALL_OUTPUT,
} from '../../core/chat/conversation';
import type { ModelStepInput, ModelStepResult, ToolStepInput, ToolStepResult } from '../../core/chat/agent-loop';
import { ZERO_USAGE, type CallTurn, type RunObject, type Stopped, type TokenUsage, type UpstreamMessage, type UpstreamToolCall } from '../../core/chat/shapes';
import type { SandboxTools } from '../sandbox/tools';
import type { CallFiles } from '../sandbox/call-files';
import type { CallDoc, CallsStore, CallTurnDoc } from '../../store/calls';
import type { UsageStore } from '../../store/usage';
import { programAsRunCall, toolCallsInText, type TextToolCall } from '../../core/chat/text-tool-calls';
import type { FunctionToolDefinition } from '../../core/chat/tools';
import { UpstreamRejectedError, type ModelClient, type ModelReply } from './model-client';
import { eventSeqBase, ProgressWriter } from './progress';
import { heartbeating as heartbeatingEvery } from '../heartbeat';
import { FailureType } from '../../contracts/names';

export interface ChatActivityDeps {
  calls: CallsStore;
  usage: UsageStore;
  model: ModelClient;
  sandbox: SandboxTools;
  /** Maintenance only. */
  callFiles?: CallFiles;
}

export interface FinishCallInput {
  callId: string;
  stopped: Stopped;
  steps: number;
  toolsUsed: string[];
  usage: TokenUsage;
}

/** Files older than this are swept; calls last at most 15 minutes, the promise is 24 hours. */
export const CALL_CONTENT_MAX_AGE_MS = 2 * 60 * 60 * 1000;

export type ChatActivities = ReturnType<typeof createChatActivities>;

/** The temperature of an act step that samples because the actor is stuck (`ModelStepInput.explore`). */
export const EXPLORE_TEMPERATURE = 0.7;

export function createChatActivities(deps: ChatActivityDeps) {
  const { calls } = deps;

  // The task never changes after admission: each worker keeps the latest calls' documents.
  const callCache = new Map<string, CallDoc>();
  const rememberCall = (call: CallDoc) => {
    callCache.set(call._id, call);
    if (callCache.size > 200) callCache.delete(callCache.keys().next().value as string);
  };
  const callMissing = (callId: string) => ApplicationFailure.nonRetryable(`call ${callId} does not exist`, FailureType.CallMissing);
  async function loadCall(callId: string) {
    const cached = callCache.get(callId);
    if (cached) return cached;
    const call = await calls.get(callId);
    if (!call) throw callMissing(callId);
    rememberCall(call);
    return call;
  }
  // Turns this worker wrote or read, per call: when a step's whole prefix is here (the
  // usual case, one worker running a call), the log read is skipped.
  const turnCache = new Map<string, Map<number, CallTurn>>();
  const remember = (callId: string, seq: number, turn: CallTurn) => {
    let turns = turnCache.get(callId);
    if (!turns) {
      turns = new Map();
      turnCache.set(callId, turns);
      if (turnCache.size > 200) turnCache.delete(turnCache.keys().next().value as string);
    }
    turns.set(seq, turn);
  };
  async function turnsBefore(callId: string, seq: number): Promise<CallTurn[]> {
    const cached = turnCache.get(callId);
    if (cached) {
      const prefix: CallTurn[] = [];
      for (let i = 0; i < seq && cached.has(i); i++) prefix.push(cached.get(i) as CallTurn);
      if (prefix.length === seq) return prefix;
    }
    // Only turns before this step: a late write of a step cut short never leaks in.
    const log = (await calls.turnLog(callId)).filter((t) => t.seq < seq);
    for (const doc of log) remember(callId, doc.seq, turnOf(doc));
    return log.map(turnOf);
  }
  const progressFor = (callId: string, turnSeq: number) => new ProgressWriter(calls, callId, eventSeqBase(turnSeq, Context.current().info.attempt));

  // Every second, so a cancel (client gone, time limit) stops a step at once; model steps
  // run as local activities, which cannot heartbeat (their workflow task is renewed instead).
  const heartbeating = <T>(work: (signal: AbortSignal) => Promise<T>) => heartbeatingEvery(1000, work);
  const beat = () => {
    const context = Context.current();
    if (!context.info.isLocal) context.heartbeat();
  };

  return {
    /** `known.call`: the call document when the caller just read it (the cold-start count in step-starts.ts); never sent by the workflow. */
    async modelStep(input: ModelStepInput & { callId: string }, known?: { call?: CallDoc }): Promise<ModelStepResult> {
      const { callId, role, seq } = input;
      if (known?.call?._id === callId) rememberCall(known.call);
      const [call, turns] = await Promise.all([loadCall(callId), role === 'plan' ? Promise.resolve([]) : turnsBefore(callId, seq)]);
      const messages = viewFor(input, call.messages, turns);
      // The actor gets every tool (unless asked to answer now); a verifying checker only `run`.
      const offered = role === 'act' && !input.answerNow ? deps.sandbox.definitions : role === 'check' && input.verify ? runOnly(deps.sandbox.definitions) : [];
      const progress = progressFor(callId, seq);
      // The API holds back the response status until the upstream answers the call's first
      // step (its first chunk): a dead upstream before then is a 502/503, not a 200 apology.
      let answered: Promise<void> | undefined;
      const markAnswered = () => (answered ??= calls.markAnswered(callId).catch(() => undefined));
      // No model step needed to see that a program is not an answer, that a number came from
      // nowhere, or whether the checker's own program printed the answer's numbers.
      const problem = role === 'check' ? plainProblem(call.messages, turns) : undefined;
      const plain =
        problem !== undefined
          ? { verdict: 'revise' as const, reasons: problem.reasons }
          : role === 'check'
            ? recomputedVerdict(call.messages, turns)
            : undefined;
      if (plain !== undefined) {
        const turn: CallTurn = { kind: 'check', verdict: plain.verdict, text: plain.reasons };
        progress.note(`check: ${plain.verdict === 'approve' ? 'APPROVE' : 'REVISE'} — ${clip(plain.reasons, 400)}`);
        await Promise.all([calls.putTurn(callId, seq, turn), progress.flush()]);
        remember(callId, seq, turn);
        const result: ModelStepResult = { content: plain.reasons, toolCalls: [], verdict: plain.verdict, finishReason: 'stop', usage: ZERO_USAGE };
        // The checker's own program disagreeing with the answer asks for a tool as well.
        if (plain.verdict === 'revise' && (problem?.needsTool ?? true)) result.needsTool = true;
        if (problem?.notAnAnswer) result.notAnAnswer = true;
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
            ? toolCallsOf(reply, offered, seq, role === 'act' && aboutFailedRun(reply.content, turns))
            : { toolCalls: [], text: reply.content };
        let turn: CallTurn;
        let verdict: ModelStepResult['verdict'];
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
        remember(callId, seq, turn);
        const result: ModelStepResult = {
          content,
          toolCalls: toolCalls.map((c) => ({ id: c.id, name: c.function.name, signature: callSignature(c) })),
          finishReason: reply.finishReason,
          usage: reply.usage,
        };
        if (verdict) result.verdict = verdict;
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
    },

    async executeTool(input: ToolStepInput & { callId: string }): Promise<ToolStepResult> {
      const { callId, toolCallId, actSeq, seq } = input;
      const findCall = (turn: CallTurn | null | undefined) =>
        turn?.kind === 'act' || turn?.kind === 'verify' ? turn.tool_calls.find((c) => c.id === toolCallId) : undefined;
      // A step retried elsewhere may have rewritten the turn: a miss in the cache reads the log.
      const call = findCall(turnCache.get(callId)?.get(actSeq)) ?? findCall(await calls.turn(callId, actSeq));
      const name = call?.function.name ?? input.name;
      const argumentsJson = call?.function.arguments ?? '{}';
      const progress = progressFor(callId, seq);
      progress.note(`→ ${name}${describeArgs(name, argumentsJson)}`);
      if (input.repeated) {
        // Running it again would only repeat its effects and its answer.
        progress.note('← the same call was made before with nothing changed since; not run again (failed)');
        const turn: CallTurn = {
          kind: 'tool',
          tool_call_id: toolCallId,
          name,
          ok: false,
          output: input.failedBefore ? REPEATED_FAILED_CALL_OUTPUT : input.sentBackBefore ? REPEATED_SENT_BACK_CALL_OUTPUT : REPEATED_CALL_OUTPUT,
          summary: `${name}: repeated call, not run again`,
        };
        await Promise.all([calls.putTurn(callId, seq, turn), progress.flush()]);
        remember(callId, seq, turn);
        return { name, ok: false, summary: turn.summary };
      }
      const result = await heartbeating((signal) => deps.sandbox.executeTool({ callId, name, argumentsJson, signal }));
      progress.note(`← ${result.summary}${result.ok ? '' : ' (failed)'}`);
      const turn: CallTurn = { kind: 'tool', tool_call_id: toolCallId, name, ok: result.ok, output: result.output, summary: result.summary };
      await Promise.all([calls.putTurn(callId, seq, turn), progress.flush()]);
      remember(callId, seq, turn);
      return { name, ok: result.ok, summary: result.summary };
    },

    /** A notice from the workflow (a limit ran out, the upstream failed). */
    async noteProgress(input: { callId: string; seq: number; text: string }): Promise<void> {
      const progress = progressFor(input.callId, input.seq);
      progress.note(input.text);
      await progress.flush();
    },

    /**
     * Records the end once: run object, tokens on the account, slot freed. The finish write
     * returns the call document (no read first) and says whether it was the first finish:
     * only that one adds the tokens, so a retried or replayed finishCall counts nothing twice.
     */
    async finishCall(input: FinishCallInput): Promise<Pick<RunObject, 'base_model'>> {
      const { callId } = input;
      callCache.delete(callId);
      turnCache.delete(callId);
      const { first, call } = await calls.finish(callId, { stopped: input.stopped, steps: input.steps, tools_used: input.toolsUsed, usage: input.usage });
      if (!call) throw callMissing(callId);
      await Promise.all([
        calls.releaseSlot(call.key_hash, callId),
        first && input.usage.total_tokens > 0 ? deps.usage.add(call.account_id, 'tokens', input.usage.total_tokens, call.created_at) : undefined,
      ]);
      return { base_model: call.base_model };
    },

    /** Hourly: call folders and conversations past their age, slots of dead calls. */
    async sweepChatData(input: { maxAgeMs?: number } = {}): Promise<{ files: number; turns: number; events: number; slots: number }> {
      const now = new Date();
      const cutoff = new Date(now.getTime() - (input.maxAgeMs ?? CALL_CONTENT_MAX_AGE_MS));
      const [files, content, slots] = await Promise.all([
        deps.callFiles ? deps.callFiles.deleteOlderThan(cutoff) : Promise.resolve(0),
        calls.deleteContentOlderThan(cutoff),
        calls.deleteStaleSlots(now),
      ]);
      return { files, turns: content.turns, events: content.events, slots };
    },
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
        input.verify === true && !turns.some((t) => t.kind === 'verify') && computedNumbers(candidateAnswer(turns) ?? '', task, turns).length > 0,
        input.verify === true && ownRunsFailed(turns),
      );
    case 'final':
      return finalMessages(task, turns, input.finalReason ?? 'step_limit');
  }
}

function turnOf(doc: CallTurnDoc): CallTurn {
  const { _id, call_id, seq, created_at, usage, ...turn } = doc;
  return turn as CallTurn;
}

const runOnly = (tools: readonly FunctionToolDefinition[]) => tools.filter((t) => t.function.name === 'run');

/**
 * The step's tool calls: the server's `tool_calls`, or else calls the model wrote into its
 * text (a fenced JSON block, `<tool_call>` tags, a bare JSON call), which are then taken
 * out of the text so the thread shows them once, as calls.
 */
/** `afterFailedRun`: the reply follows a failed program (`aboutFailedRun`), so a corrected program in it is run whatever is said around it. */
function toolCallsOf(
  reply: ModelReply,
  tools: readonly FunctionToolDefinition[],
  seq: number,
  afterFailedRun: boolean,
): { toolCalls: UpstreamToolCall[]; text: string } {
  if (reply.toolCalls.length > 0) return { toolCalls: uniqueIds(reply.toolCalls, seq), text: reply.content };
  const inText = toolCallsInText(
    reply.content,
    tools.map((t) => t.function.name),
  );
  const asCall = (c: TextToolCall) => ({ id: '', type: 'function' as const, function: { name: c.name, arguments: c.arguments } });
  if (inText.calls.length > 0) return { toolCalls: uniqueIds(inText.calls.map(asCall), seq), text: inText.rest };
  // A reply that is only a program printing its result: run it (text-tool-calls.ts).
  const program = tools.some((t) => t.function.name === 'run') ? programAsRunCall(reply.content, afterFailedRun) : undefined;
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

function describeArgs(name: string, argumentsJson: string): string {
  let args: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(argumentsJson);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) args = parsed as Record<string, unknown>;
  } catch {
    return ' (arguments are not JSON)';
  }
  const str = (key: string) => (typeof args[key] === 'string' ? (args[key] as string) : '');
  switch (name) {
    case 'write_file':
      return ` ${clip(str('path'), 80)} (${str('content').length} chars)`;
    case 'read_file':
      return ` ${clip(str('path'), 80)}`;
    case 'run': {
      const code = str('code');
      return ` (${code.split('\n').length} line${code.split('\n').length === 1 ? '' : 's'} of JavaScript)`;
    }
    case 'read_url':
      return ` ${clip(str('url'), 120)}`;
    default:
      return '';
  }
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
