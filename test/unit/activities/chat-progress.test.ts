import { describe, expect, it } from 'vitest';
import { eventSeqBase, ProgressWriter } from '../../../activities/chat/progress';
import type { CallsStore } from '../../../store/calls';

type Batch = { seq: number; kind: 'note' | 'reasoning'; text: string }[];

/** Records each write; a write completes when the test lets it. */
function recordingCalls() {
  const writes: Batch[] = [];
  const release: (() => void)[] = [];
  const calls = {
    appendEvents: (_callId: string, events: Batch) => {
      writes.push(events);
      return new Promise<void>((resolve) => release.push(resolve));
    },
  } as unknown as CallsStore;
  return { calls, writes, releaseAll: () => release.splice(0).forEach((r) => r()) };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('chat progress writer', () => {
  it('keeps a note made before a quick model call for the write at its end: one write, in order', async () => {
    const { calls, writes, releaseAll } = recordingCalls();
    const progress = new ProgressWriter(calls, 'call_1', eventSeqBase(2, 1));
    progress.note('checking the answer…');
    await tick();
    await tick();
    expect(writes).toEqual([]);
    progress.note('check: APPROVE');
    const flushed = progress.flush();
    await tick();
    releaseAll();
    await flushed;
    const base = eventSeqBase(2, 1);
    expect(writes).toEqual([
      [
        { kind: 'note', text: 'checking the answer…\n', seq: base + 1 },
        { kind: 'note', text: 'check: APPROVE\n', seq: base + 2 },
      ],
    ]);
  });

  it('chains writes: a flush waits for the write in flight and the next batch goes after it', async () => {
    const { calls, writes, releaseAll } = recordingCalls();
    const progress = new ProgressWriter(calls, 'call_1', eventSeqBase(0, 1));
    progress.reasoning('thinking ');
    progress.reasoning('more');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(writes).toHaveLength(1);
    progress.endReasoning();
    progress.note('plan: 1. answer');
    let done = false;
    const flushed = progress.flush().then(() => (done = true));
    await tick();
    // The second batch waits for the first write to finish.
    expect(writes).toHaveLength(1);
    releaseAll();
    await tick();
    expect(writes).toHaveLength(2);
    expect(done).toBe(false);
    releaseAll();
    await flushed;
    expect(writes.map((batch) => batch.map((e) => e.text).join(''))).toEqual(['thinking more', '\nplan: 1. answer\n']);
    expect(writes.flat().map((e) => e.seq)).toEqual([1, 2, 3].map((n) => eventSeqBase(0, 1) + n));
  });

  it('numbers a later step and a later attempt after everything before them', () => {
    expect(eventSeqBase(1, 1)).toBeGreaterThan(eventSeqBase(0, 99));
    expect(eventSeqBase(0, 2)).toBeGreaterThan(eventSeqBase(0, 1));
  });
});
