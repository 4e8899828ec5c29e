// The `run` tool for Python: Pyodide (CPython as WebAssembly, standard library only, from
// the npm package, so nothing is downloaded) in a throwaway child process started exactly
// like the JavaScript one (run-js.ts: budget, prlimit, network namespace, uid nobody, wall
// clock). The code's own time limit counts from when the interpreter is up: the first
// child of a process starts Pyodide from scratch (~6 s of CPU) and hands back a snapshot
// of its memory taken before any code ran; later children start from that (~1 s).

import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInChild, type RunJavaScriptOptions, type RunJavaScriptResult } from './run-js';

const CHILD_PATH = fileURLToPath(new URL('./python-child.mjs', import.meta.url));

/**
 * What Pyodide may take to start before the code's time counts (ms). Measured on a busy
 * 2-core machine: 7–11 s from scratch, about 1 s from the snapshot; with both lanes of
 * `npm test` beside it, a first start from scratch went past 20 s (2026-11-27), and past 40 s
 * while the fault suite and the model files loaded the machine (2026-11-28): a start that
 * times out leaves no snapshot, so the runs after it start from scratch and time out too
 * (three in a row). A start that only waits costs nothing on a quiet machine, so 75.
 */
export const PYTHON_STARTUP_MS = 75_000;

/**
 * Node options of the Python child. V8 reserves ~10 GiB of address space per WebAssembly
 * memory for its trap-handler bounds checks, beyond the child's 4 GiB limit; without the
 * trap handler it checks bounds inline and reserves only what the memory uses.
 * Pyodide runs in the child's own Node runtime (not an isolate), and Python code can reach
 * JavaScript through Pyodide's bridge (`import pyodide_js`), so the runtime itself is
 * fenced with Node's permission model: it may read only its scripts and Pyodide's files,
 * write nothing, start no process, worker or native addon. The network namespace and uid
 * nobody hold underneath.
 */
export function pythonNodeArgs(): string[] {
  const pyodideDir = dirname(createRequire(import.meta.url).resolve('pyodide/package.json'));
  return [
    '--disable-wasm-trap-handler',
    '--experimental-permission',
    `--allow-fs-read=${dirname(CHILD_PATH)}/`,
    `--allow-fs-read=${pyodideDir}/`,
    '--no-warnings',
  ];
}

/** Pyodide's memory right after start-up, shared by the later children of this process. */
let snapshot: Uint8Array | undefined;

/** Children of this process that started Pyodide from scratch (each sends a snapshot). */
let coldStarts = 0;

/** How many Python children of this process started from scratch rather than from the snapshot. */
export function pythonColdStarts(): number {
  return coldStarts;
}

/**
 * Runs Python `code` once; same options and result as `runJavaScript`. Files the code
 * leaves in its working directory come back in `filesWritten`; those that cannot be kept
 * (too large, not UTF-8, over the folder's caps) in `filesNotSaved`.
 */
export function runPython(options: RunJavaScriptOptions): Promise<RunJavaScriptResult> {
  return runInChild(options, {
    script: CHILD_PATH,
    nodeArgs: pythonNodeArgs(),
    startupMs: PYTHON_STARTUP_MS,
    serialization: 'advanced',
    job: snapshot ? { snapshot } : {},
    startupTimeoutMessage: `the Python interpreter did not start within ${PYTHON_STARTUP_MS / 1000} s (the machine is busy); try again`,
    onMessage: (message, codeStarted) => {
      if (message.type !== 'snapshot') return;
      coldStarts += 1;
      // Only a snapshot sent before the model's code ran is trusted.
      if (!codeStarted && snapshot === undefined && message['bytes'] instanceof Uint8Array) snapshot = message['bytes'];
    },
  });
}
