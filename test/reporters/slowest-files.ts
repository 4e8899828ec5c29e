// A vitest reporter that lists the slowest test files once a run ends, so the
// time budget in docs/tests.md ("The time budget") can be kept file by file.
// It is listed before vitest's default reporter, so the default's closing lines
// (`Test Files … passed`, which CI reads) stay the last lines of the output.
// With HOLDLINE_FILE_TIMES set to a path it also writes every file's time there as
// JSON, so `npm test` can list the slowest of its two lanes together (slowest-of-run.ts).
import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

export interface FileTime {
  /** The file's path from the repository root. */
  file: string;
  /** The vitest project that ran it (`unit` or `integration`). */
  project: string;
  /** Milliseconds the file held its worker: preparing, importing, hooks and tests. */
  ms: number;
  /** Milliseconds spent importing it (module graph and describe callbacks), part of `ms`. */
  importMs: number;
}

/** The time a file held its worker, from vitest's per-module diagnostic. */
export function fileTime(module: TestModule, root: string): FileTime {
  const d = module.diagnostic();
  const ms = d.prepareDuration + d.environmentSetupDuration + d.setupDuration + d.collectDuration + d.duration;
  const file = module.moduleId.startsWith(`${root}/`) ? module.moduleId.slice(root.length + 1) : module.moduleId;
  return { file, project: module.project.name, ms, importMs: d.collectDuration };
}

/** The `count` slowest files, slowest first, as lines to print. */
export function formatSlowest(times: readonly FileTime[], count: number): string[] {
  const slowest = [...times].sort((a, b) => b.ms - a.ms).slice(0, count);
  if (slowest.length === 0) return [];
  const total = times.reduce((sum, t) => sum + t.ms, 0);
  const lines = [`Slowest ${slowest.length} of ${times.length} test files (${seconds(total)} in all, summed over workers):`];
  for (const t of slowest) {
    lines.push(`  ${seconds(t.ms).padStart(8)}  ${t.project.padEnd(11)} ${t.file}  (import ${seconds(t.importMs)})`);
  }
  return lines;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

export default class SlowestFilesReporter implements Reporter {
  private ctx: Vitest | undefined;
  private readonly count: number;

  /** Vitest passes the options written beside the reporter in the config (`[path, { count }]`), or `{}`. */
  constructor(options: { count?: number } = {}) {
    this.count = options.count ?? 10;
  }

  onInit(ctx: Vitest): void {
    this.ctx = ctx;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    if (!this.ctx) return;
    const root = this.ctx.config.root;
    const times = testModules.map((m) => fileTime(m, root));
    const out = process.env.HOLDLINE_FILE_TIMES;
    if (out) writeFileSync(out, JSON.stringify(times));
    const lines = formatSlowest(times, this.count);
    if (lines.length > 0) this.ctx.logger.log(['', ...lines].join('\n'));
  }
}
