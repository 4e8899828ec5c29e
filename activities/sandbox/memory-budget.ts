// The memory all sandbox children of one worker process may hold together. Each run
// reserves what its child can reach (isolate heap + the child's Node heap + runtime)
// before the child starts and gives it back when the child has exited; a run that does
// not fit waits its turn (first come, first served), up to a limit, then is refused.
// Without it the chat queue's slots (16 by default) could start 16 children of ~450 MB
// at once on a machine that has room for a few.

export interface Reservation {
  /** Gives the reservation back; calling it again does nothing. */
  release(): void;
}

export class MemoryBudgetError extends Error {
  constructor(
    readonly reason: 'too_large' | 'busy',
    message: string,
  ) {
    super(message);
    this.name = 'MemoryBudgetError';
  }
}

interface Waiter {
  mb: number;
  grant: (reservation: Reservation) => void;
}

export class MemoryBudget {
  private used = 0;
  private readonly queue: Waiter[] = [];

  /**
   * @param totalMb memory all children may hold together, in MB.
   * @param maxWaitMs how long a run waits for room before it is refused (default 30 000 ms).
   */
  constructor(
    readonly totalMb: number,
    readonly maxWaitMs = 30_000,
  ) {
    if (!(totalMb > 0)) throw new Error('a memory budget needs a positive size');
  }

  /** MB reserved by running children now. */
  get inUseMb(): number {
    return this.used;
  }

  /** Runs waiting for room now. */
  get waiting(): number {
    return this.queue.length;
  }

  /**
   * Reserves `mb`: at once when it fits and nobody is waiting before it, else after the
   * runs ahead of it. Rejects with `too_large` when `mb` exceeds the whole budget, `busy`
   * after `maxWaitMs` without room, and with `signal.reason` when aborted while waiting.
   */
  reserve(mb: number, signal?: AbortSignal): Promise<Reservation> {
    if (mb > this.totalMb) {
      return Promise.reject(new MemoryBudgetError('too_large', `a run needs ${mb} MB, more than the sandbox's whole memory budget of ${this.totalMb} MB`));
    }
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.queue.length === 0 && this.used + mb <= this.totalMb) return Promise.resolve(this.take(mb));
    return new Promise<Reservation>((resolve, reject) => {
      const waiter: Waiter = {
        mb,
        grant: (reservation) => {
          cleanup();
          resolve(reservation);
        },
      };
      const leave = (error: unknown) => {
        const index = this.queue.indexOf(waiter);
        if (index < 0) return;
        this.queue.splice(index, 1);
        cleanup();
        reject(error);
        // A large run leaving the head of the queue may let smaller ones behind it start.
        this.grantWaiting();
      };
      const timer = setTimeout(
        () =>
          leave(
            new MemoryBudgetError(
              'busy',
              `the sandbox's memory (${this.totalMb} MB) stayed taken by other runs for ${Math.round(this.maxWaitMs / 1000)} s; try again shortly`,
            ),
          ),
        this.maxWaitMs,
      );
      const onAbort = () => leave(signal?.reason);
      const cleanup = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
    });
  }

  private take(mb: number): Reservation {
    this.used += mb;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.used -= mb;
        this.grantWaiting();
      },
    };
  }

  /** Starts waiting runs in order while the first of them fits. */
  private grantWaiting(): void {
    while (this.queue.length > 0 && this.used + this.queue[0]!.mb <= this.totalMb) {
      const next = this.queue.shift()!;
      next.grant(this.take(next.mb));
    }
  }
}
