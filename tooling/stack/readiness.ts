// Waiting for a started part to answer, and saying why when it does not.

import { setTimeout as sleep } from 'node:timers/promises';
import { describeExit } from '../../core/restart-policy';
import type { ManagedProcess } from './processes';
import { StackError } from './stack-error';

/** `waitUntil`, and the process is stopped when it does not become ready. */
export async function waitOrStop(what: string, proc: ManagedProcess, timeoutMs: number, check: () => Promise<boolean>): Promise<void> {
  try {
    await waitUntil(what, proc, timeoutMs, check);
  } catch (error) {
    await proc.stop(2000);
    throw error;
  }
}

export async function waitUntil(what: string, proc: ManagedProcess | undefined, timeoutMs: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  void proc?.exitedWith.then((how) => {
    exit = how;
  });
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (exit) {
      throw new StackError(`${what} exited before it was ready (${describeExit(exit.code, exit.signal)}; log ${proc?.logFile}):\n${proc?.logTail()}`);
    }
    try {
      if (await check()) return;
    } catch (error) {
      lastError = error;
    }
    await sleep(250);
  }
  const reason = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
  const tail = proc ? `\nlog ${proc.logFile}:\n${proc.logTail()}` : '';
  throw new StackError(`${what} was not ready within ${Math.round(timeoutMs / 1000)} s${reason}${tail}`);
}

export async function httpOk(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
  await response.body?.cancel();
  return response.status === 200;
}
