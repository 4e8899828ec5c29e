// One way to run a media tool: argument array (never a shell), stdout either
// collected or streamed to a callback, the tail of stderr kept for error
// messages, and an AbortSignal that kills the process outright. Tools run at a
// lower CPU priority than the worker itself (see setMediaToolNiceness).

import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';

export interface RunProcessOptions {
  signal?: AbortSignal;
  /** Called with each stdout chunk instead of collecting stdout. A throw kills the process and rejects with it. */
  onStdout?: (chunk: Buffer) => void;
  /** Upper bound of collected stdout in bytes (default 16 MiB); beyond it the process is killed. */
  maxStdoutBytes?: number;
  /** Bytes of stderr kept for messages (default 8 KiB, the last ones). */
  stderrTailBytes?: number;
  /** Piped to the process's stdin (input `pipe:0`). The process may stop reading early; that is not an error. */
  stdin?: Readable;
  /** Niceness added to the media tools' own (capped at 19): for work beside the scan's longest pass, which must not slow it. */
  yieldTo?: number;
}

export interface ProcessResult {
  /** Exit code, or null when the process died from a signal. */
  exitCode: number | null;
  signalName: NodeJS.Signals | null;
  /** Collected stdout; empty when `onStdout` is given. */
  stdout: string;
  /** The last lines of stderr, trimmed. */
  stderrTail: string;
}

/**
 * Niceness every media tool of this process starts with (0: the worker's own). A decode
 * or a transcription fills every core it gets for minutes; where the worker shares cores
 * with the API, the database or the workflow workers (the embedded default runs them all
 * on one machine), those wait for a core behind it and a status poll's tail grows (issue 13:
 * p99 149 ms during a 10-minute decode). A niced tool takes the cores only they leave idle,
 * which on a dedicated worker machine is all of them. Set once at worker start-up.
 */
let toolNiceness = 0;

export function setMediaToolNiceness(niceness: number): void {
  toolNiceness = niceness;
}

/** Resolves when the process has exited and its pipes are closed, whatever the exit code; rejects on spawn failure, abort or a throwing `onStdout`. */
export function runProcess(command: string, args: readonly string[], options: RunProcessOptions = {}): Promise<ProcessResult> {
  const { signal, onStdout } = options;
  const maxStdout = options.maxStdoutBytes ?? 16 * 1024 * 1024;
  const tailBytes = options.stderrTailBytes ?? 8 * 1024;
  return new Promise<ProcessResult>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    // `nice` sets the priority before the tool runs, so every thread it starts inherits it
    // (os.setPriority after spawn would race the tool's own threads, and on Linux reaches one thread only).
    const niceness = Math.min(19, toolNiceness + (options.yieldTo ?? 0));
    const child =
      niceness > 0
        ? spawn('nice', ['-n', String(niceness), command, ...args], { stdio: ['pipe', 'pipe', 'pipe'] })
        : spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    if (!options.stdin) child.stdin.end();
    if (options.stdin) {
      const source = options.stdin;
      // ffprobe exits once it has read enough: the broken pipe that follows is expected.
      child.stdin.on('error', () => undefined);
      source.on('error', (error) => fail(error));
      source.pipe(child.stdin);
      child.on('close', () => source.destroy());
    }
    const stdoutChunks: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = Buffer.alloc(0);
    let failure: { error: unknown } | null = null;

    const fail = (error: unknown) => {
      if (failure) return;
      failure = { error };
      child.kill('SIGKILL');
    };
    const onAbort = () => fail(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.on('data', (chunk: Buffer) => {
      if (failure) return;
      if (onStdout) {
        try {
          onStdout(chunk);
        } catch (error) {
          fail(error);
        }
        return;
      }
      stdoutBytes += chunk.length;
      if (stdoutBytes > maxStdout) {
        fail(new Error(`${command} wrote more than ${maxStdout} bytes to stdout`));
        return;
      }
      stdoutChunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = Buffer.concat([stderr, chunk]);
      if (stderr.length > 2 * tailBytes) stderr = stderr.subarray(stderr.length - tailBytes);
    });
    child.on('error', (error) => fail(error));
    child.on('close', (exitCode, signalName) => {
      signal?.removeEventListener('abort', onAbort);
      if (failure) {
        reject(failure.error);
        return;
      }
      // `nice` could not start the tool: the same error as a direct spawn gives.
      if (niceness > 0 && exitCode === 127 && stderr.toString('utf8').startsWith('nice:')) {
        reject(Object.assign(new Error(`spawn ${command} ENOENT`), { code: 'ENOENT', path: command }));
        return;
      }
      resolve({
        exitCode,
        signalName,
        stdout: Buffer.concat(stdoutChunks).toString('utf8'),
        stderrTail: lastLines(stderr.subarray(Math.max(0, stderr.length - tailBytes)).toString('utf8')),
      });
    });
  });
}

function lastLines(text: string, max = 12): string {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
  return lines.slice(-max).join('\n');
}
