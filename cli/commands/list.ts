// `holdline list`: your scans, newest first, a page or (--all) every page.

import type { Command } from 'commander';
import type { ScanListItem } from '../../clients/js/src/index';
import { integer, type Cli, type Run } from '../context';
import { EXIT, humanDuration, type ExitCode } from '../format';
import { terminalSafeDeep } from '../terminal-text';

interface ListOptions {
  limit?: number;
  offset?: number;
  all?: boolean;
}

export function addList(program: Command, run: Run): void {
  program
    .command('list')
    .description('your scans, newest first')
    .option('--limit <n>', 'how many (1–100, default 20)', integer('--limit', 1, 100))
    .option('--offset <n>', 'how many to skip', integer('--offset', 0, 10_000))
    .option('--all', 'every scan, page after page (--limit is then the page size); with --json, one JSON array')
    .action((options: ListOptions) => run((cli) => listCommand(cli, options)));
}

export async function listCommand(cli: Cli, options: ListOptions): Promise<ExitCode> {
  const { client } = await cli.connect({ needKey: true });
  const { all, ...query } = options;
  if (all) {
    const entries = [];
    for await (const entry of client.scans.list(query)) {
      if (cli.json) entries.push(entry);
      else cli.out(listLine(terminalSafeDeep(entry)));
    }
    if (cli.json) cli.printJson(entries);
    return EXIT.ok;
  }
  const page = await client.scans.list(query);
  if (cli.json) cli.printJson(page);
  else {
    for (const entry of terminalSafeDeep(page.data)) cli.out(listLine(entry));
    cli.out(
      cli.style.dim(
        `${page.offset + 1}–${page.offset + page.data.length} of ${page.total}${page.has_more ? `; more with --offset ${page.offset + page.data.length}` : ''}`,
      ),
    );
  }
  return EXIT.ok;
}

function listLine(entry: ScanListItem): string {
  const read =
    entry.status === 'complete' ? `${entry.grade} ${entry.score} ${entry.label} ${humanDuration(entry.duration_sec ?? 0)}` : `${entry.status} ${entry.pct}%`;
  return `${entry.scan_id}  ${read.padEnd(28)}  ${entry.created_at.slice(0, 16).replace('T', ' ')}  ${entry.title ?? ''}`.trimEnd();
}
