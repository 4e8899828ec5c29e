import { spawn } from 'node:child_process';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the `holdline` bin from this clone with only `PATH` and `env` in its
 * environment (no stray HOLDLINE_* from the test process), stdout not a terminal;
 * `stdin`, when given, is piped in and closed.
 */
export function runHoldline(args: string[], env: Record<string, string | undefined>, stdin?: string): Promise<CliRun> {
  const child = spawn(process.execPath, ['cli/holdline.mjs', ...args], {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH, ...env } as NodeJS.ProcessEnv,
    stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (stdin !== undefined) child.stdin!.end(stdin);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
