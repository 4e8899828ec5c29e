// FerretDB, the stack's MongoDB: the MongoDB protocol over SQLite files in the
// data directory, on loopback.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { withoutPrefix } from './env';
import type { PartSetup } from './parts';
import { canConnect, portOrFree } from './ports';
import { spawnManaged, type ManagedProcess } from './processes';
import { waitOrStop } from './readiness';
import { StackError } from './stack-error';

export async function mongoAnswers(uri: string): Promise<boolean> {
  const { MongoClient } = await import('mongodb');
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 2000, connectTimeoutMS: 2000 });
  try {
    await client.connect();
    await client.db('admin').command({ ping: 1 });
    return true;
  } finally {
    await client.close();
  }
}

export interface FerretDbServer {
  /** `mongodb://127.0.0.1:<port>/<database>`. */
  uri: string;
  proc: ManagedProcess;
}

/**
 * Spawns FerretDB (`command`, the `ferretdb` binary) and tracks it in `setup`; it does not
 * wait: the stack waits for `mongoAnswers` while Temporal and the ear boot beside it.
 */
export async function spawnFerretDb(setup: PartSetup, command: string, options: { port?: number; database?: string }): Promise<FerretDbServer> {
  const port = await portOrFree(options.port);
  const pidFile = join(setup.pidDir, 'ferretdb.pid');
  if (await canConnect(port)) throw new StackError(`port ${port} (FerretDB) is already in use`);
  const ferretDir = join(setup.dataDir, 'ferretdb');
  mkdirSync(ferretDir, { recursive: true });
  const uri = `mongodb://127.0.0.1:${port}/${options.database ?? 'holdline'}`;
  const spawnServer = () =>
    spawnManaged({
      name: 'ferretdb',
      command,
      args: [
        '--handler=sqlite',
        `--sqlite-url=file:${ferretDir}/`,
        `--listen-addr=127.0.0.1:${port}`,
        '--telemetry=disable',
        `--state-dir=${ferretDir}`,
        '--debug-addr=-',
        '--log-level=warn',
      ],
      env: withoutPrefix(process.env, 'FERRETDB_'),
      logFile: join(setup.logDir, 'ferretdb.log'),
      echo: setup.echo,
      pidFile,
      defaultGraceMs: setup.graceMs,
    });
  const proc = setup.track(spawnServer(), async () => {
    const next = spawnServer();
    await waitOrStop(`MongoDB (${uri})`, next, setup.timeoutMs, () => mongoAnswers(uri));
    return next;
  });
  return { uri, proc };
}
