// The agent's sandbox tools behind one port: the model loop hands over a tool call as the
// model wrote it and gets back the text the model sees plus a one-line summary for the
// progress stream. Model mistakes and sandbox limits come back as `ok: false`; only
// infrastructure failures (MongoDB down, the sandbox process unable to start) throw, so
// the activity fails and Temporal retries it. Abort rejects with the signal's reason.

import { RERUN_MENDS_MAX, mendSyntaxError, programCommand, withMissingPart } from '../../core/chat/code-repair';
import { missingFileNote, NO_MODULE_NOTE, RUN_CALL_EXAMPLE } from '../../core/chat/conversation';
import { pageReadingHint } from '../../core/chat/html-text';
import {
  DEFAULT_TOOL_OUTPUT_CAP_BYTES,
  capOutput,
  parseToolCall,
  sandboxToolDefinitions,
  type FunctionToolDefinition,
  type RunLanguage,
  type SandboxToolArgs,
} from '../../core/chat/tools';
import type { CallFiles } from './call-files';
import { SandboxError } from './errors';
import type { MemoryBudget } from './memory-budget';
import { readUrl, type ReadUrlOptions } from './read-url';
import { runJavaScript, type RunJavaScriptOptions, type RunJavaScriptResult } from './run-js';
import { runPython } from './run-python';

export interface RunLimits {
  /** Default 10 000 ms. */
  timeoutMs?: number;
  /** Default 128 MB. */
  memoryMb?: number;
  /** Console output kept per run, default 16 KiB. */
  outputCapBytes?: number;
}

export interface ReadUrlLimits {
  /** Default 2 MiB. */
  maxBytes?: number;
  /** Default 15 000 ms. */
  timeoutMs?: number;
  /** Default 20 000 characters. */
  maxChars?: number;
}

export interface SandboxToolsDeps {
  callFiles: CallFiles;
  /** `host:port` entries exempt from the public-address rule for `read_url` (config `allowHosts`). */
  allowHosts?: readonly string[];
  runLimits?: RunLimits;
  /** The memory every `run` child of this process shares (config `sandboxMemoryMb`; default run-js's per-process budget). */
  memoryBudget?: MemoryBudget;
  readUrlLimits?: ReadUrlLimits;
  /** UTF-8 bytes of `output` per tool call (default 24 KiB). */
  outputCapBytes?: number;
}

export interface ExecuteToolInput {
  callId: string;
  /** The function name the model called. */
  name: string;
  /** The arguments string exactly as the model produced it. */
  argumentsJson: string;
  signal?: AbortSignal;
}

export interface ToolResult {
  name: string;
  ok: boolean;
  /** What the model sees as the tool message content (capped). */
  output: string;
  /** One short line for progress streams. */
  summary: string;
}

export interface SandboxTools {
  /** The `tools` array to offer the model. */
  definitions: FunctionToolDefinition[];
  executeTool(input: ExecuteToolInput): Promise<ToolResult>;
}

const SUMMARY_MAX_CHARS = 120;

/** The file the first page `read_url` reads in a call is kept as (later ones: page-2.txt …). */
export const PAGE_FILE = 'page.txt';

export function createSandboxTools(deps: SandboxToolsDeps): SandboxTools {
  const { callFiles } = deps;
  const limits = callFiles.limits;
  const outputCap = deps.outputCapBytes ?? DEFAULT_TOOL_OUTPUT_CAP_BYTES;

  const result = (name: string, ok: boolean, output: string, summary: string): ToolResult => ({
    name,
    ok,
    output: capOutput(output, outputCap).text,
    summary: oneLine(summary),
  });
  const refused = (name: string, code: string, message: string): ToolResult => result(name, false, `error (${code}): ${message}`, `${name}: ${code}`);

  async function dispatch(callId: string, args: SandboxToolArgs, signal: AbortSignal | undefined): Promise<ToolResult> {
    switch (args.name) {
      case 'write_file': {
        const written = await callFiles.write(callId, args.path, args.content);
        return result(
          args.name,
          true,
          `${written.created ? 'created' : 'replaced'} ${written.path} (${written.size} bytes)`,
          `write_file ${written.path} (${written.size} bytes)`,
        );
      }
      case 'read_file': {
        const content = await callFiles.read(callId, args.path);
        return result(args.name, true, content === '' ? '(empty file)' : content, `read_file ${args.path} (${Buffer.byteLength(content, 'utf8')} bytes)`);
      }
      case 'list_files': {
        const listing = await callFiles.list(callId);
        const output = listing.length === 0 ? '(the folder is empty)' : listing.map((f) => `${f.path}\t${f.size} bytes`).join('\n');
        return result(args.name, true, output, `list_files: ${listing.length} file${listing.length === 1 ? '' : 's'}`);
      }
      case 'run':
        return run(callId, args.code, args.language, args.languageDetected, signal);
      case 'read_url': {
        const options: ReadUrlOptions = { url: args.url, allowHosts: deps.allowHosts ?? [], ...deps.readUrlLimits };
        if (signal) options.signal = signal;
        const page = await readUrl(options);
        const lines = [`URL: ${page.finalUrl}`, await savePage(callId, page.text)];
        if (page.title !== '') lines.push(`Title: ${page.title}`);
        lines.push('', page.text === '' ? '(no readable text)' : page.text);
        if (page.truncated) lines.push('', `…[text truncated at ${page.text.length} characters]`);
        return result(args.name, true, lines.join('\n'), `read_url ${shortUrl(page.finalUrl)} (${page.text.length} chars)`);
      }
    }
  }

  /**
   * Keeps the page's text as a file of the call (page.txt, then page-2.txt …), so a program
   * can count or add up what the page lists instead of the model copying it by hand: a 1.5B
   * actor told to "put the data in the program" ran `print(len(html))` on a name it never
   * defined. Returns the line that tells the model the file's name (or why it was not kept).
   */
  async function savePage(callId: string, text: string): Promise<string> {
    const taken = new Set((await callFiles.list(callId)).map((f) => f.path));
    let path = PAGE_FILE;
    for (let n = 2; taken.has(path); n++) path = `page-${n}.txt`;
    try {
      await callFiles.write(callId, path, text);
      const saved = `Saved as: ${path} (a run program can open("${path}"))`;
      const hint = pageReadingHint(path, text);
      return hint === '' ? saved : `${saved}\n${hint}`;
    } catch (error) {
      if (!(error instanceof SandboxError)) throw error;
      return `Not saved as a file: ${error.message}`;
    }
  }

  async function run(callId: string, written: string, asked: RunLanguage, detected: boolean, signal: AbortSignal | undefined): Promise<ToolResult> {
    const files = await callFiles.readAll(callId);
    // There is no shell: a command that carries its program (`python -c "…"`) runs that
    // program; one that names a program file of the call's folder runs that file's program;
    // one that names no such file is refused with what run takes.
    const command = programCommand(written);
    let code = written;
    if (command !== undefined && 'source' in command) code = command.source;
    else if (command !== undefined) {
      const named = files[command.path];
      if (named === undefined) {
        const message = `error: "${written.trim()}" is a shell command, and there is no shell; no file ${command.path} is in this call's folder either. Put the program's source itself in "code", for example ${RUN_CALL_EXAMPLE}.`;
        return result('run', false, message, 'run: a shell command, not run');
      }
      code = named;
    }
    const language = command?.language ?? asked;
    const runCode = (program: string) => {
      const options: RunJavaScriptOptions = {
        code: program,
        files,
        limits,
        ...deps.runLimits,
        ...(deps.memoryBudget ? { memoryBudget: deps.memoryBudget } : {}),
      };
      if (signal) options.signal = signal;
      return language === 'python' ? runPython(options) : runJavaScript(options);
    };
    let outcome = await runCode(code);
    // A syntax error with one mechanical reading (a line break inside a quoted string, the
    // model's `\n` read as one by JSON; a Python loop written on one line): run it once more
    // as its author meant it, and say so. Nothing ran the first time.
    const mended = !outcome.ok && /SyntaxError/.test(outcome.error?.message ?? '') ? mendSyntaxError(code, language) : undefined;
    if (mended !== undefined) outcome = await runCode(mended.code);
    // A Python program that failed on a name its standard library defines but the program
    // never imported, or writing into a folder that did not exist: run again with the import
    // or the folder made first, and say so (code-repair.ts).
    const addedFirst: string[] = [];
    let ran = mended?.code ?? code;
    while (language === 'python' && !outcome.ok && addedFirst.length < RERUN_MENDS_MAX) {
      const added = withMissingPart(ran, outcome.error?.message ?? '');
      if (added === undefined) break;
      addedFirst.push(added.statement);
      ran = added.code;
      outcome = await runCode(ran);
    }

    const saved: string[] = [];
    const notSaved: string[] = Object.entries(outcome.filesNotSaved ?? {}).map(([path, reason]) => `${path}: ${reason}`);
    for (const [path, content] of Object.entries(outcome.filesWritten)) {
      try {
        const written = await callFiles.write(callId, path, content);
        saved.push(`${written.path} (${written.size} bytes)`);
      } catch (error) {
        if (!(error instanceof SandboxError)) throw error;
        notSaved.push(`${path}: ${error.message}`);
      }
    }
    const ok = outcome.ok && notSaved.length === 0;
    const ranInstead =
      command === undefined
        ? []
        : ['path' in command ? `there is no shell: ran the program in ${command.path}` : 'there is no shell: ran the program the command carried'];
    const notes = [
      ...ranInstead,
      ...(mended ? [mended.note] : []),
      ...(addedFirst.length > 0
        ? [`the program used what it never imported or made; it ran with ${addedFirst.map((i) => `"${i}"`).join(' and ')} added at its top`]
        : []),
    ];
    return result(
      'run',
      ok,
      formatRun(
        outcome,
        language,
        detected && command === undefined,
        saved,
        notSaved,
        notes.length > 0 ? notes.join('; ') : undefined,
        Object.keys(files).sort(),
      ),
      runSummary(outcome, language, saved.length),
    );
  }

  return {
    definitions: sandboxToolDefinitions(limits),
    async executeTool({ callId, name, argumentsJson, signal }) {
      const parsed = parseToolCall(name, argumentsJson, limits);
      if (!parsed.ok) return refused(name, 'bad_arguments', parsed.message);
      try {
        return await dispatch(callId, parsed.args, signal);
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if (error instanceof SandboxError) return refused(name, error.code, error.message);
        throw error;
      }
    },
  };
}

const PRINTED_NOTHING_NOTE = 'the program printed nothing: print the result (print() in Python, console.log() in JavaScript)';

/** The text the model reads; its first line names the language that ran (and whether it was detected). */
function formatRun(
  outcome: RunJavaScriptResult,
  language: RunLanguage,
  detected: boolean,
  saved: string[],
  notSaved: string[],
  note: string | undefined,
  folder: string[],
): string {
  const lines = [
    `language: ${language}${detected ? ' (detected from the code)' : ''}`,
    ...(note !== undefined ? [`note: ${note}`] : []),
    outcome.ok ? `status: ok (${outcome.durationMs} ms)` : `status: error (${outcome.error?.code ?? 'runtime_error'}) after ${outcome.durationMs} ms`,
  ];
  if (outcome.error) lines.push(`error: ${outcome.error.message}`);
  // A small model reaches for sympy or numpy first (the README's task from npm run up):
  // said where it fails, the next program is likelier to use the standard library.
  if (language === 'python' && /ModuleNotFoundError|No module named/.test(outcome.error?.message ?? '')) lines.push(`note: ${NO_MODULE_NOTE}`);
  const missing = outcome.error ? missingFileNote(outcome.error.message, language, folder) : undefined;
  if (missing !== undefined) lines.push(`note: ${missing}`);
  // A program that only defines functions (the README's task from npm run up: `function
  // sum_primes() {…}` never called) ends fine and shows nothing; the 1.5B actor then gave a
  // number from its head. Said here, the next program prints.
  if (outcome.ok && outcome.stdout === '' && outcome.returnValue === undefined && saved.length === 0) lines.push(`note: ${PRINTED_NOTHING_NOTE}`);
  lines.push(outcome.stdout === '' ? 'output: (none)' : `output:\n${outcome.stdout.replace(/\n$/, '')}`);
  if (outcome.returnValue !== undefined) lines.push(`result: ${outcome.returnValue}`);
  if (saved.length > 0) lines.push(`files written: ${saved.join(', ')}`);
  if (notSaved.length > 0) lines.push(`files NOT saved:\n${notSaved.join('\n')}`);
  return lines.join('\n');
}

function runSummary(outcome: RunJavaScriptResult, language: RunLanguage, savedCount: number): string {
  const files = savedCount > 0 ? `, ${savedCount} file${savedCount === 1 ? '' : 's'} written` : '';
  return outcome.ok
    ? `run ${language}: ok in ${outcome.durationMs} ms${files}`
    : `run ${language}: ${outcome.error?.code ?? 'runtime_error'} after ${outcome.durationMs} ms${files}`;
}

function shortUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return url;
  }
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SUMMARY_MAX_CHARS ? `${flat.slice(0, SUMMARY_MAX_CHARS - 1)}…` : flat;
}
