// The Temporal dev server of a stack: its own SQLite database in the data
// directory, on loopback, with the dynamic config the scans' priorities need.

import { join } from 'node:path';
import { withoutPrefix } from './env';
import type { PartSetup } from './parts';
import { canConnect, portOrFree } from './ports';
import { spawnManaged, type ManagedProcess } from './processes';
import { waitOrStop } from './readiness';
import { StackError } from './stack-error';

export async function temporalAnswers(address: string): Promise<boolean> {
  const { Connection } = await import('@temporalio/client');
  const connection = await Connection.connect({ address, connectTimeout: 2000 });
  try {
    await connection.workflowService.getSystemInfo({});
    await connection.workflowService.describeNamespace({ namespace: 'default' });
    return true;
  } finally {
    await connection.close();
  }
}

export interface TemporalServer {
  /** The frontend's `host:port`. */
  address: string;
  uiUrl: string;
  proc: ManagedProcess;
}

/**
 * Spawns the dev server (`command`, the `temporal` binary) and tracks it in `setup`; it does
 * not wait: the stack waits for `temporalAnswers` while FerretDB and the ear boot beside it.
 */
export async function spawnTemporal(setup: PartSetup, command: string, ports: { port?: number; uiPort?: number }): Promise<TemporalServer> {
  const port = await portOrFree(ports.port);
  const uiPort = await portOrFree(ports.uiPort);
  const pidFile = join(setup.pidDir, 'temporal.pid');
  const address = `127.0.0.1:${port}`;
  const uiUrl = `http://127.0.0.1:${uiPort}`;
  if (await canConnect(port)) throw new StackError(`port ${port} (Temporal) is already in use`);
  const spawnServer = () =>
    spawnManaged({
      name: 'temporal',
      command,
      args: [
        'server',
        'start-dev',
        '--db-filename',
        join(setup.dataDir, 'temporal.db'),
        '--ip',
        '127.0.0.1',
        '--port',
        String(port),
        '--ui-port',
        String(uiPort),
        '--dynamic-config-value',
        'frontend.enableServerVersionCheck=false',
        '--dynamic-config-value',
        'matching.useNewMatcher=true',
        // Priority keys order tasks within one partition: one partition makes the order strict (issue 9).
        '--dynamic-config-value',
        'matching.numTaskqueueReadPartitions=1',
        '--dynamic-config-value',
        'matching.numTaskqueueWritePartitions=1',
        '--log-level',
        'warn',
      ],
      env: withoutPrefix(process.env, 'TEMPORAL_'),
      logFile: join(setup.logDir, 'temporal.log'),
      echo: setup.echo,
      pidFile,
      defaultGraceMs: setup.graceMs,
    });
  const proc = setup.track(spawnServer(), async () => {
    const next = spawnServer();
    await waitOrStop(`Temporal (${address})`, next, setup.timeoutMs, () => temporalAnswers(address));
    return next;
  });
  return { address, uiUrl, proc };
}
