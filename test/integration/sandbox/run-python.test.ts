// The `run` sandbox's Python (Pyodide 314.0.7) in the real child process: the same
// limits on time, memory, files and network as JavaScript (no services needed).
import { spawn } from 'node:child_process';
import { readFileSync, readlinkSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { childIsolation } from '../../../activities/sandbox/child-isolation';
import { pythonColdStarts, runPython } from '../../../activities/sandbox/run-python';
import { isAlive, sandboxChildren } from '../helpers/processes';

/** Polls until `probe` gives a value; the budget stays well below the file's test timeout. */
async function until<T>(probe: () => T | undefined, what: string, budgetMs = 30_000): Promise<T> {
  const deadline = Date.now() + budgetMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const noSandboxChild = () => (sandboxChildren().length === 0 ? true : undefined);

const PRIMES = 'print(sum(p for p in range(1000) if all(p % d for d in range(2, int(p**0.5)+1)) and p > 1))';

// Start-up of the interpreter does not count against the code's time, so a busy machine
// makes a run slower but not wrong; the first run of the file starts Pyodide cold.
describe('runPython', { timeout: 90_000 }, () => {
  it('sums the primes below 1000 (the README task) and shows the last expression', async () => {
    const result = await runPython({ code: `${PRIMES}\n6 * 7`, files: {} });
    expect(result).toMatchObject({ ok: true, stdout: '76127\n', returnValue: '42', filesWritten: {} });
    expect(result.error).toBeUndefined();
  });

  it('starts later children from the snapshot the first one made, each from a clean interpreter', async () => {
    const before = pythonColdStarts();
    expect(before).toBeGreaterThan(0);
    const first = await runPython({ code: 'import sys\nsys.modules["leftover"] = 1\nx = 5\nprint("set")', files: {} });
    const second = await runPython({ code: 'import sys\nprint("leftover" in sys.modules, "x" in globals())', files: {} });
    expect(first).toMatchObject({ ok: true, stdout: 'set\n' });
    // Nothing of one run reaches the next.
    expect(second).toMatchObject({ ok: true, stdout: 'False False\n' });
    expect(pythonColdStarts()).toBe(before);
  });

  it('sees the call folder in its working directory and hands back the files it created or changed', async () => {
    const result = await runPython({
      code: [
        'import os, json',
        'rows = [list(map(int, line.split(","))) for line in open("data/in.csv").read().split()]',
        'print("rows", len(rows), [sum(r) for r in rows])',
        'os.makedirs("out", exist_ok=True)',
        'with open("out/sums.json", "w") as f:',
        '    json.dump([sum(r) for r in rows], f)',
        'open("notes.txt", "a").write("more\\n")',
        'sorted(os.listdir("."))',
      ].join('\n'),
      files: { 'data/in.csv': '1,2,3\n4,5,6\n', 'notes.txt': 'first\n', 'same.txt': 'untouched' },
    });
    expect(result).toMatchObject({
      ok: true,
      stdout: 'rows 2 [6, 15]\n',
      filesWritten: { 'out/sums.json': '[6, 15]', 'notes.txt': 'first\nmore\n' },
      returnValue: "['data', 'notes.txt', 'out', 'same.txt']",
    });
    // Files it only read are not handed back.
    expect(Object.keys(result.filesWritten).sort()).toEqual(['notes.txt', 'out/sums.json']);
    expect(result.filesNotSaved).toBeUndefined();
  });

  it('applies the folder caps to what it hands back and names what it cannot keep', async () => {
    const result = await runPython({
      code: 'for i in range(3):\n    open(f"f{i}.txt", "w").write("x" * 600)\nopen("huge.txt", "w").write("y" * 2000)',
      files: { 'old.txt': 'z' },
      limits: { maxFiles: 3, maxFileBytes: 1000, maxCallBytes: 1500, maxPathLength: 200 },
    });
    expect(result).toMatchObject({
      ok: true,
      filesWritten: { 'f0.txt': 'x'.repeat(600), 'f1.txt': 'x'.repeat(600) },
      filesNotSaved: {
        'f2.txt': 'the folder already holds 3 files, the most allowed',
        'huge.txt': '2000 bytes; a file may hold at most 1000 bytes',
      },
    });
  });

  it('reports an exception with the traceback of the code only', async () => {
    const result = await runPython({ code: 'print("before")\ndef f(x):\n    return 1 / x\nf(0)', files: {} });
    expect(result).toMatchObject({
      ok: false,
      stdout: 'before\n',
      error: {
        code: 'runtime_error',
        message:
          'Traceback (most recent call last):\n  File "run.py", line 4, in <module>\n    f(0)\n    ~^^^\n  File "run.py", line 3, in f\n    return 1 / x\n           ~~^~~\nZeroDivisionError: division by zero',
      },
    });
    const syntax = await runPython({ code: 'def f(:\n  pass', files: {} });
    expect(syntax.error?.code).toBe('runtime_error');
    expect(syntax.error?.message).toMatch(/^ {2}File "run\.py", line 1\n[\s\S]*SyntaxError: /);
  });

  it('stops an infinite loop at the time limit with a clear error, keeping the output, and leaves no child behind', async () => {
    const looped = await runPython({ code: 'print("spinning")\nwhile True:\n    pass', files: {}, timeoutMs: 1500 });
    expect(looped).toMatchObject({
      ok: false,
      stdout: 'spinning\n',
      error: { code: 'timeout', message: 'the code ran longer than 1500 ms and was stopped' },
    });
    await until(noSandboxChild, 'the looping child to be gone');
    const next = await runPython({ code: '1 + 1', files: {} });
    expect(next).toMatchObject({ ok: true, returnValue: '2' });
  });

  it('stops code that catches the interrupt: the parent kills the child', async () => {
    const code = 'while True:\n    try:\n        while True:\n            pass\n    except BaseException:\n        pass';
    let started = 0;
    const result = await runPython({ code, files: {}, timeoutMs: 1000, onStarted: () => (started = Date.now()) });
    expect(result).toMatchObject({ ok: false, error: { code: 'timeout', message: 'the code ran longer than 1000 ms and was stopped' } });
    // Killed by the parent's wall clock, armed when the code started: the limit plus 3 s of grace (and some slack for a busy machine).
    expect(started).toBeGreaterThan(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3900);
    expect(Date.now() - started).toBeLessThan(7000);
    await until(noSandboxChild, 'the child to be gone');
  });

  it('ends a child spinning in Python when the worker that started it is killed', async () => {
    const parentScript = fileURLToPath(new URL('./fixtures/sandbox-parent.ts', import.meta.url));
    const parent = spawn(process.execPath, ['--no-node-snapshot', '--import', 'tsx', parentScript, 'python'], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      let out = '';
      parent.stdout.setEncoding('utf8');
      parent.stdout.on('data', (chunk: string) => (out += chunk));
      // The stand-in prints its pid, then "started" once the Python code spins.
      await until(() => (/^\d+\nstarted\n/.test(out) ? true : undefined), 'the Python code to start', 60_000);
      const parentPid = Number(out.split('\n')[0]);
      const child = await until(() => sandboxChildren(parentPid)[0], 'the Python child of the stand-in worker');
      parent.kill('SIGKILL');
      const killedAt = Date.now();
      // The event loop is blocked by the spinning code: the interrupt clock notices the new parent.
      await until(() => (isAlive(child) ? undefined : true), 'the orphaned Python child to exit', 10_000);
      expect(Date.now() - killedAt).toBeLessThan(10_000);
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('fails memory beyond the budget with a memory error, while this process stays up', async () => {
    const bomb = await runPython({ code: 'hoard = []\nwhile True:\n    hoard.append(bytearray(1 << 20))', files: {}, memoryMb: 128 });
    expect(bomb).toMatchObject({
      ok: false,
      error: { code: 'memory', message: 'the code used more memory than the sandbox allows and was stopped' },
    });
    const big = await runPython({ code: 'x = "a" * (200 * 1024 * 1024)', files: {}, memoryMb: 128 });
    expect(big.error?.code).toBe('memory');
    // Under the budget is fine: 60 MB in a 128 MB sandbox.
    const fits = await runPython({ code: 'x = bytearray(60 * 1024 * 1024)\nlen(x)', files: {}, memoryMb: 128 });
    expect(fits).toMatchObject({ ok: true, returnValue: String(60 * 1024 * 1024) });
    await until(noSandboxChild, 'the bombed children to be gone');
  });

  it('has no network: sockets and urllib fail', async () => {
    const socketRun = await runPython({ code: 'import socket\nsocket.create_connection(("1.1.1.1", 80), timeout=2)', files: {} });
    expect(socketRun.ok).toBe(false);
    expect(socketRun.error?.message).toMatch(/OSError: \[Errno \d+\] Network is unreachable \(the sandbox has no network\)$/);
    const urllibRun = await runPython({ code: 'import urllib.request\nurllib.request.urlopen("http://1.1.1.1/", timeout=2).read()', files: {} });
    expect(urllibRun.ok).toBe(false);
    expect(urllibRun.error?.message).toMatch(/urllib\.error\.URLError: <urlopen error \[Errno \d+\] Network is unreachable/);
    // Below the Python-level refusal, the raw socket module reaches nothing either.
    const raw = await runPython({
      code: 'import _socket\ns = _socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)\ntry:\n    s.connect(("1.1.1.1", 80))\n    s.send(b"GET / HTTP/1.0\\r\\n\\r\\n")\n    print(s.recv(100))\nexcept OSError as e:\n    print("failed")',
      files: {},
    });
    expect(raw).toMatchObject({ ok: true, stdout: 'failed\n' });
  });

  it('runs in the isolated child: own network namespace, and Python reaching JavaScript finds the runtime fenced', async () => {
    const isolation = await childIsolation();
    const running = runPython({
      code: [
        'import time, pyodide_js',
        't = time.time()',
        'while time.time() - t < 2: pass',
        // Pyodide's bridge to JavaScript reaches the child's Node runtime; the permission model fences it.
        'escape = pyodide_js.constructor.constructor("""',
        '  const fs = process.getBuiltinModule("fs"); const out = [];',
        '  for (const probe of [() => fs.readFileSync("/etc/hostname", "utf8"), () => fs.writeFileSync("/tmp/holdline-escape", "x"),',
        '                       () => process.getBuiltinModule("child_process").execSync("id"), () => Object.keys(process.env).join()]) {',
        '    try { out.push("allowed:" + String(probe())); } catch (e) { out.push(e.code); }',
        '  }',
        '  return out.join(" ")""")',
        'print(escape())',
      ].join('\n'),
      files: {},
    });
    const pid = await until(() => sandboxChildren()[0], 'the Python child');
    const childNet = readlinkSync(`/proc/${pid}/ns/net`);
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const result = await running;
    expect(result).toMatchObject({ ok: true, stdout: 'ERR_ACCESS_DENIED ERR_ACCESS_DENIED ERR_ACCESS_DENIED allowed:\n' });
    if (isolation.network) expect(childNet).not.toBe(readlinkSync('/proc/self/ns/net'));
    if (isolation.uid !== null) expect(/^Uid:\s+(\d+)/m.exec(status)?.[1]).toBe(String(isolation.uid));
  });
});
