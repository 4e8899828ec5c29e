// The `run` sandbox against the real isolated-vm in a real child process (no services).
import { describe, expect, it } from 'vitest';
import { normaliseCallPath } from '../../../core/chat/tools';
import { runJavaScript } from '../../../activities/sandbox/run-js';
import { sandboxChildren } from '../helpers/processes';

/** Polls until `probe` gives a value; the budget (15 s) stays well below the file's 30 s test timeout. */
async function until<T>(probe: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const noSandboxChild = () => (sandboxChildren().length === 0 ? true : undefined);

describe('runJavaScript', { timeout: 30_000 }, () => {
  it('runs code that reads the call files, logs, writes files and ends in an expression', async () => {
    const result = await runJavaScript({
      code: [
        'const input = files.read("data/in.csv");',
        'const rows = input.trim().split("\\n").map((l) => l.split(",").map(Number));',
        'const sums = rows.map((r) => r.reduce((a, b) => a + b, 0));',
        'console.log("rows", rows.length, sums);',
        'console.error("to stderr too");',
        'files.write("out/sums.json", JSON.stringify(sums));',
        'files.write("./out//note.txt", "done");',
        'files.list()',
      ].join('\n'),
      files: { 'data/in.csv': '1,2,3\n4,5,6\n' },
    });
    expect(result).toMatchObject({
      ok: true,
      stdout: 'rows 2 [\n  6,\n  15\n]\nto stderr too\n',
      filesWritten: { 'out/sums.json': '[6,15]', 'out/note.txt': 'done' },
      returnValue: '[\n  "data/in.csv",\n  "out/note.txt",\n  "out/sums.json"\n]',
    });
    expect(result.error).toBeUndefined();
    expect(result.durationMs).toBeGreaterThan(0);
  });

  it('allows top-level await and awaits a returned promise', async () => {
    const awaited = await runJavaScript({ code: 'const x = await Promise.resolve(21); console.log(x * 2)', files: {} });
    expect(awaited).toMatchObject({ ok: true, stdout: '42\n' });
    const returned = await runJavaScript({ code: 'async function main() { return "fine" }\nmain()', files: {} });
    expect(returned).toMatchObject({ ok: true, returnValue: '"fine"' });
  });

  it('reports a thrown error as runtime_error with the message and the line in the code', async () => {
    const result = await runJavaScript({
      code: 'console.log("before");\nfunction f() { throw new TypeError("boom") }\nf();',
      files: {},
    });
    expect(result).toMatchObject({
      ok: false,
      stdout: 'before\n',
      error: { code: 'runtime_error', message: 'TypeError: boom\n    at f (run.js:2:22)\n    at run.js:3:1' },
    });
  });

  it('reports a syntax error as runtime_error', async () => {
    const result = await runJavaScript({ code: 'let = = 3', files: {} });
    expect(result.error).toEqual({ code: 'runtime_error', message: "SyntaxError: Unexpected token '=' [run.js:1:7]" });
  });

  it('gives the code no require, process, timers, network, import or eval-to-host', async () => {
    const result = await runJavaScript({
      code: '[typeof require, typeof process, typeof setTimeout, typeof fetch, typeof module, typeof Buffer, typeof __hostRead, typeof __hostWrite].join(",")',
      files: {},
    });
    expect(result).toMatchObject({ ok: true, returnValue: '"undefined,undefined,undefined,undefined,undefined,undefined,undefined,undefined"' });
    const dynamicImport = await runJavaScript({ code: 'await import("node:fs")', files: {} });
    expect(dynamicImport.ok).toBe(false);
    expect(dynamicImport.error?.code).toBe('runtime_error');
  });

  it('stops an infinite loop with a timeout error, and the next run works', async () => {
    const looped = await runJavaScript({ code: 'while (true) {}', files: {}, timeoutMs: 1000 });
    expect(looped).toMatchObject({
      ok: false,
      error: { code: 'timeout', message: 'the code ran longer than 1000 ms and was stopped' },
    });
    // The child that ran the loop was killed, not left spinning.
    await until(noSandboxChild, 'the looping child to be gone');
    const next = await runJavaScript({ code: '1 + 1', files: {} });
    expect(next).toMatchObject({ ok: true, returnValue: '2' });
  });

  it('stops an infinite loop that starts after an await', async () => {
    const looped = await runJavaScript({ code: 'await null;\nwhile (true) {}', files: {}, timeoutMs: 1000 });
    expect(looped.error?.code).toBe('timeout');
  });

  it('stops a memory bomb with a memory error while this process stays up', async () => {
    const running = runJavaScript({
      code: 'const hoard = []; while (true) hoard.push(new Array(1e6).fill(1.5));',
      files: {},
    });
    // The isolate lives in a child process of its own, not in this one.
    const child = await until(() => sandboxChildren()[0], 'the sandbox child');
    expect(child).not.toBe(process.pid);
    const bomb = await running;
    expect(bomb).toMatchObject({
      ok: false,
      error: { code: 'memory', message: 'the code used more memory than the sandbox allows and was stopped' },
    });
    // The child that held the hoard is gone; this process never held it and still runs code.
    await until(noSandboxChild, 'the bombed child to be gone');
    const next = await runJavaScript({ code: '"still here"', files: {} });
    expect(next).toMatchObject({ ok: true, returnValue: '"still here"' });
  });

  it('reports code that awaits a promise that can never settle, keeping its output', async () => {
    const result = await runJavaScript({
      code: 'console.log("waiting"); files.write("a.txt", "x"); await new Promise(() => {});',
      files: {},
      timeoutMs: 5000,
    });
    expect(result).toMatchObject({
      ok: false,
      stdout: 'waiting\n',
      filesWritten: { 'a.txt': 'x' },
      error: { code: 'runtime_error' },
    });
    expect(result.error?.message).toBe('the code awaited a promise that can never settle (the sandbox has no timers, network or I/O)');
  });

  it('caps console output and says how much was dropped', async () => {
    const result = await runJavaScript({
      code: 'for (let i = 0; i < 1000; i++) console.log("0123456789");',
      files: {},
      outputCapBytes: 25,
    });
    expect(result.ok).toBe(true);
    expect(result.stdout).toBe('0123456789\n0123456789\n012\n…[output truncated: 10975 more bytes]\n');
  });

  it('refuses file paths and sizes inside the sandbox exactly like the core rules', async () => {
    const paths = ['ok.txt', 'a//b/./c', '../x', '/abs', 'a\\b', 'C:/x', '~/x', 'nul\u0000x', '.', 'x'.repeat(201), 'e\u0301'];
    const result = await runJavaScript({
      code: `const out = {};
for (const p of ${JSON.stringify(paths)}) {
  try { files.write(p, "x"); out[p] = { ok: true, path: files.list().at(-1) }; }
  catch (e) { out[p] = { ok: false, message: e.message }; }
}
JSON.stringify(out)`,
      files: {},
    });
    expect(result.ok).toBe(true);
    const seen = JSON.parse(JSON.parse(result.returnValue ?? '""')) as Record<string, { ok: boolean; path?: string; message?: string }>;
    for (const p of paths) {
      const expected = normaliseCallPath(p);
      if (expected.ok) expect(result.filesWritten[expected.path], p).toBe('x');
      else expect(seen[p], p).toEqual({ ok: false, message: `files.write: bad path: ${expected.reason}` });
    }
    expect(Object.keys(result.filesWritten).sort()).toEqual(['a/b/c', 'ok.txt', '\u00e9']);
  });

  it('enforces the file caps on writes inside the sandbox', async () => {
    const limits = { maxFiles: 2, maxFileBytes: 10, maxCallBytes: 15, maxPathLength: 200 };
    const result = await runJavaScript({
      code: `const tries = [["a", "12345"], ["big", "x".repeat(11)], ["b", "1234567890"], ["c", "1"], ["a", "123"]];
const out = [];
for (const [p, t] of tries) { try { files.write(p, t); out.push(p + ":ok"); } catch (e) { out.push(p + ":" + e.message); } }
out.join("\\n")`,
      files: { a: '1' },
      limits,
    });
    expect(JSON.parse(result.returnValue ?? '""')).toBe(
      [
        'a:ok',
        'big:files.write: big is 11 bytes; a file may hold at most 10 bytes',
        'b:ok',
        'c:files.write: the folder already holds 2 files, the most allowed',
        'a:ok',
      ].join('\n'),
    );
    expect(result.filesWritten).toEqual({ a: '123', b: '1234567890' });
    const overQuota = await runJavaScript({ code: 'files.write("b", "x".repeat(10))', files: { a: '1234567' }, limits });
    expect(overQuota.error).toEqual({
      code: 'runtime_error',
      message: 'Error: files.write: the folder may hold at most 15 bytes\n    at run.js:1:7',
    });
  });

  it('kills the run on abort and rejects with the abort reason', async () => {
    const controller = new AbortController();
    const reason = new Error('call cancelled');
    // A time limit far beyond the wait below: only the abort can end this child in time.
    const run = runJavaScript({ code: 'while (true) {}', files: {}, signal: controller.signal, timeoutMs: 600_000 });
    // Abort once the loop's child is running (no fixed delay), then the child must be killed.
    await until(() => sandboxChildren()[0], 'the sandbox child');
    controller.abort(reason);
    await expect(run).rejects.toBe(reason);
    await until(noSandboxChild, 'the aborted child to be gone');
  });
});
