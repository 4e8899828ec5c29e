// The ear (ear/, Whisper on faster-whisper): the stack's transcription server,
// on loopback, with a key of its own made at each start.

import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../repo-root';
import type { Env } from './env';
import type { PartSetup } from './parts';
import { canConnect, portOrFree } from './ports';
import { spawnManaged, type ManagedProcess } from './processes';
import { httpOk, waitOrStop } from './readiness';
import { StackError } from './stack-error';

/** The ear's entry point in the virtual environment that scripts/install-ear.sh links into `.tools/ear`. */
export const EAR_PYTHON = join(REPO_ROOT, '.tools', 'ear', 'venv', 'bin', 'python');
/** The model the ear serves by default, as the workers ask for it. */
export const EAR_MODEL = 'whisper-base';

export interface EarServer {
  /** The transcription API (`…/v1`). */
  url: string;
  /** Answers 200 once Whisper is loaded. */
  health: string;
  apiKey: string;
  proc: ManagedProcess;
}

/**
 * Spawns the ear and tracks it in `setup`; it does not wait (loading Whisper takes a few
 * seconds): the stack waits for `health` while Temporal and FerretDB boot beside it.
 */
export async function spawnEar(setup: PartSetup, earPort: number | undefined, earEnv: Env = {}): Promise<EarServer> {
  if (!existsSync(EAR_PYTHON)) throw new StackError(`${EAR_PYTHON} is missing: run scripts/bootstrap.sh first`);
  const port = await portOrFree(earPort);
  if (await canConnect(port)) throw new StackError(`port ${port} (the ear) is already in use`);
  const url = `http://127.0.0.1:${port}/v1`;
  const health = `http://127.0.0.1:${port}/health`;
  // A new key at each start, as the model server's: no other local caller can post work to it.
  const apiKey = `sk-ear-${randomBytes(18).toString('base64url')}`;
  const spawnServer = () =>
    spawnManaged({
      name: 'ear',
      command: EAR_PYTHON,
      args: ['-m', 'ear'],
      // Its own HOLDLINE_EAR_* settings pass through (threads, models); host, port and key are the stack's.
      env: { ...process.env, ...earEnv, HOLDLINE_EAR_HOST: '127.0.0.1', HOLDLINE_EAR_PORT: String(port), HOLDLINE_EAR_API_KEY: apiKey },
      logFile: join(setup.logDir, 'ear.log'),
      echo: setup.echo,
      pidFile: join(setup.pidDir, 'ear.pid'),
      defaultGraceMs: setup.graceMs,
    });
  const proc = setup.track(spawnServer(), async () => {
    const next = spawnServer();
    await waitOrStop(`the ear (${health})`, next, setup.timeoutMs, () => httpOk(health));
    return next;
  });
  return { url, health, apiKey, proc };
}
