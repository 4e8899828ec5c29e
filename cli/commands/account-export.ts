// `holdline account export`: the account archive (GET /v1/account/export) streamed to a
// file, `holdline-export-<date>.tar` by default, through `<file>.part` so that a cut-off
// download never passes for a whole archive. `-o -` writes it to stdout, unless that is a terminal.

import { rmSync } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Command } from 'commander';
import { CliError, type Cli, type Run } from '../context';
import { count, defaultArchiveName, EXIT, type ExitCode } from '../format';

interface AccountExportOptions {
  media?: boolean;
  output?: string;
}

export function addAccountExport(account: Command, run: Run): void {
  account
    .command('export')
    .description('download every scan of the account as one tar archive (each read as JSON and a manifest; --media adds the videos)')
    .option('--media', 'add the stored videos (can be large)')
    .option(
      '-o, --output <file>',
      'file, or directory for holdline-export-<date>.tar (default: that name in the current directory); - writes to stdout when it is not a terminal',
    )
    .action((options: AccountExportOptions) => run((cli) => accountExportCommand(cli, options)));
}

export async function accountExportCommand(cli: Cli, options: AccountExportOptions): Promise<ExitCode> {
  if (options.output === '-') {
    if (cli.stdout.isTTY)
      throw new CliError(EXIT.usage, 'the archive is a binary tar file, not for a terminal: name a file with -o FILE, or pipe -o - elsewhere');
    const { client } = await cli.connect({ needKey: true });
    const archive = await client.account.export({ media: options.media });
    await pipeline(Readable.fromWeb(archive.body as Parameters<typeof Readable.fromWeb>[0]), cli.stdout);
    return EXIT.ok;
  }
  const now = new Date();
  const named = resolve(options.output ?? defaultArchiveName(now));
  const isDirectory = await stat(named).then(
    (info) => info.isDirectory(),
    () => false,
  );
  const path = isDirectory ? resolve(named, defaultArchiveName(now)) : named;
  const partial = `${path}.part`;
  const { client } = await cli.connect({ needKey: true });
  // Opened before anything is asked of the service, so an unwritable place costs no request.
  const file = await open(partial, 'w').catch((error: Error) => {
    throw new CliError(EXIT.usage, `cannot write ${partial}: ${error.message}`);
  });
  const interrupted = () => {
    rmSync(partial, { force: true });
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  try {
    cli.note(`downloading the account archive${options.media ? ' with videos' : ''} to ${path}`);
    const archive = await client.account.export({ media: options.media });
    await pipeline(Readable.fromWeb(archive.body as Parameters<typeof Readable.fromWeb>[0]), file.createWriteStream());
    await rename(partial, path);
    const bytes = (await stat(path)).size;
    if (cli.json) cli.printJson({ path, filename: archive.filename, bytes, media: Boolean(options.media) });
    else cli.out(`archive written to ${path} (${count(bytes, 'byte')})`);
    return EXIT.ok;
  } catch (error) {
    await file.close().catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  } finally {
    process.off('SIGINT', interrupted);
  }
}
