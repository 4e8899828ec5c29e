// `holdline scan`: uploads files (with a byte count) and submits URLs, at most
// SUBMIT_CONCURRENCY at a time, then waits for every scan at once and prints each read.

import { stat, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { SingleBar } from 'cli-progress';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { EXPORT_FORMATS } from '../../core/exports';
import { untilTimeout, type ExportFormat, type Scan } from '../../clients/js/src/index';
import { CliError, fromApiError, WAIT_LIMIT_MS, type Cli, type Run } from '../context';
import { EXIT, type ExitCode } from '../format';
import { terminalSafe } from '../terminal-text';
import { uploadWithProgress } from '../upload';

/** Uploads and submissions at a time; waiting for results is only polling, so every scan waits at once. */
const SUBMIT_CONCURRENCY = 3;

interface ScanOptions {
  title?: string;
  webhookUrl?: string;
  wait: boolean;
  export?: string;
  out?: string;
}

export function addScan(program: Command, run: Run): void {
  program
    .command('scan')
    .description('scan video files or URLs; shows a progress bar per scan, then the read')
    .argument('<inputs...>', 'local video files or public http(s) URLs')
    .option('--title <title>', 'title for the scan(s)')
    .option('--webhook-url <url>', "public http(s) URL that receives each scan's signed completion event", httpUrl('--webhook-url'))
    .option('--no-wait', 'print the queued scan ids and return at once')
    .addOption(new Option('--export <format>', 'also download this export of each finished scan').choices([...EXPORT_FORMATS]))
    .option('--out <dir>', 'directory for --export files (default: the current one)')
    .action((inputs: string[], options: ScanOptions) => run((cli) => scanCommand(cli, inputs, options)));
}

export async function scanCommand(cli: Cli, inputs: string[], options: ScanOptions): Promise<ExitCode> {
  if (options.export && !options.wait) throw new CliError(EXIT.usage, '--export needs the finished scan; drop --no-wait');
  // Every local file is checked before anything is sent, so a typo costs no quota.
  for (const input of inputs) {
    if (isUrl(input)) continue;
    const info = await stat(input).catch(() => null);
    if (!info) throw new CliError(EXIT.usage, `no file at ${input}`);
    if (!info.isFile()) throw new CliError(EXIT.usage, `${input} is not a regular file`);
  }
  const { client, baseUrl, apiKey } = await cli.connect({ needKey: true });
  const bars = cli.bars('{name} {bar} {value_text} {stage}');
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
      const say = (stage: string) => (bar ? undefined : cli.note(`${terminalSafe(shortName(input))}: ${stage}`));
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
  if (cli.json) {
    const shown = results.map((r) => r.scan ?? { input: r.input, error: { detail: r.error!.message, exit_code: r.error!.code } });
    cli.printJson(inputs.length === 1 ? shown[0] : shown);
  }
  for (const result of results) {
    if (result.error) {
      cli.note(`holdline: ${result.input}: ${result.error.message}`);
      worst(result.error.code);
      continue;
    }
    const scan = result.scan!;
    if (scan.status === 'error') worst(EXIT.scanError);
    if (cli.json) continue;
    if (inputs.length > 1) cli.out(cli.style.dim(`— ${result.input}`));
    cli.printScan(scan, options.title);
    if (result.exported) cli.out(`${options.export} written to ${result.exported}`);
  }
  return code;
}

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

const isUrl = (input: string) => /^https?:\/\//i.test(input);
const shortName = (input: string) => (isUrl(input) ? input.replace(/^https?:\/\//i, '') : input.split(/[\\/]/).pop() || input);
const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
