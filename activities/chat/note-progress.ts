import type { ChatActivityDeps } from './deps';
import { progressFor } from './shared';

export function createNoteProgress(deps: ChatActivityDeps) {
  /** A notice from the workflow (a limit ran out, the upstream failed). */
  return async function noteProgress(input: { callId: string; seq: number; text: string }): Promise<void> {
    const progress = progressFor(deps.calls, input.callId, input.seq);
    progress.note(input.text);
    await progress.flush();
  };
}
