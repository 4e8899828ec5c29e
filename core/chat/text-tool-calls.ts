// Tool calls written into a reply's text. Small open-weight models often skip the
// server's `tool_calls` field and write the call as text instead: Qwen2.5-Coder-1.5B
// writes a fenced JSON block, others Hermes-style `<tool_call>` tags or a bare JSON
// object. A call is read only when it names one of the offered tools and carries an
// object of arguments; anything else stays text (the reply is then an answer).

import { canonicalJson } from '../canonical-json';
import { commandInReply } from './code-repair';
import { detectRunLanguage, unfenceCode, type RunLanguage } from './tools';

export interface TextToolCall {
  name: string;
  /** The arguments as a JSON object text, the form `tool_calls[].function.arguments` takes. */
  arguments: string;
}

export interface TextToolCalls {
  calls: TextToolCall[];
  /** The reply with the calls taken out (what the model said around them), trimmed. */
  rest: string;
}

const FENCED = /```[ \t]*([A-Za-z_-]*)[ \t]*\r?\n([\s\S]*?)```/g;
// `<tool_call>` is Qwen's and Hermes' tag; the 1.5B actor also wraps a call in `<tools>`, the
// tag its chat template lists the tools in (the README's task from `npm run up`).
const TAGGED = /<(tool_call|tools?|function_call)>\s*([\s\S]*?)\s*(?:<\/\1>|$)/g;

/**
 * The tool calls in `text` naming one of `toolNames`, in order, with the text left around them.
 * Reads, in turn: `<tool_call>…</tool_call>` tags, fenced blocks (```json, ```tool_call or
 * unlabelled) whose whole content is a call, and a reply that is one bare JSON call.
 */
export function toolCallsInText(text: string, toolNames: readonly string[]): TextToolCalls {
  const names = new Set(toolNames);
  const calls: TextToolCall[] = [];
  let rest = text;
  const take = (pattern: RegExp, read: (match: RegExpMatchArray) => TextToolCall[]) => {
    let kept = '';
    let from = 0;
    for (const match of rest.matchAll(pattern)) {
      const found = read(match);
      if (found.length === 0) continue;
      calls.push(...found);
      kept += rest.slice(from, match.index);
      from = (match.index ?? 0) + match[0].length;
    }
    rest = kept + rest.slice(from);
  };
  take(TAGGED, (m) => readCall(m[2] ?? '', names));
  // A fenced block in another language (```python) is code shown to the reader, not a call,
  // unless its whole content is a tool's name and its arguments (`run {"code": …}`), which
  // is no program in any language…
  take(FENCED, (m) => {
    const content = m[2] ?? '';
    if (['', 'json', 'tool_call', 'tool', 'javascript_tool'].includes((m[1] ?? '').toLowerCase())) {
      const json = readCall(content, names);
      if (json.length > 0) return json;
    }
    // …or a call in code's syntax (`run("…", "python")`), as the 1.5B actor fenced it on the
    // README's task eight times in a row, each sent back as a program.
    const written = readWrittenCall(content.trim(), names);
    return written ? [written] : [];
  });
  if (calls.length === 0) {
    const bare = readCall(text.trim(), names);
    if (bare.length > 0) return { calls: bare, rest: '' };
    const written = readWrittenCall(text.trim(), names);
    if (written) return { calls: [written], rest: '' };
    const leading = leadingJsonCall(text, names);
    if (leading) return leading;
  }
  return { calls, rest: rest.trim() };
}

/**
 * A reply that opens with a JSON call and goes on: the 1.5B checker on the README's task from
 * `npm run up` wrote `{{"name": "run", "arguments": {…}}}}` (one closing brace too many) and
 * then a fence holding the output it imagined (499499, for a program that prints 76127); the
 * call went unread and the reply was read as a verdict approving the wrong answer. The object
 * runs from the opening brace to where its braces balance (strings skipped); closing braces
 * left over after it are dropped, and the rest is text.
 */
function leadingJsonCall(text: string, names: Set<string>): TextToolCalls | undefined {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('{')) return undefined;
  const end = balancedEnd(trimmed);
  if (end === undefined) return undefined;
  const calls = readCall(trimmed.slice(0, end), names);
  return calls.length === 0
    ? undefined
    : {
        calls,
        rest: trimmed
          .slice(end)
          .replace(/^[\s}]*/, '')
          .trim(),
      };
}

/**
 * The index of the quote that closes the string opening at `start` (`text[start]` is its
 * quote), skipping backslash escapes; `text.length` when the string never closes. Every
 * reader here that walks a call's text steps over strings this way.
 */
function quotedEnd(text: string, start: number): number {
  const quote = text[start];
  let j = start + 1;
  while (j < text.length && text[j] !== quote) j += text[j] === '\\' ? 2 : 1;
  return Math.min(j, text.length);
}

/**
 * Where the bracketed value that opens `text` ends (the index after its last bracket);
 * undefined when it never does. Strings in double, single or back quotes are skipped.
 */
function balancedEnd(text: string): number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'" || c === '`') i = quotedEnd(text, i);
    else if (c === '{' || c === '[') depth += 1;
    else if (c === '}' || c === ']') {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
  }
  return undefined;
}

/**
 * The arguments of a call whose `code` is itself a call of the same tool written as JSON:
 * the 1.5B actor on the README's task sent `{"name": "run", "arguments": {"code": …}}` as
 * the program of its run call, which Python evaluated as a dict, printing nothing. Those
 * inner arguments; `argumentsJson` as it is otherwise.
 */
export function unwrapNestedCall(name: string, argumentsJson: string): string {
  let args: unknown;
  try {
    args = JSON.parse(argumentsJson);
  } catch {
    return argumentsJson;
  }
  if (!isObject(args) || typeof args.code !== 'string') return argumentsJson;
  const inner = readCall(unfenceCode(args.code).code, new Set([name]));
  return inner.length === 1 ? inner[0]!.arguments : argumentsJson;
}

/**
 * The call a model meant when the arguments it gave one tool name another tool and carry
 * that tool's arguments: count-s in the agents benchmark called `run` with
 * `{"tool": "read_url", "url": …}`, refused twice as a program without code. That other
 * tool, with the rest of the arguments; the call as it is otherwise (and when the arguments
 * also hold a program, which is the named tool's own).
 */
export function redirectedCall(name: string, argumentsJson: string, toolNames: readonly string[]): { name: string; arguments: string } {
  let args: unknown;
  try {
    args = JSON.parse(argumentsJson);
  } catch {
    return { name, arguments: argumentsJson };
  }
  if (!isObject(args) || 'code' in args) return { name, arguments: argumentsJson };
  const named = typeof args.tool === 'string' ? args.tool : typeof args.name === 'string' ? args.name : undefined;
  if (named === undefined || named === name || !toolNames.includes(named)) return { name, arguments: argumentsJson };
  const { tool: _tool, name: _name, ...rest } = args;
  const inner = isObject(rest.arguments) && Object.keys(rest).length === 1 ? rest.arguments : rest;
  return { name: named, arguments: canonicalJson(inner) };
}

/** A reply that is one call written in one of the syntaxes a small model uses instead of JSON. */
function readWrittenCall(text: string, names: Set<string>): TextToolCall | undefined {
  return readCallExpression(text, names) ?? readNamedCall(text, names) ?? readKeywordCommand(text, names);
}

/** The parameters a call written as a command may name, by tool (`run code=…`). */
const COMMAND_PARAMETERS: Record<string, readonly string[]> = { run: ['code', 'language'], read_url: ['url'] };

/**
 * A call written as a command with keyword arguments and no brackets: `run code='''…'''`,
 * `run language=python code="…"`, `read_url url=https://…`. On the README's task from `npm
 * run up` (2026-12-02) the 1.5B actor wrote `run code=''''import math …'''` twice; unread,
 * it was sent back for numbers no tool printed, then given again and returned as the answer.
 * A value is in triple, double, single or back quotes (one that never closes is cut at the
 * reply's end, as a call expression's), or bare up to the next space. Only the tool's own
 * parameters, each once; anything else leaves the reply as text.
 */
function readKeywordCommand(text: string, names: Set<string>): TextToolCall | undefined {
  const opened = /^([a-z_]+)[ \t]+(?=[a-z_]+[ \t]*=)/.exec(text);
  const name = opened?.[1];
  const parameters = name === undefined ? undefined : COMMAND_PARAMETERS[name];
  if (!opened || !names.has(name!) || parameters === undefined) return undefined;
  const args: Record<string, string> = {};
  let i = opened[0].length;
  while (text.slice(i).trim() !== '') {
    const key = /^[\s,]*([a-z_]+)[ \t]*=[ \t]*/.exec(text.slice(i));
    if (!key || !parameters.includes(key[1]!) || key[1]! in args) return undefined;
    const value = commandValue(text, i + key[0].length);
    if (value === undefined) return undefined;
    args[key[1]!] = key[1] === 'code' ? withoutStrayQuote(value.value) : value.value;
    i = value.end;
  }
  if (!(parameters[0]! in args)) return undefined;
  return { name: name!, arguments: canonicalJson(args) };
}

/** One value of a command's keyword argument opening at `start`, and where it ends. */
function commandValue(text: string, start: number): { value: string; end: number } | undefined {
  const rest = text.slice(start);
  const triple = rest.startsWith('"""') ? '"""' : rest.startsWith("'''") ? "'''" : undefined;
  if (triple) {
    const close = text.indexOf(triple, start + 3);
    return close < 0 ? { value: text.slice(start + 3), end: text.length } : { value: text.slice(start + 3, close), end: close + 3 };
  }
  const quote = rest[0];
  if (quote === '"' || quote === "'" || quote === '`') {
    const close = quotedEnd(text, start);
    const end = Math.min(close + 1, text.length);
    // Back quotes hold the program as written (a JavaScript template); other strings take
    // escapes as a call expression's do (`\n`, Python's `\'`).
    if (quote === '`') return { value: text.slice(start + 1, close), end };
    const { json } = quotedAsJson(text.slice(start, close + 1));
    try {
      const value: unknown = JSON.parse(json);
      return typeof value === 'string' ? { value, end } : undefined;
    } catch {
      return undefined;
    }
  }
  const bare = /^\S*/.exec(rest)![0];
  return { value: bare, end: start + bare.length };
}

/**
 * A program opened with one quote too many (`''''import math`: a triple quote and a stray
 * one) loses the stray quote: no program opens with a quote left open on its first line.
 */
function withoutStrayQuote(code: string): string {
  const quote = code[0];
  if (quote !== "'" && quote !== '"') return code;
  const firstLine = code.split('\n', 1)[0]!;
  return firstLine.indexOf(quote, 1) < 0 ? code.slice(1) : code;
}

/**
 * A call written as the tool's name and then its arguments object, on one line or two:
 * `run {"code": "…", "language": "python"}`, `run:\n{…}`. Qwen2.5-Coder-1.5B wrote its call
 * this way, bare and inside a ```python fence, after being told twice to call the run tool.
 */
function readNamedCall(text: string, names: Set<string>): TextToolCall | undefined {
  const match = /^([a-z_]+)\s*:?\s*(\{[\s\S]*\})\s*;?$/.exec(text);
  if (!match || !names.has(match[1]!)) return undefined;
  // Its braces doubled too, as a template's escaped example writes them: count-s in the
  // agents benchmark, `run {{"code": "…", "language": "python"}}` four times to the step limit.
  const args = parseObject(...doubledBraceReadings(match[2]!));
  return args ? { name: match[1]!, arguments: canonicalJson(args) } : undefined;
}

/**
 * An object written with doubled braces (`{{"name": …}}}`), as in a template's escaped
 * example, wraps one object; the model sometimes doubles only the opening one. The text as
 * written, then those two readings.
 */
function doubledBraceReadings(text: string): string[] {
  return text.startsWith('{{') ? [text, text.slice(1, -1), text.slice(1)] : [text];
}

function parseObject(...texts: string[]): Record<string, unknown> | undefined {
  const parsed = parseLeniently(texts);
  return isObject(parsed) ? parsed : undefined;
}

/**
 * The first of `texts` that parses as JSON, each read as written, then as the JSON a small
 * model meant (`asStrictJson`), then with the brackets it left open closed
 * (`withOpenBracketsClosed`), then with an object literal's bare keys quoted
 * (`withBareKeysQuoted`); undefined when none parses.
 */
function parseLeniently(texts: readonly string[]): unknown {
  const readings = texts.flatMap((t) => {
    const strict = asStrictJson(t);
    const closed = withOpenBracketsClosed(strict);
    return [t, strict, ...(closed === undefined ? [] : [closed]), withBareKeysQuoted(closed ?? strict)];
  });
  for (const candidate of readings) {
    try {
      return JSON.parse(candidate) as unknown;
    } catch {
      // the next reading
    }
  }
  return undefined;
}

const FENCE = /```[\s\S]*?```/g;

/**
 * Whether a reply is only code: a fenced block with hardly a word around it and no number
 * (a number beside the code, "The sum is 76127.", is a result, for the checker to read).
 * A small model often writes the program it means to run as its reply.
 */
export function isCodeOnly(text: string): boolean {
  if (!text.match(FENCE)) return false;
  const words = text.replace(FENCE, '').trim();
  return words.length < 40 && !/\d/.test(words);
}

/** What a program must do to be worth running for its author: print something. */
const PRINTS = { python: /\bprint\s*\(/, javascript: /\bconsole\.log\s*\(/ } as const;

/**
 * A reply that is only a program which prints its result (one fenced block, a few words
 * and no number around it), read as a call of `run` with that program. A small model,
 * asked to call the run tool, often writes the program as its reply instead, and sent back
 * with "call the run tool with it" wrote the same block again up to the step limit
 * (count-s in the agents benchmark, four times in a row); running it is what a code
 * interpreter does with such a reply, and the actor then answers from what it printed.
 * A program that prints nothing (a function shown to the reader) stays text.
 * `afterFailedRun`: the actor's last program failed and this reply talks about it around a
 * corrected program it never ran (page-sum: "After running the corrected code, the total is
 * 345", a total worked out in its head); then the words around do not matter.
 * `claimsNothing`: whether the words around the program state no value of their own (the
 * caller's test: no number the task does not hold). Such a reply presents its program
 * ("To sum the primes below 1000, you can use the following Python code: … When you run this
 * code, it will print the sum", the README's task from `npm run up`, sent back as no answer
 * to the step limit) and is run too; one that states a result ("The sum is 76127:") stays
 * an answer, for the checker.
 */
export function programAsRunCall(text: string, afterFailedRun = false, claimsNothing?: (words: string) => boolean): TextToolCall | undefined {
  const carried = commandProgram(text);
  if (carried) return { name: 'run', arguments: canonicalJson({ code: carried.source, language: carried.language }) };
  const fences = text.match(FENCE) ?? [];
  if (fences.length !== 1) return undefined;
  if (!afterFailedRun && !isCodeOnly(text) && !(claimsNothing?.(text.replace(FENCE, ' ')) ?? false)) return undefined;
  const label = /^```[ \t]*([A-Za-z0-9]*)/.exec(fences[0]!)?.[1]?.toLowerCase() ?? '';
  if (!['', 'python', 'python3', 'py', 'javascript', 'js'].includes(label)) return undefined;
  const fenced = unfenceCode(fences[0]!);
  const code = fenced.code.trim();
  if (code === '') return undefined;
  const language = fenced.language ?? detectRunLanguage(code);
  if (!PRINTS[language].test(code)) return undefined;
  return { name: 'run', arguments: canonicalJson({ code: fenced.code, language }) };
}

/**
 * The program a reply carries as a one-line shell command and nothing else: `python3 -c
 * "print(sum(…))"` or `node -e '…'`, fenced or not, after the word `run` or not, in quotes
 * or not. On the README's task from `npm run up` the 1.5B actor wrote `run "python -c
 * 'print(76127)'"` as its reply to the step limit; there is no shell, but the program is
 * plain, so it runs as the code interpreter would run it. A command naming a program file
 * carries no source and stays text (`isShellCommand` sends it back).
 */
export function commandProgram(text: string): { source: string; language: RunLanguage } | undefined {
  const program = commandInReply(text);
  return program && 'source' in program ? program : undefined;
}

const LANGUAGE_WORDS = new Set(['python', 'python3', 'py', 'javascript', 'js']);

/**
 * A reply that is one call written as a function call: `run("python", "print(1)")`,
 * `run(code="print(1)")`, `run(code='print(1)')`, `run({"code": "print(1)"})`,
 * `read_url("https://…")`. Qwen2.5-Coder-1.5B, told to call the run tool, wrote it these
 * ways. Strings in double (JSON) or single (Python) quotes are read, as positional or
 * `name=` arguments; `run` takes its code and an optional language, `read_url` its URL.
 * A reply that ends inside the call's last string is read as if it closed there: on the
 * README's own task the actor wrote `run(code='primes = list(filter(…), range(2, 1001)))`
 * and stopped, twice, and the call ended with that line as its answer. Run, the program
 * says what is missing (here: it prints nothing).
 */
function readCallExpression(text: string, names: Set<string>): TextToolCall | undefined {
  const opened = /^(run|read_url)\s*\(/.exec(text);
  if (!opened || !names.has(opened[1]!)) return undefined;
  const name = opened[1]!;
  // run({code: `…`, language: "python"}): an object literal as JavaScript writes one (the
  // README's task from `npm run up`, sent eleven times in a row to the step limit).
  const after = text.slice(opened[0].length).trimStart();
  const objectEnd = after.startsWith('{') ? balancedEnd(after) : undefined;
  if (objectEnd !== undefined && /^\s*\)\s*;?\s*$/.test(after.slice(objectEnd))) {
    // Its strings in back quotes first, then in single quotes, become JSON strings.
    const literal = after.slice(0, objectEnd);
    const args = parseObject(literal) ?? parseObject(quotedAsJson(asStrictJson(literal)).json);
    return args ? { name, arguments: canonicalJson(args) } : undefined;
  }
  const { json, cut } = quotedAsJson(text.slice(opened[0].length));
  let inner = json.trim();
  if (!cut) {
    const close = /\)\s*;?$/.exec(inner);
    if (!close) return undefined;
    inner = inner.slice(0, close.index).trim();
  }
  let args: Record<string, unknown> | undefined;
  try {
    if (inner.startsWith('{')) {
      // run({"code": "…"}): the arguments object itself.
      const parsed: unknown = JSON.parse(inner);
      if (isObject(parsed)) args = parsed;
    } else if (/^\w+\s*=/.test(inner)) {
      const parsed: unknown = JSON.parse(`{${inner.replace(/(^|,)\s*(\w+)\s*=/g, '$1"$2":')}}`);
      if (isObject(parsed)) args = parsed;
    } else {
      const parsed: unknown = JSON.parse(`[${inner}]`);
      if (Array.isArray(parsed) && parsed.every((v) => typeof v === 'string')) args = positional(name, parsed as string[]);
    }
  } catch {
    return undefined;
  }
  return args ? { name, arguments: canonicalJson(args) } : undefined;
}

/**
 * The arguments of a call written as code, each string in double or single quotes written
 * as a JSON string (`\'` is Python's escape, not JSON's; raw line breaks escaped).
 * `cut`: the text ended inside a string, which is closed there.
 */
function quotedAsJson(text: string): { json: string; cut: boolean } {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const quote = text[i]!;
    if (quote !== '"' && quote !== "'") {
      out += quote;
      i += 1;
      continue;
    }
    let content = '';
    let j = i + 1;
    while (j < text.length && text[j] !== quote) {
      if (text[j] === '\\' && j + 1 < text.length) {
        content += text[j + 1] === "'" ? "'" : text.slice(j, j + 2);
        j += 2;
      } else {
        content += text[j] === '"' ? '\\"' : text[j] === '\n' ? '\\n' : text[j] === '\r' ? '\\r' : text[j] === '\t' ? '\\t' : text[j];
        j += 1;
      }
    }
    out += `"${content}"`;
    if (j >= text.length) return { json: out, cut: true };
    i = j + 1;
  }
  return { json: out, cut: false };
}

function positional(name: string, values: string[]): Record<string, unknown> | undefined {
  if (name === 'read_url') return values.length === 1 ? { url: values[0] } : undefined;
  if (values.length === 1) return { code: values[0] };
  if (values.length !== 2) return undefined;
  const [a, b] = values as [string, string];
  if (LANGUAGE_WORDS.has(a.toLowerCase())) return { language: a, code: b };
  if (LANGUAGE_WORDS.has(b.toLowerCase())) return { code: a, language: b };
  return undefined;
}

/** One call, or several as a JSON array, from a JSON text; none when it is not a call of a known tool. */
function readCall(json: string, names: Set<string>): TextToolCall[] {
  const trimmed = json.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return [];
  const parsed = parseLeniently(doubledBraceReadings(trimmed));
  if (parsed === undefined) return [];
  const items = Array.isArray(parsed) ? parsed : [parsed];
  const calls: TextToolCall[] = [];
  for (const item of items) {
    const call = callOf(item, names);
    if (!call) return [];
    calls.push(call);
  }
  return calls;
}

/**
 * The JSON a small model meant when it wrote code into a call: a string quoted with
 * backticks (a JavaScript template literal) or with Python's triple quotes, or a quoted
 * string holding raw line breaks and tabs. Each such string becomes a proper JSON string;
 * everything else is left as written (and still has to parse).
 */
export function asStrictJson(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const triple = rest.startsWith('"""') ? '"""' : rest.startsWith("'''") ? "'''" : undefined;
    if (triple) {
      const end = text.indexOf(triple, i + 3);
      if (end < 0) return text;
      out += JSON.stringify(text.slice(i + 3, end));
      i = end + 3;
    } else if (text[i] === '`') {
      const end = text.indexOf('`', i + 1);
      if (end < 0) return text;
      out += JSON.stringify(text.slice(i + 1, end));
      i = end + 1;
    } else if (text[i] === '"') {
      // An ordinary string: kept, with raw control characters escaped.
      const j = quotedEnd(text, i);
      out += text
        .slice(i, j + 1)
        .replace(/\n/g, '\\n')
        .replace(/\r/g, '\\r')
        .replace(/\t/g, '\\t');
      i = j + 1;
    } else {
      out += text[i];
      i += 1;
    }
  }
  return out;
}

/**
 * JSON with the bare keys of a JavaScript object literal quoted (`{code: "…"}` becomes
 * `{"code": "…"}`): a key is a name right after `{` or `,` and before `:`, outside strings.
 */
function withBareKeysQuoted(json: string): string {
  let out = '';
  let i = 0;
  while (i < json.length) {
    const c = json[i]!;
    if (c === '"') {
      const j = quotedEnd(json, i);
      out += json.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    const key = c === '{' || c === ',' ? /^([{,]\s*)([A-Za-z_$][\w$]*)(\s*:)/.exec(json.slice(i)) : null;
    if (key) {
      out += `${key[1]}"${key[2]}"${key[3]}`;
      i += key[0].length;
      continue;
    }
    out += c;
    i += 1;
  }
  return out;
}

/**
 * `json` with the brackets still open at its end closed, innermost first: the 1.5B checker
 * wrote its `run` call as `{"name": "run", "arguments": {"code": …, "language": "python"}`
 * and stopped, one brace short, on the README's task, and the unread call approved a wrong
 * answer. Undefined when nothing is left open, a string is left open, or a bracket closes
 * one of another kind (text that is not a call cut short).
 */
export function withOpenBracketsClosed(json: string): string | undefined {
  const open: string[] = [];
  let i = 0;
  while (i < json.length) {
    const c = json[i]!;
    if (c === '"') {
      const j = quotedEnd(json, i);
      if (j >= json.length) return undefined;
      i = j + 1;
      continue;
    }
    if (c === '{') open.push('}');
    else if (c === '[') open.push(']');
    else if (c === '}' || c === ']') {
      if (open.pop() !== c) return undefined;
    }
    i += 1;
  }
  return open.length === 0 ? undefined : json.trimEnd() + open.reverse().join('');
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * `{name, arguments}` (OpenAI's and Hermes' form), with `parameters` or `args` for
 * `arguments`, or `{function: {name, arguments}}`; arguments as an object or as its JSON text.
 */
function callOf(value: unknown, names: Set<string>): TextToolCall | undefined {
  if (!isObject(value)) return undefined;
  const inner = isObject(value.function) ? value.function : value;
  const name = typeof inner.name === 'string' ? inner.name : typeof value.tool === 'string' ? value.tool : undefined;
  if (name === undefined || !names.has(name)) return undefined;
  let args: unknown = inner.arguments ?? inner.parameters ?? inner.args ?? value.arguments ?? value.parameters ?? {};
  if (typeof args === 'string') {
    try {
      args = JSON.parse(args);
    } catch {
      return undefined;
    }
  }
  if (!isObject(args)) return undefined;
  return { name, arguments: canonicalJson(args) };
}
