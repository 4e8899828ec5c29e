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

/** An OpenAI chat-completions function tool (`tools[]` entry). */
export interface FunctionToolDefinition {
  type: 'function';
  function: {
    name: SandboxToolName;
    description: string;
    parameters: {
      type: 'object';
      properties: Record<string, { type: string; description: string }>;
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
  const tool = (name: SandboxToolName, description: string, properties: Record<string, { type: string; description: string }>): FunctionToolDefinition => ({
    type: 'function',
    function: {
      name,
      description,
      parameters: { type: 'object', properties, required: Object.keys(properties), additionalProperties: false },
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
        'Run JavaScript (ES2023) in an isolated sandbox: no network, no require/import, no process, no timers, no disk.',
        'console.log/console.error print output; the last expression value is shown too.',
        "The call's folder is available as `files.read(path)` → string, `files.write(path, text)`, `files.list()` → string[]; writes are saved to the folder.",
        'Top-level await is allowed. Limits: 10 seconds, 128 MB memory, output capped.',
      ].join(' '),
      { code: { type: 'string', description: 'The JavaScript source to run.' } },
    ),
    tool(
      'read_url',
      'Fetch a public web page (http or https) and return its title and readable text. Only text content (HTML, plain text, Markdown, JSON, XML); private and local addresses are refused.',
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
  | { name: 'run'; code: string }
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
      const code = str('code');
      if (typeof code !== 'string') return fail(code);
      if (code.trim() === '') return { ok: false, message: 'run: "code" is empty' };
      if (utf8Length(code) > MAX_RUN_CODE_BYTES) {
        return { ok: false, message: `run: "code" is larger than ${formatBytes(MAX_RUN_CODE_BYTES)}` };
      }
      return { ok: true, args: { name, code } };
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
