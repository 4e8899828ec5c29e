// The `run` tool: JavaScript in an isolated-vm Isolate inside a throwaway child process
// (isolate-child.mjs), and the child machinery Python shares (run-python.ts,
// python-child.mjs): OS limits, isolation, memory budget, wall clock. The child gets a copy
// of the call's files and hands back what the code wrote; the caller stores those through
// CallFiles. The parent keeps its own wall-clock limit and kills the child on abort, so
// neither stuck code nor an out-of-memory crash can hold or take down the worker.

import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SANDBOX_LIMITS, type SandboxLimits } from '../../core/chat/tools';
import { childIsolation, type ChildIsolation } from './child-isolation';
import { MemoryBudget, MemoryBudgetError, type Reservation } from './memory-budget';

const CHILD_PATH = fileURLToPath(new URL('./isolate-child.mjs', import.meta.url));

/** Time the child gets beyond `timeoutMs` to start, build the isolate and report (ms). */
const WALL_CLOCK_GRACE_MS = 3000;
const STDERR_CAP_BYTES = 8192;
/** Heap of the child's own Node runtime; the isolate has its separate `memoryMb`. */
export const CHILD_HEAP_MB = 256;
/** The child's memory beyond both heaps (code, native isolated-vm, buffers), reserved with them. */
export const CHILD_RUNTIME_MB = 64;
/** What all children of a worker process may hold together by default (config `HOLDLINE_SANDBOX_MEMORY_MB`). */
export const DEFAULT_SANDBOX_MEMORY_MB = 2048;
/** The budget of runs given none: one per process, shared by every slot. */
const sharedBudget = new MemoryBudget(DEFAULT_SANDBOX_MEMORY_MB);

/** What one run reserves from the budget: the isolate heap, the child's heap and its runtime. */
export function childReservationMb(memoryMb: number): number {
  return memoryMb + CHILD_HEAP_MB + CHILD_RUNTIME_MB;
}

/**
 * util-linux's prlimit sets the child's OS limits and then execs node in place (same pid,
 * IPC descriptor inherited). Debian 12 ships it in util-linux, which is always installed.
 */
const PRLIMIT = '/usr/bin/prlimit';
/**
 * Address space of the child. Measured on Node 20 with isolated-vm: 1 GiB aborts V8 at
 * start-up, 2 GiB runs code and a 128 MB isolate that hits its heap limit; 4 GiB leaves
 * room for a bigger isolate. WebAssembly memories need ~10 GiB of reservation each, so
 * they are refused inside the sandbox (a RangeError the code sees).
 */
export const CHILD_ADDRESS_SPACE_BYTES = 4 * 1024 ** 3;
/** Descriptors the child needs: stdio, IPC, epoll, eventfds, V8 and libuv internals. */
export const CHILD_OPEN_FILES = 64;
/**
 * RLIMIT_NPROC counts every process and thread of the user the worker runs as, not just
 * the child's, so it is a ceiling against a runaway fork, not a per-child count.
 */
export const CHILD_PROCESSES = 1024;

export interface RunJavaScriptOptions {
  code: string;
  /** The call's files by normalised path; the code sees a copy. */
  files: Record<string, string>;
  /** CPU/wall time the code may run (default 10 000 ms). */
  timeoutMs?: number;
  /** Isolate heap limit (default 128 MB). */
  memoryMb?: number;
  /** Console output kept, in UTF-8 bytes (default 16 KiB); the rest is counted and dropped. */
  outputCapBytes?: number;
  /** Caps applied to `files.write` inside the sandbox (the caller enforces them again when storing). */
  limits?: SandboxLimits;
  /** Aborting kills the child (or ends the wait for memory) and rejects with `signal.reason`. */
  signal?: AbortSignal;
  /** The memory all children share (default: one budget per process of DEFAULT_SANDBOX_MEMORY_MB). */
  memoryBudget?: MemoryBudget;
  /** Network namespace and user of the child (default: what `childIsolation()` found this process can give). */
  isolation?: ChildIsolation;
  /** Python only: called once the interpreter is up and the code starts (its time limit counts from here). */
  onStarted?: () => void;
}

export type RunErrorCode = 'timeout' | 'memory' | 'runtime_error';

export interface RunJavaScriptResult {
  ok: boolean;
  /** console output in order, capped. */
  stdout: string;
  error?: { code: RunErrorCode; message: string };
  /** Files the code wrote (last content per path), by normalised path. */
  filesWritten: Record<string, string>;
  /** Files the code left that cannot be kept (Python only: too large, not text, over the folder's caps), with the reason. */
  filesNotSaved?: Record<string, string>;
  /** The formatted value of the code's last expression, when it has one. */
  returnValue?: string;
  durationMs: number;
}

interface ChildResult {
  type: 'result';
  ok: boolean;
  stdout: string;
  error?: { code: RunErrorCode; message: string };
  filesWritten: Record<string, string>;
  filesNotSaved?: Record<string, string>;
  returnValue?: string;
}
interface ChildFatal {
  type: 'fatal';
  message: string;
}
/** The child's interpreter is up and the code starts now (Python); the wall clock restarts. */
interface ChildStarted {
  type: 'started';
}
/** Any other message a child sends before its result, handed to `ChildSpec.onMessage`. */
interface ChildOther {
  type: string;
  [key: string]: unknown;
}
type ChildMessage = ChildResult | ChildFatal | ChildStarted | ChildOther;

/** How to start the child of one language. */
export interface ChildSpec {
  /** Absolute path of the child's script. */
  script: string;
  /** Node options of the child (after the memory and snapshot flags common to all). */
  nodeArgs: string[];
  /** Time the interpreter may take to start before the code's own `timeoutMs` counts (ms); the child reports 'started'. */
  startupMs: number;
  serialization: 'json' | 'advanced';
  /** The job sent to the child (besides the options' code, files and limits). */
  job: Record<string, unknown>;
  /** Messages other than started/result/fatal, e.g. a memory snapshot. */
  onMessage?: (message: ChildOther, startedYet: boolean) => void;
  /** What a child killed for time before it said 'started' reports. */
  startupTimeoutMessage?: string;
}

/**
 * prlimit options for one child: address space, CPU seconds (the soft limit sends SIGXCPU
 * a little after the wall-clock limit would have; the hard one SIGKILLs a second later),
 * open files, processes, and no core files.
 */
export function childLimitArgs(timeoutMs: number, startupMs = 0): string[] {
  const cpuSeconds = Math.ceil((startupMs + timeoutMs + WALL_CLOCK_GRACE_MS) / 1000) + 1;
  return [
    `--as=${CHILD_ADDRESS_SPACE_BYTES}`,
    `--cpu=${cpuSeconds}:${cpuSeconds + 1}`,
    `--nofile=${CHILD_OPEN_FILES}`,
    `--nproc=${CHILD_PROCESSES}`,
    '--core=0',
  ];
}

/**
 * Runs `code` once, in a child that first reserves its memory from the shared budget
 * (waiting for room, or refused: an `ok: false` result with code `memory`). Resolves
 * with `ok: false` for everything the code does wrong (timeout, memory, thrown error);
 * rejects only when the sandbox itself cannot run (child fails to start, isolated-vm
 * missing) or on abort.
 */
export function runJavaScript(options: RunJavaScriptOptions): Promise<RunJavaScriptResult> {
  return runInChild(options, { script: CHILD_PATH, nodeArgs: [], startupMs: 0, serialization: 'json', job: {} });
}

/** Runs `options.code` in a child described by `spec`, under the budget, limits and isolation every run gets. */
export async function runInChild(options: RunJavaScriptOptions, spec: ChildSpec): Promise<RunJavaScriptResult> {
  const memoryMb = options.memoryMb ?? 128;
  const started = performance.now();
  let reservation: Reservation;
  try {
    reservation = await (options.memoryBudget ?? sharedBudget).reserve(childReservationMb(memoryMb), options.signal);
  } catch (error) {
    if (!(error instanceof MemoryBudgetError)) throw error;
    return { ok: false, stdout: '', error: { code: 'memory', message: error.message }, filesWritten: {}, durationMs: Math.round(performance.now() - started) };
  }
  try {
    const isolation = options.isolation ?? (await childIsolation());
    return await runChild(options, spec, isolation, performance.now());
  } finally {
    // Given back when the run settles: its child has exited ('close'), or was just sent SIGKILL (abort, failure to start).
    reservation.release();
  }
}

function runChild(options: RunJavaScriptOptions, spec: ChildSpec, isolation: ChildIsolation, started: number): Promise<RunJavaScriptResult> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const memoryMb = options.memoryMb ?? 128;
  const outputCapBytes = options.outputCapBytes ?? 16 * 1024;
  const limits = options.limits ?? DEFAULT_SANDBOX_LIMITS;
  const { signal } = options;

  return new Promise<RunJavaScriptResult>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const child = fork(spec.script, [], {
      execPath: PRLIMIT,
      // Explicit: the worker's own flags (tsx loader, inspector) must not reach the child.
      execArgv: [
        ...childLimitArgs(timeoutMs, spec.startupMs),
        '--',
        ...isolation.wrapper,
        process.execPath,
        '--no-node-snapshot',
        `--max-old-space-size=${CHILD_HEAP_MB}`,
        ...spec.nodeArgs,
      ],
      // Nothing of the worker's environment (keys, URIs) is the sandbox's business; fork adds
      // only the IPC channel's descriptor number and serialization mode.
      env: {},
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: spec.serialization,
    });

    let settled = false;
    let killedForTime = false;
    let codeStarted = spec.startupMs === 0;
    let stderr = '';
    let message: ChildResult | ChildFatal | undefined;
    let sendError: Error | undefined;

    const finish = (outcome: { result: RunJavaScriptResult } | { error: unknown }) => {
      if (settled) return;
      settled = true;
      clearTimeout(wallClock);
      signal?.removeEventListener('abort', onAbort);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      if ('result' in outcome) resolve(outcome.result);
      else reject(outcome.error);
    };
    const failed = (code: RunErrorCode, messageText: string, stdout = '') =>
      finish({
        result: {
          ok: false,
          stdout,
          error: { code, message: messageText },
          filesWritten: {},
          durationMs: Math.round(performance.now() - started),
        },
      });

    const killForTime = () => {
      killedForTime = true;
      child.kill('SIGKILL');
    };
    let wallClock = setTimeout(killForTime, spec.startupMs + timeoutMs + WALL_CLOCK_GRACE_MS);
    const onAbort = () => finish({ error: signal?.reason ?? new Error('aborted') });
    signal?.addEventListener('abort', onAbort, { once: true });

    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      if (stderr.length < STDERR_CAP_BYTES) stderr += chunk.slice(0, STDERR_CAP_BYTES - stderr.length);
    });
    child.on('message', (m: ChildMessage) => {
      if (m.type === 'result' || m.type === 'fatal') {
        message = m as ChildResult | ChildFatal;
      } else if (m.type === 'started') {
        if (codeStarted || settled) return;
        codeStarted = true;
        // From here the code has its own timeoutMs (plus the grace to report), however long start-up took.
        clearTimeout(wallClock);
        wallClock = setTimeout(killForTime, timeoutMs + WALL_CLOCK_GRACE_MS);
        options.onStarted?.();
      } else {
        spec.onMessage?.(m as ChildOther, codeStarted);
      }
    });
    child.on('error', (error) => finish({ error }));
    // 'close' (not 'exit') so the child's last IPC message has certainly been delivered.
    child.on('close', (exitCode, exitSignal) => {
      if (message?.type === 'result') {
        const { type: _type, ...rest } = message;
        finish({ result: { ...rest, durationMs: Math.round(performance.now() - started) } });
      } else if (message?.type === 'fatal') {
        finish({ error: new Error(message.message) });
      } else if (sendError) {
        finish({ error: sendError });
      } else if (!codeStarted && (killedForTime || exitSignal === 'SIGXCPU')) {
        failed('timeout', spec.startupTimeoutMessage ?? `the sandbox did not start within ${spec.startupMs} ms`);
      } else if (killedForTime || exitSignal === 'SIGXCPU') {
        failed('timeout', `the code ran longer than ${timeoutMs} ms and was stopped`);
      } else if (/out of memory|allocation failed|heap limit/i.test(stderr)) {
        failed('memory', 'the code used more memory than the sandbox allows and was stopped');
      } else {
        failed('runtime_error', `the sandbox stopped unexpectedly (${exitSignal ? `signal ${exitSignal}` : `exit code ${exitCode}`})`);
      }
    });

    child.send({ ...spec.job, code: options.code, files: options.files, timeoutMs, memoryMb, outputCapBytes, limits }, (error) => {
      if (error && !message) {
        sendError = error;
        child.kill('SIGKILL');
      }
    });
  });
}
