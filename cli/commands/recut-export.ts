// `holdline recut-export ID --format F`: a complete recut's cut list on its source
// as an editor timeline (edl, otio, fcpxml, markers.csv), written as `holdline export` writes.

import { Option, type Command } from 'commander';
import { RECUT_EXPORT_FORMATS, type RecutExportFormat } from '../../core/exports';
import type { Cli, Run } from '../context';
import type { ExitCode } from '../format';
import { writeExport } from './export';

interface RecutExportOptions {
  format: RecutExportFormat;
  recordStart?: string;
  out?: string;
}

export function addRecutExport(program: Command, run: Run): void {
  program
    .command('recut-export')
    .description("download a complete recut's cut list on its source as an editor timeline (edl, otio, fcpxml, markers.csv)")
    .argument('<recut_id>')
    .addOption(new Option('--format <format>', 'the file format').choices([...RECUT_EXPORT_FORMATS]).makeOptionMandatory())
    .option('--record-start <timecode>', "the EDL's first record timecode, HH:MM:SS:FF (default 01:00:00:00)")
    .option('--out <path>', 'file, or directory for the served file name (default: the current directory); - writes to stdout')
    .action((recutId: string, options: RecutExportOptions) => run((cli) => recutExportCommand(cli, recutId, options)));
}

export async function recutExportCommand(cli: Cli, recutId: string, options: RecutExportOptions): Promise<ExitCode> {
  const { client } = await cli.connect({ needKey: true });
  const file = await client.recuts.export(recutId, options.format, options.recordStart === undefined ? {} : { recordStart: options.recordStart });
  return writeExport(cli, { recut_id: recutId }, options, file);
}
