// What every `holdline` command shares, in one place: the global options, the
// streams (results on stdout, only JSON with --json; progress and errors on
// stderr; no colour or bars unless the stream is a terminal), the service it
// talks to (address and key from the options, the environment and the config
// file) and failures as exit codes (EXIT in format.ts). A command is a function
// of a `Cli` and its own arguments; main.ts builds the `Cli` once the options
// are parsed.

import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { MultiBar, Presets } from 'cli-progress';
import { InvalidArgumentError } from 'commander';
import { Holdline, HoldlineError, InvalidArgumentError as RefusedBeforeSending, type CompleteScan, type Scan } from '../clients/js/src/index';
import { configPath, readConfig } from './config';
import { ansiStyle, EXIT, exitCodeForStatus, plainStyle, readLines, type ExitCode, type Style } from './format';
import { terminalSafe, terminalSafeDeep, terminalSafeJson } from './terminal-text';

export const DEFAULT_BASE_URL = 'http://127.0.0.1:8080';

/** How long `scan`, `wait` and `recut` wait for a result before giving up waiting (the work goes on). */
export const WAIT_LIMIT_MS = 6 * 3600 * 1000;

/** The options given before the command. */
export interface GlobalOptions {
  baseUrl?: string;
  json?: boolean;
}

/** A failure with its exit code and a sentence for people (service-supplied parts made terminal-safe). */
export class CliError extends Error {
  constructor(
    readonly code: ExitCode,
    message: string,
  ) {
    super(terminalSafe(message));
  }
}

/** A failure as the CLI reports it: its exit code and the sentence after `holdline: `. */
export function fromApiError(error: unknown): CliError {
  if (error instanceof CliError) return error;
  if (error instanceof RefusedBeforeSending) return new CliError(EXIT.usage, error.detail);
  if (error instanceof HoldlineError) {
    const wait = error.retryAfter !== undefined ? ` (retry after ${error.retryAfter} s)` : '';
    return new CliError(exitCodeForStatus(error.status), `${error.status === 0 ? error.detail : `${error.status}: ${error.detail}`}${wait}`);
  }
  return new CliError(EXIT.scanError, error instanceof Error ? error.message : String(error));
}

/** The service a command talks to: its address (no trailing slash), the key if there is one, and the JS client over both. */
export interface Connection {
  baseUrl: string;
  apiKey: string | undefined;
  client: Holdline;
}

/** What a command is given besides its own arguments. */
export interface Cli {
  readonly globals: GlobalOptions;
  /** `--json`: stdout carries only JSON. */
  readonly json: boolean;
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WriteStream;
  /** Colour on stdout, when it is a colour terminal. */
  readonly style: Style;
  /** Colour on stderr, when it is a colour terminal. */
  readonly errStyle: Style;
  /** A line of the result on stdout. */
  out(line?: string): void;
  /** A line of progress or of an error on stderr. */
  note(line: string): void;
  /** A value as the result with --json: pretty JSON, terminal controls escaped, nothing dropped. */
  printJson(value: unknown): void;
  /** A scan as text: a complete one's read under `title` (else its own), an error with its detail, else its state. */
  printScan(scan: Scan, title?: string | null): void;
  /** Progress bars on stderr in `format` when it is a terminal (even with --json); null when progress goes as plain lines. */
  bars(format: string): MultiBar | null;
  /** A secret (key, password) never taken from argv: typed blind on a terminal after `prompt`, else all of stdin. */
  readSecret(prompt: string): Promise<string>;
  /** The service from --base-url, the environment or the config file; `needKey` makes a missing key an auth failure (exit 3). */
  connect(options: { needKey: boolean }): Promise<Connection>;
}

/** How main.ts runs a command: with the `Cli` of the parsed options, its outcome (or failure) turned into the exit code. */
export type Run = (command: (cli: Cli) => Promise<ExitCode | 'running'>) => Promise<void>;

/** The `Cli` over this process's streams and environment. */
export function processCli(globals: GlobalOptions): Cli {
  const { stdout, stderr } = process;
  const isTerminal = Boolean(stdout.isTTY) && !process.env.NO_COLOR && process.env.TERM !== 'dumb';
  const barsOnStderr = Boolean(stderr.isTTY) && process.env.TERM !== 'dumb';
  const style: Style = isTerminal ? ansiStyle : plainStyle;
  const out = (line = '') => stdout.write(`${line}\n`);
  return {
    globals,
    json: Boolean(globals.json),
    stdout,
    stderr,
    style,
    errStyle: stderr.isTTY && !process.env.NO_COLOR ? ansiStyle : plainStyle,
    out,
    note: (line) => stderr.write(`${line}\n`),
    // Human output shows service text through terminalSafe (piped output too: it may reach a
    // terminal later through `cat` or `less -R`); JSON escapes the controls instead, losing nothing.
    printJson: (value) => out(terminalSafeJson(value)),
    printScan: (fromService, title) => {
      const scan = terminalSafeDeep(fromService);
      if (scan.status === 'complete') {
        for (const line of readLines({ ...(scan as CompleteScan), title: title ? terminalSafe(title) : scan.title }, style)) out(line);
      } else if (scan.status === 'error') {
        out(`${scan.scan_id} ${style.red('error')}: ${scan.detail}`);
      } else {
        out(`${scan.scan_id} ${scan.status} (${scan.pct}%); read it later with: holdline get ${scan.scan_id}`);
      }
    },
    bars: (format) =>
      barsOnStderr
        ? new MultiBar({ format, hideCursor: true, clearOnComplete: false, stopOnComplete: false, barsize: 20, stream: stderr }, Presets.shades_classic)
        : null,
    readSecret: async (prompt) => {
      // Not argv: that is readable by every local user (ps, /proc/<pid>/cmdline) while the command runs.
      if (process.stdin.isTTY) {
        stderr.write(prompt);
        const blind = new Writable({ write: (_chunk, _encoding, done) => done() });
        const reader = createInterface({ input: process.stdin, output: blind, terminal: true });
        const typed = await reader.question('');
        reader.close();
        stderr.write('\n');
        return typed;
      }
      let text = '';
      for await (const chunk of process.stdin) text += String(chunk);
      return text;
    },
    connect: async ({ needKey }) => {
      let config: Awaited<ReturnType<typeof readConfig>>;
      try {
        config = await readConfig();
      } catch (error) {
        throw new CliError(EXIT.usage, `cannot read the config file ${configPath()}: ${(error as Error).message}`);
      }
      const baseUrl = (globals.baseUrl ?? process.env.HOLDLINE_BASE_URL ?? config.base_url ?? DEFAULT_BASE_URL).trim();
      try {
        const url = new URL(baseUrl);
        if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)');
      } catch {
        throw new CliError(EXIT.usage, `the base URL is not an http(s) URL: ${baseUrl}`);
      }
      const apiKey = process.env.HOLDLINE_API_KEY?.trim() || config.api_key || undefined;
      if (needKey && !apiKey) throw new CliError(EXIT.auth, 'no API key: set HOLDLINE_API_KEY or run `holdline login`');
      return { baseUrl: baseUrl.replace(/\/+$/, ''), apiKey, client: new Holdline({ baseUrl, apiKey }) };
    },
  };
}

/** An option parser for a whole number from `min` to `max` (commander prints the sentence, exit 2). */
export function integer(name: string, min: number, max: number) {
  return (value: string) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`${name} must be a whole number from ${min} to ${max}`);
    return n;
  };
}
