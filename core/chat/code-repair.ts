// Programs a small model gets wrong in one mechanical way, mended the way their author meant.
// A model writes a program into a JSON string: `"code": "print('a\nb')"`. JSON reads its
// `\n` as a line break, so the program arrives with a raw line break inside a one-line
// quoted string, which Python and JavaScript both refuse as a syntax error (csv-average in
// the agents benchmark: `file.write('alice,90` … `')`, "unterminated string literal", four
// times in one call). Such a line break can only have meant `\n`.

import type { RunLanguage } from './tools';

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
