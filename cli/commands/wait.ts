// `holdline wait ID`: waits for a scan to end, its progress on stderr, then shows it as `get` does.

import type { Command } from 'commander';
import { untilTimeout, type Scan } from '../../clients/js/src/index';
import { integer, WAIT_LIMIT_MS, type Cli, type Run } from '../context';
import { EXIT, type ExitCode } from '../format';
import { terminalSafe } from '../terminal-text';

export function addWait(program: Command, run: Run): void {
  program
    .command('wait')
    .description('wait for a scan to end (progress on stderr), then show it like get')
    .argument('<scan_id>')
    .option('--timeout <seconds>', 'stop waiting after this long (the scan goes on; exit 6)', integer('--timeout', 1, 86_400))
    .action((scanId: string, options: { timeout?: number }) => run((cli) => waitCommand(cli, scanId, options)));
}

export async function waitCommand(cli: Cli, scanId: string, options: { timeout?: number }): Promise<ExitCode> {
  const { client } = await cli.connect({ needKey: true });
  const bars = cli.bars('{name} {bar} {value}% {stage}');
  const bar = bars?.create(100, 0, { name: terminalSafe(scanId), stage: 'waiting' });
  let last = '';
  let scan: Scan;
  try {
    scan = await untilTimeout<Scan>(() =>
      client.scans.wait(scanId, {
        timeoutMs: (options.timeout ?? WAIT_LIMIT_MS / 1000) * 1000,
        onProgress: (state) => {
          const shown = terminalSafe(`${state.status} ${state.pct}%`);
          bar?.update(state.pct, { stage: terminalSafe(state.status) });
          if (!bar && shown !== last) cli.note(`${terminalSafe(scanId)}: ${shown}`);
          last = shown;
        },
      }),
    );
    bar?.update(scan.status === 'complete' ? 100 : (scan.pct ?? 0), { stage: scan.status });
  } finally {
    bars?.stop();
  }
  if (cli.json) cli.printJson(scan);
  else cli.printScan(scan);
  if (scan.status === 'error') return EXIT.scanError;
  return scan.status === 'complete' ? EXIT.ok : EXIT.stillRunning;
}
