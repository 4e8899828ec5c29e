// Starts the local Holdline stack as child processes: the Temporal dev server,
// FerretDB (MongoDB protocol on SQLite), optionally the ear (the local Whisper
// transcription server, ear/), the worker and the API.
// Used by `scripts/up.ts` (fixed ports, `.data/`) and by the test setup (free
// ports, a temporary data directory). Every child runs in its own process
// group so stopping it also stops whatever it spawned (ffmpeg, pocketsphinx).
// With `model: true` and no MODEL_BASE_URL, it also runs the embedded language
// model (llama.cpp's llama-server with SmolLM2-135M-Instruct) on loopback.

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, connect as tcpConnect } from 'node:net';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { embeddedModelFor, QWEN_CODER_1_5B, type EmbeddedModel } from '../core/chat/embedded-model';
import { describeExit } from '../core/restart-policy';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export type Env = Record<string, string | undefined>;

export type StackPart = 'temporal' | 'ferretdb' | 'ear' | 'worker' | 'api' | 'model';

export interface StackOptions {
  /** Directory for databases, logs and scratch files (created). Default `<repo>/.data`. */
  dataDir?: string;
  /** Temporal frontend port; 0 or absent picks a free port. */
  temporalPort?: number;
  /** Temporal Web UI port; 0 or absent picks a free port. */
  temporalUiPort?: number;
  /** FerretDB port; 0 or absent picks a free port. */
  mongoPort?: number;
  /** MongoDB database name used in the returned URI. Default `holdline`. */
  mongoDatabase?: string;
  /**
   * Start the ear (`ear/`, Whisper on faster-whisper) and point workers at it
   * through HOLDLINE_TRANSCRIBER_URL, unless the consulted environment already
   * names a transcription server or chooses `HOLDLINE_TRANSCRIBER=pocketsphinx`.
   * Default false.
   */
  ear?: boolean;
  /** The ear's port; 0 or absent picks a free port. */
  earPort?: number;
  /** Start the worker (`workers/main.ts`). Default false. */
  worker?: boolean;
  /** Start the API (`api/server.ts`) and wait for `GET /readyz`. Default false. */
  api?: boolean;
  /** API port; 0 or absent picks a free port. */
  apiPort?: number;
  /** Task queue prefix handed to worker and API. Default `holdline`. */
  taskQueuePrefix?: string;
  /** Extra environment for worker and API (e.g. MODEL_BASE_URL). */
  env?: Env;
  /**
   * The environment consulted for `TEMPORAL_ADDRESS` / `MONGODB_URI` (and, for
   * the ear, `HOLDLINE_TRANSCRIBER_URL` / `HOLDLINE_TRANSCRIBER`): when set,
   * that server is used and none is started. Default `process.env`.
   */
  externalEnv?: Env;
  /**
   * Also copy children's output to this process's stdout/stderr, prefixed with
   * their name: all of them, or only the named ones. Always written to
   * `<dataDir>/logs/<name>.log`. Default false.
   */
  echo?: boolean | StackPart[];
  /** How long to wait for each part to become ready, in ms. Default 90 000. */
  readyTimeoutMs?: number;
  /** Grace period between SIGTERM and SIGKILL on stop, in ms. Default 10 000. */
  stopGraceMs?: number;
  /** Directory holding the `temporal` and `ferretdb` binaries. Default `<repo>/.tools/bin`. */
  toolsDir?: string;
  /** Stop the children when this process gets SIGINT/SIGTERM. Default true. */
  handleSignals?: boolean;
  /**
   * Start the embedded model server (`startModelServer`) and point worker and API at it,
   * unless MODEL_BASE_URL is set (in `env` or `externalEnv`) or HOLDLINE_EMBEDDED_MODEL is
   * `off`. Default false.
   */
  model?: boolean;
  /** The embedded model server's port; 0 or absent picks a free port. */
  modelPort?: number;
  /**
   * The model server is optional: when it cannot start, the stack comes up without it
   * (`modelUnavailable` says why; API and worker get MODEL_BASE_URL=off and the reason, so
   * chat answers 503 `model_unavailable` naming it). Default false: a failure throws.
   */
  modelOptional?: boolean;
  /**
   * Parts started before this stack (the rehearsal's servers): its own children join them,
   * so `processes`, `restart` and `stop` cover all. Default a new set.
   */
  parts?: StackParts;
}

export interface Stack {
  mongodbUri: string;
  temporalAddress: string;
  /** Absent when an external Temporal is used and `TEMPORAL_UI_URL` is not set. */
  temporalUiUrl: string | undefined;
  /** Present when the API was started. */
  apiUrl: string | undefined;
  /** The transcription API the stack's workers use (`…/v1`): the ear's when it was started. */
  transcriberUrl: string | undefined;
  /** The random key the ear started here asks for (`HOLDLINE_TRANSCRIBER_API_KEY` in `env`); undefined without one. */
  transcriberApiKey: string | undefined;
  /** Why the embedded model server is not running although one was wanted (`modelOptional`). */
  modelUnavailable: string | undefined;
  dataDir: string;
  /** The environment a worker or API of this stack runs with. */
  env: Record<string, string>;
  /** The children this stack started, in start order (more are added by `startWorker`). */
  processes: ManagedProcess[];
  /** Starts another worker against this stack (its env merged over the stack's). */
  startWorker(extraEnv?: Env, options?: WorkerOptions): Promise<ManagedProcess>;
  /**
   * Starts a part of this stack again the way it was first started (same ports,
   * data, log and environment) and waits until it is ready. A part still running
   * is stopped first. The new process takes the old one's place in `processes`.
   */
  restart(proc: ManagedProcess): Promise<ManagedProcess>;
  /** True once `stop()` was called. */
  readonly stopped: boolean;
  /** True while `proc` is a running part of this stack that nobody is restarting or stopping. */
  isCurrent(proc: ManagedProcess): boolean;
  /** Stops every child in reverse start order. Safe to call twice. */
  stop(): Promise<void>;
}

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

export interface WorkerOptions {
  /** Directory for the log file (`worker-<time>-<random>.log`). Default `<repo>/.data/logs`. */
  logDir?: string;
  /** The log file itself; overrides `logDir`. */
  logFile?: string;
  /** Where to record the pid, so a later stack on the same data directory can end an orphan. */
  pidFile?: string;
  /** Wait until the worker polls its task queues (`<prefix>-scans`, `<prefix>-chat`, `<prefix>-webhooks`, `<prefix>-webhook-tests`) in Temporal. Default true. */
  waitReady?: boolean;
  /** Task queues to wait for. Default all three queues of the prefix. */
  waitQueues?: string[];
  readyTimeoutMs?: number;
  echo?: boolean;
}

export class StackError extends Error {
  readonly code = 'STACK_START_FAILED';
  constructor(message: string) {
    super(message);
    this.name = 'StackError';
  }
}

// ---------------------------------------------------------------------------
// Ports

const handedOutPorts = new Set<number>();

/** A TCP port that is free on 127.0.0.1 now and was not handed out before by this process. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await new Promise<number>((resolvePort, reject) => {
      const server = createServer();
      server.unref();
      server.once('error', reject);
      server.listen({ host: '127.0.0.1', port: 0, exclusive: true }, () => {
        const address = server.address();
        const p = typeof address === 'object' && address ? address.port : 0;
        server.close(() => resolvePort(p));
      });
    });
    if (port > 0 && !handedOutPorts.has(port)) {
      handedOutPorts.add(port);
      return port;
    }
  }
  throw new StackError('could not find a free TCP port');
}

export async function portOrFree(port: number | undefined): Promise<number> {
  return port && port > 0 ? port : freePort();
}

export function canConnect(port: number, host = '127.0.0.1', timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolveConnect) => {
    const socket = tcpConnect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolveConnect(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export function cleanEnv(env: Env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) out[k] = v;
  return out;
}

/** The servers read settings from their own prefixed variables; a stray one must not change them. */
export function withoutPrefix(env: Env, prefix: string): Env {
  return Object.fromEntries(Object.entries(env).filter(([k]) => !k.startsWith(prefix)));
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------
// Child processes

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

// A small watchdog process holds the read end of a pipe from this process and
// the list of live process groups. When this process dies in any way, even by
// SIGKILL, the pipe reaches end-of-file and the watchdog ends those groups.
const REAPER_SOURCE = `
const groups = new Set();
let buffer = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buffer += chunk;
  for (let i = buffer.indexOf('\\n'); i >= 0; i = buffer.indexOf('\\n')) {
    const [op, id] = buffer.slice(0, i).split(' ');
    buffer = buffer.slice(i + 1);
    if (op === 'add') groups.add(Number(id)); else groups.delete(Number(id));
  }
});
process.stdin.on('end', () => {
  const signal = (name) => { for (const pid of groups) { try { process.kill(-pid, name); } catch {} } };
  if (groups.size === 0) process.exit(0);
  signal('SIGTERM');
  setTimeout(() => { signal('SIGKILL'); process.exit(0); }, 5000);
});
`;

let reaper: ChildProcess | undefined;

function tellReaper(line: string): void {
  if (!reaper) {
    reaper = spawn(process.execPath, ['-e', REAPER_SOURCE], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
    reaper.unref();
    const stdin = reaper.stdin as (NodeJS.WritableStream & { unref?: () => void }) | null;
    stdin?.unref?.();
    stdin?.on('error', () => {
      // The watchdog is gone; the exit handler still covers a normal exit.
    });
  }
  reaper.stdin?.write(`${line}\n`);
}

function installSignalHandlers(): void {
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
function killGroup(pid: number, signal: NodeJS.Signals): boolean {
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

// ---------------------------------------------------------------------------
// Readiness probes

export async function temporalAnswers(address: string): Promise<boolean> {
  const { Connection } = await import('@temporalio/client');
  const connection = await Connection.connect({ address, connectTimeout: 2000 });
  try {
    await connection.workflowService.getSystemInfo({});
    await connection.workflowService.describeNamespace({ namespace: 'default' });
    return true;
  } finally {
    await connection.close();
  }
}

export async function mongoAnswers(uri: string): Promise<boolean> {
  const { MongoClient } = await import('mongodb');
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 2000, connectTimeoutMS: 2000 });
  try {
    await client.connect();
    await client.db('admin').command({ ping: 1 });
    return true;
  } finally {
    await client.close();
  }
}

/** The ear's entry point in the virtual environment that scripts/install-ear.sh links into `.tools/ear`. */
export const EAR_PYTHON = join(REPO_ROOT, '.tools', 'ear', 'venv', 'bin', 'python');
/** The model the ear serves by default, as the workers ask for it. */
export const EAR_MODEL = 'whisper-base';

export async function httpOk(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
  await response.body?.cancel();
  return response.status === 200;
}

/** Waits until a Temporal poller whose identity starts with `<pid>@` polls every given task queue. */
async function workerPolls(address: string, pid: number, queues: string[]): Promise<boolean> {
  const { Connection } = await import('@temporalio/client');
  const connection = await Connection.connect({ address, connectTimeout: 2000 });
  try {
    for (const name of queues) {
      const response = await connection.workflowService.describeTaskQueue({
        namespace: 'default',
        taskQueue: { name },
      });
      const mine = (response.pollers ?? []).some((p) => (p.identity ?? '').startsWith(`${pid}@`));
      if (!mine) return false;
    }
    return true;
  } finally {
    await connection.close();
  }
}

// ---------------------------------------------------------------------------
// Node entry points

/**
 * Starts a worker (`node --no-node-snapshot --import tsx workers/main.ts`) with
 * `process.env` overlaid by `env` (which should carry MONGODB_URI,
 * TEMPORAL_ADDRESS, HOLDLINE_TASK_QUEUE_PREFIX, HOLDLINE_SCRATCH_DIR).
 * Resolves once it polls its task queues (unless `waitReady: false`).
 */
export async function startWorker(env: Env = {}, options: WorkerOptions = {}): Promise<ManagedProcess> {
  const merged = cleanEnv({ ...process.env, ...env });
  const logDir = options.logDir ?? join(REPO_ROOT, '.data', 'logs');
  const proc = spawnManaged({
    name: 'worker',
    command: process.execPath,
    args: ['--no-node-snapshot', '--import', 'tsx', 'workers/main.ts'],
    env: merged,
    logFile: options.logFile ?? join(logDir, `worker-${Date.now()}-${Math.random().toString(16).slice(2, 8)}.log`),
    echo: options.echo ?? false,
    defaultGraceMs: 10_000,
    ...(options.pidFile ? { pidFile: options.pidFile } : {}),
  });
  if (options.waitReady ?? true) {
    const address = merged.TEMPORAL_ADDRESS ?? '127.0.0.1:7233';
    const prefix = merged.HOLDLINE_TASK_QUEUE_PREFIX ?? 'holdline';
    const queues = options.waitQueues ?? [`${prefix}-scans`, `${prefix}-chat`, `${prefix}-webhooks`, `${prefix}-webhook-tests`];
    try {
      await waitUntil('worker', proc, options.readyTimeoutMs ?? 90_000, () => workerPolls(address, proc.pid, queues));
    } catch (error) {
      await proc.stop(2000);
      throw error;
    }
  }
  return proc;
}

/**
 * Starts an API process (`node --import tsx api/server.ts`) with exactly `env` (PORT
 * included) and resolves once its `GET /readyz` answers 200. `name` (default `api`)
 * names its log and pid files in the given directories.
 */
export async function startApi(
  env: Record<string, string>,
  dirs: { logDir: string; pidDir: string; name?: string },
  echo: boolean,
  timeoutMs: number,
): Promise<ManagedProcess> {
  const { logDir, pidDir } = dirs;
  const name = dirs.name ?? 'api';
  const proc = spawnManaged({
    name,
    pidFile: join(pidDir, `${name}.pid`),
    command: process.execPath,
    args: ['--import', 'tsx', 'api/server.ts'],
    env,
    logFile: join(logDir, `${name}.log`),
    echo,
    defaultGraceMs: 10_000,
  });
  const url = `http://127.0.0.1:${env.PORT}/readyz`;
  try {
    await waitUntil(`API (${url})`, proc, timeoutMs, () => httpOk(url));
  } catch (error) {
    await proc.stop(2000);
    throw error;
  }
  return proc;
}

// ---------------------------------------------------------------------------
// The embedded model server

/** Where scripts/install-model.sh links an embedded model's weights. */
export const embeddedModelPath = (model: EmbeddedModel) => join(REPO_ROOT, '.tools', 'models', model.file);

export interface ModelServerOptions {
  /** Loopback port; 0 or absent picks a free port. */
  port?: number;
  logFile: string;
  /** Recorded so a later stack on the same data directory can end an orphan. */
  pidFile?: string;
  /** Directory holding `llama-server`. Default `<repo>/.tools/bin`. */
  toolsDir?: string;
  /** Which embedded model to serve. Default the one HOLDLINE_EMBEDDED_MODEL names (Qwen2.5-Coder-1.5B when unset). */
  model?: EmbeddedModel;
  /** Cap on generated tokens per request. Default the model's `maxTokens`. */
  maxTokens?: number;
  /** Requests answered at once; each gets its own 8192-token context. Default 2. */
  parallel?: number;
  /** CPU threads for prompts and generation. Default HOLDLINE_MODEL_THREADS, else one per core (at most 8). */
  threads?: number;
  /** More llama-server arguments (tests: `--temp 0` for repeatable answers). */
  extraArgs?: string[];
  echo?: boolean;
  readyTimeoutMs?: number;
  stopGraceMs?: number;
}

export interface ModelServer {
  proc: ManagedProcess;
  /** The OpenAI-compatible base URL (`…/v1`). */
  baseUrl: string;
  /** The key the server was started with (a new random one each start of the stack). */
  apiKey: string;
  model: EmbeddedModel;
  /** MODEL_BASE_URL, MODEL_API_KEY, MODEL_BASE_NAME and HOLDLINE_MODEL_MAX_TOKENS for the API and workers. */
  env: Record<string, string>;
  /** Starts the server again on the same port (same key) and waits until it answers. */
  restart(): Promise<ManagedProcess>;
}

/** The variables that change what the embedded model server does, said wherever it fails. */
export const MODEL_FIX_HINT =
  'HOLDLINE_EMBEDDED_MODEL=small serves the 135M model instead, HOLDLINE_EMBEDDED_MODEL=off starts no model server, MODEL_BASE_URL points at another OpenAI-compatible server';

/**
 * A banner's model line (`npm run up`, `npm run rehearse`): which model where, or that there
 * is none and why, with what fixes it. `env` is what the API was given; `fallback` the
 * caller's own environment.
 */
export function modelBannerLine(stack: { env: Record<string, string>; modelUnavailable: string | undefined }, fallback: Env = process.env): string {
  if (stack.modelUnavailable) return `unavailable: ${stack.modelUnavailable.slice(0, 300)}\n                 (${MODEL_FIX_HINT})`;
  const url = stack.env.MODEL_BASE_URL ?? fallback.MODEL_BASE_URL;
  if (url === 'off') return 'none (MODEL_BASE_URL=off): chat answers 503 model_unavailable';
  if (url === undefined || url === '') return `none: chat answers 503 model_unavailable (${MODEL_FIX_HINT})`;
  return `${stack.env.MODEL_BASE_NAME ?? fallback.MODEL_BASE_NAME ?? "the server's own model"} at ${url}`;
}

/**
 * llama-server's arguments for an embedded model. `--no-repack` keeps ggml from moving
 * weights into its CPU-specific "extra" buffers: on CPUs that advertise AMX inside a
 * virtual machine, the AMX buffer's first tile instruction faults (SIGSEGV at load), and
 * the native build cannot leave AMX out by itself. `--jinja` makes it accept `tools`;
 * `--api-key` keeps other local callers (a web page in a browser on this machine, by DNS
 * rebinding) from posting work to it, and `--cors-origins` set to its own origin with
 * `--no-cors-credentials` grants no page of another origin a cross-origin read (by default it
 * reflects any Origin, with credentials); `--no-slots` hides the slots' prompts. One thread per
 * core by default (HOLDLINE_MODEL_THREADS): on a quiet 2-core machine two threads read prompts
 * and generate twice as fast as one (46.8 and 11.3 tokens/s against 23.6 and 5.2), but ggml's
 * threads meet at a barrier after every operation, so on cores kept busy by other work a
 * preempted thread stalls the others (under a load average of 7, one thread generated
 * 2.9–6.9 tokens/s and two 0.4–0.7): set 1 where scans and chats share few cores.
 */
export function modelServerArgs(options: {
  modelFile: string;
  model: EmbeddedModel;
  port: number;
  apiKey: string;
  parallel: number;
  maxTokens: number;
  threads: number;
}): string[] {
  return [
    '--model',
    options.modelFile,
    '--alias',
    options.model.name,
    '--host',
    '127.0.0.1',
    '--port',
    String(options.port),
    '--api-key',
    options.apiKey,
    '--cors-origins',
    `http://127.0.0.1:${options.port}`,
    '--no-cors-credentials',
    '--jinja',
    '--no-repack',
    '--no-slots',
    '--threads',
    String(options.threads),
    '--threads-batch',
    String(options.threads),
    '--parallel',
    String(options.parallel),
    '--ctx-size',
    String(8192 * options.parallel),
    '--n-predict',
    String(options.maxTokens),
    '--no-webui',
  ];
}

/**
 * Starts llama.cpp's `llama-server` with an embedded model on 127.0.0.1 and waits until it
 * has loaded the weights and answered one short completion: `/health` alone says the file
 * loaded, not that the first matrix multiply runs (the AMX fault came there).
 */
export async function startModelServer(options: ModelServerOptions): Promise<ModelServer> {
  const command = join(resolve(options.toolsDir ?? join(REPO_ROOT, '.tools', 'bin')), 'llama-server');
  const model = options.model ?? embeddedModelFor(process.env.HOLDLINE_EMBEDDED_MODEL) ?? QWEN_CODER_1_5B;
  const modelFile = embeddedModelPath(model);
  for (const path of [command, modelFile]) {
    if (!existsSync(path)) throw new StackError(`${path} is missing: run scripts/bootstrap.sh (${MODEL_FIX_HINT})`);
  }
  const port = await portOrFree(options.port);
  if (await canConnect(port)) throw new StackError(`port ${port} (model server) is already in use (MODEL_PORT moves it)`);
  const parallel = options.parallel ?? 2;
  const maxTokens = options.maxTokens ?? model.maxTokens;
  const threads = options.threads ?? threadsFromEnv(process.env.HOLDLINE_MODEL_THREADS);
  const timeoutMs = options.readyTimeoutMs ?? 90_000;
  const apiKey = `sk-local-${randomBytes(18).toString('base64url')}`;
  const spawnServer = () =>
    spawnManaged({
      name: 'model',
      command,
      args: [...modelServerArgs({ modelFile, model, port, apiKey, parallel, maxTokens, threads }), ...(options.extraArgs ?? [])],
      // llama-server reads LLAMA_ARG_* settings: a stray one must not change it.
      env: withoutPrefix(process.env, 'LLAMA_'),
      logFile: options.logFile,
      echo: options.echo ?? false,
      ...(options.pidFile ? { pidFile: options.pidFile } : {}),
      defaultGraceMs: options.stopGraceMs ?? 10_000,
    });
  const baseUrl = `http://127.0.0.1:${port}/v1`;
  const health = `http://127.0.0.1:${port}/health`;
  const start = async () => {
    const proc = spawnServer();
    await waitOrStop(`model server (${health})`, proc, timeoutMs, () => httpOk(health));
    try {
      await answersOneRequest(baseUrl, apiKey, model.name, timeoutMs);
    } catch (error) {
      // Give the process a moment to be seen dying, so the message names the signal.
      const exit = await Promise.race([proc.exitedWith, sleep(500).then(() => undefined)]);
      await proc.stop(2000);
      const how = exit ? `exited (${describeExit(exit.code, exit.signal)})` : `did not answer (${(error as Error).message})`;
      throw new StackError(`model server loaded ${model.file} but ${how} on its first request (log ${proc.logFile}):\n${proc.logTail()}`);
    }
    return proc;
  };
  return {
    proc: await start(),
    baseUrl,
    apiKey,
    model,
    env: {
      MODEL_BASE_URL: baseUrl,
      MODEL_API_KEY: apiKey,
      MODEL_BASE_NAME: model.name,
      // The request's max_tokens overrides the server's --n-predict, so the cap travels with the requests.
      HOLDLINE_MODEL_MAX_TOKENS: String(maxTokens),
    },
    restart: start,
  };
}

function threadsFromEnv(raw: string | undefined): number {
  if (raw === undefined || raw === '') return Math.min(availableParallelism(), 8);
  const threads = Number(raw);
  if (!Number.isInteger(threads) || threads < 1 || threads > 256)
    throw new StackError(`HOLDLINE_MODEL_THREADS must be a whole number from 1 to 256, got "${raw}"`);
  return threads;
}

/** One short completion, so the first matrix multiplies have run; throws when the server fails or dies. */
async function answersOneRequest(baseUrl: string, apiKey: string, name: string, timeoutMs: number): Promise<void> {
  const response = await fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
    body: JSON.stringify({ model: name, messages: [{ role: 'user', content: 'Say OK.' }], max_tokens: 2, temperature: 0 }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`status ${response.status}: ${body.slice(0, 200)}`);
  const parsed = JSON.parse(body) as { choices?: { message?: { content?: unknown } }[] };
  if (typeof parsed.choices?.[0]?.message?.content !== 'string') throw new Error(`no answer in ${body.slice(0, 200)}`);
}

/** The embedded model a stack with `model: true` starts, or null when it starts none (MODEL_BASE_URL set, or HOLDLINE_EMBEDDED_MODEL=off). */
export function wantedEmbeddedModel(env: Env, external: Env): EmbeddedModel | null {
  if (env.MODEL_BASE_URL ?? external.MODEL_BASE_URL) return null;
  return embeddedModelFor(env.HOLDLINE_EMBEDDED_MODEL ?? external.HOLDLINE_EMBEDDED_MODEL);
}

/** Whether a stack with `model: true` starts the embedded model server. */
export function wantsEmbeddedModel(env: Env, external: Env): boolean {
  return wantedEmbeddedModel(env, external) !== null;
}

// ---------------------------------------------------------------------------
// The stack

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

/** Starts Temporal and FerretDB (unless external ones are configured) and optionally worker and API. */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const dataDir = resolve(options.dataDir ?? join(REPO_ROOT, '.data'));
  const toolsDir = resolve(options.toolsDir ?? join(REPO_ROOT, '.tools', 'bin'));
  const external = options.externalEnv ?? process.env;
  const echoes = (part: StackPart) => (Array.isArray(options.echo) ? options.echo.includes(part) : (options.echo ?? false));
  const timeoutMs = options.readyTimeoutMs ?? 90_000;
  const graceMs = options.stopGraceMs ?? 10_000;
  const logDir = join(dataDir, 'logs');
  const pidDir = join(dataDir, 'pids');
  mkdirSync(logDir, { recursive: true });
  if (options.handleSignals ?? true) installSignalHandlers();
  await endOrphans(pidDir, dataDir);

  const parts = options.parts ?? new StackParts(graceMs);
  const track = (proc: ManagedProcess, start: () => Promise<ManagedProcess>) => parts.track(proc, start);
  const stop = () => parts.stop();

  const binary = (name: string) => {
    const path = join(toolsDir, name);
    if (!existsSync(path)) throw new StackError(`${path} is missing: run scripts/bootstrap.sh first`);
    return path;
  };

  try {
    // Temporal
    let temporalAddress = external.TEMPORAL_ADDRESS;
    let temporalUiUrl = external.TEMPORAL_UI_URL;
    let temporal: ManagedProcess | undefined;
    if (!temporalAddress) {
      const command = binary('temporal');
      const port = await portOrFree(options.temporalPort);
      const uiPort = await portOrFree(options.temporalUiPort);
      const pidFile = join(pidDir, 'temporal.pid');
      temporalAddress = `127.0.0.1:${port}`;
      temporalUiUrl = `http://127.0.0.1:${uiPort}`;
      if (await canConnect(port)) throw new StackError(`port ${port} (Temporal) is already in use`);
      const spawnTemporal = () =>
        spawnManaged({
          name: 'temporal',
          command,
          args: [
            'server',
            'start-dev',
            '--db-filename',
            join(dataDir, 'temporal.db'),
            '--ip',
            '127.0.0.1',
            '--port',
            String(port),
            '--ui-port',
            String(uiPort),
            '--dynamic-config-value',
            'frontend.enableServerVersionCheck=false',
            '--dynamic-config-value',
            'matching.useNewMatcher=true',
            // Priority keys order tasks within one partition: one partition makes the order strict (issue 9).
            '--dynamic-config-value',
            'matching.numTaskqueueReadPartitions=1',
            '--dynamic-config-value',
            'matching.numTaskqueueWritePartitions=1',
            '--log-level',
            'warn',
          ],
          env: withoutPrefix(process.env, 'TEMPORAL_'),
          logFile: join(logDir, 'temporal.log'),
          echo: echoes('temporal'),
          pidFile,
          defaultGraceMs: graceMs,
        });
      const address = temporalAddress;
      temporal = track(spawnTemporal(), async () => {
        const proc = spawnTemporal();
        await waitOrStop(`Temporal (${address})`, proc, timeoutMs, () => temporalAnswers(address));
        return proc;
      });
    }

    // FerretDB (started while Temporal boots)
    let mongodbUri = external.MONGODB_URI;
    let ferret: ManagedProcess | undefined;
    if (!mongodbUri) {
      const command = binary('ferretdb');
      const port = await portOrFree(options.mongoPort);
      const pidFile = join(pidDir, 'ferretdb.pid');
      if (await canConnect(port)) throw new StackError(`port ${port} (FerretDB) is already in use`);
      const ferretDir = join(dataDir, 'ferretdb');
      mkdirSync(ferretDir, { recursive: true });
      mongodbUri = `mongodb://127.0.0.1:${port}/${options.mongoDatabase ?? 'holdline'}`;
      const spawnFerret = () =>
        spawnManaged({
          name: 'ferretdb',
          command,
          args: [
            '--handler=sqlite',
            `--sqlite-url=file:${ferretDir}/`,
            `--listen-addr=127.0.0.1:${port}`,
            '--telemetry=disable',
            `--state-dir=${ferretDir}`,
            '--debug-addr=-',
            '--log-level=warn',
          ],
          env: withoutPrefix(process.env, 'FERRETDB_'),
          logFile: join(logDir, 'ferretdb.log'),
          echo: echoes('ferretdb'),
          pidFile,
          defaultGraceMs: graceMs,
        });
      const uri = mongodbUri;
      ferret = track(spawnFerret(), async () => {
        const proc = spawnFerret();
        await waitOrStop(`MongoDB (${uri})`, proc, timeoutMs, () => mongoAnswers(uri));
        return proc;
      });
    }

    // The ear (started while the others boot: loading Whisper takes a few seconds)
    let transcriberUrl = external.HOLDLINE_TRANSCRIBER_URL || undefined;
    let ear: ManagedProcess | undefined;
    // A new key at each start, as the model server's: no other local caller can post work to it.
    let earApiKey: string | undefined;
    let earHealth: string | undefined;
    if (options.ear && !transcriberUrl && external.HOLDLINE_TRANSCRIBER !== 'pocketsphinx') {
      if (!existsSync(EAR_PYTHON)) throw new StackError(`${EAR_PYTHON} is missing: run scripts/bootstrap.sh first`);
      const port = await portOrFree(options.earPort);
      if (await canConnect(port)) throw new StackError(`port ${port} (the ear) is already in use`);
      transcriberUrl = `http://127.0.0.1:${port}/v1`;
      const health = `http://127.0.0.1:${port}/health`;
      earHealth = health;
      const apiKey = `sk-ear-${randomBytes(18).toString('base64url')}`;
      earApiKey = apiKey;
      const spawnEar = () =>
        spawnManaged({
          name: 'ear',
          command: EAR_PYTHON,
          args: ['-m', 'ear'],
          // Its own HOLDLINE_EAR_* settings pass through (threads, models); host, port and key are the stack's.
          env: { ...process.env, HOLDLINE_EAR_HOST: '127.0.0.1', HOLDLINE_EAR_PORT: String(port), HOLDLINE_EAR_API_KEY: apiKey },
          logFile: join(logDir, 'ear.log'),
          echo: echoes('ear'),
          pidFile: join(pidDir, 'ear.pid'),
          defaultGraceMs: graceMs,
        });
      ear = track(spawnEar(), async () => {
        const proc = spawnEar();
        await waitOrStop(`the ear (${health})`, proc, timeoutMs, () => httpOk(health));
        return proc;
      });
    }

    const mongoUri = mongodbUri;
    const tAddress = temporalAddress;
    await Promise.all([
      waitUntil(`Temporal (${tAddress})`, temporal, timeoutMs, () => temporalAnswers(tAddress)),
      waitUntil(`MongoDB (${mongoUri})`, ferret, timeoutMs, () => mongoAnswers(mongoUri)),
      ...(ear && earHealth ? [waitUntil(`the ear (${earHealth})`, ear, timeoutMs, () => httpOk(earHealth))] : []),
    ]);

    let modelEnv: Record<string, string> = {};
    let modelUnavailable: string | undefined;
    const embeddedModel = options.model ? wantedEmbeddedModel(options.env ?? {}, external) : null;
    if (embeddedModel) {
      try {
        const server = await startModelServer({
          ...(options.modelPort ? { port: options.modelPort } : {}),
          model: embeddedModel,
          logFile: join(logDir, 'model.log'),
          pidFile: join(pidDir, 'model.pid'),
          toolsDir,
          echo: echoes('model'),
          readyTimeoutMs: timeoutMs,
          stopGraceMs: graceMs,
        });
        track(server.proc, server.restart);
        modelEnv = server.env;
      } catch (error) {
        if (!options.modelOptional) throw error;
        // The signal half runs without a model: chat says why instead of the stack not starting.
        modelUnavailable = (error as Error).message.split('\n')[0] ?? String(error);
        modelEnv = { MODEL_BASE_URL: 'off', HOLDLINE_MODEL_UNAVAILABLE: `${modelUnavailable} (${MODEL_FIX_HINT})` };
      }
    }

    const scratchDir = join(dataDir, 'scratch');
    mkdirSync(scratchDir, { recursive: true });
    const stackEnv = cleanEnv({
      ...options.env,
      ...modelEnv,
      MONGODB_URI: mongoUri,
      TEMPORAL_ADDRESS: tAddress,
      HOLDLINE_SCRATCH_DIR: scratchDir,
      // Media beside the stack's other data (an S3 store named in options.env wins).
      HOLDLINE_MEDIA_DIR: options.env?.HOLDLINE_MEDIA_DIR ?? join(dataDir, 'media'),
      // FerretDB started here: API and workers may add its missing `_id` index (store/ferret-sqlite.ts).
      HOLDLINE_FERRETDB_SQLITE_DIR: external.MONGODB_URI ? options.env?.HOLDLINE_FERRETDB_SQLITE_DIR : join(dataDir, 'ferretdb'),
      HOLDLINE_TASK_QUEUE_PREFIX: options.taskQueuePrefix ?? options.env?.HOLDLINE_TASK_QUEUE_PREFIX ?? 'holdline',
      ...(ear ? { HOLDLINE_TRANSCRIBER_URL: transcriberUrl, HOLDLINE_TRANSCRIBER_MODEL: EAR_MODEL, HOLDLINE_TRANSCRIBER_API_KEY: earApiKey } : {}),
    });

    let workerCount = 0;
    const startStackWorker = async (extraEnv: Env = {}, workerOptions: WorkerOptions = {}) => {
      workerCount += 1;
      const start = () =>
        startWorker(
          { ...stackEnv, ...extraEnv },
          {
            logFile: join(logDir, workerCount === 1 ? 'worker.log' : `worker-${workerCount}.log`),
            pidFile: join(pidDir, `worker-${workerCount}.pid`),
            echo: echoes('worker'),
            readyTimeoutMs: timeoutMs,
            ...workerOptions,
          },
        );
      return track(await start(), start);
    };

    if (options.worker) await startStackWorker();

    let apiUrl: string | undefined;
    if (options.api) {
      const port = await portOrFree(options.apiPort);
      if (await canConnect(port)) throw new StackError(`port ${port} (API) is already in use`);
      const start = async () => {
        // A restart must not find a previous API still on the port: its /readyz would answer for the new one.
        for (let i = 0; i < 40 && (await canConnect(port)); i++) await sleep(250);
        if (await canConnect(port)) throw new StackError(`port ${port} (API) is still in use`);
        return startApi(
          cleanEnv({ ...process.env, ...stackEnv, PORT: String(port), HOST: stackEnv.HOST ?? '127.0.0.1' }),
          { logDir, pidDir },
          echoes('api'),
          timeoutMs,
        );
      };
      track(await start(), start);
      apiUrl = `http://127.0.0.1:${port}`;
    }

    return {
      mongodbUri: mongoUri,
      temporalAddress: tAddress,
      temporalUiUrl,
      apiUrl,
      transcriberUrl,
      transcriberApiKey: earApiKey,
      modelUnavailable,
      dataDir,
      env: stackEnv,
      processes: parts.processes,
      startWorker: startStackWorker,
      restart: (proc: ManagedProcess) => parts.restart(proc),
      get stopped() {
        return parts.stopped;
      },
      isCurrent: (proc: ManagedProcess) => parts.isCurrent(proc),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
