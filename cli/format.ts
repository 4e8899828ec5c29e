// Pure formatting of the `holdline` command: exit codes, the hold sparkline
// and the read as lines of text. No I/O here; the commands (commands/, through
// context.ts) decide where it goes.

import { clockTime, spanEndTime } from '../core/summary';
import type { CompleteScan, DeadStretch } from '../core/wire/read';

/** The documented exit codes (docs/clients.md, "The `holdline` command"). */
export const EXIT = {
  ok: 0,
  /** A scan ended in error, or the service refused the request (400, 404, 409, 413). */
  scanError: 1,
  usage: 2,
  /** No key, or the key was refused (401) or is not allowed this (403). */
  auth: 3,
  /** Monthly quota or rate limit (429). */
  quota: 4,
  /** The service could not be reached or is unavailable (connection refused, timeouts, 502/503/504). */
  unreachable: 5,
  /** `holdline wait --timeout` ran out before the scan ended (it goes on). */
  stillRunning: 6,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** Exit code of a failed API call; status 0 means no answer at all. */
export function exitCodeForStatus(status: number): ExitCode {
  if (status === 0) return EXIT.unreachable;
  if (status === 401 || status === 403) return EXIT.auth;
  if (status === 429) return EXIT.quota;
  if (status === 502 || status === 503 || status === 504) return EXIT.unreachable;
  return EXIT.scanError;
}

const BLOCKS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'] as const;

export interface Sparkline {
  /** One block per column, its height the column's mean hold (0–100). */
  line: string;
  /** Same width: `^` where a cut falls (`2`–`9` for that many cuts in one column, `+` for more), `=` where a dead stretch covers the column and no cut falls, space elsewhere. */
  marks: string;
  /** Seconds each column stands for. */
  secondsPerColumn: number;
}

/**
 * Hold per second squeezed into at most `width` columns (one per second when
 * shorter), with the cuts and dead stretches marked on a second row.
 */
export function holdSparkline(hold: readonly number[], cuts: readonly number[], dead: readonly DeadStretch[], width = 60): Sparkline {
  const n = hold.length;
  if (n === 0) return { line: '', marks: '', secondsPerColumn: 0 };
  const columns = Math.max(1, Math.min(Math.floor(width), n));
  const per = n / columns;
  const columnOf = (second: number) => Math.min(columns - 1, Math.max(0, Math.floor(second / per)));
  let line = '';
  for (let c = 0; c < columns; c++) {
    const from = Math.floor(c * per);
    const to = Math.max(from + 1, Math.floor((c + 1) * per));
    let sum = 0;
    for (let t = from; t < to; t++) sum += clamp(hold[t] ?? 0);
    const mean = sum / (to - from);
    line += BLOCKS[Math.min(BLOCKS.length - 1, Math.floor((mean / 100) * BLOCKS.length))];
  }
  const marks = Array.from({ length: columns }, () => ' ');
  for (const stretch of dead) {
    for (let c = columnOf(stretch.start); c <= columnOf(Math.max(stretch.start, stretch.end - 1e-9)); c++) marks[c] = '=';
  }
  // Cuts are drawn over the dead stretches (a cut often bounds one), and cuts sharing a column show their count,
  // so every cut stays visible: a cut at a still slide's edge was hidden under its '='.
  const cutsIn = new Map<number, number>();
  for (const cut of cuts) if (cut >= 0 && cut < n) cutsIn.set(columnOf(cut), (cutsIn.get(columnOf(cut)) ?? 0) + 1);
  for (const [column, many] of cutsIn) marks[column] = many === 1 ? '^' : many <= 9 ? String(many) : '+';
  return { line, marks: marks.join('').trimEnd(), secondsPerColumn: per };
}

const clamp = (value: number) => (Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0);

/** Styling applied only on a colour terminal; identity functions otherwise. */
export interface Style {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
}

export const plainStyle: Style = { bold: (t) => t, dim: (t) => t, red: (t) => t, green: (t) => t };
export const ansiStyle: Style = {
  bold: (t) => `\u001b[1m${t}\u001b[22m`,
  dim: (t) => `\u001b[2m${t}\u001b[22m`,
  red: (t) => `\u001b[31m${t}\u001b[39m`,
  green: (t) => `\u001b[32m${t}\u001b[39m`,
};

/** `1:02:05`, `3:07`, `12.5 s`: a duration as people read it. */
export function humanDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '?';
  if (seconds < 60) return `${Math.round(seconds * 10) / 10} s`;
  const t = Math.round(seconds);
  const h = Math.floor(t / 3600);
  const m = Math.floor(t / 60) % 60;
  const s = String(t % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The read of a complete scan: headline, hook, summary and the marked sparkline. */
export function readLines(
  scan: Omit<CompleteScan, 'pct' | 'title' | 'created_at' | 'source_name'> & { title?: string | null },
  style: Style = plainStyle,
  width = 60,
): string[] {
  const spark = holdSparkline(
    scan.timeline.map((entry) => entry.scores.hold),
    scan.cuts,
    scan.dead,
    width,
  );
  const deadSeconds = scan.dead.reduce((sum, d) => sum + (d.end - d.start), 0);
  const lines = [
    `${style.bold(`${scan.grade}  ${scan.score}/100  ${scan.label}`)}  ${scan.scan_id}${scan.title ? `  "${scan.title}"` : ''}`,
    `hook ${scan.hook}  ·  ${humanDuration(scan.duration_sec)}  ·  ${count(scan.cuts.length, 'cut')}  ·  ${count(scan.dead.length, 'dead stretch', 'dead stretches')} (${Math.round(deadSeconds)} s)`,
    scan.summary,
  ];
  // What to change, under the summary: the hook's advice, each dip with its advice, and the strongest moments.
  if (scan.hook_report?.advice) lines.push(`hook: ${scan.hook_report.advice}`);
  for (const dip of scan.dips ?? []) lines.push(`dip ${clockTime(dip.start)}–${spanEndTime(dip.end)}: ${dip.advice}`);
  for (const moment of scan.moments) lines.push(`moment ${clockTime(moment.second)} (hold ${moment.hold})${moment.quote ? `: "${moment.quote}"` : ''}`);
  if (spark.line) {
    lines.push(
      `hold ${spark.line}`,
      `     ${spark.marks}`,
      style.dim(
        `     ${spark.secondsPerColumn === 1 ? '1 s' : `${Math.round(spark.secondsPerColumn * 10) / 10} s`} per column; ^ cut (2–9: cuts in one column), = dead stretch`,
      ),
    );
  }
  return lines;
}

export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

/** The media retention as `holdline account retention` prints it: the account's own setting, the server default, and published scans. */
export function retentionLines(setting: {
  media_retention_days: number | null;
  include_published: boolean;
  operator_default_days: number | null;
  effective_days: number | null;
}): string[] {
  const keeps = (days: number | null) => (days === null || days <= 0 ? 'videos kept for good' : `videos removed ${count(days, 'day')} after their scan`);
  const own = setting.media_retention_days;
  return [
    `retention       ${own === null ? 'the server default' : own === 0 ? 'keep for good' : count(own, 'day')}`,
    `server default  ${setting.operator_default_days === null ? 'off' : count(setting.operator_default_days, 'day')}`,
    `in force        ${keeps(setting.effective_days)}; the reads are kept`,
    `published       ${setting.include_published ? 'their videos are removed too' : 'their videos are kept'}`,
  ];
}

/** Where `holdline account export` writes without `-o`: `holdline-export-<UTC date>.tar`. */
export const defaultArchiveName = (now: Date) => `holdline-export-${now.toISOString().slice(0, 10)}.tar`;
