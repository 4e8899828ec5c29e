import { describe, expect, it } from 'vitest';
import { BoundedSemaphore, SemaphoreFullError } from '../../../core/bounded-semaphore';

/** A task that runs until the test releases it. */
function held() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { task: () => done, release };
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('BoundedSemaphore', () => {
  it('runs at most `concurrency` tasks at once, queues up to `queueLimit` and refuses the next at once', async () => {
    const gate = new BoundedSemaphore({ concurrency: 2, queueLimit: 1 });
    const tasks = [held(), held(), held()];
    const started: number[] = [];
    const runs = tasks.map((t, i) => gate.run(async () => (started.push(i), t.task())));
    await tick();
    expect(started).toEqual([0, 1]);
    expect(gate.load).toEqual({ running: 2, waiting: 1 });
    await expect(gate.run(async () => 'never')).rejects.toBeInstanceOf(SemaphoreFullError);
    await expect(gate.run(async () => 'never')).rejects.toThrow('all 2 slots are busy and 1 tasks already wait');

    tasks[0]!.release();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    expect(gate.load).toEqual({ running: 2, waiting: 0 });
    tasks[1]!.release();
    tasks[2]!.release();
    await Promise.all(runs);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot of a task that fails, and passes its error on', async () => {
    const gate = new BoundedSemaphore({ concurrency: 1, queueLimit: 0 });
    await expect(gate.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
    expect(await gate.run(async () => 7)).toBe(7);
  });

  it('with queueLimit 0 refuses whenever all slots are busy', async () => {
    const gate = new BoundedSemaphore({ concurrency: 1, queueLimit: 0 });
    const first = held();
    const running = gate.run(first.task);
    await expect(gate.run(async () => 1)).rejects.toBeInstanceOf(SemaphoreFullError);
    first.release();
    await running;
    expect(await gate.run(async () => 2)).toBe(2);
  });

  it('refuses nonsense sizes', () => {
    expect(() => new BoundedSemaphore({ concurrency: 0, queueLimit: 1 })).toThrow(RangeError);
    expect(() => new BoundedSemaphore({ concurrency: 1.5, queueLimit: 1 })).toThrow(RangeError);
    expect(() => new BoundedSemaphore({ concurrency: 1, queueLimit: -1 })).toThrow(RangeError);
  });
});
