import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isolationWrapper, SETPRIV, UNSHARE } from '../../../activities/sandbox/child-isolation';
import { MemoryBudget, MemoryBudgetError } from '../../../activities/sandbox/memory-budget';
import { childReservationMb } from '../../../activities/sandbox/run-js';

const settled = async <T>(promise: Promise<T>) => {
  let state: 'pending' | 'resolved' | 'rejected' = 'pending';
  promise.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  );
  await vi.advanceTimersByTimeAsync(0);
  return state;
};

describe('MemoryBudget', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('grants while the reservations fit, then queues in order and grants as memory comes back', async () => {
    const budget = new MemoryBudget(1000);
    const a = await budget.reserve(448);
    const b = await budget.reserve(448);
    expect(budget.inUseMb).toBe(896);
    const c = budget.reserve(448);
    const small = budget.reserve(50);
    // First come, first served: the small one waits behind the large one although it would fit.
    expect([await settled(c), await settled(small), budget.waiting]).toEqual(['pending', 'pending', 2]);
    a.release();
    a.release();
    expect([await settled(c), await settled(small), budget.inUseMb, budget.waiting]).toEqual(['resolved', 'resolved', 946, 0]);
    b.release();
    (await c).release();
    (await small).release();
    expect(budget.inUseMb).toBe(0);
  });

  it('refuses at once a run larger than the whole budget', async () => {
    const budget = new MemoryBudget(512);
    await expect(budget.reserve(513)).rejects.toEqual(
      new MemoryBudgetError('too_large', "a run needs 513 MB, more than the sandbox's whole memory budget of 512 MB"),
    );
    expect(budget.inUseMb).toBe(0);
  });

  it('refuses a run that found no room within the wait limit, and lets the next one in line go', async () => {
    const budget = new MemoryBudget(1000, 30_000);
    const held = await budget.reserve(900);
    const big = budget.reserve(500);
    const tiny = budget.reserve(100);
    const refusal = expect(big).rejects.toEqual(
      new MemoryBudgetError('busy', "the sandbox's memory (1000 MB) stayed taken by other runs for 30 s; try again shortly"),
    );
    await vi.advanceTimersByTimeAsync(30_000);
    await refusal;
    // With the large one gone, the small one behind it fits beside the held 900 MB.
    expect(await settled(tiny)).toBe('resolved');
    expect(budget.inUseMb).toBe(1000);
    held.release();
    (await tiny).release();
    expect([budget.inUseMb, budget.waiting]).toEqual([0, 0]);
  });

  it('an aborted wait rejects with the reason and takes nothing', async () => {
    const budget = new MemoryBudget(500);
    const held = await budget.reserve(500);
    const controller = new AbortController();
    const waiting = budget.reserve(100, controller.signal);
    const reason = new Error('call cancelled');
    controller.abort(reason);
    await expect(waiting).rejects.toBe(reason);
    expect(budget.waiting).toBe(0);
    held.release();
    expect(budget.inUseMb).toBe(0);
  });

  it('a run reserves its isolate heap, the child heap and the runtime', () => {
    expect(childReservationMb(128)).toBe(448);
  });
});

describe('isolationWrapper', () => {
  it('as root: its own network namespace, then nobody without groups or new privileges', () => {
    expect(isolationWrapper({ network: true, root: true, lowerUser: true })).toEqual([
      UNSHARE,
      '--net',
      '--',
      SETPRIV,
      '--reuid=65534',
      '--regid=65534',
      '--clear-groups',
      '--no-new-privs',
      '--',
    ]);
  });

  it('not root: the network namespace inside a user namespace of its own; nothing when nothing is available', () => {
    expect(isolationWrapper({ network: true, root: false, lowerUser: false })).toEqual([UNSHARE, '--user', '--net', '--']);
    expect(isolationWrapper({ network: false, root: true, lowerUser: false })).toEqual([]);
  });
});
