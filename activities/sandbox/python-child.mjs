// Runs one `run` tool call written in Python, with Pyodide (CPython compiled to
// WebAssembly, standard library only), inside a throwaway child process that the parent
// starts with the same OS limits and isolation as the JavaScript child (isolate-child.mjs):
// own empty network namespace, uid nobody, address space, CPU seconds, memory budget.
// Plain JavaScript so the child starts without a TypeScript loader.
//
// Protocol (IPC, 'advanced' serialization so a memory snapshot travels as bytes): the
// parent sends one job
//   {code, files, timeoutMs, memoryMb, outputCapBytes, limits, snapshot?}
// and receives, in order:
//   {type: 'snapshot', bytes}  when the job carried no snapshot: the interpreter's memory
//                              right after start-up, before any code of the model ran, so
//                              the parent can start the next child from it (~1 s, not ~6 s)
//   {type: 'started'}          the code starts now; the parent's wall clock counts from here
//   {type: 'result', ok, stdout, error?: {code, message}, filesWritten, filesNotSaved?, returnValue?}
// or {type: 'fatal', message} when the sandbox itself cannot start.
//
// The call's files are copied into Pyodide's in-memory file system under the working
// directory; files the code created or changed there are handed back (UTF-8 text, under
// the folder's caps). Nothing touches the real disk, and Python's `js` module sees an
// empty object instead of this process's globals.

import { constants as fsConstants } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { ERROR_CAP_CHARS, Output, RETURN_VALUE_CAP_CHARS, byteLength, capText, normalisePath } from './child-common.mjs';

// A parent that dies (or closes the channel) leaves no one to read the result: stop at once.
process.on('disconnect', () => process.kill(process.pid, 'SIGKILL'));
// The channel stays referenced: Pyodide start-up awaits work that holds no handle of its own.

const require = createRequire(import.meta.url);
/** The working directory of the code; the call's folder is copied here. */
const WORKDIR = '/home/pyodide';
const MEMORY_MESSAGE = 'the code used more memory than the sandbox allows and was stopped';

process.once('message', (job) => {
  runJob(job).then(send, (error) => {
    send({ type: 'fatal', message: capText(`sandbox failure: ${error && error.stack ? error.stack : error}`, ERROR_CAP_CHARS) });
  });
});

function send(message) {
  if (!process.send) process.exit(2);
  process.send(message, () => {
    // SIGKILL, not exit(): tearing down the interpreter took ~1.4 s (measured) that nobody waits for. The message is already written.
    if (message.type === 'result' || message.type === 'fatal') process.kill(process.pid, 'SIGKILL');
  });
}

/**
 * Caps Pyodide's WebAssembly memory at `memoryMb`: Emscripten grows its heap through
 * `WebAssembly.Memory.prototype.grow`, and a refused grow makes malloc fail, which Python
 * raises as MemoryError. The OS address-space limit stays as the backstop.
 */
function capWasmMemory(memoryMb) {
  const limit = memoryMb * 1024 * 1024;
  const grow = WebAssembly.Memory.prototype.grow;
  WebAssembly.Memory.prototype.grow = function (delta) {
    if (this.buffer.byteLength + Number(delta) * 65536 > limit) throw new RangeError('sandbox memory limit');
    return grow.call(this, delta);
  };
}

async function load(loadPyodide, indexURL, output, snapshot) {
  const options = {
    indexURL,
    // Python's `js` module: an empty object rather than this process's globals.
    jsglobals: {},
    stdin: () => null,
    stdout: (line) => output.push(line),
    stderr: (line) => output.push(line),
    env: { HOME: WORKDIR },
  };
  if (snapshot) {
    try {
      // A copy: the bytes arrive as a view at any offset of the IPC buffer, and Pyodide reads them as 32-bit words.
      return { pyodide: await loadPyodide({ ...options, _loadSnapshot: new Uint8Array(snapshot) }), fresh: false };
    } catch {
      // A snapshot this build cannot use: start fresh below (slower, same result).
    }
  }
  return { pyodide: await loadPyodide({ ...options, _makeSnapshot: true }), fresh: true };
}

/** Runs the code, keeps the value of its last expression and turns its exception into a status. */
const RUNNER = `
def _holdline_prepare():
    import errno, socket
    def _no_network(*args, **kwargs):
        raise OSError(errno.ENETUNREACH, "Network is unreachable (the sandbox has no network)")
    class _Socket(socket.socket):
        connect = connect_ex = bind = sendto = _no_network
    socket.socket = _Socket
    socket.getaddrinfo = _no_network
    socket.create_connection = _no_network

def _holdline_run(code, return_cap):
    import sys, traceback
    from pyodide.code import eval_code
    def fmt(error):
        tb = error.__traceback__
        while tb is not None and tb.tb_frame.f_code.co_filename != "run.py":
            tb = tb.tb_next
        return "".join(traceback.format_exception(type(error), error, tb, chain=False)).rstrip()
    try:
        value = eval_code(code, {"__name__": "__main__"}, filename="run.py")
        status, text = "ok", None if value is None else repr(value)
    except KeyboardInterrupt:
        status, text = "timeout", None
    except MemoryError:
        status, text = "memory", None
    except SystemExit as error:
        status, text = ("ok", None) if error.code in (None, 0) else ("runtime_error", fmt(error))
    except BaseException as error:
        status, text = "runtime_error", fmt(error)
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except BaseException:
                pass
    if text is not None and len(text) > return_cap:
        text = text[:return_cap] + "\\u0000" + str(len(text) - return_cap)
    return [status, text]
`;

async function runJob(job) {
  const { code, timeoutMs, memoryMb, outputCapBytes, limits } = job;
  const output = new Output(outputCapBytes);
  capWasmMemory(memoryMb);

  // Node's permission model (the parent starts this child with it) refuses process.binding;
  // Emscripten's NODEFS asks it only for the open() flags, which node:fs exports too.
  const binding = process.binding.bind(process);
  process.binding = (name) => (name === 'constants' ? { fs: fsConstants } : binding(name));
  const indexURL = `${dirname(require.resolve('pyodide/package.json'))}/`;
  const { loadPyodide } = await import('pyodide');
  let loaded;
  try {
    loaded = await load(loadPyodide, indexURL, output, job.snapshot);
  } catch (error) {
    const message = String(error && error.message);
    if (/sandbox memory limit|out of memory|OOM/i.test(message)) {
      return { type: 'result', ok: false, stdout: '', filesWritten: {}, error: { code: 'memory', message: `Python needs more than ${memoryMb} MB to start` } };
    }
    throw error;
  }
  const { pyodide, fresh } = loaded;
  if (fresh) process.send?.({ type: 'snapshot', bytes: pyodide.makeMemorySnapshot() });

  const FS = pyodide.FS;
  const originals = new Map(Object.entries(job.files ?? {}));
  FS.mkdirTree(WORKDIR);
  for (const [path, content] of originals) {
    const full = `${WORKDIR}/${path}`;
    FS.mkdirTree(full.slice(0, full.lastIndexOf('/')));
    FS.writeFile(full, content);
  }
  FS.chdir(WORKDIR);
  pyodide.runPython(RUNNER, { filename: '<sandbox>' });
  pyodide.runPython('_holdline_prepare()');
  const run = pyodide.globals.get('_holdline_run');

  // Pyodide polls this "signal buffer" between bytecodes; reading 2 there raises
  // KeyboardInterrupt. A getter makes it a clock, without a second thread. It fires once
  // a second past the deadline, so code that catches the interrupt is interrupted again,
  // and the parent kills the child a few seconds later in any case.
  let deadline = Infinity;
  let fired = 0;
  // While Python runs, this thread never returns to the event loop, so 'disconnect' cannot
  // fire when the worker dies: the clock also notices a new parent (the orphan was
  // re-parented) and ends the child.
  const parent = process.ppid;
  let parentChecked = 0;
  pyodide.setInterruptBuffer({
    get 0() {
      const now = Date.now();
      if (now - parentChecked >= 200) {
        parentChecked = now;
        if (process.ppid !== parent) process.kill(process.pid, 'SIGKILL');
      }
      if (now < deadline || now - fired < 1000) return 0;
      fired = now;
      return 2;
    },
    set 0(_value) {},
  });
  // Waits until this message (and the snapshot before it) is written: once the code runs, this thread does not return
  // to the event loop, and a message still queued would only leave after the code ends.
  await new Promise((resolve) => (process.send ? process.send({ type: 'started' }, resolve) : resolve(undefined)));
  deadline = Date.now() + timeoutMs;

  let status;
  let text;
  try {
    const outcome = run(code, RETURN_VALUE_CAP_CHARS);
    [status, text] = outcome.toJs();
    outcome.destroy();
  } catch (error) {
    // The interpreter itself failed (WebAssembly trap, stack overflow in C, heap exhausted in JS glue).
    const message = String(error && error.message);
    status = /sandbox memory limit|out of memory|OOM|Cannot enlarge memory/i.test(message) ? 'memory' : 'runtime_error';
    text = capText(`the Python interpreter failed: ${message}`, ERROR_CAP_CHARS);
  }
  pyodide.setInterruptBuffer(undefined);

  const { filesWritten, filesNotSaved } = collectFiles(FS, originals, limits);
  const result = { type: 'result', ok: status === 'ok', stdout: output.text(), filesWritten };
  if (Object.keys(filesNotSaved).length > 0) result.filesNotSaved = filesNotSaved;
  if (status === 'ok' && typeof text === 'string') result.returnValue = capReturnValue(text);
  if (status === 'timeout') result.error = { code: 'timeout', message: `the code ran longer than ${timeoutMs} ms and was stopped` };
  if (status === 'memory') result.error = { code: 'memory', message: MEMORY_MESSAGE };
  if (status === 'runtime_error') result.error = { code: 'runtime_error', message: capText(text ?? 'error', ERROR_CAP_CHARS) };
  return result;
}

/** Python cut a long repr at the cap and appended NUL + the count of characters cut. */
function capReturnValue(text) {
  const cap = RETURN_VALUE_CAP_CHARS;
  if (text.length > cap && text.charCodeAt(cap) === 0) return `${text.slice(0, cap)}…[truncated: ${Number(text.slice(cap + 1))} more characters]`;
  return capText(text, cap);
}

/**
 * The files under the working directory that the code created or changed, as UTF-8 text,
 * under the same caps as `files.write` in JavaScript (per file, file count, bytes in all).
 * What cannot be kept is named with the reason, never silently dropped.
 */
function collectFiles(FS, originals, limits) {
  const filesWritten = {};
  const filesNotSaved = {};
  const found = [];
  const walk = (dir, prefix) => {
    let names;
    try {
      names = FS.readdir(dir);
    } catch {
      return;
    }
    for (const name of names.sort()) {
      if (name === '.' || name === '..') continue;
      const full = `${dir}/${name}`;
      const rel = prefix === '' ? name : `${prefix}/${name}`;
      let stat;
      try {
        stat = FS.lstat(full);
      } catch {
        continue;
      }
      if (FS.isDir(stat.mode)) walk(full, rel);
      else if (FS.isFile(stat.mode)) found.push({ full, rel, size: stat.size });
    }
  };
  walk(WORKDIR, '');

  const decoder = new TextDecoder('utf-8', { fatal: true });
  // The folder as it will be: the call's files, then each change in path order.
  const sizes = new Map([...originals].map(([path, content]) => [path, byteLength(content)]));
  let total = [...sizes.values()].reduce((sum, size) => sum + size, 0);
  for (const { full, rel, size } of found) {
    const p = normalisePath(rel, limits.maxPathLength);
    if (!p.ok) {
      filesNotSaved[capText(rel, 300)] = `bad path: ${p.reason}`;
      continue;
    }
    if (size > limits.maxFileBytes) {
      filesNotSaved[p.path] = `${size} bytes; a file may hold at most ${limits.maxFileBytes} bytes`;
      continue;
    }
    let content;
    try {
      content = decoder.decode(FS.readFile(full));
    } catch {
      filesNotSaved[p.path] = 'not UTF-8 text; the folder keeps text files only';
      continue;
    }
    const previous = originals.get(p.path);
    if (previous === content) continue;
    const before = sizes.get(p.path);
    if (before === undefined && sizes.size >= limits.maxFiles) {
      filesNotSaved[p.path] = `the folder already holds ${sizes.size} files, the most allowed`;
      continue;
    }
    const next = total - (before ?? 0) + size;
    if (next > limits.maxCallBytes) {
      filesNotSaved[p.path] = `the folder may hold at most ${limits.maxCallBytes} bytes`;
      continue;
    }
    sizes.set(p.path, size);
    total = next;
    filesWritten[p.path] = content;
  }
  return { filesWritten, filesNotSaved };
}
