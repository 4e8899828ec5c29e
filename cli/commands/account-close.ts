// `holdline account close EMAIL`: `DELETE /v1/account`, confirmed by the email and the
// account's password (the key alone cannot close an account). The password is read
// like a key at login, never from argv; left empty it is not sent, which only an
// account that never set one (made by `npm run account:create`) can close with.

import type { Command } from 'commander';
import type { Cli, Run } from '../context';
import { EXIT, type ExitCode } from '../format';

export function addAccountClose(account: Command, run: Run): void {
  account
    .command('close')
    .description(
      'close the account for good (every scan, video, key and session): confirmed by its email and its password, asked for (no echo) or read from stdin',
    )
    .argument('<email>', "the account's email")
    .action((email: string) => run((cli) => accountCloseCommand(cli, email)));
}

export async function accountCloseCommand(cli: Cli, email: string): Promise<ExitCode> {
  const { client } = await cli.connect({ needKey: true });
  // Its first line, as typed: a password may begin or end with spaces.
  const password = (await cli.readSecret('Password of the account (empty if it has none): ')).split(/\r?\n/)[0] ?? '';
  const closed = await client.account.close({ email, ...(password === '' ? {} : { password }) });
  if (cli.json) cli.printJson(closed);
  else
    cli.out(
      closed.status === 'closed'
        ? 'Account closed: its scans, videos, keys and sessions are removed, and this key no longer works.'
        : 'Account closing: its key no longer works and the rest of its data is being removed.',
    );
  return EXIT.ok;
}
