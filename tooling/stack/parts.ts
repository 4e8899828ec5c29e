// The parts of a running stack: what a restart, a check and a stop work on, and what
// each server part is started with.

import type { ManagedProcess } from './processes';
import { StackError } from './stack-error';

/**
 * The running parts of one stack and how to start each again: what `Stack.restart`,
 * `Stack.isCurrent` and `Stack.stop` work on. `startStack` makes one, or joins the one
 * given as `StackOptions.parts`, so servers started before it (the rehearsal's
 * PostgreSQL, Temporal server, FerretDB, MinIO) and after it (a second API, the proxy)
 * share one supervisor and one stop.
 */
export class StackParts {
  /** The running parts, in start order (a restarted part keeps its place). */
  readonly processes: ManagedProcess[] = [];
  private readonly starters = new Map<ManagedProcess, () => Promise<ManagedProcess>>();
  private readonly retiring = new Set<ManagedProcess>();
  private isStopped = false;

  constructor(private readonly graceMs = 10_000) {}

  /** Adds a started part, with how to start it again the same way (same ports, data, log) and wait until it is ready. */
  track(proc: ManagedProcess, start: () => Promise<ManagedProcess>): ManagedProcess {
    this.processes.push(proc);
    this.starters.set(proc, start);
    return proc;
  }

  get stopped(): boolean {
    return this.isStopped;
  }

  isCurrent(proc: ManagedProcess): boolean {
    return !this.isStopped && this.processes.includes(proc) && !this.retiring.has(proc);
  }

  async restart(proc: ManagedProcess): Promise<ManagedProcess> {
    const start = this.starters.get(proc);
    if (!start || !this.processes.includes(proc)) throw new StackError(`${proc.name} (process ${proc.pid}) is not a current part of this stack`);
    if (this.isStopped) throw new StackError('the stack is stopped');
    this.retiring.add(proc);
    let next: ManagedProcess;
    try {
      await proc.stop();
      next = await start();
    } finally {
      this.retiring.delete(proc);
    }
    this.starters.delete(proc);
    if (this.isStopped) {
      await next.stop();
      throw new StackError('the stack was stopped while a part restarted');
    }
    this.processes[this.processes.indexOf(proc)] = next;
    this.starters.set(next, start);
    return next;
  }

  /** Stops every part in reverse start order. Safe to call twice. */
  async stop(): Promise<void> {
    if (this.isStopped) return;
    this.isStopped = true;
    for (const proc of [...this.processes].reverse()) await proc.stop(this.graceMs);
  }
}

/** What the stack hands each server it starts: where its files go, how long it may take, and where it is tracked. */
export interface PartSetup {
  dataDir: string;
  logDir: string;
  pidDir: string;
  /** Copy its output to this process's (`StackOptions.echo`). */
  echo: boolean;
  timeoutMs: number;
  graceMs: number;
  /** `StackParts.track`: records the part with how to start it again the same way. */
  track(proc: ManagedProcess, start: () => Promise<ManagedProcess>): ManagedProcess;
}
