// Programs a small model gets wrong in one mechanical way, mended the way their author meant.
// A model writes a program into a JSON string: `"code": "print('a\nb')"`. JSON reads its
// `\n` as a line break, so the program arrives with a raw line break inside a one-line
// quoted string, which Python and JavaScript both refuse as a syntax error (csv-average in
// the agents benchmark: `file.write('alice,90` … `')`, "unterminated string literal", four
// times in one call). Such a line break can only have meant `\n`.

import { unfenceCode, type RunLanguage } from './tools';

/**
 * `code` with each raw line break inside a one-line quoted string ('…' or "…": not Python's
 * triple quotes, raw strings or JavaScript's template literals, where a line break is
 * allowed) written as `\n`; undefined when there is none, or when a string opened on a line
 * never closes (a quote left out, which this would not mend). Comments are skipped.
 */
export function withStringLineBreaksEscaped(code: string, language: RunLanguage): string | undefined {
  let out = '';
  let changed = false;
  let i = 0;
  while (i < code.length) {
    const c = code[i]!;
    if ((language === 'python' && c === '#') || (language === 'javascript' && code.startsWith('//', i))) {
      const end = code.indexOf('\n', i);
      const stop = end < 0 ? code.length : end;
      out += code.slice(i, stop);
      i = stop;
    } else if (language === 'javascript' && code.startsWith('/*', i)) {
      const end = code.indexOf('*/', i + 2);
      const stop = end < 0 ? code.length : end + 2;
      out += code.slice(i, stop);
      i = stop;
    } else if (language === 'python' && (code.startsWith("'''", i) || code.startsWith('"""', i))) {
      const stop = closingOf(code, i + 3, code.slice(i, i + 3));
      if (stop < 0) return undefined;
      out += code.slice(i, stop);
      i = stop;
    } else if (language === 'javascript' && c === '`') {
      const stop = closingOf(code, i + 1, '`');
      if (stop < 0) return undefined;
      out += code.slice(i, stop);
      i = stop;
    } else if (c === "'" || c === '"') {
      const raw = language === 'python' && isRawPrefix(code, i);
      let j = i + 1;
      let literal = c;
      while (j < code.length && code[j] !== c) {
        if (code[j] === '\\' && j + 1 < code.length) {
          literal += code.slice(j, j + 2);
          j += 2;
        } else if (code[j] === '\n') {
          if (raw) return undefined;
          literal += '\\n';
          changed = true;
          j += 1;
        } else if (code[j] === '\r' && code[j + 1] === '\n') {
          if (raw) return undefined;
          literal += '\\n';
          changed = true;
          j += 2;
        } else {
          literal += code[j];
          j += 1;
        }
      }
      if (j >= code.length) return undefined;
      out += literal + c;
      i = j + 1;
    } else {
      out += c;
      i += 1;
    }
  }
  return changed ? out : undefined;
}

/** The index just past the `quote` that closes a string whose content starts at `from`; -1 when none does. */
function closingOf(code: string, from: number, quote: string): number {
  let j = from;
  while (j < code.length) {
    if (code[j] === '\\') j += 2;
    else if (code.startsWith(quote, j)) return j + quote.length;
    else j += 1;
  }
  return -1;
}

/** Whether the Python string whose quote is at `quote` is raw (`r'…'`, `rb"…"`, `Rf'…'` …), where `\n` is no line break. */
function isRawPrefix(code: string, quote: number): boolean {
  const prefix = /(?:^|\W)([rRbBfFuU]{1,2})$/.exec(code.slice(Math.max(0, quote - 3), quote))?.[1];
  return prefix !== undefined && /[rR]/.test(prefix);
}

// A small model writes a Python loop on one line as it would a shell one-liner:
// `s = 0; for p in range(2, 1000): if is_prime(p): s += p` (the README's task from
// `npm run up`, sent to the step limit). Python allows simple statements after a header's
// colon and between semicolons, never a compound statement (`for`, `if` …): each such
// place is a syntax error. It is read as the same program on indented lines, whose body is
// everything after the colon as Python would have read it, but for a `print(…)` that ends
// the line, which runs once after the block (`splitWithFinalPrint`).

/** Statements that open a block and may not follow `;` or another header's colon on one line. */
const BLOCK_OPENERS = /^(?:for|while|if|with|def|class|try|async\s+(?:for|with|def))\b/;
/** Statements whose line ends in a header's colon (those above, plus the clauses that continue a block). */
const HEADERS = /^(?:for|while|if|elif|else|with|def|class|try|except|finally|async\s+(?:for|with|def))\b/;
const INDENT_STEP = '    ';

/**
 * `code` (Python) with each compound statement that follows `;` or a header's colon on one
 * line moved to a line of its own, indented as Python reads it (the rest of a header's line
 * is its body; a `print(…)` ending the line goes after the block); undefined when there is none. Lines inside brackets or strings that span
 * lines, and lines with a clause (`else`, `elif` …) after `;`, are left as they are.
 */
export function withOneLineCompoundsSplit(code: string): string | undefined {
  const lines = code.split('\n');
  const cleanStarts = topLevelLineStarts(code, lines);
  let changed = false;
  const out: string[] = [];
  lines.forEach((line, n) => {
    if (!cleanStarts[n] || !cleanStarts[n + 1]) {
      out.push(line);
      return;
    }
    const indent = /^[ \t]*/.exec(line)![0];
    const split = splitWithFinalPrint(line.slice(indent.length), indent) ?? splitStatements(line.slice(indent.length), indent);
    if (split === undefined) {
      out.push(line);
      return;
    }
    changed = true;
    out.push(...split);
  });
  return changed ? out.join('\n') : undefined;
}

/**
 * A line that ends in a `print(…)` after a block written on it (`primes = []; for n in …: if …:
 * primes.append(n); print(sum(primes))`, the README's task from `npm run up`): the block split
 * as below, then the print once, after it, at the line's own indent. Python would read the
 * print as the innermost body's last statement, but the line is no Python either way, and its
 * author wrote it as a one-liner that computes, then prints (read the other way it printed
 * 168 running sums). Undefined when the line is not of that kind.
 */
function splitWithFinalPrint(text: string, indent: string): string[] | undefined {
  const marks = topLevelMarks(text);
  const last = marks?.filter((m) => m.char === ';').findLast((m) => text.slice(m.at + 1).trim() !== '');
  if (last === undefined) return undefined;
  const print = text.slice(last.at + 1).trim();
  if (!/^print\(/.test(print)) return undefined;
  const block = splitStatements(text.slice(0, last.at), indent);
  return block === undefined ? undefined : [...block, indent + print];
}

/**
 * The statement list `text` as lines at `indent`, each compound statement on its own
 * line; undefined when nothing needs to move (or something this does not mend is there).
 */
function splitStatements(text: string, indent: string): string[] | undefined {
  const marks = topLevelMarks(text);
  if (marks === undefined) return undefined;
  if (HEADERS.test(text)) {
    const colon = marks.find((m) => m.char === ':');
    if (colon === undefined) return undefined;
    const body = text.slice(colon.at + 1).trim();
    if (body === '' || body.startsWith('#')) return undefined;
    const bodyIndent = indent + INDENT_STEP;
    const inner = splitStatements(body, bodyIndent);
    if (inner === undefined && !BLOCK_OPENERS.test(body)) return undefined;
    return [indent + text.slice(0, colon.at + 1).trimEnd(), ...(inner ?? [bodyIndent + body])];
  }
  for (const mark of marks) {
    if (mark.char !== ';') continue;
    const rest = text.slice(mark.at + 1).trim();
    if (/^(?:elif|else|except|finally)\b/.test(rest)) return undefined;
    if (!BLOCK_OPENERS.test(rest)) continue;
    const head = text.slice(0, mark.at).trim();
    return [indent + head, ...(splitStatements(rest, indent) ?? [indent + rest])];
  }
  return undefined;
}

interface Mark {
  char: ':' | ';';
  at: number;
}

/** The `:` and `;` of one line outside brackets, strings and its comment; undefined when a bracket or string stays open. */
function topLevelMarks(text: string): Mark[] | undefined {
  const marks: Mark[] = [];
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (c === '#') break;
    if (c === "'" || c === '"') {
      const quote = text.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
      const stop = closingOf(text, i + quote.length, quote);
      if (stop < 0) return undefined;
      i = stop - 1;
    } else if ('([{'.includes(c)) depth += 1;
    else if (')]}'.includes(c)) depth -= 1;
    else if (depth === 0 && (c === ':' || c === ';') && !(c === ':' && text[i + 1] === '=')) marks.push({ char: c, at: i });
  }
  return depth === 0 ? marks : undefined;
}

/** For each line, and for the end, whether it starts outside every bracket, string and continued line of `code`. */
function topLevelLineStarts(code: string, lines: string[]): boolean[] {
  const clean = new Set<number>([0]);
  let depth = 0;
  let i = 0;
  scan: while (i < code.length) {
    const c = code[i]!;
    if (c === '#') {
      const end = code.indexOf('\n', i);
      i = end < 0 ? code.length : end;
    } else if (c === "'" || c === '"') {
      const quote = code.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
      const stop = closingOf(code, i + quote.length, quote);
      if (stop < 0) break scan;
      i = stop;
    } else if (c === '\\') {
      i += 2;
    } else {
      if (c === '\n' && depth === 0) clean.add(i + 1);
      else if ('([{'.includes(c)) depth += 1;
      else if (')]}'.includes(c)) depth -= 1;
      i += 1;
    }
  }
  if (i >= code.length && depth === 0) clean.add(code.length + 1);
  const starts: boolean[] = [];
  let offset = 0;
  for (const line of lines) {
    starts.push(clean.has(offset));
    offset += line.length + 1;
  }
  starts.push(clean.has(offset));
  return starts;
}

// The same model also flattens a program onto one line with nothing between its
// statements: `with open('page.txt') as f: rows = [...] values = [...] total = sum(values)
// print(total)` (page-sum in the agents benchmark, a syntax error, then refused as a
// repeat). Valid Python never has a name being assigned, `print(` or a loop right after the
// end of an expression outside brackets: each such place is where a statement ends.

/** Words after which an expression or a statement goes on (`async for`), so what follows them is no new statement. */
const EXPRESSION_KEYWORDS = new Set([
  'async',
  'and',
  'or',
  'not',
  'in',
  'is',
  'if',
  'else',
  'for',
  'lambda',
  'return',
  'yield',
  'await',
  'assert',
  'del',
  'as',
  'from',
  'import',
  'with',
  'while',
  'elif',
  'raise',
]);
/** A statement's start: a name being assigned (`x =`, `x +=`, not `x ==`), a `print(` call, or a compound statement that cannot be part of an expression (not `if`: `a if b else c`). */
const STATEMENT_START = /^(?:([A-Za-z_]\w*)\s*(?:[-+*/%]|\/\/|\*\*)?=(?!=)|print\s*\(|(?:for|while|with|def|class|try)\b)/;

/**
 * `code` (Python) with `;` put between statements written one after another on a line with
 * only spaces between them (see above); undefined when there is no such place. Lines inside
 * brackets or strings that span lines are left as they are.
 */
export function withRunOnStatementsSeparated(code: string): string | undefined {
  const lines = code.split('\n');
  const cleanStarts = topLevelLineStarts(code, lines);
  let changed = false;
  const out = lines.map((line, n) => {
    if (!cleanStarts[n] || !cleanStarts[n + 1]) return line;
    const separated = runOnSeparated(line);
    if (separated === undefined) return line;
    changed = true;
    return separated;
  });
  return changed ? out.join('\n') : undefined;
}

/** One line with `;` where a statement starts right after an expression's end; undefined when there is no such place. */
function runOnSeparated(line: string): string | undefined {
  const cuts: number[] = [];
  let depth = 0;
  let lastEnd = ''; // the last character of the code before the current spaces
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i]!;
    if (c === '#') break;
    if (c === "'" || c === '"') {
      const quote = line.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
      const stop = closingOf(line, i + quote.length, quote);
      if (stop < 0) return undefined;
      i = stop - 1;
      lastEnd = c;
      continue;
    }
    if ('([{'.includes(c)) depth += 1;
    else if (')]}'.includes(c)) depth -= 1;
    if (c !== ' ' && c !== '\t') {
      lastEnd = c;
      continue;
    }
    if (depth !== 0 || !/[\w)\]}'"]/.test(lastEnd)) continue;
    const next = line.slice(i + 1).trimStart();
    const start = STATEMENT_START.exec(next);
    if (!start || EXPRESSION_KEYWORDS.has(start[1] ?? '')) continue;
    // The word before the spaces must not be one after which an expression goes on (`return x = …` aside, `if x`).
    const wordBefore = /([A-Za-z_]\w*)$/.exec(line.slice(0, i).trimEnd())?.[1];
    if (wordBefore !== undefined && EXPRESSION_KEYWORDS.has(wordBefore)) continue;
    cuts.push(i);
    i += line.slice(i + 1).length - next.length; // past the spaces
  }
  if (depth !== 0 || cuts.length === 0) return undefined;
  let out = line;
  for (const at of cuts.reverse()) out = `${out.slice(0, at)};${out.slice(at)}`;
  return out;
}

export interface MendedProgram {
  code: string;
  /** What was mended, for the run's result: the model sees what ran. */
  note: string;
}

/** The program as its author meant it, for a run that ended in a syntax error one of the mends above explains; undefined otherwise. */
export function mendSyntaxError(code: string, language: RunLanguage): MendedProgram | undefined {
  const escaped = withStringLineBreaksEscaped(code, language);
  if (escaped !== undefined) {
    return { code: escaped, note: 'a line break inside a quoted string is a syntax error; the program ran with \\n written there instead' };
  }
  if (language !== 'python') return undefined;
  const separated = withRunOnStatementsSeparated(code);
  const split = withOneLineCompoundsSplit(separated ?? code);
  const notes = [
    ...(separated === undefined
      ? []
      : ['statements written one after another on a line with only spaces between them are a syntax error; the program ran with ";" between them']),
    ...(split === undefined
      ? []
      : ['Python allows no for/if/while after ";" or after another colon on one line; the program ran with each on its own indented line instead']),
  ];
  return notes.length === 0 ? undefined : { code: split ?? separated!, note: notes.join('; ') };
}

/**
 * Names a program uses from the standard library without importing them, each with the one
 * import that defines it: Python's own hint names a module (`Did you forget to import
 * 'math'?`), and a few names stand for one thing only (`timedelta` is datetime's). `datetime`
 * and `date` are left out: the module or its class, the program's use does not say which.
 */
const FROM_IMPORTS: Record<string, string> = {
  timedelta: 'datetime',
  sqrt: 'math',
  isqrt: 'math',
  factorial: 'math',
  gcd: 'math',
  Counter: 'collections',
  defaultdict: 'collections',
  deque: 'collections',
  reduce: 'functools',
  permutations: 'itertools',
  combinations: 'itertools',
};

/** How many mends (a missing import, a missing folder) one run may add, one rerun each: past that the program has other trouble. */
export const RERUN_MENDS_MAX = 3;

/** The program with the one thing it failed for lacking added first (an import, then a folder), and the statement that adds it; undefined when it failed otherwise. */
export function withMissingPart(code: string, error: string): { code: string; statement: string } | undefined {
  return withMissingImport(code, error) ?? withMissingFolder(code, error);
}

/**
 * The program with the import its `NameError` asks for added at its top, for a Python run
 * that failed that way; undefined otherwise. zeros (2026-12-01): the checker's second program
 * wrote `print(str(math.factorial(100)).count('0'))` without `import math`, and again, to its
 * last step; csv-average used `os.path` unimported; date-add `timedelta`. The run's folder is
 * a copy and its output is read from the last run only, so running the program again from the
 * start repeats nothing a reader sees.
 */
export function withMissingImport(code: string, error: string): { code: string; statement: string } | undefined {
  const name = /NameError: name '(\w+)' is not defined/.exec(error)?.[1];
  if (name === undefined || /^\s*from __future__/m.test(code)) return undefined;
  const module = new RegExp(`Did you forget to import '${name}'\\?`).test(error) ? name : undefined;
  const statement = module !== undefined ? `import ${module}` : FROM_IMPORTS[name] !== undefined ? `from ${FROM_IMPORTS[name]} import ${name}` : undefined;
  if (statement === undefined) return undefined;
  return { code: `${statement}\n${code}`, statement };
}

/**
 * The program with the folder it writes a file into made first, for a Python run that failed
 * opening `dir/name` to write (`open('data/numbers.txt', 'w')`) because `dir` did not exist;
 * undefined otherwise. squares-file (2026-12-01): the actor wrote its numbers to
 * `data/numbers.txt` five times, each `FileNotFoundError`, to the step limit; a folder a
 * write needs is what a user means by the path. A path that climbs out (`..`) or starts at
 * the root is left to fail.
 */
export function withMissingFolder(code: string, error: string): { code: string; statement: string } | undefined {
  const path = /FileNotFoundError: \[Errno \d+\] No such file or directory: '([^'\n]+)'/.exec(error)?.[1];
  if (path === undefined || !path.includes('/') || path.startsWith('/') || path.split('/').includes('..')) return undefined;
  const quoted = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (!new RegExp(`open\\(\\s*(['"])${quoted}\\1\\s*,\\s*(?:mode\\s*=\\s*)?['"][wax]`).test(code)) return undefined;
  const folder = path.slice(0, path.lastIndexOf('/'));
  const statement = `import os; os.makedirs(${JSON.stringify(folder)}, exist_ok=True)`;
  return { code: `${statement}\n${code}`, statement };
}

/**
 * A program a shell command stands for where its source belongs: a file of the call's folder it
 * names (`path`), or the source it carries inline after `python -c` or `node -e` (`source`).
 */
export type ProgramCommand = { path: string; language: RunLanguage } | { source: string; language: RunLanguage };

/**
 * The command a reply holds when it is one shell command and nothing else: fenced or not,
 * after the word `run` or not, in quotes or not, with arguments after a program file left
 * out (`python3 primes.py 1000`: they are no part of what it runs). Both readers of such a
 * reply go through here: the one that runs a command carrying its source
 * (`commandProgram`) and the one that sends back a command naming a file (`isShellCommand`).
 */
export function commandInReply(text: string): ProgramCommand | undefined {
  const command = unfenceCode(text.trim())
    .code.trim()
    .replace(/^run\s+/, '')
    .replace(/^"(.*)"$/s, '$1')
    .replace(/^'(.*)'$/s, '$1')
    .replace(/^((?:\$\s*)?(?:python3?|py|node)\s+[\w./-]+\.(?:py|js|mjs))(?:\s+[\w.-]+)*$/, '$1');
  return programCommand(command);
}

/**
 * The program a `run` call's code names as a shell command instead of being its source:
 * `python primes.py`, `python3 ./a.py`, `node x.js` (the 1.5B actor on the README's task sent
 * `python primes_below_1000.py` five times, each run as JavaScript and refused as a syntax
 * error), or `python3 -c "print(sum(...))"` and `node -e '...'`, whose quoted source is read as
 * a POSIX shell would (inside double quotes only \\, \", \$ and \` are escapes; single quotes
 * take everything literally). A double-quoted source that a shell would expand (`$name`,
 * `${`, `$(`, a backquote) has no one reading and is left alone. Undefined when the code is
 * not one such command.
 */
export function programCommand(code: string): ProgramCommand | undefined {
  const file = /^\s*(?:\$\s*)?(python3?|py|node)\s+(?:\.\/)?([\w./-]+\.(py|js|mjs))\s*$/.exec(code);
  if (file) {
    const language: RunLanguage = file[3] === 'py' ? 'python' : 'javascript';
    const runner = file[1] === 'node' ? 'javascript' : 'python';
    return runner === language ? { path: file[2]!, language } : undefined;
  }
  const inline = /^\s*(?:\$\s*)?(?:(python3?|py)\s+-c|(node)\s+(?:-e|--eval))\s+(?:"((?:[^"\\]|\\[^])*)"|'([^']*)')\s*$/.exec(code);
  if (!inline) return undefined;
  const language: RunLanguage = inline[2] === 'node' ? 'javascript' : 'python';
  if (inline[4] !== undefined) return inline[4].trim() === '' ? undefined : { source: inline[4], language };
  const quoted = inline[3]!;
  // What a shell would expand inside double quotes: a variable, a substitution, a backquote.
  if (/(?<!\\)(?:\$[\w{(]|`)/.test(quoted)) return undefined;
  const source = quoted.replace(/\\([\\"$`\n])/g, (_, escaped: string) => (escaped === '\n' ? '' : escaped));
  return source.trim() === '' ? undefined : { source, language };
}
