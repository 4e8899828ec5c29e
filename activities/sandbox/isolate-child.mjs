// Runs one `run` tool call in an isolated-vm Isolate, inside a throwaway child process so
// that an isolate that exhausts memory (or crashes V8) takes down only this process, never
// the worker. Plain JavaScript so the child starts without a TypeScript loader.
//
// Protocol (IPC): the parent sends one job
//   {code, files, timeoutMs, memoryMb, outputCapBytes, limits}
// and receives one message
//   {type: 'result', ok, stdout, error?: {code, message}, filesWritten, returnValue?}
// or {type: 'fatal', message} when the sandbox itself cannot start.
//
// The code sees no require, no process, no timers, no network and no disk: only
// `console` and `files` (a copy of the call's folder; writes are handed back to the
// parent, which stores them under the same caps).

import { createRequire } from 'node:module';
import { ERROR_CAP_CHARS, Output, RETURN_VALUE_CAP_CHARS, byteLength, capText, normalisePath } from './child-common.mjs';

// A parent that dies (or closes the channel) leaves no one to read the result: stop at
// once rather than run on as an orphan. The isolate runs on its own thread, so this
// fires even while the code spins.
// process.exit would wait for a spinning isolate's thread (measured: it hangs); SIGKILL does not.
process.on('disconnect', () => process.kill(process.pid, 'SIGKILL'));
// A 'disconnect' listener refs the channel, which would keep the event loop alive and hide
// the empty loop that 'beforeExit' below relies on; the listener works on an unref'd channel.
process.channel?.unref();

const require = createRequire(import.meta.url);

let ivm;
try {
  ivm = require('isolated-vm');
} catch (error) {
  send({ type: 'fatal', message: `isolated-vm failed to load: ${error && error.message}` });
}

let running = false;
/** The job's output and writes, for a result sent from outside runJob. */
let current;

process.once('message', (job) => {
  if (!ivm) return;
  running = true;
  // The sandbox has no timers or I/O, so an empty event loop while the code awaits
  // means it awaits something that can never settle.
  process.once('beforeExit', () => {
    if (!running) return;
    running = false;
    send({
      type: 'result',
      ok: false,
      stdout: current ? current.output.text() : '',
      filesWritten: current ? Object.fromEntries(current.written) : {},
      error: { code: 'runtime_error', message: 'the code awaited a promise that can never settle (the sandbox has no timers, network or I/O)' },
    });
  });
  runJob(job).then(
    (result) => {
      running = false;
      send(result);
    },
    (error) => {
      running = false;
      send({ type: 'fatal', message: capText(`sandbox failure: ${error && error.stack ? error.stack : error}`, ERROR_CAP_CHARS) });
    },
  );
});

function send(message) {
  if (!process.send) process.exit(2);
  process.send(message, () => process.exit(0));
}

/** Runs inside the isolate before the code: builds `console` and `files` from host callbacks. */
const BOOTSTRAP = `
(() => {
  const print = globalThis.__hostPrint, read = globalThis.__hostRead, write = globalThis.__hostWrite, list = globalThis.__hostList;
  delete globalThis.__hostPrint; delete globalThis.__hostRead; delete globalThis.__hostWrite; delete globalThis.__hostList;
  const format = (value, depth = 0) => {
    if (typeof value === 'string') return depth === 0 ? value : JSON.stringify(value);
    if (value === undefined || value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
    if (typeof value === 'bigint') return value + 'n';
    if (typeof value === 'symbol') return value.toString();
    if (typeof value === 'function') return '[Function ' + (value.name || 'anonymous') + ']';
    if (value instanceof Error) return value.stack || (value.name + ': ' + value.message);
    try {
      const seen = new WeakSet();
      const json = JSON.stringify(value, (k, v) => {
        if (typeof v === 'bigint') return v.toString() + 'n';
        if (typeof v === 'function') return '[Function ' + (v.name || 'anonymous') + ']';
        if (v instanceof Map) return Object.fromEntries(v);
        if (v instanceof Set) return [...v];
        if (v !== null && typeof v === 'object') { if (seen.has(v)) return '[Circular]'; seen.add(v); }
        return v;
      }, 2);
      return json === undefined ? String(value) : json;
    } catch { return String(value); }
  };
  const line = (args) => args.map((a) => format(a)).join(' ');
  const logger = (...args) => { print(line(args)); };
  globalThis.console = Object.freeze({ log: logger, info: logger, warn: logger, error: logger, debug: logger, trace: logger });
  globalThis.files = Object.freeze({
    read: (path) => read(String(path)),
    write: (path, text) => { write(String(path), String(text)); },
    list: () => JSON.parse(list()),
  });
  // Cut inside the isolate, so a huge value is never even copied out of it.
  const cap = (s) => s.length <= __RETURN_CAP ? s : s.slice(0, __RETURN_CAP) + '\u0000' + (s.length - __RETURN_CAP);
  Object.defineProperty(globalThis, '__formatResult', { value: (v) => v === undefined ? undefined : cap(format(v, 1)), enumerable: false });
})();
`;

async function runJob(job) {
  const { code, timeoutMs, memoryMb, outputCapBytes, limits } = job;
  const files = new Map(Object.entries(job.files ?? {}));
  const written = new Map();
  const output = new Output(outputCapBytes);
  current = { output, written };
  const deadline = Date.now() + timeoutMs;
  const remaining = () => Math.max(1, deadline - Date.now());

  const isolate = new ivm.Isolate({ memoryLimit: memoryMb });
  const result = (fields) => ({ type: 'result', stdout: output.text(), filesWritten: Object.fromEntries(written), ...fields });

  try {
    const context = await isolate.createContext();
    const jail = context.global;
    await jail.set('__hostPrint', new ivm.Callback((text) => output.push(String(text))));
    await jail.set(
      '__hostRead',
      new ivm.Callback((raw) => {
        const p = normalisePath(raw, limits.maxPathLength);
        if (!p.ok) throw new Error(`files.read: bad path: ${p.reason}`);
        const content = files.get(p.path);
        if (content === undefined) throw new Error(`files.read: no file ${p.path} in the folder`);
        return content;
      }),
    );
    await jail.set(
      '__hostWrite',
      new ivm.Callback((raw, text) => {
        const p = normalisePath(raw, limits.maxPathLength);
        if (!p.ok) throw new Error(`files.write: bad path: ${p.reason}`);
        const size = byteLength(text);
        if (size > limits.maxFileBytes) {
          throw new Error(`files.write: ${p.path} is ${size} bytes; a file may hold at most ${limits.maxFileBytes} bytes`);
        }
        const previous = files.get(p.path);
        if (previous === undefined && files.size >= limits.maxFiles) {
          throw new Error(`files.write: the folder already holds ${files.size} files, the most allowed`);
        }
        let total = size - (previous === undefined ? 0 : byteLength(previous));
        for (const content of files.values()) total += byteLength(content);
        if (total > limits.maxCallBytes) {
          throw new Error(`files.write: the folder may hold at most ${limits.maxCallBytes} bytes`);
        }
        files.set(p.path, text);
        written.set(p.path, text);
      }),
    );
    await jail.set('__hostList', new ivm.Callback(() => JSON.stringify([...files.keys()].sort())));
    await context.eval(BOOTSTRAP.replaceAll('__RETURN_CAP', String(RETURN_VALUE_CAP_CHARS)), { timeout: remaining() });

    let script;
    try {
      script = await isolate.compileScript(code, { filename: 'run.js' });
    } catch (error) {
      // Top-level await is not allowed in a script: run such code as an async function body.
      if (!(error instanceof SyntaxError) || !/await/.test(String(error.message))) throw error;
      script = await isolate.compileScript(`(async () => {\n${code}\n})()`, { filename: 'run.js', lineOffset: -1 });
    }
    const completion = await script.run(context, { timeout: remaining(), reference: true });
    const formatted = await context.evalClosure('return Promise.resolve($0).then((v) => __formatResult(v));', [completion.derefInto()], {
      timeout: remaining(),
      result: { promise: true, copy: true },
    });
    return result({ ok: true, ...(typeof formatted === 'string' ? { returnValue: capReturnValue(formatted) } : {}) });
  } catch (error) {
    return result({ ok: false, error: classify(error, isolate, timeoutMs) });
  } finally {
    if (!isolate.isDisposed) isolate.dispose();
  }
}

/** The isolate cut a long value at the cap and appended NUL + the count of characters cut. */
function capReturnValue(formatted) {
  const cap = RETURN_VALUE_CAP_CHARS;
  if (formatted.length > cap && formatted.charCodeAt(cap) === 0) {
    return `${formatted.slice(0, cap)}…[truncated: ${Number(formatted.slice(cap + 1))} more characters]`;
  }
  return capText(formatted, cap);
}

function classify(error, isolate, timeoutMs) {
  const message = capText(error && typeof error.message === 'string' ? error.message : String(error), ERROR_CAP_CHARS);
  if (/memory limit/i.test(message) || (isolate.isDisposed && /disposed/i.test(message))) {
    return { code: 'memory', message: 'the code used more memory than the sandbox allows and was stopped' };
  }
  if (/timed out/i.test(message)) {
    return { code: 'timeout', message: `the code ran longer than ${timeoutMs} ms and was stopped` };
  }
  const stack = error && typeof error.stack === 'string' ? error.stack.slice(-64 * 1024) : '';
  const name = capText(error && typeof error.name === 'string' ? error.name : 'Error', 200);
  // Keep the frames in the model's code; the host frames mean nothing to it.
  const frames = stack
    .split('\n')
    .filter((l) => /^\s+at .*run\.js/.test(l))
    .slice(0, 8)
    .map((l) => capText(l, 300));
  return { code: 'runtime_error', message: [`${name}: ${message}`, ...frames].join('\n') };
}
