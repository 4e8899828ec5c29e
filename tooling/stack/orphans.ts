// Children of an earlier run that died before it could stop them still hold the
// ports and files of its data directory: a new stack on it ends them first.

import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { killGroup } from './processes';
import { StackError } from './stack-error';

function runningCommand(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0];
  } catch {
    return undefined;
  }
}

/**
 * Ends the children recorded in `<dataDir>/pids/` by an earlier run that died
 * before it could clean up (their parent is gone), and waits until they are
 * gone so their ports are free. A child whose parent still runs belongs to a
 * live stack on the same data directory: that is an error, not an orphan.
 */
export async function endOrphans(pidDir: string, dataDir: string): Promise<void> {
  if (!existsSync(pidDir)) return;
  const ended: number[] = [];
  for (const name of readdirSync(pidDir).filter((n) => n.endsWith('.pid'))) {
    const pidFile = join(pidDir, name);
    const [pidText, command, parentText] = readFileSync(pidFile, 'utf8').split('\n');
    const pid = Number(pidText);
    const parent = Number(parentText);
    // Guard against a recycled pid: only a process still running the recorded binary counts.
    if (!Number.isInteger(pid) || pid <= 1 || !command || runningCommand(pid) !== command) {
      rmSync(pidFile, { force: true });
      continue;
    }
    if (Number.isInteger(parent) && parent > 1 && parent !== process.pid && runningCommand(parent) !== undefined) {
      throw new StackError(`another stack (process ${parent}) is using ${dataDir}; stop it first or choose another data directory`);
    }
    killGroup(pid, 'SIGKILL');
    ended.push(pid);
    rmSync(pidFile, { force: true });
  }
  const deadline = Date.now() + 10_000;
  while (ended.some((pid) => runningCommand(pid) !== undefined) && Date.now() < deadline) await sleep(100);
}
