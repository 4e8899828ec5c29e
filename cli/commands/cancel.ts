// `holdline cancel ID`: a queued or running scan stopped (POST /v1/scans/{id}/cancel).

import type { Command } from 'commander';
import type { Cli, Run } from '../context';
import { EXIT, type ExitCode } from '../format';

export function addCancel(program: Command, run: Run): void {
  program
    .command('cancel')
    .description('stop a queued or running scan (it ends in error, "cancelled"; nothing of its video is kept)')
    .argument('<scan_id>')
    .action((scanId: string) => run((cli) => cancelCommand(cli, scanId)));
}

export async function cancelCommand(cli: Cli, scanId: string): Promise<ExitCode> {
  const { client } = await cli.connect({ needKey: true });
  const scan = await client.scans.cancel(scanId);
  if (cli.json) cli.printJson(scan);
  else cli.printScan(scan);
  return EXIT.ok;
}
