// The agents' control flow, pure over two ports so it runs inside the Temporal workflow
// (ports = activities) and in unit tests (ports = fakes). plan → act (tool loop) →
// check → done, or back to act with the checker's reasons; every model step counts
// toward `maxSteps`, and the last one is kept for the best answer when steps run out.
// The checker checks something real: its step is offered the `run` tool, so it can
// recompute the result with a program of its own before it answers APPROVE or REVISE
// (its verdict then comes in a second step that sees what that program printed).
// A recomputation written as a call the loop cannot read, with no verdict, or one program of
// the checker's that disagrees with the actors', is asked for again, sampling.
// Real models stray: an empty reply is not an answer (the actor is asked again), and a
// tool call repeated word for word with nothing changed since is not run again: the
// actor's next step is offered no tools and asked for the answer from the results it has
// (small models otherwise repeat the call until the step limit), unless that call had
// failed: then the actor is told so and must call a tool with a changed call (asked to
// answer instead, a 1.5B actor answered from its head what the failed program was to
// compute). Both still count steps.
// An answer the checker sent back and the actor then gives again unchanged, with no tool
// run since, is final: the actor stands by it, and a second check of the same answer
// against the same results would say the same; when that verdict asked for a tool call, the
// actor is first told once more, sampling, to make it. A plan that names a tool, and a verdict that
// asks for one (a number no tool printed, a program for an answer, an answer about a failed
// program), make the next act step call a tool: its thread ends with an order naming the
// tool (conversation.ts, `toolNowNote`).

import { isSandboxToolName } from './tools';
import { addUsage, ZERO_USAGE, type StepRole, type TokenUsage, type Verdict } from './shapes';
import { RECOMPUTE_AGAIN_MAX, type FinalReason } from './conversation';

export interface ModelStepInput {
  role: StepRole;
  /** Position of this step's turn in the call's log. */
  seq: number;
  /** Model steps left after this one. */
  stepsLeft: number;
  finalReason?: FinalReason;
  /** Act steps only: offer no tools and ask for the answer now (the last call was a repeat). */
  answerNow?: true;
  /** Check steps only: offer the `run` tool, so the checker can recompute the result before its verdict. */
  verify?: true;
  /** Act steps only: the actor is told to call a tool now (the plan names one, or the answer went back for a plain problem). */
  requireTool?: true;
  /**
   * The actor is stuck (it repeated a failed call, or gave again a reply that is no answer),
   * or the checker is asked for its program again (`recomputeAgain`): this step samples
   * instead of decoding greedily, which on the same thread would write the same thing again.
   */
  explore?: true;
}

export interface ModelStepResult {
  /** The step's text: the plan, an answer, or the checker's reasons. */
  content: string;
  /**
   * Tool calls the actor asked for (act steps only); arguments stay in the log. `signature`
   * identifies name and arguments (a short hash), so a repeated call is recognised.
   */
  toolCalls: { id: string; name: string; signature?: string }[];
  /** The checker's reading (check steps only). */
  verdict?: Verdict;
  /** Plan and check steps: the plan has the actor use a tool, or the verdict asks for a tool call; the next act step must make one. */
  needsTool?: true;
  /** Check steps: the reply checked is no answer at all (a program, or words about a failed one). */
  notAnAnswer?: true;
  /**
   * Check steps: ask the checker for a program of its own again, sampling: its reply was a
   * call the loop could not read, with no verdict (`isUnreadRecomputation`), or its one program
   * disagreed with the actors' (`recomputedVerdict`'s second opinion), or printed only an
   * intermediate value (100! for its trailing zeros).
   */
  recomputeAgain?: true;
  /**
   * Check steps: the answer has its result but leaves out a form the task asks for ("Answer
   * yes or no"). Given again word for word, it is not stood by: the actor is asked once
   * more, sampling (prime-check: the greedy actor gave the same answer without a yes).
   */
  restate?: true;
  finishReason: string;
  usage: TokenUsage;
}

export interface ToolStepInput {
  toolCallId: string;
  name: string;
  /** The act step's turn that holds the call's arguments. */
  actSeq: number;
  seq: number;
  /** The same call was made before with nothing changed since: record it without running it. */
  repeated?: boolean;
  /** With `repeated`: that earlier call failed, so the actor must change it. */
  failedBefore?: boolean;
  /** With `repeated`: that earlier call worked, but the answer from it was sent back for a tool's sake; the actor must change it. */
  sentBackBefore?: boolean;
}

export interface ToolStepResult {
  name: string;
  ok: boolean;
  summary: string;
}

export interface AgentPorts {
  modelStep(input: ModelStepInput): Promise<ModelStepResult>;
  executeTool(input: ToolStepInput): Promise<ToolStepResult>;
}

/** Mutable progress, readable by the workflow when a limit or a cancel cuts the loop short. */
export interface LoopState {
  steps: number;
  nextSeq: number;
  usage: TokenUsage;
  toolsUsed: string[];
  /** The latest answer the actors proposed. */
  answer?: string;
  answerTruncated: boolean;
  /** Signatures of the tool calls made since the folder last changed (write_file, run or read_url). */
  callsSinceChange: string[];
  /** Those of them that failed. */
  failedSinceChange: string[];
}

export interface LoopOutcome {
  content: string;
  stopped: 'done' | FinalReason;
  /** `length` when a limit or the upstream's token cap cut the answer. */
  finishReason: 'stop' | 'length';
}

export const newLoopState = (): LoopState => ({
  steps: 0,
  nextSeq: 0,
  usage: ZERO_USAGE,
  toolsUsed: [],
  answerTruncated: false,
  callsSinceChange: [],
  failedSinceChange: [],
});

/**
 * Tools whose call may change what a later call sees: after one, an earlier call is worth
 * repeating (read_url keeps the page as a file, so a program that failed to open it may now run).
 */
const CHANGING_TOOLS = new Set(['write_file', 'run', 'read_url']);

async function step(
  ports: AgentPorts,
  state: LoopState,
  maxSteps: number,
  role: StepRole,
  options: { finalReason?: FinalReason; answerNow?: boolean; verify?: boolean; requireTool?: boolean; explore?: boolean } = {},
): Promise<ModelStepResult> {
  state.steps += 1;
  const input: ModelStepInput = { role, seq: state.nextSeq++, stepsLeft: maxSteps - state.steps };
  if (options.finalReason) input.finalReason = options.finalReason;
  if (options.answerNow) input.answerNow = true;
  if (options.verify) input.verify = true;
  if (options.requireTool) input.requireTool = true;
  if (options.explore) input.explore = true;
  const result = await ports.modelStep(input);
  state.usage = addUsage(state.usage, result.usage);
  return result;
}

export async function runAgents(ports: AgentPorts, state: LoopState, maxSteps: number): Promise<LoopOutcome> {
  const plan = await step(ports, state, maxSteps, 'plan');
  let answerNow = false;
  let requireTool = plan.needsTool === true;
  let explore = false;
  /** Answers the checker sent back since a tool last ran, as `sameAnswer` compares them. */
  const sentBack = new Set<string>();
  /** Replies sent back as no answer at all (a program, words about a failed one). */
  const notAnswers = new Set<string>();
  /** Answers given again after a send-back that asked for a tool, and asked for the tool once more. */
  const pressed = new Set<string>();
  /** Answers sent back for a form the task asks for (`restate`), not yet asked for again. */
  const restated = new Set<string>();
  /**
   * The checker sent the last answer back asking for a tool call (a number no tool printed, a
   * program that ignores the task's values, a recomputation that disagrees): the same call
   * again would print the same, so repeating one is being stuck, not done.
   */
  let toolAsked = false;
  /** The actor called a tool (run or not) since the checker last sent an answer back. */
  let calledSinceSentBack = false;
  for (;;) {
    // Act needs one step and its check another; with one left, ask for the best answer.
    if (maxSteps - state.steps <= 1) return finishEarly(ports, state, maxSteps, 'step_limit');
    const act = await step(ports, state, maxSteps, 'act', { answerNow, requireTool, explore });
    answerNow = false;
    requireTool = false;
    explore = false;
    if (act.toolCalls.length > 0) {
      calledSinceSentBack = true;
      const { repeated, repeatedFailure, ran } = await runTools(ports, state, act.toolCalls, toolAsked);
      if (repeated) answerNow = true;
      else if (repeatedFailure) requireTool = explore = true;
      // New results: an answer sent back before may now hold up. A repeated call, not run
      // again, brings none.
      if (ran) {
        sentBack.clear();
        pressed.clear();
        restated.clear();
        toolAsked = false;
      }
      continue;
    }
    // An empty reply answers nothing: the actor's thread asks again (conversation.ts).
    if (act.content.trim() === '') continue;
    // The same program, or the same words about a failed one, again: no answer to stand by.
    if (notAnswers.has(sameAnswer(act.content))) {
      requireTool = explore = true;
      continue;
    }
    // The same answer, still without the form the task asks for: once more, sampling.
    if (restated.delete(sameAnswer(act.content))) {
      explore = true;
      continue;
    }
    state.answer = act.content;
    state.answerTruncated = act.finishReason === 'length';
    const done: LoopOutcome = { content: state.answer, stopped: 'done', finishReason: state.answerTruncated ? 'length' : 'stop' };
    // The actor looked again and gives the answer that was sent back, word for word: it
    // stands by it. The checker would see the same answer against the same results and
    // say the same again (greedy decoding), so another check would only spend steps.
    // Not at once when the checker asked for a tool and the actor has called none since: the
    // same words without the call asked for stand by nothing (the README's task from `npm run
    // up`: a program written as text, sent back for numbers no tool printed, given again and
    // returned as the answer). Once more, sampling, the actor is told to call the tool.
    if (sentBack.has(sameAnswer(act.content))) {
      if (!toolAsked || calledSinceSentBack || pressed.has(sameAnswer(act.content))) return done;
      pressed.add(sameAnswer(act.content));
      requireTool = explore = true;
      continue;
    }
    // A recomputation needs a second step for the verdict: offered only when two are left.
    let check = await step(ports, state, maxSteps, 'check', { verify: maxSteps - state.steps >= 2 });
    let fixed = false;
    let askedAgain = 0;
    for (;;) {
      if (check.toolCalls.length > 0) {
        const own = await runCheckerTools(ports, state, check.toolCalls);
        // Its own program failed: once, with a step to spare for the verdict, the checker
        // corrects it instead of judging from words (conversation.ts, ownRunsFailed).
        const fix: boolean = own.failedAll && !fixed && maxSteps - state.steps >= 2;
        fixed ||= fix;
        check = await step(ports, state, maxSteps, 'check', fix ? { verify: true } : {});
      } else if (check.recomputeAgain && askedAgain < RECOMPUTE_AGAIN_MAX && maxSteps - state.steps >= 2) {
        // Its program could not be read, or disagreed with the actors': asked for another,
        // sampling, since greedy decoding on the same thread would write the same again.
        askedAgain += 1;
        check = await step(ports, state, maxSteps, 'check', { verify: true, explore: true });
      } else break;
    }
    if (check.verdict !== 'revise') return done;
    (check.notAnAnswer ? notAnswers : sentBack).add(sameAnswer(act.content));
    calledSinceSentBack = false;
    if (check.restate) restated.add(sameAnswer(act.content));
    requireTool = toolAsked = check.needsTool === true;
  }
}

/** An answer as compared with earlier ones: spacing and case do not make it another answer. */
const sameAnswer = (answer: string) => answer.trim().replace(/\s+/g, ' ').toLowerCase();

/** `tools_used` names each sandbox tool once, in the order first used, whoever ran it. */
function noteToolUsed(state: LoopState, name: string): void {
  if (isSandboxToolName(name) && !state.toolsUsed.includes(name)) state.toolsUsed.push(name);
}

/**
 * Runs the checker's own programs. They are its evidence, not the actors' work: they leave the
 * actors' record of calls since the last change as it was, so an actor that runs its refuted
 * program again is caught as repeating it (fibonacci: after the checker's program printed
 * 832040, the actor ran its own, which printed 465, again, and the next look approved 465).
 * `failedAll`: every program failed.
 */
async function runCheckerTools(ports: AgentPorts, state: LoopState, calls: ModelStepResult['toolCalls']): Promise<{ failedAll: boolean }> {
  const actSeq = state.nextSeq - 1;
  let okAny = false;
  for (const call of calls) {
    const result = await ports.executeTool({ toolCallId: call.id, name: call.name, actSeq, seq: state.nextSeq++ });
    okAny ||= result.ok;
    noteToolUsed(state, result.name);
  }
  return { failedAll: calls.length > 0 && !okAny };
}

/**
 * Runs one step's tool calls in order. `repeated`: one repeated a call that worked, not run
 * again (the actor should answer now); `repeatedFailure`: one repeated a call that failed, or
 * one that worked while `toolAsked` (the checker asked for another call: date-add ran the
 * program that printed today's date again, and stood by it), so the actor must change it;
 * `ran`: at least one really ran.
 */
async function runTools(
  ports: AgentPorts,
  state: LoopState,
  calls: ModelStepResult['toolCalls'],
  toolAsked = false,
): Promise<{ repeated: boolean; repeatedFailure: boolean; ran: boolean }> {
  const actSeq = state.nextSeq - 1;
  let repeatedAny = false;
  let repeatedFailure = false;
  let ranAny = false;
  for (const call of calls) {
    const repeated = call.signature !== undefined && state.callsSinceChange.includes(call.signature);
    const input: ToolStepInput = { toolCallId: call.id, name: call.name, actSeq, seq: state.nextSeq++ };
    if (repeated) {
      input.repeated = true;
      if (state.failedSinceChange.includes(call.signature!)) {
        input.failedBefore = true;
        repeatedFailure = true;
      } else if (toolAsked) {
        input.sentBackBefore = true;
        repeatedFailure = true;
      } else {
        repeatedAny = true;
      }
    }
    const result = await ports.executeTool(input);
    if (repeated) continue;
    ranAny = true;
    noteToolUsed(state, result.name);
    if (CHANGING_TOOLS.has(result.name)) {
      state.callsSinceChange = [];
      state.failedSinceChange = [];
    }
    if (call.signature !== undefined) {
      state.callsSinceChange.push(call.signature);
      if (!result.ok) state.failedSinceChange.push(call.signature);
    }
  }
  return { repeated: repeatedAny, repeatedFailure, ran: ranAny };
}

/**
 * A limit ran out: one last model step asks for the best answer now, if a step is left;
 * otherwise the latest proposed answer stands.
 */
export async function finishEarly(ports: AgentPorts, state: LoopState, maxSteps: number, reason: FinalReason): Promise<LoopOutcome> {
  if (state.steps < maxSteps) {
    const final = await step(ports, state, maxSteps, 'final', { finalReason: reason });
    if (final.content.trim() !== '') return { content: final.content, stopped: reason, finishReason: 'length' };
  }
  return { content: fallbackAnswer(state, reason), stopped: reason, finishReason: 'length' };
}

export function fallbackAnswer(state: LoopState, reason: FinalReason | 'upstream_error', detail?: string): string {
  const why =
    reason === 'step_limit'
      ? 'The agents used all their model steps before finishing.'
      : reason === 'time_limit'
        ? 'The agents ran out of time before finishing.'
        : `The model server failed${detail ? `: ${detail}` : ''}.`;
  if (state.answer !== undefined && state.answer.trim() !== '') return `${state.answer}\n\n(${why})`;
  return `${why} No answer was produced; please try again${reason === 'upstream_error' ? ' shortly' : ' with a smaller task'}.`;
}
