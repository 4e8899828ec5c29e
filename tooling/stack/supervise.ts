// Keeps a stack's parts running: a part that exits on its own (crash, OOM kill,
// SIGKILL) is started again after a growing pause, with a log line giving the
// exit cause and the last lines of its log. A part that keeps dying within a
// short window is given up on; the caller then stops everything.
// The decision itself is pure: core/restart-policy.ts.

import { DEFAULT_RESTART_POLICY, decideRestart, describeExit, type RestartPolicy } from '../../core/restart-policy';
import type { ManagedProcess } from './processes';
import type { Stack } from './start';

export interface SuperviseOptions {
  policy?: RestartPolicy;
  log?: (line: string) => void;
  /** Lines of the part's log quoted on each restart. Default 20. */
  tailLines?: number;
  /** Called once when a part is given up on; the caller stops the stack. */
  onGiveUp?: (part: string, reason: string) => void;
  /**
   * Parts the rest can run without (the model server): one that keeps dying is not given
   * up on but tried again every `optionalRetryMs`, and the stack stays up meanwhile.
   */
  optionalParts?: string[];
  /** Pause between tries of an optional part that keeps dying, in ms. Default 60 000. */
  optionalRetryMs?: number;
  /** Called after each successful restart. */
  onRestart?: (event: RestartEvent) => void;
}

export interface RestartEvent {
  part: string;
  oldPid: number;
  newPid: number;
  cause: string;
  /** When the old process was seen to exit and when the new one was ready (ms since epoch). */
  exitedAt: number;
  readyAt: number;
}

export interface Supervisor {
  /** Every restart so far. */
  readonly restarts: RestartEvent[];
  /** Stops watching (does not stop the stack). */
  stop(): void;
  /** Resolves once no restart is under way (used by the fault suite between faults). */
  idle(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function superviseStack(stack: Stack, options: SuperviseOptions = {}): Supervisor {
  const policy = options.policy ?? DEFAULT_RESTART_POLICY;
  const log = options.log ?? ((line: string) => console.error(line));
  const tailLines = options.tailLines ?? 20;
  const failures = new Map<string, number[]>();
  const restarts: RestartEvent[] = [];
  const pending = new Set<Promise<void>>();
  let watching = true;
  let gaveUp = false;

  // Parts are named by role; a stack may run several workers, each with its own log file.
  const key = (proc: ManagedProcess) => `${proc.name}:${proc.logFile}`;

  const watch = (proc: ManagedProcess) => {
    void proc.exitedWith.then(({ code, signal }) => {
      if (!watching || stack.stopped || gaveUp) return;
      // The stack itself replaced or stopped this process (a planned restart): not a failure.
      if (!stack.isCurrent(proc)) return;
      const job = recover(proc, describeExit(code, signal), Date.now());
      pending.add(job);
      void job.finally(() => pending.delete(job));
    });
  };

  const recover = async (proc: ManagedProcess, cause: string, exitedAt: number): Promise<void> => {
    const current = proc;
    let why = `exited (${cause})`;
    for (;;) {
      const history = failures.get(key(proc)) ?? [];
      const now = Date.now();
      const decision = decideRestart(policy, history, now);
      history.push(now);
      failures.set(
        key(proc),
        history.filter((t) => t > now - policy.windowMs),
      );
      const tail = current.logTail(tailLines);
      const optional = options.optionalParts?.includes(proc.name) ?? false;
      if (decision.action === 'give-up' && !optional) {
        gaveUp = true;
        log(`up: ${proc.name} ${why}; it ${decision.reason}, giving up. Last lines of ${proc.logFile}:\n${tail}`);
        options.onGiveUp?.(proc.name, decision.reason);
        return;
      }
      let delayMs: number;
      if (decision.action === 'give-up') {
        // A part the rest runs without: tried again at a slow pace, the history started afresh.
        delayMs = options.optionalRetryMs ?? 60_000;
        failures.set(key(proc), []);
        log(
          `up: ${proc.name} ${why}; it ${decision.reason}. The rest keeps running without it; trying again in ${Math.round(delayMs / 1000)} s. ` +
            `Last lines of ${proc.logFile}:\n${tail}`,
        );
      } else {
        delayMs = decision.delayMs;
        log(
          `up: ${proc.name} (process ${current.pid}) ${why}; restarting in ${(delayMs / 1000).toFixed(1)} s ` +
            `(failure ${decision.failuresInWindow} of ${policy.maxFailuresInWindow} allowed within ${Math.round(policy.windowMs / 1000)} s). ` +
            `Last lines of ${proc.logFile}:\n${tail}`,
        );
      }
      await sleep(delayMs);
      if (!watching || stack.stopped) return;
      try {
        const next = await stack.restart(current);
        const event = { part: proc.name, oldPid: proc.pid, newPid: next.pid, cause, exitedAt, readyAt: Date.now() };
        restarts.push(event);
        log(`up: ${proc.name} is back (process ${next.pid})`);
        options.onRestart?.(event);
        watch(next);
        return;
      } catch (error) {
        if (!watching || stack.stopped) return;
        why = `did not come back (${(error as Error).message.split('\n')[0]})`;
        // The failed attempt took its place in the history; decide again.
      }
    }
  };

  for (const proc of stack.processes) watch(proc);
  const startWorker = stack.startWorker.bind(stack);
  // Workers started later are supervised too.
  stack.startWorker = async (...args) => {
    const proc = await startWorker(...args);
    watch(proc);
    return proc;
  };

  return {
    restarts,
    stop() {
      watching = false;
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
