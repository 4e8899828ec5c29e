// `holdline`: the command line of the Holdline API. It talks only to the HTTP
// API (through the same client the MCP server uses). Exit codes are in
// format.ts (EXIT) and the README; stdout carries results (only JSON with
// --json), stderr carries progress and errors; no colour or bars unless
// stdout is a terminal.

import { rmSync } from 'node:fs';
import { open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MultiBar, Presets, type SingleBar } from 'cli-progress';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import OpenAI from 'openai';
import { EXPORT_FORMATS, RECUT_EXPORT_FORMATS, type RecutExportFormat } from '../core/exports';
import { MAX_RETENTION_DAYS } from '../core/retention';
import {
  Holdline,
  HoldlineError,
  type ExportFormat,
  InvalidArgumentError as RefusedBeforeSending,
  untilTimeout,
  type CompleteScan,
  type Recut,
  type Scan,
  type ScanListItem,
} from '../clients/js/src/index';
import { configPath, readConfig, writeConfig } from './config';
import {
  ansiStyle,
  count,
  defaultArchiveName,
  EXIT,
  exitCodeForStatus,
  humanDuration,
  plainStyle,
  readLines,
  retentionLines,
  type ExitCode,
  type Style,
} from './format';
import { terminalSafe, terminalSafeDeep, terminalSafeJson } from './terminal-text';
import { uploadWithProgress } from './upload';

const DEFAULT_BASE_URL = 'http://127.0.0.1:8080';
/** Uploads and submissions at a time; waiting for results is only polling, so every scan waits at once. */
const SUBMIT_CONCURRENCY = 3;

/** Runs at most `n` of the tasks given to it at a time (tasks are all handed over at once here). */
function limitTo(n: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/** How long `scan` and `recut` wait for a result before giving up waiting (the work goes on). */
const WAIT_LIMIT_MS = 6 * 3600 * 1000;

/** A failure with its exit code and a sentence for people (service-supplied parts made terminal-safe). */
class CliError extends Error {
  constructor(
    readonly code: ExitCode,
    message: string,
  ) {
    super(terminalSafe(message));
  }
}

interface GlobalOptions {
  baseUrl?: string;
  json?: boolean;
}

const isTerminal = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR && process.env.TERM !== 'dumb';
/** Progress goes to stderr (also with --json): bars on a terminal, plain lines otherwise. */
const barsOnStderr = Boolean(process.stderr.isTTY) && process.env.TERM !== 'dumb';
const newBars = (format: string) =>
  new MultiBar({ format, hideCursor: true, clearOnComplete: false, stopOnComplete: false, barsize: 20, stream: process.stderr }, Presets.shades_classic);

const style: Style = isTerminal ? ansiStyle : plainStyle;
const errStyle: Style = process.stderr.isTTY && !process.env.NO_COLOR ? ansiStyle : plainStyle;

const out = (line = '') => process.stdout.write(`${line}\n`);
const note = (line: string) => process.stderr.write(`${line}\n`);
// Human output shows service text through terminalSafe (piped output too: it may reach a
// terminal later through `cat` or `less -R`); JSON escapes the controls instead, losing nothing.
const printJson = (value: unknown) => out(terminalSafeJson(value));

async function context(globals: GlobalOptions, options: { needKey: boolean }) {
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
  if (options.needKey && !apiKey) throw new CliError(EXIT.auth, 'no API key: set HOLDLINE_API_KEY or run `holdline login`');
  return { baseUrl: baseUrl.replace(/\/+$/, ''), apiKey, client: new Holdline({ baseUrl, apiKey }) };
}

/** A failure as the CLI reports it: its exit code and the sentence after `holdline: `. */
export function fromApiError(error: unknown): CliError {
  if (error instanceof CliError) return error;
  if (error instanceof RefusedBeforeSending) return new CliError(EXIT.usage, error.detail);
  if (error instanceof HoldlineError) {
    const wait = error.retryAfter !== undefined ? ` (retry after ${error.retryAfter} s)` : '';
    return new CliError(exitCodeForStatus(error.status), `${error.status === 0 ? error.detail : `${error.status}: ${error.detail}`}${wait}`);
  }
  if (error instanceof OpenAI.APIError) {
    if (error instanceof OpenAI.APIConnectionError) return new CliError(EXIT.unreachable, `cannot reach Holdline: ${error.message}`);
    // The model interface's own sentence (`error.message` of its body); the client's message would lead with the bare status.
    const body = error.error as { message?: unknown } | undefined;
    const message = typeof body?.message === 'string' ? body.message : `the service answered with status ${error.status ?? 'unknown'}`;
    return new CliError(exitCodeForStatus(error.status ?? 0), `${error.status ? `${error.status}: ` : ''}${message}`);
  }
  return new CliError(EXIT.scanError, error instanceof Error ? error.message : String(error));
}

// ------------------------------------------------------------------ scan

interface ScanOptions {
  title?: string;
  webhookUrl?: string;
  wait: boolean;
  export?: string;
  out?: string;
}

const isUrl = (input: string) => /^https?:\/\//i.test(input);

async function scanCommand(inputs: string[], options: ScanOptions, globals: GlobalOptions): Promise<ExitCode> {
  if (options.export && !options.wait) throw new CliError(EXIT.usage, '--export needs the finished scan; drop --no-wait');
  // Every local file is checked before anything is sent, so a typo costs no quota.
  for (const input of inputs) {
    if (isUrl(input)) continue;
    const info = await stat(input).catch(() => null);
    if (!info) throw new CliError(EXIT.usage, `no file at ${input}`);
    if (!info.isFile()) throw new CliError(EXIT.usage, `${input} is not a regular file`);
  }
  const { client, baseUrl, apiKey } = await context(globals, { needKey: true });
  const bars = barsOnStderr ? newBars('{name} {bar} {value_text} {stage}') : null;
  const width = Math.min(40, Math.max(...inputs.map((input) => shortName(input).length)));
  const submitting = limitTo(SUBMIT_CONCURRENCY);
  // Ctrl-C: the bars give the terminal back its cursor; submitted scans go on and can be read with `holdline get`.
  const interrupted = () => {
    bars?.stop();
    process.exit(130);
  };
  process.once('SIGINT', interrupted);

  // The bars are stopped whatever happens: a MultiBar left running keeps the process alive, redrawing.
  const results = await Promise.all(
    inputs.map(async (input) => {
      const name = shortName(input).padEnd(width).slice(0, width);
      const bar: SingleBar | undefined = bars?.create(100, 0, { name, value_text: '', stage: 'waiting to send' });
      const say = (stage: string) => (bar ? undefined : note(`${terminalSafe(shortName(input))}: ${stage}`));
      try {
        let lastStep = -1;
        const queued: { scan_id: string } = await submitting(() => {
          bar?.update({ stage: isUrl(input) ? 'submitting' : 'uploading' });
          if (isUrl(input)) return client.scans.create({ url: input, title: options.title, webhookUrl: options.webhookUrl });
          return uploadWithProgress({
            baseUrl,
            apiKey: apiKey!,
            path: input,
            title: options.title,
            webhookUrl: options.webhookUrl,
            onBytes: (sent, total) => {
              if (bar) {
                bar.setTotal(Math.max(1, total));
                bar.update(sent, { value_text: `${megabytes(sent)}/${megabytes(total)} MB`, stage: 'uploading' });
                // The bars redraw on a timer; a small file may be sent between two frames, so its last byte is drawn at once.
                if (sent >= total) bars?.update();
              } else {
                const step = Math.floor((sent / Math.max(1, total)) * 4);
                if (step > lastStep) {
                  lastStep = step;
                  say(`uploaded ${megabytes(sent)}/${megabytes(total)} MB`);
                }
              }
            },
          });
        });
        const queuedId = terminalSafe(queued.scan_id);
        bar?.setTotal(100);
        bar?.update(0, { value_text: '0%', stage: `${queuedId} queued` });
        say(`${queuedId} queued`);
        if (!options.wait) return { input, scan: { scan_id: queued.scan_id, status: 'queued', pct: 0 } as Scan };
        let lastState = '';
        const scan: Scan = await untilTimeout<Scan>(() =>
          client.scans.wait(queued.scan_id, {
            timeoutMs: WAIT_LIMIT_MS,
            onProgress: (state) => {
              const shown = terminalSafe(`${state.scan_id} ${state.status}`);
              bar?.update(state.pct, { value_text: `${state.pct}%`, stage: shown });
              if (`${shown} ${state.pct}%` !== lastState) say(`${shown} ${state.pct}%`);
              lastState = `${shown} ${state.pct}%`;
            },
          }),
        );
        bar?.update(scan.status === 'complete' ? 100 : (scan.pct ?? 0), {
          value_text: scan.status === 'complete' ? '100%' : '',
          stage: terminalSafe(`${scan.scan_id} ${scan.status}`),
        });
        let exported: string | undefined;
        if (scan.status === 'complete' && options.export) {
          const file = await client.scans.export(scan.scan_id, options.export as ExportFormat);
          exported = resolve(options.out ?? '.', file.filename);
          await writeFile(exported, file.body);
        }
        return { input, scan, exported };
      } catch (error) {
        bar?.update({ stage: 'failed' });
        return { input, error: fromApiError(error) };
      }
    }),
  ).finally(() => {
    bars?.stop();
    process.off('SIGINT', interrupted);
  });

  let code: ExitCode = EXIT.ok;
  const worst = (next: ExitCode) => {
    if (next > code) code = next;
  };
  if (globals.json) {
    const shown = results.map((r) => r.scan ?? { input: r.input, error: { detail: r.error!.message, exit_code: r.error!.code } });
    printJson(inputs.length === 1 ? shown[0] : shown);
  }
  for (const result of results) {
    if (result.error) {
      note(`holdline: ${result.input}: ${result.error.message}`);
      worst(result.error.code);
      continue;
    }
    const scan = result.scan!;
    if (scan.status === 'error') worst(EXIT.scanError);
    if (globals.json) continue;
    if (inputs.length > 1) out(style.dim(`— ${result.input}`));
    printScan(scan, options.title);
    if (result.exported) out(`${options.export} written to ${result.exported}`);
  }
  return code;
}

/**
 * A scan on the terminal: a complete one's read under its title, the one given
 * (`--title`) or else the scan's own (which the service took from the file's name
 * when none was given).
 */
function printScan(fromService: Scan, title?: string | null) {
  const scan = terminalSafeDeep(fromService);
  if (scan.status === 'complete') {
    for (const line of readLines({ ...(scan as CompleteScan), title: title ? terminalSafe(title) : scan.title }, style)) out(line);
  } else if (scan.status === 'error') {
    out(`${scan.scan_id} ${style.red('error')}: ${scan.detail}`);
  } else {
    out(`${scan.scan_id} ${scan.status} (${scan.pct}%); read it later with: holdline get ${scan.scan_id}`);
  }
}

function listLine(entry: ScanListItem): string {
  const read =
    entry.status === 'complete' ? `${entry.grade} ${entry.score} ${entry.label} ${humanDuration(entry.duration_sec ?? 0)}` : `${entry.status} ${entry.pct}%`;
  return `${entry.scan_id}  ${read.padEnd(28)}  ${entry.created_at.slice(0, 16).replace('T', ' ')}  ${entry.title ?? ''}`.trimEnd();
}

const shortName = (input: string) => (isUrl(input) ? input.replace(/^https?:\/\//i, '') : input.split(/[\\/]/).pop() || input);
const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

// ------------------------------------------------------------------ wait

/**
 * `holdline export ID --format F`: one export of a complete scan, written to
 * `--out` (a file, or a directory for the served file name; the current
 * directory by default) or, with `--out -`, to stdout. No key is needed for a
 * published scan.
 */
async function exportCommand(scanId: string, options: { format: ExportFormat; out?: string }, globals: GlobalOptions): Promise<ExitCode> {
  const { client } = await context(globals, { needKey: false });
  return writeExport({ scan_id: scanId }, options, await client.scans.export(scanId, options.format), globals);
}

/**
 * `holdline recut-export ID --format F`: a complete recut's cut list on its source as an
 * editor timeline (edl, otio, fcpxml, markers.csv), written as `holdline export` writes.
 */
async function recutExportCommand(
  recutId: string,
  options: { format: RecutExportFormat; recordStart?: string; out?: string },
  globals: GlobalOptions,
): Promise<ExitCode> {
  const { client } = await context(globals, { needKey: true });
  const file = await client.recuts.export(recutId, options.format, options.recordStart === undefined ? {} : { recordStart: options.recordStart });
  return writeExport({ recut_id: recutId }, options, file, globals);
}

/** An export to `--out` (a file, or a directory for the served name; the current directory by default), or to stdout with `--out -`. */
async function writeExport(
  of: { scan_id: string } | { recut_id: string },
  options: { format: string; out?: string },
  file: { body: string; contentType: string; filename: string },
  globals: GlobalOptions,
): Promise<ExitCode> {
  const id = 'scan_id' in of ? of.scan_id : of.recut_id;
  if (options.out === '-') {
    process.stdout.write(file.body);
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
  if (globals.json) printJson({ ...of, format: options.format, filename: file.filename, content_type: file.contentType, bytes, path });
  else out(`${options.format} of ${id} written to ${path} (${count(bytes, 'byte')})`);
  return EXIT.ok;
}

async function waitCommand(scanId: string, options: { timeout?: number }, globals: GlobalOptions): Promise<ExitCode> {
  const { client } = await context(globals, { needKey: true });
  const bars = barsOnStderr ? newBars('{name} {bar} {value}% {stage}') : null;
  const bar = bars?.create(100, 0, { name: terminalSafe(scanId), stage: 'waiting' });
  let last = '';
  let scan: Scan;
  try {
    scan = await untilTimeout<Scan>(() =>
      client.scans.wait(scanId, {
        timeoutMs: (options.timeout ?? WAIT_LIMIT_MS / 1000) * 1000,
        onProgress: (state) => {
          const shown = terminalSafe(`${state.status} ${state.pct}%`);
          bar?.update(state.pct, { stage: terminalSafe(state.status) });
          if (!bar && shown !== last) note(`${terminalSafe(scanId)}: ${shown}`);
          last = shown;
        },
      }),
    );
    bar?.update(scan.status === 'complete' ? 100 : (scan.pct ?? 0), { stage: scan.status });
  } finally {
    bars?.stop();
  }
  if (globals.json) printJson(scan);
  else printScan(scan);
  if (scan.status === 'error') return EXIT.scanError;
  return scan.status === 'complete' ? EXIT.ok : EXIT.stillRunning;
}

// ------------------------------------------------------------------ chat

async function chatCommand(task: string, options: { model?: string }, globals: GlobalOptions): Promise<ExitCode> {
  const { baseUrl, apiKey } = await context(globals, { needKey: true });
  // The official client reads the OpenAI-compatible stream; retries are left to the user.
  const openai = new OpenAI({ baseURL: `${baseUrl}/v1`, apiKey, maxRetries: 0, timeout: 30 * 60 * 1000 });
  const model = options.model ?? (await openai.models.list()).data[0]?.id;
  if (!model) throw new CliError(EXIT.unreachable, 'the service offers no chat model');
  const messages = [{ role: 'user' as const, content: task }];
  if (globals.json) {
    printJson(await openai.chat.completions.create({ model, messages }));
    return EXIT.ok;
  }
  const stream = await openai.chat.completions.create({ model, messages, stream: true });
  let answered = false;
  for await (const chunk of stream) {
    const delta = chunk.choices[0]?.delta as { content?: string | null; reasoning_content?: string } | undefined;
    if (delta?.reasoning_content) process.stderr.write(errStyle.dim(terminalSafe(delta.reasoning_content)));
    if (delta?.content) {
      process.stdout.write(terminalSafe(delta.content));
      answered = true;
    }
  }
  if (answered) out();
  return EXIT.ok;
}

// ------------------------------------------------------------------ recut

async function recutCommand(scanId: string, options: { goal?: string; maxSeconds?: number; wait: boolean }, globals: GlobalOptions): Promise<ExitCode> {
  const { client } = await context(globals, { needKey: true });
  const queued = await client.recuts.create(scanId, { goal: options.goal, maxSeconds: options.maxSeconds });
  let recut: Recut = { recut_id: queued.recut_id, status: 'queued', pct: 0, stage: 'queued' };
  if (options.wait) {
    const bars = barsOnStderr ? newBars(`${terminalSafe(queued.recut_id)} {bar} {value}% {stage}`) : null;
    const bar = bars?.create(100, 0, { stage: 'queued' });
    let last = '';
    try {
      recut = await untilTimeout<Recut>(() =>
        client.recuts.wait(queued.recut_id, {
          timeoutMs: WAIT_LIMIT_MS,
          onProgress: (state) => {
            const shown = terminalSafe(state.stage);
            bar?.update(state.pct, { stage: shown });
            if (!bar && shown !== last) note(`${terminalSafe(queued.recut_id)}: ${shown}`);
            last = shown;
          },
        }),
      );
      bar?.update(recut.status === 'complete' ? 100 : (recut.pct ?? 0), { stage: recut.status });
    } finally {
      // Stopping the MultiBar (not only its bar) ends its redraw timer, so the command exits.
      bars?.stop();
    }
  }
  if (globals.json) {
    printJson(recut);
    return recut.status === 'error' ? EXIT.scanError : EXIT.ok;
  }
  recut = terminalSafeDeep(recut);
  if (recut.status === 'complete') {
    const figures = (f: typeof recut.before) =>
      `score ${f.score} (${f.grade}), hook ${f.hook}, ${f.dead_seconds} dead s, ${humanDuration(f.duration_sec)}, average hold ${f.average_hold}`;
    out(style.bold(`${recut.recut_id} complete: kept ${recut.segments.map((s) => `${s.start}–${s.end} s`).join(', ')}`));
    out(`before  ${figures(recut.before)}`);
    out(`after   ${figures(recut.after)}`);
    out(recut.rationale);
    out(style.dim(`re-scan ${recut.scan_id}; proposed by ${recut.proposed_by === 'model' ? `the model (${recut.base_model})` : 'the rules'}`));
  } else if (recut.status === 'error') out(`${recut.recut_id} ${style.red('error')}: ${recut.detail}`);
  else out(`${recut.recut_id} ${recut.status} (${recut.stage}, ${recut.pct}%)`);
  return recut.status === 'error' ? EXIT.scanError : EXIT.ok;
}

// ------------------------------------------------------------------ login

/**
 * A secret read without putting it in argv (readable by every local user while the
 * command runs): typed blind on a terminal (the prompt is shown, the echo is not), else
 * all of stdin, as it came.
 */
async function readSecret(promptText: string): Promise<string> {
  if (process.stdin.isTTY) {
    process.stderr.write(promptText);
    const blind = new Writable({ write: (_chunk, _encoding, done) => done() });
    const prompt = createInterface({ input: process.stdin, output: blind, terminal: true });
    const typed = await prompt.question('');
    prompt.close();
    process.stderr.write('\n');
    return typed;
  }
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text;
}

async function loginCommand(options: { key?: string }, globals: GlobalOptions): Promise<ExitCode> {
  // A key in argv is readable by every local user (ps, /proc/<pid>/cmdline) while the command runs.
  if (options.key !== undefined) {
    throw new CliError(
      EXIT.usage,
      '--key is not taken: a key on the command line is visible to other users of this machine; run `holdline login` and paste it, or pipe it: `printenv HOLDLINE_KEY | holdline login`',
    );
  }
  const key = (await readSecret('API key (sk_sig_…): ')).trim();
  if (!key || !/^sk_sig_\S+$/.test(key)) throw new CliError(EXIT.usage, 'that is not a Holdline key (sk_sig_…)');
  const { baseUrl } = await context(globals, { needKey: false });
  // A key the service refuses is not saved.
  await new Holdline({ baseUrl, apiKey: key, retry: { maxRetries: 0 } }).scans.list({ limit: 1 });
  const path = configPath();
  const existing = await readConfig(path).catch(() => ({}));
  await writeConfig({ ...existing, api_key: key, ...(globals.baseUrl ? { base_url: baseUrl } : {}) }, path);
  if (globals.json) printJson({ config: path, base_url: baseUrl });
  else out(`Key saved to ${path} (mode 600) for ${baseUrl}.`);
  return EXIT.ok;
}

// ------------------------------------------------------------------ account

/**
 * `holdline account close EMAIL`: `DELETE /v1/account`, confirmed by the email and the
 * account's password (the key alone cannot close an account). The password is read
 * like a key at login, never from argv; left empty it is not sent, which only an
 * account that never set one (made by `npm run account:create`) can close with.
 */
async function accountCloseCommand(email: string, globals: GlobalOptions): Promise<ExitCode> {
  const { client } = await context(globals, { needKey: true });
  // Its first line, as typed: a password may begin or end with spaces.
  const password = (await readSecret('Password of the account (empty if it has none): ')).split(/\r?\n/)[0] ?? '';
  const closed = await client.account.close({ email, ...(password === '' ? {} : { password }) });
  if (globals.json) printJson(closed);
  else
    out(
      closed.status === 'closed'
        ? 'Account closed: its scans, videos, keys and sessions are removed, and this key no longer works.'
        : 'Account closing: its key no longer works and the rest of its data is being removed.',
    );
  return EXIT.ok;
}

interface RetentionOptions {
  days?: number;
  keep?: boolean;
  default?: boolean;
  includePublished?: 'yes' | 'no';
}

/**
 * `holdline account retention`: shows the media retention, or sets what is given and
 * keeps the rest (the API resets a left-out `include_published`, so the current one is read first).
 */
async function retentionCommand(options: RetentionOptions, globals: GlobalOptions): Promise<ExitCode> {
  const { client } = await context(globals, { needKey: true });
  const days = options.days !== undefined ? options.days : options.keep ? 0 : options.default ? null : undefined;
  const includePublished = options.includePublished === undefined ? undefined : options.includePublished === 'yes';
  let setting = await client.account.retention();
  if (days !== undefined || includePublished !== undefined) {
    setting = await client.account.setRetention({
      mediaRetentionDays: days === undefined ? setting.media_retention_days : days,
      includePublished: includePublished ?? setting.include_published,
    });
  }
  if (globals.json) printJson(setting);
  else for (const line of retentionLines(setting)) out(line);
  return EXIT.ok;
}

/**
 * `holdline account export`: the account archive (GET /v1/account/export) streamed to a
 * file, `holdline-export-<date>.tar` by default, through `<file>.part` so that a cut-off
 * download never passes for a whole archive. `-o -` writes it to stdout, unless that is a terminal.
 */
async function accountExportCommand(options: { media?: boolean; output?: string }, globals: GlobalOptions): Promise<ExitCode> {
  if (options.output === '-') {
    if (process.stdout.isTTY)
      throw new CliError(EXIT.usage, 'the archive is a binary tar file, not for a terminal: name a file with -o FILE, or pipe -o - elsewhere');
    const { client } = await context(globals, { needKey: true });
    const archive = await client.account.export({ media: options.media });
    await pipeline(Readable.fromWeb(archive.body as Parameters<typeof Readable.fromWeb>[0]), process.stdout);
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
  const { client } = await context(globals, { needKey: true });
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
    note(`downloading the account archive${options.media ? ' with videos' : ''} to ${path}`);
    const archive = await client.account.export({ media: options.media });
    await pipeline(Readable.fromWeb(archive.body as Parameters<typeof Readable.fromWeb>[0]), file.createWriteStream());
    await rename(partial, path);
    const bytes = (await stat(path)).size;
    if (globals.json) printJson({ path, filename: archive.filename, bytes, media: Boolean(options.media) });
    else out(`archive written to ${path} (${count(bytes, 'byte')})`);
    return EXIT.ok;
  } catch (error) {
    await file.close().catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  } finally {
    process.off('SIGINT', interrupted);
  }
}

// ------------------------------------------------------------------ mcp

interface McpOptions {
  http?: boolean;
  port: number;
  host: string;
  allowedHost: string[];
  filesDir?: string;
}

async function mcpCommand(options: McpOptions, globals: GlobalOptions): Promise<ExitCode | 'running'> {
  const { baseUrl, apiKey } = await context(globals, { needKey: false });
  if (!options.http) {
    const { serveMcpStdio } = await import('../mcp/stdio');
    await serveMcpStdio({ baseUrl, apiKey });
    return 'running';
  }
  const { serveMcpHttp } = await import('../mcp/http');
  const allowedHosts = [...(process.env.HOLDLINE_MCP_ALLOWED_HOSTS ?? '').split(','), ...options.allowedHost].map((h) => h.trim()).filter((h) => h.length > 0);
  const filesDir = options.filesDir ?? (process.env.HOLDLINE_MCP_FILES_DIR?.trim() || undefined);
  const server = await serveMcpHttp({ baseUrl, port: options.port, host: options.host, allowedHosts, filesDir }).catch((error: NodeJS.ErrnoException) => {
    if (error.syscall === 'listen') throw new CliError(EXIT.usage, `cannot listen on ${options.host}:${options.port}: ${error.code ?? error.message}`);
    throw new CliError(EXIT.usage, `cannot share ${filesDir} for scan_file: ${error.code ?? error.message}`);
  });
  note(`holdline MCP server (Streamable HTTP) at ${server.url} for ${baseUrl}; send Authorization: Bearer sk_sig_…`);
  note(`accepting Host headers: ${server.allowedHosts.join(', ')} (add names with --allowed-host)`);
  note(server.filesRoot ? `scan_file reads only inside ${server.filesRoot}` : 'scan_file is not offered (share a folder with --files-dir)');
  const stop = () => void server.close().then(() => process.exit(EXIT.ok));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return 'running';
}

// ------------------------------------------------------------------ program

function integer(name: string, min: number, max: number) {
  return (value: string) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`${name} must be a whole number from ${min} to ${max}`);
    return n;
  };
}

/** An absolute http(s) URL (the service applies its public-address rule itself). */
function httpUrl(name: string) {
  return (value: string) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new InvalidArgumentError(`${name} must be an absolute http(s) URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InvalidArgumentError(`${name} must be an absolute http(s) URL`);
    return url.href;
  };
}

export function buildProgram(run: (action: () => Promise<ExitCode | 'running'>) => Promise<void>): Command {
  const program = new Command('holdline')
    .description('Scan videos with Holdline and read the results: hold, cuts, dead stretches, moments, transcript.')
    .version('0.1.0')
    .option('--base-url <url>', `service URL (default $HOLDLINE_BASE_URL, the config file, or ${DEFAULT_BASE_URL})`)
    .option('--json', 'print only JSON on stdout')
    .showHelpAfterError()
    .exitOverride();
  const globals = () => program.opts<GlobalOptions>();

  program
    .command('scan')
    .description('scan video files or URLs; shows a progress bar per scan, then the read')
    .argument('<inputs...>', 'local video files or public http(s) URLs')
    .option('--title <title>', 'title for the scan(s)')
    .option('--webhook-url <url>', "public http(s) URL that receives each scan's signed completion event", httpUrl('--webhook-url'))
    .option('--no-wait', 'print the queued scan ids and return at once')
    .addOption(new Option('--export <format>', 'also download this export of each finished scan').choices([...EXPORT_FORMATS]))
    .option('--out <dir>', 'directory for --export files (default: the current one)')
    .action((inputs: string[], options: ScanOptions) => run(() => scanCommand(inputs, options, globals())));

  program
    .command('export')
    .description(
      'download a complete scan as a file: subtitles, the series, an EDL, chapters, JSON, or an editor timeline with the read as markers (otio, fcpxml, markers.csv)',
    )
    .argument('<scan_id>')
    .addOption(new Option('--format <format>', 'the file format').choices([...EXPORT_FORMATS]).makeOptionMandatory())
    .option('--out <path>', 'file, or directory for the served file name (default: the current directory); - writes to stdout')
    .action((scanId: string, options: { format: ExportFormat; out?: string }) => run(() => exportCommand(scanId, options, globals())));

  program
    .command('recut-export')
    .description("download a complete recut's cut list on its source as an editor timeline (edl, otio, fcpxml, markers.csv)")
    .argument('<recut_id>')
    .addOption(new Option('--format <format>', 'the file format').choices([...RECUT_EXPORT_FORMATS]).makeOptionMandatory())
    .option('--record-start <timecode>', "the EDL's first record timecode, HH:MM:SS:FF (default 01:00:00:00)")
    .option('--out <path>', 'file, or directory for the served file name (default: the current directory); - writes to stdout')
    .action((recutId: string, options: { format: RecutExportFormat; recordStart?: string; out?: string }) =>
      run(() => recutExportCommand(recutId, options, globals())),
    );

  program
    .command('get')
    .description('show one of your scans')
    .argument('<scan_id>')
    .action((scanId: string) =>
      run(async () => {
        const { client } = await context(globals(), { needKey: true });
        const scan = await client.scans.get(scanId);
        if (globals().json) printJson(scan);
        else printScan(scan);
        return scan.status === 'error' ? EXIT.scanError : EXIT.ok;
      }),
    );

  program
    .command('wait')
    .description('wait for a scan to end (progress on stderr), then show it like get')
    .argument('<scan_id>')
    .option('--timeout <seconds>', 'stop waiting after this long (the scan goes on; exit 6)', integer('--timeout', 1, 86_400))
    .action((scanId: string, options: { timeout?: number }) => run(() => waitCommand(scanId, options, globals())));

  program
    .command('delete')
    .description('delete one of your scans for good: its video, read and recuts (a running scan is stopped first)')
    .argument('<scan_id>')
    .action((scanId: string) =>
      run(async () => {
        const { client } = await context(globals(), { needKey: true });
        const deleted = await client.scans.delete(scanId);
        if (globals().json) printJson(deleted);
        else out(deleted.status === 'deleted' ? `${scanId} deleted` : `${scanId} is being deleted (already gone from every read; the rest follows)`);
        return EXIT.ok;
      }),
    );

  program
    .command('cancel')
    .description('stop a queued or running scan (it ends in error, "cancelled"; nothing of its video is kept)')
    .argument('<scan_id>')
    .action((scanId: string) =>
      run(async () => {
        const { client } = await context(globals(), { needKey: true });
        const scan = await client.scans.cancel(scanId);
        if (globals().json) printJson(scan);
        else printScan(scan);
        return EXIT.ok;
      }),
    );

  program
    .command('list')
    .description('your scans, newest first')
    .option('--limit <n>', 'how many (1–100, default 20)', integer('--limit', 1, 100))
    .option('--offset <n>', 'how many to skip', integer('--offset', 0, 10_000))
    .option('--all', 'every scan, page after page (--limit is then the page size); with --json, one JSON array')
    .action((options: { limit?: number; offset?: number; all?: boolean }) =>
      run(async () => {
        const { client } = await context(globals(), { needKey: true });
        const { all, ...query } = options;
        if (all) {
          const entries = [];
          for await (const entry of client.scans.list(query)) {
            if (globals().json) entries.push(entry);
            else out(listLine(terminalSafeDeep(entry)));
          }
          if (globals().json) printJson(entries);
          return EXIT.ok;
        }
        const page = await client.scans.list(query);
        if (globals().json) printJson(page);
        else {
          for (const entry of terminalSafeDeep(page.data)) out(listLine(entry));
          out(
            style.dim(
              `${page.offset + 1}–${page.offset + page.data.length} of ${page.total}${page.has_more ? `; more with --offset ${page.offset + page.data.length}` : ''}`,
            ),
          );
        }
        return EXIT.ok;
      }),
    );

  program
    .command('demo')
    .description('the featured demo scan (no key needed)')
    .action(() =>
      run(async () => {
        const { client } = await context(globals(), { needKey: false });
        const scan = await client.demo();
        if (globals().json) printJson(scan);
        else printScan(scan);
        return EXIT.ok;
      }),
    );

  program
    .command('signals')
    .description('what each series reads (no key needed)')
    .action(() =>
      run(async () => {
        const { client } = await context(globals(), { needKey: false });
        const fromService = await client.signals();
        if (globals().json) printJson(fromService);
        else {
          const reference = terminalSafeDeep(fromService);
          out(
            style.bold(`Holdline signals ${reference.version}`) +
              ` — 0–100 per second (${reference.scale}); floor ${reference.floor}; ${reference.dead_min_seconds}+ s under it is dead`,
          );
          for (const signal of reference.signals)
            out(`${style.bold(signal.name.padEnd(9))}${signal.reads} Rises when ${signal.rises_when}; falls when ${signal.falls_when}.`);
        }
        return EXIT.ok;
      }),
    );

  program
    .command('usage')
    .description("this month's scans and chat calls")
    .action(() =>
      run(async () => {
        const { client } = await context(globals(), { needKey: true });
        const usage = terminalSafeDeep(await client.usage());
        if (globals().json) printJson(usage);
        else {
          out(`plan ${usage.plan}, ${usage.period.start.slice(0, 10)} to ${usage.period.end.slice(0, 10)}`);
          out(`scans  ${usage.scans_this_month} used, ${usage.scans_left} left`);
          out(`chat   ${count(usage.calls_this_month, 'call')} used, ${usage.calls_left} left, ${usage.tokens_used} tokens`);
        }
        return EXIT.ok;
      }),
    );

  program
    .command('chat')
    .description('ask the agents; their progress streams dimmed on stderr, then the answer on stdout')
    .argument('<task>')
    .option('--model <id>', 'model id (default: the first of GET /v1/models)')
    .action((task: string, options: { model?: string }) => run(() => chatCommand(task, options, globals())));

  program
    .command('recut')
    .description('ask the recut agent for a tighter cut of a complete scan (Agents plan)')
    .argument('<scan_id>')
    .option('--goal <text>', 'what the cut is for')
    .option('--max-seconds <n>', 'longest the recut may be', integer('--max-seconds', 1, 86_400))
    .option('--no-wait', 'print the queued recut id and return at once')
    .action((scanId: string, options: { goal?: string; maxSeconds?: number; wait: boolean }) => run(() => recutCommand(scanId, options, globals())));

  const account = program.command('account').description("your account's data: the media retention setting, the archive of every scan, closing the account");
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
    .action((options: RetentionOptions) => run(() => retentionCommand(options, globals())));
  account
    .command('export')
    .description('download every scan of the account as one tar archive (each read as JSON and a manifest; --media adds the videos)')
    .option('--media', 'add the stored videos (can be large)')
    .option(
      '-o, --output <file>',
      'file, or directory for holdline-export-<date>.tar (default: that name in the current directory); - writes to stdout when it is not a terminal',
    )
    .action((options: { media?: boolean; output?: string }) => run(() => accountExportCommand(options, globals())));
  account
    .command('close')
    .description(
      'close the account for good (every scan, video, key and session): confirmed by its email and its password, asked for (no echo) or read from stdin',
    )
    .argument('<email>', "the account's email")
    .action((email: string) => run(() => accountCloseCommand(email, globals())));

  program
    .command('login')
    .description(`check a key with the service and save it to ${configPath()} (mode 600); the key is asked for (no echo) or read from stdin`)
    // Hidden: kept only to refuse it with the reason (the key would sit in argv).
    .addOption(new Option('--key <key>').hideHelp())
    .action((options: { key?: string }) => run(() => loginCommand(options, globals())));

  program
    .command('mcp')
    .description('run the MCP server: stdio by default, Streamable HTTP with --http')
    .option('--http', "serve Streamable HTTP at /mcp, keyed by each caller's Bearer key")
    .option('--port <n>', 'HTTP port', integer('--port', 0, 65_535), 8765)
    .option('--host <host>', 'HTTP interface', '127.0.0.1')
    .option(
      '--allowed-host <name>',
      'with --http: a Host header value to accept besides loopback (name or name:port; repeatable; also HOLDLINE_MCP_ALLOWED_HOSTS)',
      (value: string, all: string[]) => [...all, value],
      [] as string[],
    )
    .option('--files-dir <dir>', 'with --http: the only folder scan_file may read (also HOLDLINE_MCP_FILES_DIR); unset, scan_file is not offered over HTTP')
    .action((options: McpOptions) => run(() => mcpCommand(options, globals())));

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
      note(`holdline: ${failure.message}`);
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
