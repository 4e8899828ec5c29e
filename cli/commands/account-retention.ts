// `holdline account retention`: shows the media retention, or sets what is given and
// keeps the rest (the API resets a left-out `include_published`, so the current one is read first).

import { Option, type Command } from 'commander';
import { MAX_RETENTION_DAYS } from '../../core/retention';
import { integer, type Cli, type Run } from '../context';
import { EXIT, retentionLines, type ExitCode } from '../format';

interface RetentionOptions {
  days?: number;
  keep?: boolean;
  default?: boolean;
  includePublished?: 'yes' | 'no';
}

export function addAccountRetention(account: Command, run: Run): void {
  account
    .command('retention')
    .description('show how long your videos are kept, or set it (what is not given stays as it is); the reads are always kept')
    .addOption(
      new Option('--days <n>', `remove each video this many days after its scan (0 to ${MAX_RETENTION_DAYS}; 0 keeps for good)`)
        .argParser(integer('--days', 0, MAX_RETENTION_DAYS))
        .conflicts(['keep', 'default']),
    )
    .addOption(new Option('--keep', 'keep videos for good').conflicts(['default']))
    .addOption(new Option('--default', "follow the server's default"))
    .addOption(new Option('--include-published <yes|no>', "whether published scans' videos are removed too").choices(['yes', 'no']))
    .action((options: RetentionOptions) => run((cli) => accountRetentionCommand(cli, options)));
}

export async function accountRetentionCommand(cli: Cli, options: RetentionOptions): Promise<ExitCode> {
  const { client } = await cli.connect({ needKey: true });
  const days = options.days !== undefined ? options.days : options.keep ? 0 : options.default ? null : undefined;
  const includePublished = options.includePublished === undefined ? undefined : options.includePublished === 'yes';
  let setting = await client.account.retention();
  if (days !== undefined || includePublished !== undefined) {
    setting = await client.account.setRetention({
      mediaRetentionDays: days === undefined ? setting.media_retention_days : days,
      includePublished: includePublished ?? setting.include_published,
    });
  }
  if (cli.json) cli.printJson(setting);
  else for (const line of retentionLines(setting)) cli.out(line);
  return EXIT.ok;
}
