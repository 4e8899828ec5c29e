// What the sandbox's child process can reach and what holds it: its environment, its OS
// limits, what it sends back, and its fate when the worker dies. Real isolated-vm children.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { chmodSync, mkdtempSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { childIsolation, SANDBOX_UID } from '../../../activities/sandbox/child-isolation';
import { MemoryBudget } from '../../../activities/sandbox/memory-budget';
import { CHILD_ADDRESS_SPACE_BYTES, CHILD_OPEN_FILES, CHILD_PROCESSES, childReservationMb, runJavaScript } from '../../../activities/sandbox/run-js';
import { sandboxChildren } from '../helpers/processes';

const execFileAsync = promisify(execFile);

const SECRET = `mongodb://holdline:secret-${process.pid}@db.invalid/holdline`;

function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] !== 'Z';
  } catch {
    return false;
  }
}

async function waitFor<T>(probe: () => T | undefined, what: string, attempts = 200): Promise<T> {
  for (let i = 0; i < attempts; i++) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`gave up waiting for ${what}`);
}

describe('the sandbox child process', { timeout: 60_000 }, () => {
  afterEach(() => {
    delete process.env.HOLDLINE_SANDBOX_TEST_SECRET;
  });

  it('starts with an empty environment and the OS limits applied', async () => {
    process.env.HOLDLINE_SANDBOX_TEST_SECRET = SECRET;
    const run = runJavaScript({ code: 'const t = Date.now(); while (Date.now() - t < 3000) {} "done"', files: {} });
    const pid = await waitFor(() => sandboxChildren(process.pid)[0], 'the sandbox child');
    const environ = readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter((v) => v !== '');
    const limits = readFileSync(`/proc/${pid}/limits`, 'utf8');
    expect(await run).toMatchObject({ ok: true, returnValue: '"done"' });

    // Only what fork adds for the IPC channel.
    expect(environ.map((v) => v.split('=')[0]).sort()).toEqual(['NODE_CHANNEL_FD', 'NODE_CHANNEL_SERIALIZATION_MODE']);
    expect(environ.join('\n')).not.toContain('secret-');
    const limit = (name: string) => new RegExp(`^${name}\\s+(\\S+)\\s+(\\S+)`, 'm').exec(limits)?.slice(1, 3);
    expect(limit('Max address space')).toEqual([String(CHILD_ADDRESS_SPACE_BYTES), String(CHILD_ADDRESS_SPACE_BYTES)]);
    // The default 10 s run plus the 3 s grace, rounded up, plus one; the hard limit a second later.
    expect(limit('Max cpu time')).toEqual(['14', '15']);
    expect(limit('Max open files')).toEqual([String(CHILD_OPEN_FILES), String(CHILD_OPEN_FILES)]);
    expect(limit('Max processes')).toEqual([String(CHILD_PROCESSES), String(CHILD_PROCESSES)]);
    expect(limit('Max core file size')).toEqual(['0', '0']);
  });

  it('gives agent code no route to the worker environment', async () => {
    process.env.HOLDLINE_SANDBOX_TEST_SECRET = SECRET;
    const attempts = {
      globals: 'Object.getOwnPropertyNames(globalThis).filter((k) => /process|require|env|fetch|Deno|Bun/i.test(k)).join(",") || "none"',
      procByAbsolutePath: 'files.read("/proc/self/environ")',
      procByParentPath: 'files.read("../../../../proc/self/environ")',
      procByEncodedPath: 'files.read("%2e%2e/proc/self/environ")',
      constructorEscape: '(function(){ return this })().constructor.constructor("return typeof process")()',
      dynamicImport: 'await import("node:fs")',
    };
    const seen: Record<string, string> = {};
    for (const [name, code] of Object.entries(attempts)) {
      const result = await runJavaScript({ code, files: {} });
      seen[name] = result.ok ? `ok: ${result.returnValue ?? ''}` : `error: ${result.error?.message ?? ''}`;
    }
    expect(Object.values(seen).join('\n')).not.toContain('secret-');
    expect(seen.globals).toBe('ok: "none"');
    expect(seen.procByAbsolutePath).toMatch(/^error: Error: files\.read: bad path: path must be relative/);
    expect(seen.procByParentPath).toMatch(/^error: Error: files\.read: bad path: path must not contain "\.\."/);
    expect(seen.procByEncodedPath).toMatch(/^error: Error: files\.read: no file %2e%2e\/proc\/self\/environ in the folder/);
    expect(seen.constructorEscape).toBe('ok: "undefined"');
    expect(seen.dynamicImport).toMatch(/^error: /);
  });

  it('caps a huge return value and a huge error message inside the child', async () => {
    const value = await runJavaScript({ code: '"x".repeat(50_000_000)', files: {} });
    expect(value.ok).toBe(true);
    expect(value.returnValue?.length).toBeLessThan(17 * 1024);
    expect(value.returnValue).toMatch(/^"x{16383}…\[truncated: 49983618 more characters\]$/);

    const thrown = await runJavaScript({ code: 'throw new Error("y".repeat(50_000_000))', files: {} });
    expect(thrown.error?.code).toBe('runtime_error');
    expect(thrown.error?.message.length).toBeLessThan(5 * 1024);
    expect(thrown.error?.message).toMatch(/^Error: y+…\[truncated: \d+ more characters\]\n {4}at run\.js:1:7$/);
  });

  it('refuses WebAssembly memories, which need more address space than the child has', async () => {
    const result = await runJavaScript({ code: 'new WebAssembly.Memory({ initial: 1 })', files: {} });
    expect(result.error?.message).toMatch(/^RangeError: WebAssembly\.Memory\(\): could not allocate memory/);
  });

  it('exits when the worker that started it is killed', async () => {
    const parentScript = fileURLToPath(new URL('./fixtures/sandbox-parent.ts', import.meta.url));
    const parent = spawn(process.execPath, ['--no-node-snapshot', '--import', 'tsx', parentScript], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const parentPid = await new Promise<number>((resolve, reject) => {
        parent.stdout.once('data', (chunk: Buffer) => resolve(Number(String(chunk).trim())));
        parent.once('exit', () => reject(new Error('the stand-in worker exited early')));
      });
      const child = await waitFor(() => sandboxChildren(parentPid)[0], 'the sandbox child of the stand-in worker');
      expect(isAlive(child)).toBe(true);
      parent.kill('SIGKILL');
      await waitFor(() => (isAlive(child) ? undefined : true), 'the orphaned sandbox child to exit');
      expect(isAlive(child)).toBe(false);
    } finally {
      parent.kill('SIGKILL');
    }
  });
});

/** True when this machine lets a process make a network namespace (as root, or inside a user namespace). */
function kernelAllowsNetworkNamespace(): boolean {
  const args = process.getuid?.() === 0 ? ['--net', 'true'] : ['--user', '--net', 'true'];
  try {
    execFileSync('/usr/bin/unshare', args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const BUSY_2S = 'const t = Date.now(); while (Date.now() - t < 2000) {} "done"';

describe("the sandbox child's isolation", { timeout: 60_000 }, () => {
  it('has its own network namespace with only a loopback, wherever the kernel allows one', async () => {
    const allowed = kernelAllowsNetworkNamespace();
    expect((await childIsolation()).network).toBe(allowed);
    const run = runJavaScript({ code: BUSY_2S, files: {} });
    const pid = await waitFor(() => sandboxChildren(process.pid)[0], 'the sandbox child');
    const childNet = readlinkSync(`/proc/${pid}/ns/net`);
    const interfaces = readFileSync(`/proc/${pid}/net/dev`, 'utf8')
      .split('\n')
      .slice(2)
      .map((line) => line.split(':')[0]!.trim())
      .filter((name) => name !== '');
    expect(await run).toMatchObject({ ok: true, returnValue: '"done"' });
    if (allowed) {
      expect(childNet).not.toBe(readlinkSync('/proc/self/ns/net'));
      expect(interfaces).toEqual(['lo']);
    } else {
      expect(childNet).toBe(readlinkSync('/proc/self/ns/net'));
    }
  });

  it('cannot open a Unix socket, so none on the file system is reached (a seccomp filter; the network namespace does not cover them)', async () => {
    const isolation = await childIsolation();
    expect(isolation.unixSockets).toBe(false);
    const run = runJavaScript({ code: BUSY_2S, files: {} });
    const pid = await waitFor(() => sandboxChildren(process.pid)[0], 'the sandbox child');
    // Read once the chain of wrappers (unshare, setpriv, the filter's python3) has exec'd node.
    const exe = () => {
      try {
        return readlinkSync(`/proc/${pid}/exe`) === process.execPath ? true : undefined;
      } catch {
        return undefined;
      }
    };
    await waitFor(exe, 'the sandbox child to be node', 600);
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    await run;
    expect(/^Seccomp:\s*(\d+)$/m.exec(status)?.[1]).toBe('2');
    // What a child that escaped its isolate would do: connect to a listening socket anyone may write to.
    const dir = mkdtempSync(join(tmpdir(), 'holdline-sock-'));
    chmodSync(dir, 0o755);
    const path = join(dir, 'open.sock');
    const server = createServer((socket) => socket.end('reached\n'));
    await new Promise<void>((resolve) => server.listen(path, resolve));
    chmodSync(path, 0o777);
    try {
      const connect = `require('net').connect(${JSON.stringify(path)}).on('data', (d) => process.stdout.write(String(d))).on('error', (e) => process.stdout.write(e.code))`;
      const [file, ...args] = [...isolation.wrapper, process.execPath, '-e', connect];
      // Asynchronous: the server answering is in this process.
      expect((await execFileAsync(process.execPath, ['-e', connect], { encoding: 'utf8' })).stdout).toBe('reached\n');
      expect((await execFileAsync(file!, args, { encoding: 'utf8', env: {} })).stdout).toBe('EACCES');
    } finally {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs as nobody (no groups, no new privileges) when the worker is root', async () => {
    const root = process.getuid?.() === 0;
    expect((await childIsolation()).uid).toBe(root ? SANDBOX_UID : null);
    const run = runJavaScript({ code: BUSY_2S, files: {} });
    const pid = await waitFor(() => sandboxChildren(process.pid)[0], 'the sandbox child');
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    expect(await run).toMatchObject({ ok: true });
    const field = (name: string) => new RegExp(`^${name}:[ \\t]*(.*)$`, 'm').exec(status)?.[1]?.trim();
    const uid = String(root ? SANDBOX_UID : process.getuid?.());
    expect(field('Uid')?.split(/\s+/)).toEqual([uid, uid, uid, uid]);
    if (root) {
      expect(field('Groups')).toBe('');
      expect(field('NoNewPrivs')).toBe('1');
    }
  });

  it('shares one memory budget between children: a run that does not fit waits for the running one to end', async () => {
    // Room for exactly one child of the default size.
    const budget = new MemoryBudget(childReservationMb(128));
    const first = runJavaScript({ code: BUSY_2S, files: {}, memoryBudget: budget });
    await waitFor(() => sandboxChildren(process.pid)[0], 'the first child');
    const second = runJavaScript({ code: '"second"', files: {}, memoryBudget: budget });
    await waitFor(() => (budget.waiting === 1 ? true : undefined), 'the second run to wait');
    // While the first child runs, the second has no child of its own.
    expect(sandboxChildren(process.pid)).toHaveLength(1);
    expect(budget.inUseMb).toBe(childReservationMb(128));
    expect(await first).toMatchObject({ ok: true, returnValue: '"done"' });
    expect(await second).toMatchObject({ ok: true, returnValue: '"second"' });
    expect([budget.inUseMb, budget.waiting]).toEqual([0, 0]);
  });

  it('refuses a run larger than the whole budget with the memory error, starting no child', async () => {
    const budget = new MemoryBudget(512);
    const result = await runJavaScript({ code: '1', files: {}, memoryBudget: budget, memoryMb: 256 });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'memory', message: "a run needs 576 MB, more than the sandbox's whole memory budget of 512 MB" },
    });
    expect(sandboxChildren(process.pid)).toEqual([]);
  });
});
