// `holdline export ID --format F`: one export of a complete scan, written where
// --out says. `writeExport` is also how `holdline recut-export` writes.

import { stat, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { EXPORT_FORMATS } from '../../core/exports';
import type { ExportFormat } from '../../clients/js/src/index';
import { CliError, type Cli, type Run } from '../context';
import { count, EXIT, type ExitCode } from '../format';

export function addExport(program: Command, run: Run): void {
  program
    .command('export')
    .description(
      'download a complete scan as a file: subtitles, the series, an EDL, chapters, JSON, or an editor timeline with the read as markers (otio, fcpxml, markers.csv)',
    )
    .argument('<scan_id>')
    .addOption(new Option('--format <format>', 'the file format').choices([...EXPORT_FORMATS]).makeOptionMandatory())
    .option('--out <path>', 'file, or directory for the served file name (default: the current directory); - writes to stdout')
    .action((scanId: string, options: { format: ExportFormat; out?: string }) => run((cli) => exportCommand(cli, scanId, options)));
}

/** No key is needed for a published scan. */
export async function exportCommand(cli: Cli, scanId: string, options: { format: ExportFormat; out?: string }): Promise<ExitCode> {
  const { client } = await cli.connect({ needKey: false });
  return writeExport(cli, { scan_id: scanId }, options, await client.scans.export(scanId, options.format));
}

/** An export to `--out` (a file, or a directory for the served name; the current directory by default), or to stdout with `--out -`. */
export async function writeExport(
  cli: Cli,
  of: { scan_id: string } | { recut_id: string },
  options: { format: string; out?: string },
  file: { body: string; contentType: string; filename: string },
): Promise<ExitCode> {
  const id = 'scan_id' in of ? of.scan_id : of.recut_id;
  if (options.out === '-') {
    cli.stdout.write(file.body);
    return EXIT.ok;
  }
  const target = resolve(options.out ?? '.');
  const isDirectory = await stat(target).then(
    (info) => info.isDirectory(),
    () => false,
  );
  const path = isDirectory ? resolve(target, file.filename) : target;
  try {
    await writeFile(path, file.body);
  } catch (error) {
    throw new CliError(EXIT.usage, `cannot write ${path}: ${(error as Error).message}`);
  }
  const bytes = Buffer.byteLength(file.body);
  if (cli.json) cli.printJson({ ...of, format: options.format, filename: file.filename, content_type: file.contentType, bytes, path });
  else cli.out(`${options.format} of ${id} written to ${path} (${count(bytes, 'byte')})`);
  return EXIT.ok;
}
