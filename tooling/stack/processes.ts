// Starting a stack's children and ending them: each in its own process group, so
// stopping it also stops whatever it spawned (ffmpeg, pocketsphinx); logged to a
// file, echoed on request, and ended when this process ends in any way.

import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { REPO_ROOT } from '../repo-root';
import { cleanEnv, type Env } from './env';
import { tellReaper } from './reaper';
import { StackError } from './stack-error';

export interface ManagedProcess {
  name: string;
  pid: number;
  logFile: string;
  /** Resolves with the exit code (or null when killed by a signal) once the process ended. */
  exited: Promise<number | null>;
  /** The same moment as `exited`, with the signal that ended it. */
  exitedWith: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM to the process group, SIGKILL after the grace period. */
  stop(graceMs?: number): Promise<void>;
  /** Sends a signal to the whole process group without waiting. */
  kill(signal?: NodeJS.Signals): void;
  /** The last lines of its log. */
  logTail(lines?: number): string;
}

const liveGroups = new Set<ManagedProcess>();
let exitHandlerInstalled = false;
let signalHandlersInstalled = false;

function installExitHandler(): void {
  if (exitHandlerInstalled) return;
  exitHandlerInstalled = true;
  // Last resort: whatever is still running when this process exits is killed,
  // so an aborted run never leaves servers holding ports and files.
  process.on('exit', () => {
    for (const p of liveGroups) killGroup(p.pid, 'SIGKILL');
  });
}

export function installSignalHandlers(): void {
  if (signalHandlersInstalled) return;
  signalHandlersInstalled = true;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = () => {
      const others = process.listenerCount(signal) > 1;
      void Promise.all([...liveGroups].reverse().map((p) => p.stop(5000))).finally(() => {
        // When someone else (vitest, up.ts) also listens, they decide when to exit.
        if (!others) process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
      });
    };
    process.on(signal, onSignal);
  }
}

// Children are spawned detached, so each leads its own process group whose id
// is its pid; the kernel does not reuse that id while the group has members.
export function killGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

function readTail(file: string, lines = 30): string {
  try {
    const size = statSync(file).size;
    const length = Math.min(size, 16_384);
    const fd = openSync(file, 'r');
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, size - length);
    closeSync(fd);
    return buffer
      .toString('utf8')
      .split('\n')
      .slice(-lines - 1)
      .join('\n')
      .trimEnd();
  } catch {
    return '(no log)';
  }
}

/** How echoed output is shown: by default as it came, each line after `[part] `; `npm run up` formats it under a terminal. */
let echoFormat: ((part: string, line: string) => string) | null = null;
export function formatEchoedLines(format: (part: string, line: string) => string): void {
  echoFormat = format;
}

export interface SpawnSpec {
  name: string;
  command: string;
  args: string[];
  env: Env;
  logFile: string;
  echo: boolean;
  cwd?: string;
  /** Recorded so a later start with the same pid file can end an orphan of a killed run. */
  pidFile?: string;
  defaultGraceMs: number;
}

export function spawnManaged(spec: SpawnSpec): ManagedProcess {
  installExitHandler();
  mkdirSync(dirname(spec.logFile), { recursive: true });
  const fd = openSync(spec.logFile, 'a');
  writeFileSync(fd, `\n--- ${new Date().toISOString()} ${spec.command} ${spec.args.join(' ')}\n`);
  let child: ChildProcess;
  try {
    child = spawn(spec.command, spec.args, {
      cwd: spec.cwd ?? REPO_ROOT,
      env: cleanEnv(spec.env),
      detached: true,
      stdio: spec.echo ? ['ignore', 'pipe', 'pipe'] : ['ignore', fd, fd],
    });
  } finally {
    if (!spec.echo) closeSync(fd);
  }
  if (spec.echo) {
    const prefix = `[${spec.name}] `;
    const forward = (out: NodeJS.WriteStream) => {
      let partial = '';
      return (chunk: Buffer) => {
        writeFileSync(fd, chunk);
        const text = chunk.toString('utf8');
        if (!echoFormat) return void out.write(text.replace(/^(?=.)/gm, prefix));
        const lines = (partial + text).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) if (line) out.write(`${echoFormat(spec.name, line)}\n`);
      };
    };
    child.stdout?.on('data', forward(process.stdout));
    child.stderr?.on('data', forward(process.stderr));
  }
  const pid = child.pid;
  if (pid === undefined) {
    throw new StackError(`could not start ${spec.name} (${spec.command}): not found or not executable`);
  }
  tellReaper(`add ${pid}`);
  if (spec.pidFile) {
    mkdirSync(dirname(spec.pidFile), { recursive: true });
    writeFileSync(spec.pidFile, `${pid}\n${spec.command}\n${process.pid}\n`);
  }

  let exitCode: number | null | undefined;
  let resolveExitedWith: (value: { code: number | null; signal: NodeJS.Signals | null }) => void = () => undefined;
  const exitedWith = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => {
    resolveExitedWith = r;
  });
  const exited = new Promise<number | null>((resolveExit) => {
    child.once('exit', (code, signal) => {
      exitCode = code;
      resolveExitedWith({ code, signal });
      liveGroups.delete(managed);
      // The leader is gone; make sure nothing it spawned lingers.
      killGroup(pid, 'SIGKILL');
      tellReaper(`del ${pid}`);
      if (spec.pidFile) rmSync(spec.pidFile, { force: true });
      resolveExit(code);
    });
  });
  if (spec.echo) child.once('close', () => closeSync(fd));
  child.once('error', () => {
    // Reported through `exited` and the readiness checks.
  });

  let stopping: Promise<void> | undefined;
  const managed: ManagedProcess = {
    name: spec.name,
    pid,
    logFile: spec.logFile,
    exited,
    exitedWith,
    kill(signal: NodeJS.Signals = 'SIGTERM') {
      if (exitCode === undefined) killGroup(pid, signal);
    },
    stop(graceMs = spec.defaultGraceMs) {
      if (exitCode !== undefined) return Promise.resolve();
      stopping ??= (async () => {
        killGroup(pid, 'SIGTERM');
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<'timeout'>((r) => {
          timer = setTimeout(() => r('timeout'), graceMs);
        });
        const outcome = await Promise.race([exited, timeout]);
        // A pending grace timer would keep the event loop (and a test runner) alive.
        clearTimeout(timer);
        if (outcome === 'timeout') {
          killGroup(pid, 'SIGKILL');
          await exited;
        }
      })();
      return stopping;
    },
    logTail(lines?: number) {
      return readTail(spec.logFile, lines);
    },
  };
  liveGroups.add(managed);
  return managed;
}
