// `holdline delete ID`: a scan deleted for good (DELETE /v1/scans/{id}).

import type { Command } from 'commander';
import type { Cli, Run } from '../context';
import { EXIT, type ExitCode } from '../format';

export function addDelete(program: Command, run: Run): void {
  program
    .command('delete')
    .description('delete one of your scans for good: its video, read and recuts (a running scan is stopped first)')
    .argument('<scan_id>')
    .action((scanId: string) => run((cli) => deleteCommand(cli, scanId)));
}

export async function deleteCommand(cli: Cli, scanId: string): Promise<ExitCode> {
  const { client } = await cli.connect({ needKey: true });
  const deleted = await client.scans.delete(scanId);
  if (cli.json) cli.printJson(deleted);
  else cli.out(deleted.status === 'deleted' ? `${scanId} deleted` : `${scanId} is being deleted (already gone from every read; the rest follows)`);
  return EXIT.ok;
}
