import type { ChatActivityDeps } from './deps';

/** Files older than this are swept; calls last at most 15 minutes, the promise is 24 hours. */
export const CALL_CONTENT_MAX_AGE_MS = 2 * 60 * 60 * 1000;

export function createSweepChatData(deps: ChatActivityDeps) {
  const { calls } = deps;
  /** Hourly: call folders and conversations past their age, slots of dead calls. */
  return async function sweepChatData(input: { maxAgeMs?: number } = {}): Promise<{ files: number; turns: number; events: number; slots: number }> {
    const now = new Date();
    const cutoff = new Date(now.getTime() - (input.maxAgeMs ?? CALL_CONTENT_MAX_AGE_MS));
    const [files, content, slots] = await Promise.all([
      deps.callFiles ? deps.callFiles.deleteOlderThan(cutoff) : Promise.resolve(0),
      calls.deleteContentOlderThan(cutoff),
      calls.deleteStaleSlots(now),
    ]);
    return { files, turns: content.turns, events: content.events, slots };
  };
}
