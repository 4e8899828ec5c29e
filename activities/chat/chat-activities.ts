// The chat workflow's activities, one file each over the same ports (as the scan's, in
// activities/scan/): model steps, tool calls, progress notes, the call's end and the hourly
// sweep. Each reads what it needs from MongoDB by call id and writes its turn back under a
// deterministic key, so a retry on another worker repeats nothing. The keys below are the
// activity type names in Temporal's history: renaming one breaks the replay of calls.
import { CallMemory } from './call-memory';
import type { ChatActivityDeps } from './deps';
import { createExecuteTool } from './execute-tool';
import { createFinishCall } from './finish-call';
import { createModelStep } from './model-step';
import { createNoteProgress } from './note-progress';
import { createSweepChatData } from './sweep-chat-data';

export type { ChatActivityDeps } from './deps';
export type { FinishCallInput } from './finish-call';
export { CALL_CONTENT_MAX_AGE_MS } from './sweep-chat-data';
export { EXPLORE_TEMPERATURE } from './model-step';

export type ChatActivities = ReturnType<typeof createChatActivities>;

export function createChatActivities(deps: ChatActivityDeps) {
  // One memory of calls per worker process, shared by its steps and tools.
  const memory = new CallMemory(deps.calls);
  return {
    modelStep: createModelStep(deps, memory),
    executeTool: createExecuteTool(deps, memory),
    noteProgress: createNoteProgress(deps),
    finishCall: createFinishCall(deps, memory),
    sweepChatData: createSweepChatData(deps),
  };
}
