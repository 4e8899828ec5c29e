// An API process (api/server.ts) of a stack, or a second one beside it: ready
// once its `GET /readyz` answers.

import { join } from 'node:path';
import { type ManagedProcess, spawnManaged } from './processes';
import { httpOk, waitUntil } from './readiness';

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
