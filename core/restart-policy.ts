// When a supervised part (worker, API, Temporal, FerretDB) exits on its own:
// restart it after a growing pause, or give up when it keeps dying.

export interface RestartPolicy {
  /** Pause before the first restart, in ms. */
  initialDelayMs: number;
  /** Each further failure inside the window multiplies the pause by this. */
  multiplier: number;
  /** Upper bound of the pause, in ms. */
  maxDelayMs: number;
  /** Failures counted are those within this many ms before the newest one. */
  windowMs: number;
  /** Give up when more than this many failures fall inside the window. */
  maxFailuresInWindow: number;
}

/**
 * Five failures in a minute means the part cannot stay up (a bad config, a full
 * disk, a port taken); fewer are crashes worth riding out. A poison scan kills a
 * worker at most once per activity attempt, and attempts are ≥ 20 s apart
 * (heartbeat timeout), so one poisoned upload never exhausts this on its own;
 * a poisoned chat call kills it 3 times before its step is refused
 * (activities/chat/step-starts.ts). Two poisoned calls within a minute do exhaust it.
 */
export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  initialDelayMs: 500,
  multiplier: 2,
  maxDelayMs: 15_000,
  windowMs: 60_000,
  maxFailuresInWindow: 5,
};

export type RestartDecision =
  { action: 'restart'; delayMs: number; failuresInWindow: number } | { action: 'give-up'; failuresInWindow: number; reason: string };

/**
 * The decision after a failure at `now`, given the times of every earlier
 * unexpected exit of the same part (any order; those outside the window are ignored).
 */
export function decideRestart(policy: RestartPolicy, earlierFailures: readonly number[], now: number): RestartDecision {
  const since = now - policy.windowMs;
  const failuresInWindow = earlierFailures.filter((t) => t > since && t <= now).length + 1;
  if (failuresInWindow > policy.maxFailuresInWindow) {
    const seconds = Math.round(policy.windowMs / 1000);
    return {
      action: 'give-up',
      failuresInWindow,
      reason: `exited ${failuresInWindow} times within ${seconds} s`,
    };
  }
  const delay = policy.initialDelayMs * policy.multiplier ** (failuresInWindow - 1);
  return { action: 'restart', delayMs: Math.min(policy.maxDelayMs, Math.round(delay)), failuresInWindow };
}

/** How an exit reads in a log line: `code 1`, `signal SIGKILL`. */
export function describeExit(code: number | null, signal: string | null): string {
  if (signal) return `signal ${signal}`;
  if (code === null) return 'an unknown cause';
  return `code ${code}`;
}
