// `holdline recut ID`: the recut agent's tighter cut of a complete scan (Agents plan),
// with a progress bar, then the figures before and after.

import type { Command } from 'commander';
import { untilTimeout, type Recut } from '../../clients/js/src/index';
import { integer, WAIT_LIMIT_MS, type Cli, type Run } from '../context';
import { EXIT, humanDuration, type ExitCode } from '../format';
import { terminalSafe, terminalSafeDeep } from '../terminal-text';

interface RecutOptions {
  goal?: string;
  maxSeconds?: number;
  wait: boolean;
}

export function addRecut(program: Command, run: Run): void {
  program
    .command('recut')
    .description('ask the recut agent for a tighter cut of a complete scan (Agents plan)')
    .argument('<scan_id>')
    .option('--goal <text>', 'what the cut is for')
    .option('--max-seconds <n>', 'longest the recut may be', integer('--max-seconds', 1, 86_400))
    .option('--no-wait', 'print the queued recut id and return at once')
    .action((scanId: string, options: RecutOptions) => run((cli) => recutCommand(cli, scanId, options)));
}

export async function recutCommand(cli: Cli, scanId: string, options: RecutOptions): Promise<ExitCode> {
  const { client } = await cli.connect({ needKey: true });
  const queued = await client.recuts.create(scanId, { goal: options.goal, maxSeconds: options.maxSeconds });
  let recut: Recut = { recut_id: queued.recut_id, status: 'queued', pct: 0, stage: 'queued' };
  if (options.wait) {
    const bars = cli.bars(`${terminalSafe(queued.recut_id)} {bar} {value}% {stage}`);
    const bar = bars?.create(100, 0, { stage: 'queued' });
    let last = '';
    try {
      recut = await untilTimeout<Recut>(() =>
        client.recuts.wait(queued.recut_id, {
          timeoutMs: WAIT_LIMIT_MS,
          onProgress: (state) => {
            const shown = terminalSafe(state.stage);
            bar?.update(state.pct, { stage: shown });
            if (!bar && shown !== last) cli.note(`${terminalSafe(queued.recut_id)}: ${shown}`);
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
  if (cli.json) {
    cli.printJson(recut);
    return recut.status === 'error' ? EXIT.scanError : EXIT.ok;
  }
  recut = terminalSafeDeep(recut);
  const { style } = cli;
  if (recut.status === 'complete') {
    const figures = (f: typeof recut.before) =>
      `score ${f.score} (${f.grade}), hook ${f.hook}, ${f.dead_seconds} dead s, ${humanDuration(f.duration_sec)}, average hold ${f.average_hold}`;
    cli.out(style.bold(`${recut.recut_id} complete: kept ${recut.segments.map((s) => `${s.start}–${s.end} s`).join(', ')}`));
    cli.out(`before  ${figures(recut.before)}`);
    cli.out(`after   ${figures(recut.after)}`);
    cli.out(recut.rationale);
    cli.out(style.dim(`re-scan ${recut.scan_id}; proposed by ${recut.proposed_by === 'model' ? `the model (${recut.base_model})` : 'the rules'}`));
  } else if (recut.status === 'error') cli.out(`${recut.recut_id} ${style.red('error')}: ${recut.detail}`);
  else cli.out(`${recut.recut_id} ${recut.status} (${recut.stage}, ${recut.pct}%)`);
  return recut.status === 'error' ? EXIT.scanError : EXIT.ok;
}
