// `holdline signals`: what each series reads (no key needed).

import type { Command } from 'commander';
import type { Cli, Run } from '../context';
import { EXIT, type ExitCode } from '../format';
import { terminalSafeDeep } from '../terminal-text';

export function addSignals(program: Command, run: Run): void {
  program
    .command('signals')
    .description('what each series reads (no key needed)')
    .action(() => run((cli) => signalsCommand(cli)));
}

export async function signalsCommand(cli: Cli): Promise<ExitCode> {
  const { client } = await cli.connect({ needKey: false });
  const fromService = await client.signals();
  if (cli.json) cli.printJson(fromService);
  else {
    const reference = terminalSafeDeep(fromService);
    const { style } = cli;
    cli.out(
      style.bold(`Holdline signals ${reference.version}`) +
        ` — 0–100 per second (${reference.scale}); floor ${reference.floor}; ${reference.dead_min_seconds}+ s under it is dead`,
    );
    for (const signal of reference.signals)
      cli.out(`${style.bold(signal.name.padEnd(9))}${signal.reads} Rises when ${signal.rises_when}; falls when ${signal.falls_when}.`);
  }
  return EXIT.ok;
}
