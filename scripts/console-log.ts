// `npm run up` under a terminal: the API's and the worker's JSON log lines as one
// short readable line each. Written here rather than with pino-pretty because the
// console wants a different line per kind (a request is `GET /path 200 12 ms`,
// a worker event its message and a few ids), and it is a dozen lines of pure code.
// Without a terminal up passes the JSON through untouched.

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const LEVEL_COLOURS: Record<number, string> = { 40: '\u001b[33m', 50: '\u001b[31m', 60: '\u001b[31m' };
const DIM = '\u001b[2m';
const RESET = '\u001b[0m';
/** Fields worth a place on a worker's line, in this order. */
const CONTEXT_KEYS = ['scan_id', 'recut_id', 'call_id', 'workflowId', 'activityType', 'taskQueue'] as const;

export interface ConsoleLineOptions {
  /** ANSI colours (a terminal that shows them). */
  colour: boolean;
}

interface LogRecord {
  level: number;
  time?: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string };
  error?: { message?: string };
  [key: string]: unknown;
}

function parseRecord(line: string): LogRecord | null {
  if (!line.startsWith('{')) return null;
  try {
    const value = JSON.parse(line) as unknown;
    return value && typeof value === 'object' && typeof (value as LogRecord).level === 'number' ? (value as LogRecord) : null;
  } catch {
    return null;
  }
}

/** `HH:MM:SS` (UTC) of a pino time in milliseconds. */
const clockOf = (time: number | undefined) => (time === undefined ? '--:--:--' : new Date(time).toISOString().slice(11, 19));

/**
 * One readable line for one line a part of the stack wrote: a pino JSON record as
 * `time part LEVEL message`, a request as `time part METHOD url status time`;
 * anything else as it came, after the part's name.
 */
export function consoleLine(part: string, line: string, options: ConsoleLineOptions): string {
  const name = part.padEnd(6);
  const record = parseRecord(line);
  if (!record) return `${name} ${line}`;
  const level = LEVEL_NAMES[record.level] ?? String(record.level);
  const paint = (text: string, colour: string | undefined) => (options.colour && colour ? `${colour}${text}${RESET}` : text);
  const time = paint(clockOf(record.time), DIM);
  if (record.req?.method && record.res?.statusCode !== undefined) {
    const took = record.responseTime === undefined ? '' : ` ${paint(`${record.responseTime} ms`, DIM)}`;
    const status = paint(
      String(record.res.statusCode),
      record.res.statusCode >= 500 ? LEVEL_COLOURS[50] : record.res.statusCode >= 400 ? LEVEL_COLOURS[40] : undefined,
    );
    return `${time} ${name} ${record.req.method} ${record.req.url ?? ''} ${status}${took}`;
  }
  const context = CONTEXT_KEYS.filter((key) => typeof record[key] === 'string').map((key) => `${key}=${String(record[key])}`);
  const failure = record.err?.message ?? record.error?.message;
  const tail = [...context, ...(failure ? [`error: ${failure}`] : [])].join(' ');
  const levelText = record.level === 30 ? '' : `${paint(level, LEVEL_COLOURS[record.level] ?? DIM)} `;
  return `${time} ${name} ${levelText}${record.msg ?? ''}${tail ? ` ${paint(tail, DIM)}` : ''}`;
}
