// `holdline usage`: this month's scans and chat calls (GET /v1/usage).

import type { Command } from 'commander';
import type { Cli, Run } from '../context';
import { count, EXIT, type ExitCode } from '../format';
import { terminalSafeDeep } from '../terminal-text';

export function addUsage(program: Command, run: Run): void {
  program
    .command('usage')
    .description("this month's scans and chat calls")
    .action(() => run((cli) => usageCommand(cli)));
}

export async function usageCommand(cli: Cli): Promise<ExitCode> {
  const { client } = await cli.connect({ needKey: true });
  const usage = terminalSafeDeep(await client.usage());
  if (cli.json) cli.printJson(usage);
  else {
    cli.out(`plan ${usage.plan}, ${usage.period.start.slice(0, 10)} to ${usage.period.end.slice(0, 10)}`);
    cli.out(`scans  ${usage.scans_this_month} used, ${usage.scans_left} left`);
    cli.out(`chat   ${count(usage.calls_this_month, 'call')} used, ${usage.calls_left} left, ${usage.tokens_used} tokens`);
  }
  return EXIT.ok;
}
