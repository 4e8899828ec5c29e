import { spawn } from 'node:child_process';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `holdline mcp --http` as an operator starts it: which folder scan_file may
// read and which Host names are accepted, from flags or the environment. The
// server reaches the API only when a tool runs, so none is needed here.

let scratch: string;
beforeAll(async () => {
  scratch = await realpath(await mkdtemp(join(tmpdir(), 'holdline-cli-mcp-')));
});
afterAll(async () => rm(scratch, { recursive: true, force: true }));

/** Starts the server and returns its stderr once it has said where it listens, or its exit code and stderr. */
function start(args: string[], env: Record<string, string> = {}): Promise<{ stderr: string; code: number | null }> {
  const child = spawn(process.execPath, ['cli/holdline.mjs', 'mcp', '--http', '--port', '0', ...args], {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH, HOME: scratch, HOLDLINE_CONFIG: join(scratch, 'none.json'), HOLDLINE_BASE_URL: 'http://127.0.0.1:9', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve) => {
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (/scan_file (reads only inside|is not offered)/.test(stderr)) {
        child.kill('SIGTERM');
        resolve({ stderr, code: null });
      }
    });
    child.once('exit', (code) => resolve({ stderr, code }));
  });
}

describe('holdline mcp --http', () => {
  it('offers no scan_file and accepts only loopback Host names by default', async () => {
    const { stderr } = await start([]);
    expect(stderr).toMatch(/accepting Host headers: 127\.0\.0\.1:\d+, localhost:\d+, \[::1\]:\d+ \(add names with --allowed-host\)/);
    expect(stderr).toContain('scan_file is not offered (share a folder with --files-dir)');
  });

  it('--files-dir and --allowed-host (repeatable) set the folder and the extra names', async () => {
    const { stderr } = await start(['--files-dir', scratch, '--allowed-host', 'mcp.example.com', '--allowed-host', 'mcp.example.com:8443']);
    expect(stderr).toContain(`scan_file reads only inside ${scratch}`);
    expect(stderr).toMatch(/accepting Host headers: .*, mcp\.example\.com, mcp\.example\.com:8443 \(/);
  });

  it('HOLDLINE_MCP_FILES_DIR and HOLDLINE_MCP_ALLOWED_HOSTS do the same from the environment', async () => {
    const { stderr } = await start([], { HOLDLINE_MCP_FILES_DIR: scratch, HOLDLINE_MCP_ALLOWED_HOSTS: 'a.example, b.example:9000' });
    expect(stderr).toContain(`scan_file reads only inside ${scratch}`);
    expect(stderr).toMatch(/accepting Host headers: .*, a\.example, b\.example:9000 \(/);
  });

  it('a folder that does not exist is a usage error (exit 2) before anything listens', async () => {
    const { stderr, code } = await start(['--files-dir', join(scratch, 'nowhere')]);
    expect(code).toBe(2);
    expect(stderr).toContain(`cannot share ${join(scratch, 'nowhere')} for scan_file: ENOENT`);
  });
});
