// A tool call of an actor or of the checker, run in the call's sandbox, its result
// written as the call's next turn. A call repeated with nothing changed since is not run
// again: its turn says so, and the loop goes on with the result it has.
import type { ToolStepInput, ToolStepResult } from '../../core/chat/agent-loop';
import { REPEATED_CALL_OUTPUT, REPEATED_FAILED_CALL_OUTPUT, REPEATED_SENT_BACK_CALL_OUTPUT } from '../../core/chat/conversation';
import type { CallTurn } from '../../core/chat/shapes';
import { parseToolCall } from '../../core/chat/tools';
import type { CallMemory } from './call-memory';
import type { ChatActivityDeps } from './deps';
import { clip, heartbeating, progressFor } from './shared';

export function createExecuteTool(deps: ChatActivityDeps, memory: CallMemory) {
  const { calls } = deps;
  return async function executeTool(input: ToolStepInput & { callId: string }): Promise<ToolStepResult> {
    const { callId, toolCallId, actSeq, seq } = input;
    const findCall = (turn: CallTurn | null | undefined) =>
      turn?.kind === 'act' || turn?.kind === 'verify' ? turn.tool_calls.find((c) => c.id === toolCallId) : undefined;
    // A step retried elsewhere may have rewritten the turn: a miss in the cache reads the log.
    const call = findCall(memory.turn(callId, actSeq)) ?? findCall(await calls.turn(callId, actSeq));
    const name = call?.function.name ?? input.name;
    const argumentsJson = call?.function.arguments ?? '{}';
    const progress = progressFor(calls, callId, seq);
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
      memory.remember(callId, seq, turn);
      return { name, ok: false, summary: turn.summary };
    }
    const result = await heartbeating((signal) => deps.sandbox.executeTool({ callId, name, argumentsJson, signal }));
    progress.note(`← ${result.summary}${result.ok ? '' : ' (failed)'}`);
    const turn: CallTurn = { kind: 'tool', tool_call_id: toolCallId, name, ok: result.ok, output: result.output, summary: result.summary };
    await Promise.all([calls.putTurn(callId, seq, turn), progress.flush()]);
    memory.remember(callId, seq, turn);
    return { name, ok: result.ok, summary: result.summary };
  };
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
      // The language the sandbox will run it in (asked for, a fence's tag, or detected).
      const parsed = parseToolCall(name, argumentsJson);
      const run = parsed.ok && parsed.args.name === 'run' ? parsed.args : undefined;
      const lines = (run?.code ?? str('code')).split('\n').length;
      const language = run ? ` of ${run.language === 'python' ? 'Python' : 'JavaScript'}` : '';
      return ` (${lines} line${lines === 1 ? '' : 's'}${language})`;
    }
    case 'read_url':
      return ` ${clip(str('url'), 120)}`;
    default:
      return '';
  }
}
