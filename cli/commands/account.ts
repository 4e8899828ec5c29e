// `holdline account …`: the account's own data, one subcommand per file.

import type { Command } from 'commander';
import type { Run } from '../context';
import { addAccountClose } from './account-close';
import { addAccountExport } from './account-export';
import { addAccountRetention } from './account-retention';

export function addAccount(program: Command, run: Run): void {
  const account = program.command('account').description("your account's data: the media retention setting, the archive of every scan, closing the account");
  addAccountRetention(account, run);
  addAccountExport(account, run);
  addAccountClose(account, run);
}
