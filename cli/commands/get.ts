// `holdline get ID`: one of your scans, its read or its state.

import type { Command } from 'commander';
import type { Cli, Run } from '../context';
import { EXIT, type ExitCode } from '../format';

export function addGet(program: Command, run: Run): void {
  program
    .command('get')
    .description('show one of your scans')
    .argument('<scan_id>')
    .action((scanId: string) => run((cli) => getCommand(cli, scanId)));
}

export async function getCommand(cli: Cli, scanId: string): Promise<ExitCode> {
  const { client } = await cli.connect({ needKey: true });
  const scan = await client.scans.get(scanId);
  if (cli.json) cli.printJson(scan);
  else cli.printScan(scan);
  return scan.status === 'error' ? EXIT.scanError : EXIT.ok;
}
