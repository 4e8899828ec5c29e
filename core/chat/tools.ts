// The five sandbox tools the agent model is offered, as OpenAI-style function tools,
// plus the pure rules every tool call goes through: argument parsing, call-folder
// path normalisation and output capping. No I/O here; `activities/sandbox/` runs them.

export const SANDBOX_TOOL_NAMES = ['write_file', 'read_file', 'list_files', 'run', 'read_url'] as const;
export type SandboxToolName = (typeof SANDBOX_TOOL_NAMES)[number];

/** Limits of one call's folder and of what a tool hands back to the model. */
export interface SandboxLimits {
  /** Files per call (default 64). */
  maxFiles: number;
  /** Bytes (UTF-8) per file (default 1 MiB). */
  maxFileBytes: number;
  /** Bytes (UTF-8) over all files of a call (default 8 MiB). */
  maxCallBytes: number;
  /** Characters of a normalised path (default 200). */
  maxPathLength: number;
}

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = {
  maxFiles: 64,
  maxFileBytes: 1024 * 1024,
  maxCallBytes: 8 * 1024 * 1024,
  maxPathLength: 200,
};

/**
 * UTF-8 bytes of tool output the model sees per tool call (24 KiB: room for a 20 000
 * character page from `read_url` or 16 KiB of `run` console output plus their headers).
 */
export const DEFAULT_TOOL_OUTPUT_CAP_BYTES = 24 * 1024;

/** Source code accepted by `run` (UTF-8 bytes). */
export const MAX_RUN_CODE_BYTES = 256 * 1024;

/** The languages `run` executes: Python (Pyodide) and JavaScript (isolated-vm). */
export const RUN_LANGUAGES = ['python', 'javascript'] as const;
export type RunLanguage = (typeof RUN_LANGUAGES)[number];

/** The Pyodide release `run` executes Python with (pinned exactly in package.json). */
export const PYODIDE_VERSION = '314.0.7';

/** A JSON-schema property of a tool's parameters. */
export interface ToolParameter {
  type: string;
  description: string;
  enum?: string[];
}

/** An OpenAI chat-completions function tool (`tools[]` entry). */
export interface FunctionToolDefinition {
  type: 'function';
  function: {
    name: SandboxToolName;
    description: string;
    parameters: {
      type: 'object';
      properties: Record<string, ToolParameter>;
      required: string[];
      additionalProperties: false;
    };
  };
}

export function sandboxToolDefinitions(limits: SandboxLimits = DEFAULT_SANDBOX_LIMITS): FunctionToolDefinition[] {
  const pathProp = {
    type: 'string',
    description: `Relative path inside the call's folder, for example "notes/plan.md" (no leading "/", no "..", at most ${limits.maxPathLength} characters).`,
  };
  const tool = (
    name: SandboxToolName,
    description: string,
    properties: Record<string, ToolParameter>,
    required: string[] = Object.keys(properties),
  ): FunctionToolDefinition => ({
    type: 'function',
    function: {
      name,
      description,
      parameters: { type: 'object', properties, required, additionalProperties: false },
    },
  });
  return [
    tool(
      'write_file',
      `Create or replace a UTF-8 text file in this call's folder. At most ${limits.maxFiles} files, ${formatBytes(limits.maxFileBytes)} per file, ${formatBytes(limits.maxCallBytes)} in all. The folder is deleted within 24 hours: return results in your answer.`,
      { path: pathProp, content: { type: 'string', description: 'The full text of the file.' } },
    ),
    tool('read_file', "Read a UTF-8 text file from this call's folder.", { path: pathProp }),
    tool('list_files', "List the files in this call's folder with their sizes in bytes.", {}),
    tool(
      'run',
      [
        'Run Python 3 or JavaScript in a sandbox and get its printed output. Python is preferred for calculations.',
        'Python: standard library only (no pip packages such as numpy, sympy or requests: write such helpers yourself; no shell: subprocess and shell commands do not run); print() shows output; files of this call are in the working directory (open("data.csv")), and files you write there are saved.',
        'JavaScript: console.log() shows output; use files.read(path), files.write(path, text), files.list().',
        'The value of the last line is shown too. No network. Limits: 10 seconds, 128 MB memory.',
      ].join(' '),
      {
        code: { type: 'string', description: 'The complete program to run.' },
        language: { type: 'string', enum: [...RUN_LANGUAGES], description: 'python or javascript. If left out, it is detected from the code.' },
      },
      ['code'],
    ),
    tool(
      'read_url',
      'Fetch a public web page (http or https) and return its title and readable text, also saved as a file (page.txt, then page-2.txt …) that run programs can open. Only text content (HTML, plain text, Markdown, JSON, XML); private and local addresses are refused.',
      { url: { type: 'string', description: 'Absolute http(s) URL of a public page.' } },
    ),
  ];
}

// ---------------------------------------------------------------------------
// Paths

export type PathResult = { ok: true; path: string } | { ok: false; reason: string };

/**
 * Validates a model-supplied path and returns its normal form (`a//b/./c/` → `a/b/c`).
 * Paths are keys in a per-call store, never touched on disk, but the rules are the ones a
 * real folder would need so nothing that looks like an escape is ever accepted:
 * relative only, no `..` segment, no backslash, no NUL or other control characters,
 * no drive letters, at most `maxPathLength` characters once normalised.
 */
export function normaliseCallPath(raw: unknown, maxPathLength = DEFAULT_SANDBOX_LIMITS.maxPathLength): PathResult {
  if (typeof raw !== 'string') return { ok: false, reason: 'path must be a string' };
  if (raw.length === 0) return { ok: false, reason: 'path is empty' };
  if (raw.length > maxPathLength * 4) return { ok: false, reason: `path is longer than ${maxPathLength} characters` };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) return { ok: false, reason: 'path contains NUL or control characters' };
  if (raw.includes('\\')) return { ok: false, reason: 'path contains a backslash; use "/" between folders' };
  if (raw.startsWith('/')) return { ok: false, reason: 'path must be relative (no leading "/")' };
  if (/^[a-zA-Z]:/.test(raw)) return { ok: false, reason: 'path must be relative (no drive letter)' };
  if (raw.startsWith('~')) return { ok: false, reason: 'path must be relative (no "~")' };
  const segments: string[] = [];
  for (const segment of raw.normalize('NFC').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') return { ok: false, reason: 'path must not contain ".."' };
    segments.push(segment);
  }
  if (segments.length === 0) return { ok: false, reason: 'path names no file' };
  const path = segments.join('/');
  if (path.length > maxPathLength) return { ok: false, reason: `path is longer than ${maxPathLength} characters` };
  return { ok: true, path };
}

// ---------------------------------------------------------------------------
// Arguments

export type SandboxToolArgs =
  | { name: 'write_file'; path: string; content: string }
  | { name: 'read_file'; path: string }
  | { name: 'list_files' }
  | { name: 'run'; code: string; language: RunLanguage; languageDetected: boolean }
  | { name: 'read_url'; url: string };

export type ParsedToolCall = { ok: true; args: SandboxToolArgs } | { ok: false; message: string };

export function isSandboxToolName(name: string): name is SandboxToolName {
  return (SANDBOX_TOOL_NAMES as readonly string[]).includes(name);
}

/**
 * Parses the JSON arguments the model sent for a tool. Every model mistake becomes
 * `{ok: false, message}` written for the model to read and correct.
 */
export function parseToolCall(name: string, argumentsJson: string, limits: SandboxLimits = DEFAULT_SANDBOX_LIMITS): ParsedToolCall {
  if (!isSandboxToolName(name)) {
    return { ok: false, message: `unknown tool "${name}"; the tools are ${SANDBOX_TOOL_NAMES.join(', ')}` };
  }
  let parsed: unknown;
  const text = argumentsJson.trim();
  try {
    parsed = text === '' ? {} : JSON.parse(text);
  } catch {
    return { ok: false, message: `${name}: arguments are not valid JSON` };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { ok: false, message: `${name}: arguments must be a JSON object` };
  }
  const obj = parsed as Record<string, unknown>;
  const str = (key: string): string | { error: string } => {
    const value = obj[key];
    if (typeof value !== 'string') return { error: `${name}: "${key}" must be a string` };
    return value;
  };
  const path = (): string | { error: string } => {
    const result = normaliseCallPath(obj['path'], limits.maxPathLength);
    return result.ok ? result.path : { error: `${name}: bad path: ${result.reason}` };
  };
  const fail = (v: { error: string }): ParsedToolCall => ({ ok: false, message: v.error });

  switch (name) {
    case 'write_file': {
      const p = path();
      if (typeof p !== 'string') return fail(p);
      const content = str('content');
      if (typeof content !== 'string') return fail(content);
      return { ok: true, args: { name, path: p, content } };
    }
    case 'read_file': {
      const p = path();
      if (typeof p !== 'string') return fail(p);
      return { ok: true, args: { name, path: p } };
    }
    case 'list_files':
      return { ok: true, args: { name } };
    case 'run': {
      const raw = str('code');
      if (typeof raw !== 'string') return fail(raw);
      const language = parseRunLanguage(obj['language']);
      if (!language.ok) return { ok: false, message: language.message };
      const fenced = unfenceCode(raw);
      const code = fenced.code;
      if (code.trim() === '') return { ok: false, message: 'run: "code" is empty' };
      if (utf8Length(code) > MAX_RUN_CODE_BYTES) {
        return { ok: false, message: `run: "code" is larger than ${formatBytes(MAX_RUN_CODE_BYTES)}` };
      }
      const chosen = language.language ?? fenced.language;
      return { ok: true, args: { name, code, language: chosen ?? detectRunLanguage(code), languageDetected: chosen === undefined } };
    }
    case 'read_url': {
      const url = str('url');
      if (typeof url !== 'string') return fail(url);
      let parsedUrl: URL;
      try {
        parsedUrl = new URL(url.trim());
      } catch {
        return { ok: false, message: `read_url: "${truncateForMessage(url)}" is not an absolute URL` };
      }
      if (parsedUrl.protocol !== 'http:' && parsedUrl.protocol !== 'https:') {
        return { ok: false, message: 'read_url: only http and https URLs can be read' };
      }
      return { ok: true, args: { name, url: parsedUrl.href } };
    }
  }
}

// ---------------------------------------------------------------------------
// run: language

const LANGUAGE_NAMES: Record<string, RunLanguage> = {
  python: 'python',
  python3: 'python',
  py: 'python',
  javascript: 'javascript',
  js: 'javascript',
};

/** `language` as the model sent it: absent (or null, or "") means detect; names are matched without case. */
export function parseRunLanguage(raw: unknown): { ok: true; language: RunLanguage | undefined } | { ok: false; message: string } {
  if (raw === undefined || raw === null || raw === '') return { ok: true, language: undefined };
  const language = typeof raw === 'string' ? LANGUAGE_NAMES[raw.trim().toLowerCase()] : undefined;
  if (language === undefined) {
    const shown = typeof raw === 'string' ? `"${truncateForMessage(raw)}"` : JSON.stringify(raw);
    return { ok: false, message: `run: unknown "language" ${shown}; use "python" or "javascript" (or leave it out)` };
  }
  return { ok: true, language };
}

/**
 * Small models often wrap the program in a Markdown fence (```python … ```) inside the JSON
 * string. The fence is not code in either language: take it off, and keep its tag as the
 * language when it names one.
 */
export function unfenceCode(code: string): { code: string; language?: RunLanguage } {
  const match = /^\s*```[ \t]*([A-Za-z0-9]*)[^\n]*\n([\s\S]*?)\n?```\s*$/.exec(code);
  if (!match) return { code };
  const language = LANGUAGE_NAMES[match[1]!.toLowerCase()];
  return language ? { code: match[2]!, language } : { code: match[2]! };
}

/** Lines only Python writes this way: `def f(...):`, `import x`, `from x import y`, `print(...)` as a statement, a block opener ending in `:`, a `#` comment. */
const PYTHON_LINE =
  /^\s*(?:#.*|(?:async\s+)?def\s+\w+\s*\(.*\)\s*(?:->.*)?:|class\s+\w+.*:|import\s+[\w.]+(?:\s+as\s+\w+)?(?:\s*,\s*[\w.]+(?:\s+as\s+\w+)?)*|from\s+[\w.]+\s+import\s+.+|print\s*\(.*|(?:if|elif|while|for|with|try|except|else|finally)\b.*:)\s*(?:#.*)?$/;

/**
 * Python written on one line, with the block's body after its colon or a comprehension:
 * `for x in xs: …`, `with open(…) as f: …` (JavaScript writes `for (… in …)` and has no
 * `as`), `[… for x in xs …]`. The README's task from `npm run up` (2026-12-02) sent
 * `with open('data.csv', 'r') as file: primes = [int(line.strip()) for line in file …]
 * print(sum(primes))`, which was run as JavaScript and failed on `open`.
 */
// Every stretch is bounded (a header of at most 200 characters, on one line): unbounded,
// this pattern alone held the worker's event loop 26.9 s on a hostile 256 KB program of
// ` with a as` repeated; bounded, 62 ms (all of detectRunLanguage 70 ms).
const PYTHON_ONE_LINER =
  /(?:^|[;\s])(?:for\s+\w+(?:\s*,\s*\w+){0,8}\s+in\s+[^:\n]{1,200}|with\s+[^:\n]{1,200}\s+as\s+\w+)\s*:|\[[^\]\n]{0,200}\bfor\s+\w+(?:\s*,\s*\w+){0,8}\s+in\b/;

/**
 * Python built-ins that the sandbox's JavaScript does not have either: JavaScript code
 * calling one of them (without declaring it) would fail with a ReferenceError.
 */
const PYTHON_BUILTIN_CALL =
  /(?:^|[^.\w$])(print|open|len|range|sum|int|str|float|sorted|enumerate|zip|input|abs|min|max|round|list|dict|set|tuple|repr|divmod|pow|any|all|isinstance|type)\s*\(/g;

/**
 * The language of code sent without one. Code that does not parse as JavaScript (as the
 * body of an async function, so top-level await counts) is Python when it has a Python
 * line or statement (`def`, `import`, `print(`, a `…:` block opener, a `#` comment) or a
 * block written on one line (`PYTHON_ONE_LINER`). Code that parses
 * as both is Python when it calls a Python built-in the sandbox's JavaScript lacks
 * (`print(`, `open(`, `len(`, `range(`, …) without declaring it and without using
 * `console.` or `files.`. Everything else is JavaScript, whose error then says what is wrong.
 */
export function detectRunLanguage(code: string): RunLanguage {
  // Statements joined by `;` count one by one: `import calendar; print(…)` (weekday) is Python.
  if (!parsesAsJavaScript(code)) return PYTHON_ONE_LINER.test(code) || code.split(/\n|;/).some((line) => PYTHON_LINE.test(line)) ? 'python' : 'javascript';
  if (/\b(?:console|files)\s*\./.test(code)) return 'javascript';
  for (const match of code.matchAll(PYTHON_BUILTIN_CALL)) {
    const name = match[1]!;
    if (!new RegExp(`\\b(?:function|const|let|var|class)\\s+${name}\\b`).test(code)) return 'python';
  }
  return 'javascript';
}

const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor as new (body: string) => unknown;

/** Compiles (never runs) `code` as the body of an async function. */
function parsesAsJavaScript(code: string): boolean {
  try {
    new AsyncFunction(code);
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------
// Output capping

/** UTF-8 byte length without Buffer (core stays free of node:*). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Cuts `text` to at most `maxBytes` UTF-8 bytes, never inside a character, and appends a
 * note saying how much was left out. The note itself fits in the cap.
 */
export function capOutput(text: string, maxBytes: number): { text: string; truncated: boolean } {
  const total = utf8Length(text);
  if (total <= maxBytes) return { text, truncated: false };
  const note = (omitted: number) => `\n…[output truncated: ${omitted} more bytes]`;
  const budget = Math.max(0, maxBytes - utf8Length(note(total)));
  let bytes = 0;
  let end = 0;
  while (end < text.length) {
    const c = text.charCodeAt(end);
    const pair = c >= 0xd800 && c <= 0xdbff && end + 1 < text.length;
    const width = c < 0x80 ? 1 : c < 0x800 ? 2 : pair ? 4 : 3;
    if (bytes + width > budget) break;
    bytes += width;
    end += pair ? 2 : 1;
  }
  return { text: text.slice(0, end) + note(total - bytes), truncated: true };
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

function truncateForMessage(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
