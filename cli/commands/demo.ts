// `holdline demo`: the featured demo scan (no key needed).

import type { Command } from 'commander';
import type { Cli, Run } from '../context';
import { EXIT, type ExitCode } from '../format';

export function addDemo(program: Command, run: Run): void {
  program
    .command('demo')
    .description('the featured demo scan (no key needed)')
    .action(() => run((cli) => demoCommand(cli)));
}

export async function demoCommand(cli: Cli): Promise<ExitCode> {
  const { client } = await cli.connect({ needKey: false });
  const scan = await client.demo();
  if (cli.json) cli.printJson(scan);
  else cli.printScan(scan);
  return EXIT.ok;
}
