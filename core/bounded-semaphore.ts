// A counting semaphore with a bounded wait queue: at most `concurrency` tasks
// run at once, at most `queueLimit` wait, and a task past that is refused at
// once instead of piling up (the caller answers "busy, retry shortly").

/** Thrown by `BoundedSemaphore.run` when every slot is busy and the queue is full. */
export class SemaphoreFullError extends Error {
  readonly code = 'semaphore_full';
  constructor(
    readonly concurrency: number,
    readonly queueLimit: number,
  ) {
    super(`all ${concurrency} slots are busy and ${queueLimit} tasks already wait`);
    this.name = 'SemaphoreFullError';
  }
}

export interface BoundedSemaphoreOptions {
  /** Tasks running at once (at least 1). */
  concurrency: number;
  /** Tasks that may wait for a slot (0: none wait; a busy semaphore refuses at once). */
  queueLimit: number;
}

export class BoundedSemaphore {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly options: BoundedSemaphoreOptions) {
    if (!Number.isInteger(options.concurrency) || options.concurrency < 1) throw new RangeError('concurrency must be an integer of at least 1');
    if (!Number.isInteger(options.queueLimit) || options.queueLimit < 0) throw new RangeError('queueLimit must be a non-negative integer');
  }

  /** Tasks running now and tasks waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Runs `task` in a slot, waiting for one if needed; throws `SemaphoreFullError` (without running it) when the queue is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.options.concurrency) {
      if (this.waiting.length >= this.options.queueLimit) throw new SemaphoreFullError(this.options.concurrency, this.options.queueLimit);
      // The slot is handed over by `release`, so `running` stays counted across the hand-over.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}
