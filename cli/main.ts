// `holdline`: the command line of the Holdline API. It talks only to the HTTP
// API (through the same client the MCP server uses). This file reads the global
// options and hands the rest to a command, one per file in commands/; what they
// share (the streams, --json, the service, failures as exit codes) is in
// context.ts. Exit codes are in format.ts (EXIT) and docs/clients.md; stdout
// carries results (only JSON with --json), stderr carries progress and errors;
// no colour or bars unless stdout is a terminal.

import { Command, CommanderError } from 'commander';
import { addAccount } from './commands/account';
import { addCancel } from './commands/cancel';
import { addChat } from './commands/chat';
import { addDelete } from './commands/delete';
import { addDemo } from './commands/demo';
import { addExport } from './commands/export';
import { addGet } from './commands/get';
import { addList } from './commands/list';
import { addLogin } from './commands/login';
import { addMcp } from './commands/mcp';
import { addRecut } from './commands/recut';
import { addRecutExport } from './commands/recut-export';
import { addScan } from './commands/scan';
import { addSignals } from './commands/signals';
import { addUsage } from './commands/usage';
import { addWait } from './commands/wait';
import { DEFAULT_BASE_URL, fromApiError, processCli, type GlobalOptions, type Run } from './context';
import { EXIT, type ExitCode } from './format';

/** Every command, in the order the help lists them. */
const COMMANDS = [
  addScan,
  addExport,
  addRecutExport,
  addGet,
  addWait,
  addDelete,
  addCancel,
  addList,
  addDemo,
  addSignals,
  addUsage,
  addChat,
  addRecut,
  addAccount,
  addLogin,
  addMcp,
];

export function buildProgram(run: (action: () => Promise<ExitCode | 'running'>) => Promise<void>): Command {
  const program = new Command('holdline')
    .description('Scan videos with Holdline and read the results: hold, cuts, dead stretches, moments, transcript.')
    .version('0.1.0')
    .option('--base-url <url>', `service URL (default $HOLDLINE_BASE_URL, the config file, or ${DEFAULT_BASE_URL})`)
    .option('--json', 'print only JSON on stdout')
    .showHelpAfterError()
    .exitOverride();
  // The global options are read when a command runs, after the whole line is parsed.
  const withCli: Run = (command) => run(() => command(processCli(program.opts<GlobalOptions>())));
  for (const add of COMMANDS) add(program, withCli);
  return program;
}

export async function main(argv: string[]): Promise<void> {
  let exitCode: ExitCode | undefined;
  let running = false;
  const run = async (action: () => Promise<ExitCode | 'running'>) => {
    try {
      const result = await action();
      if (result === 'running') running = true;
      else exitCode = result;
    } catch (error) {
      const failure = fromApiError(error);
      process.stderr.write(`holdline: ${failure.message}\n`);
      exitCode = failure.code;
    }
  };
  const program = buildProgram(run);
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version end well; every other parse problem is a usage error (commander printed it).
      const fine = error.code === 'commander.helpDisplayed' || error.code === 'commander.version';
      process.exitCode = fine ? EXIT.ok : EXIT.usage;
      return;
    }
    throw error;
  }
  if (!running) process.exitCode = exitCode ?? EXIT.ok;
}
