// The agents' views of one call. The call's turn log (plan, tool-using steps, tool
// results, check verdicts) is shared; each role gets its own system prompt and sees the
// log the way it needs: the planner sees the task, the actors the task, the plan and
// their own tool loop, the checker the task, a work log and the answer to check.

import type { CallTurn, UpstreamMessage, UpstreamToolCall, Verdict } from './shapes';
import { commandInReply } from './code-repair';
import { isCodeOnly } from './text-tool-calls';
import { isSandboxToolName, type RunLanguage } from './tools';

// The prompts are short and concrete: the embedded default is a 1.5B model, which follows
// a few plain sentences far better than a page of rules. The actor's thread only ever
// grows (system prompt, task, plan, then its steps), so a server's prompt cache reuses
// every earlier step's tokens.

export const PLANNER_PROMPT = [
  'You are the planner of a small team of agents working on one task.',
  "The actor after you can run Python or JavaScript, not shell commands (it sees what the code prints), write and read files in a private folder, and read web pages with read_url (it returns the page's text, not HTML).",
  "The folder starts empty: the task's data is in the task itself or on the pages it names.",
  'Write at most 3 short numbered steps, one line each: what to read or compute, with which tool, and how to check the result.',
  'Do not solve the task yourself.',
].join(' ');

export const ACTOR_PROMPT = [
  'You are the actor: you complete the task for the client, following the plan.',
  'Do not guess, count or calculate in your head: call the run tool with a short program that prints the result, and read what it prints. Put the data of the task into the program; a page read with read_url is saved as a file (its result names it, e.g. page.txt) that the program can open.',
  'Never reply with a program: run it with the run tool. If a program fails, fix it and run it again.',
  'To read a web page, call read_url. write_file, read_file and list_files use a private folder that run sees too.',
  'Call one tool at a time.',
  'When you have the result, reply without calling a tool and state the result in a sentence or two: the client sees only that reply.',
].join(' ');

export const CHECKER_PROMPT = [
  'You are the checker: you check the answer a team of agents wrote for a task.',
  'The tool results are what the code really printed and what the pages really said: trust them over the answer.',
  'If the answer holds a computed result, you may first call the run tool with a short program of your own that computes it independently.',
  'Then write one sentence on what the tool results show, and one on whether the answer agrees with them and answers the task.',
  'End with APPROVE if it does, or REVISE if it does not.',
].join(' ');

/**
 * Whether a plan has the actor use a tool, or work something out that a program should:
 * then the actor's first step must call one. A 1.5B actor otherwise answers from memory
 * what the plan said to compute (a reversed text, a count, a sum, a weekday: "check the
 * calendar" got Friday for a Sunday); a plan that only writes or explains (a poem, an
 * explanation) leaves it free.
 */
export function planNamesTool(plan: string): boolean {
  return /\b(?:run|read_url|write_file|read_file|list_files|python|javascript|code|program|script|comput\w*|calculat\w*|count\w*|sum|total|average|convert\w*|sort\w*|revers\w*|dates?|days?|calendar|check\w*|verif\w*)\b/i.test(
    plan,
  );
}

/** Context the client gave as system/developer messages, appended to an agent's own prompt. */
function systemMessage(prompt: string, task: UpstreamMessage[]): UpstreamMessage {
  const client = task.filter((m) => m.role === 'system').map((m) => m.content as string);
  return { role: 'system', content: client.length > 0 ? `${prompt}\n\nInstructions from the client:\n${client.join('\n\n')}` : prompt };
}

const withoutSystem = (task: UpstreamMessage[]) => task.filter((m) => m.role !== 'system');

export function planMessages(task: UpstreamMessage[]): UpstreamMessage[] {
  return [systemMessage(PLANNER_PROMPT, task), ...withoutSystem(task)];
}

/**
 * The actors' thread: the task, the plan, then every tool step with its results and any
 * verdict that sent the work back. Tool calls whose result never arrived (a step cut short
 * by a limit) get a result saying so, because upstreams reject dangling tool calls.
 */
export function actMessages(task: UpstreamMessage[], turns: CallTurn[], stepsLeft?: number, answerNow = false, callTool = false): UpstreamMessage[] {
  const out: UpstreamMessage[] = [systemMessage(ACTOR_PROMPT, task), ...withoutSystem(task)];
  // Calls repeated word for word, not run again, are left out of the thread: each copy made
  // the next one likelier (on count-s the 1.5B actor sent one failing program five times,
  // sampling too); the order after them says what to do instead.
  const notRun = new Set(
    turns
      .filter(
        (t) =>
          t.kind === 'tool' && (t.output === REPEATED_CALL_OUTPUT || t.output === REPEATED_FAILED_CALL_OUTPUT || t.output === REPEATED_SENT_BACK_CALL_OUTPUT),
      )
      .map((t) => (t.kind === 'tool' ? t.tool_call_id : '')),
  );
  // A failed call the actor sent again goes too, its first run included: with it in the
  // thread the actor copied it, sampling or not (weekday: one program importing `requests`,
  // five times); the order at the end names its error instead.
  const stuckIds = new Set(
    turns.filter((t) => t.kind === 'tool' && t.output === REPEATED_FAILED_CALL_OUTPUT).map((t) => (t.kind === 'tool' ? t.tool_call_id : '')),
  );
  const keyOf = (call: UpstreamToolCall) => `${call.function.name}\0${call.function.arguments}`;
  const stuck = new Set(turns.flatMap((t) => (t.kind === 'act' ? t.tool_calls.filter((c) => stuckIds.has(c.id)).map(keyOf) : [])));
  // A reply in words the actor already gave is shown once: sent back as no answer, the 1.5B
  // actor wrote the same `run({code: …})` eleven times in a row on the README's task, each
  // copy in its thread making the next likelier, sampling or not.
  const shownReplies = new Set<string>();
  const pending = new Map<string, string>();
  const flushPending = () => {
    for (const [id, name] of pending) out.push({ role: 'tool', tool_call_id: id, content: `error: ${name} did not run (the step was cut short)` });
    pending.clear();
  };
  for (const turn of turns) {
    if (turn.kind !== 'tool') flushPending();
    switch (turn.kind) {
      case 'plan':
        out.push({ role: 'user', content: `Plan from the planner:\n${turn.text}\n\nCarry it out.` });
        break;
      case 'act':
        if (turn.tool_calls.length > 0 && turn.tool_calls.every((c) => notRun.has(c.id) || stuck.has(keyOf(c)))) break;
        if (turn.tool_calls.length > 0) {
          out.push({ role: 'assistant', content: turn.content === '' ? null : turn.content, tool_calls: turn.tool_calls });
          for (const call of turn.tool_calls) pending.set(call.id, call.function.name);
        } else if (turn.content.trim() === '') {
          // Some templates reject an empty assistant turn; the note says what went wrong instead.
          out.push({ role: 'user', content: EMPTY_REPLY_NOTE });
        } else {
          const reply = turn.content.trim().replace(/\s+/g, ' ');
          if (shownReplies.has(reply)) break;
          shownReplies.add(reply);
          out.push({ role: 'assistant', content: turn.content });
        }
        break;
      case 'tool':
        if (pending.delete(turn.tool_call_id)) out.push({ role: 'tool', tool_call_id: turn.tool_call_id, content: turn.output });
        break;
      case 'check':
        if (turn.verdict === 'revise') {
          out.push({
            role: 'user',
            content:
              turn.text === NO_REASONS
                ? DOUBTED_NOTE
                : `The checker sent the answer back:\n${turn.text}\n\nFix what is wrong, then give the complete answer again.`,
          });
        }
        break;
      case 'final':
        out.push({ role: 'assistant', content: turn.content });
        break;
    }
  }
  flushPending();
  if (answerNow) {
    out.push({ role: 'user', content: ANSWER_NOW_NOTE });
  } else if (callTool) {
    out.push({ role: 'user', content: toolNowNote(task, turns) });
  } else if (stepsLeft !== undefined && stepsLeft <= 3) {
    out.push({ role: 'user', content: `Only ${stepsLeft} model step${stepsLeft === 1 ? '' : 's'} left for this task: finish soon.` });
  }
  return out;
}

/**
 * The actor must call a tool now (the plan names one, or its answer went back for a number no
 * tool printed): the page first when the task gives an address no read has reached yet,
 * else a program. Named plainly: asked for "the tool the plan needs", the 1.5B actor
 * described the call in prose; asked for the run tool, it made the call.
 */
export function toolNowNote(task: UpstreamMessage[], turns: CallTurn[]): string {
  const asksForPage = task.some((m) => typeof m.content === 'string' && /https?:\/\//.test(m.content));
  const pageRead = turns.some((t) => t.kind === 'tool' && t.name === 'read_url' && t.ok);
  if (asksForPage && !pageRead) return READ_URL_NOW_NOTE;
  const lastRun = turns.findLast((t) => t.kind === 'tool' && t.name === 'run');
  if (lastRun?.kind !== 'tool' || lastRun.ok) return RUN_NOW_NOTE;
  if (lastRun.output === REPEATED_SENT_BACK_CALL_OUTPUT) return CHANGE_RUN_NOW_NOTE;
  const error = lastErrorLine(turns);
  if (error === undefined) return FIX_RUN_NOW_NOTE;
  // vowels: the actor opened a task.txt that never existed, then asked the client to create it.
  const hint = /FileNotFoundError|No such file|ENOENT/.test(error)
    ? ` ${NO_SUCH_FILE_NOTE}`
    : /ModuleNotFoundError|No module named/.test(error)
      ? ` ${NO_MODULE_NOTE}`
      : '';
  return `Your program failed with: ${error}${hint}\n${FIX_RUN_NOW_NOTE}`;
}

/**
 * The last line of the error of the latest program that ran and failed (`TypeError: object of
 * type 'int' has no len()`): named in the order to fix it, since after a repeat the failed
 * run's full result may be far up the thread.
 */
export function lastErrorLine(turns: CallTurn[]): string | undefined {
  const run = turns.findLast((t) => t.kind === 'tool' && t.name === 'run' && t.output.startsWith('language: '));
  if (run?.kind !== 'tool' || run.ok) return undefined;
  const at = run.output.indexOf('\nerror:');
  if (at < 0) return undefined;
  // The error ends where the result's notes under it (a missing module, a missing file) or its output begin.
  const ends = ['\nnote:', '\noutput:'].map((mark) => run.output.indexOf(mark, at)).filter((i) => i >= 0);
  const end = ends.length > 0 ? Math.min(...ends) : -1;
  const lines = run.output
    .slice(at + '\nerror:'.length, end < 0 ? undefined : end)
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const last = lines.at(-1);
  return last === undefined ? undefined : last.length > 300 ? `${last.slice(0, 300)}…` : last;
}

export const RUN_NOW_NOTE = 'Your next reply must be a call of the run tool: a short program that prints the result. No prose.';
export const FIX_RUN_NOW_NOTE =
  'Your next reply must be a call of the run tool with a corrected program: read the error above and change what caused it (do not send the program that failed again). No prose.';
export const CHANGE_RUN_NOW_NOTE =
  'Your next reply must be a call of the run tool with a changed program that does what the checker asked (not the program that ran before). No prose.';
export const NO_MODULE_NOTE =
  "Only Python's standard library is there: no pip packages (write what you needed from one yourself) and no network (read a page with the read_url tool).";
export const NO_SUCH_FILE_NOTE =
  "No file of that name is in the call's folder: put the data the task gives into the program itself (or write the file first with write_file).";
/**
 * What a run's result says when its program opened a file the call's folder does not hold:
 * its name, what the folder does hold, and how the program writes it first. csv-average and
 * squares-file ("Write a file numbers.txt …, then run code that reads numbers.txt"): the
 * 1.5B actor opened the file it was to write, then `data/numbers.txt`, then `page.txt`, to
 * the step limit, on a bare `FileNotFoundError`. Undefined for any other error.
 */
export function missingFileNote(error: string, language: 'python' | 'javascript', folder: string[]): string | undefined {
  const name = /No such file or directory: '([^'\n]+)'/.exec(error)?.[1] ?? /files\.read: no file (\S+) in the folder/.exec(error)?.[1];
  if (name === undefined) return undefined;
  const holds = folder.length === 0 ? 'it is empty' : `it holds ${folder.slice(0, 8).join(', ')}${folder.length > 8 ? ' …' : ''}`;
  const write = language === 'python' ? `with open(${JSON.stringify(name)}, "w") as f: f.write(…)` : `files.write(${JSON.stringify(name)}, …)`;
  return `no file ${name} is in this call's folder (${holds}): a program sees only the files written before it reads them. If the task gives the data, put it in the program; to use ${name}, write it first, in the same program before reading it (${write}) or with write_file.`;
}

export const READ_URL_NOW_NOTE = "Your next reply must be a call of the read_url tool with the page's address. No prose.";

/** After a repeated call: the actor is offered no tools and asked for the answer. */
export const ANSWER_NOW_NOTE = 'You already have the results of that call above. Do not call tools again: give your final answer to the task now.';

export const EMPTY_REPLY_NOTE = 'Your last reply was empty. Reply with your complete answer to the task, or call a tool.';

/** The tool result of a call repeated word for word with nothing changed since (it is not run again). */
export const REPEATED_CALL_OUTPUT = 'error: this exact call was already made and nothing has changed since; its result is above. Use it, or answer now.';

/** The same, when that earlier call failed: it would fail the same way. */
export const REPEATED_FAILED_CALL_OUTPUT =
  'error: this exact call failed above and would fail the same way, so it was not run again. Change it to fix the error shown above, then call the tool again.';

/** The same, when the answer that call led to was sent back asking for another call: it would print the same. */
export const REPEATED_SENT_BACK_CALL_OUTPUT =
  'error: this exact call ran above, and the answer from its result was sent back, so it was not run again: it would print the same. Change the program to do what the checker asked, then call the tool again.';

/** The latest answer the actors proposed (their last non-empty reply without tool calls). */
export function candidateAnswer(turns: CallTurn[]): string | undefined {
  for (let i = turns.length - 1; i >= 0; i--) {
    const turn = turns[i];
    if (turn?.kind === 'act' && turn.tool_calls.length === 0 && turn.content.trim() !== '') return turn.content;
    if (turn?.kind === 'final') return turn.content;
  }
  return undefined;
}

const TOOL_OUTPUT_FOR_CHECK = 2000;

/**
 * Whether a reply opens with a tool's name without being a call the loop reads: one short
 * line (`run`, `run read_file "page.txt"`: the 1.5B actor's whole replies on csv-average and
 * page-sum, after being told to call a tool; fence marks aside), or a call in code's syntax
 * of any length (`run(code='…`, `run code='''…` that the reader could not take), or one holding a call's
 * JSON naming a tool (`"name": "read_url"`) that the reader could not take. No answer opens
 * that way or carries such a call.
 */
export function namesToolOnly(answer: string): boolean {
  // A call's JSON that the loop could not read (`"name": "read_url"` in a tag of no known
  // kind, after `run`, on the README's task: the checker approved it as the answer).
  const named = /"name"\s*:\s*"([a-z_]+)"/.exec(answer)?.[1];
  if (named !== undefined && isSandboxToolName(named)) return true;
  // Fence marks around or after the name (`run\n```` on the README's task) are no words.
  const line = answer.replace(/```[\w-]*/g, '').trim();
  const first = /^[A-Za-z_]+/.exec(line)?.[0] ?? '';
  if (!isSandboxToolName(first)) return false;
  const after = line.slice(first.length);
  // A call in code's syntax, or as a command with keyword arguments (`run code='''…`).
  if (/^\s*\(/.test(after) || /^[ \t]+[a-z_]+[ \t]*=/.test(after)) return true;
  if (line.includes('\n') || line.length > 100) return false;
  return after === '' || /^[\s:{]/.test(after);
}

/**
 * Whether an answer repeats the last verdict's words (its first 60 characters or more): the
 * 1.5B actor, sent back with "The tool results show that the 30th Fibonacci number is 465,
 * which is not the answer provided…", answered with that text, to the step limit.
 */
export function echoesChecker(answer: string, turns: CallTurn[]): boolean {
  const verdict = turns.findLast((t) => t.kind === 'check');
  if (verdict?.kind !== 'check') return false;
  const flat = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
  const opening = flat(verdict.text).slice(0, 60);
  return opening.length >= 60 && flat(answer).includes(opening);
}

/** The checker's verdict on an answer that repeats the checker's own words. */
export const ECHO_REASONS =
  "Your reply repeats the checker's words instead of answering. Answer the task itself, from what your tools printed (run a program if you have no result yet).";

/** The checker's verdict on a reply that names a tool instead of calling it. */
export const TOOL_NAMED_REASONS = 'Your reply names a tool instead of calling it. Call the tool itself, then answer with what it prints.';

/** How a program is passed to the run tool, as the sandbox's refusals and the checker's reasons show it. */
export const RUN_CALL_EXAMPLE = '{"name": "run", "arguments": {"code": "print(2 + 3)", "language": "python"}}';

/** The checker's verdict on an answer that is a shell command running a program file. */
export const SHELL_COMMAND_REASONS = `Your reply is a shell command, and there is no shell, nor any program file for it to run. Write the program's source itself and call the run tool with that source as its code, for example ${RUN_CALL_EXAMPLE}.`;

/**
 * Whether an answer is only a shell command that runs a program file (`python3 sum_primes.py`,
 * fenced or after the word `run`): on the README's task from `npm run up` the actor sent
 * `run python3 sum_primes.py` in a fence five times, each sent back as a program to run.
 */
export function isShellCommand(answer: string): boolean {
  const program = commandInReply(answer);
  return program !== undefined && 'path' in program;
}

/** The checker's verdict on an answer that is only a program. */
export const CODE_ONLY_REASONS =
  'Your reply is a program, not the answer. Call the run tool with that program as its code, read what it prints, then reply with the result.';

/**
 * The numbers in a text, as values: "76,127" and "76127" are one number, "05" and "5" too.
 * Digits inside or at the end of a name (UTF-8, utf8, x86_64, SHA-256) are no number: page-count's answer of
 * 8 cities for 7 passed as printed because a program's result showed `encoding='UTF-8'`.
 */
export function numbersIn(text: string): number[] {
  return [...text.matchAll(/(?<!\w|[A-Za-z]-)\d+(?:,\d{3})*(?:\.\d+)?/g)].map((m) => Number(m[0].replaceAll(',', '')));
}

/**
 * A test of words around a program: whether they state no value of their own, every number
 * in them being one the task holds ("the primes below 1000"), so they present the program
 * rather than a result (`programAsRunCall`'s `claimsNothing`).
 */
export function claimsNoValueBeyond(task: UpstreamMessage[]): (words: string) => boolean {
  const given = new Set(task.flatMap((m) => (typeof m.content === 'string' ? numbersIn(m.content) : [])));
  return (words) => numbersIn(words).every((n) => given.has(n));
}

const decimalsOf = (value: number) => (String(value).split('.')[1] ?? '').length;

/**
 * The values of an answer that neither the task nor any tool output holds: worked out in
 * the model's head, which a small model gets wrong more often than not (a count of 8 for a
 * list of 7, a sum off by ten). Only tools that worked count, and of a `run` only what it
 * printed (a failed program's "line 1" grounded an answer of 1). A number rounded from a
 * printed one (3.33 from 3.3333333333333335) counts as printed. A date in the answer must be
 * there whole (date-add: the actor's 2025-05-10 from its head, grounded by a program that
 * printed 5), while a number may be part of a date seen ("May 21, 2025" from 2025-05-21).
 */
export function ungroundedValues(answer: string, task: UpstreamMessage[], turns: CallTurn[]): StatedValue[] {
  const texts = [
    ...task.flatMap((m) => (typeof m.content === 'string' ? [m.content] : [])),
    ...turns.flatMap((t) => (t.kind === 'tool' && t.ok ? [printedPart(t.name, t.output)] : [])),
  ];
  const seen = texts.flatMap((t) => [...valuesIn(t), ...numbersIn(t)]);
  return [...new Set(valuesIn(answer))].filter((n) => !matchesAny(n, seen));
}

/** The checker's verdict on an answer that talks about a failed program instead of giving the result. */
export const FAILED_RUN_REASONS =
  'Your last program failed, and your answer talks about the failure instead of giving the result. Fix the program and run it again with the run tool, then answer with what it prints.';

/**
 * Whether an answer comes right after a `run` that failed, with no run that worked since,
 * and talks about the error or shows code: the 1.5B actor explains its own traceback
 * ("The error indicates that…", with a corrected program it never ran) as often as it fixes
 * the program, or repeats the run's note ("The file "data.csv" is not in the call's folder.
 * You need to write it first", csv-average). An answer in other words goes on here
 * (`onlyFailedRuns` asks once for a working program when none has worked).
 */
export function aboutFailedRun(answer: string, turns: CallTurn[]): boolean {
  // Runs that ran: each result opens with its language (a repeated call, not run again, has none).
  const runs = turns.filter((t): t is Extract<CallTurn, { kind: 'tool' }> => t.kind === 'tool' && t.name === 'run' && t.output.startsWith('language: '));
  const last = runs.at(-1);
  if (last === undefined || last.ok) return false;
  if (
    /\berror\b|traceback|exception|does not exist|not found|no such file|not defined|could not|cannot|unable to|\bfix\b|try again|\bmissing\b|\bnot in (?:the|this|your) (?:call's )?(?:folder|directory)\b/i.test(
      answer,
    ) ||
    /```/.test(answer)
  )
    return true;
  // A name the error quotes ('os' in "name 'os' is not defined") named in the answer: "The
  // 'os' module is not imported in the script" (csv-average) is about the failure too.
  const quoted = [...(lastErrorLine(turns) ?? '').matchAll(/'([^'\s]{1,60})'/g)].map((m) => m[1]!);
  return quoted.some((name) => new RegExp(`(?<![\\w.])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w])`).test(answer));
}

/**
 * Whether programs of the actors ran and none worked: an answer then has no result behind
 * it, whatever its words. count-s (2026-12-01): the actor's one program opened a data.txt
 * that never existed, it answered that "s" does not occur in "Mississippi sassafras", and
 * the checker model approved; no number in it for the other rules to find.
 */
export function onlyFailedRuns(turns: CallTurn[]): boolean {
  const runs = turns.filter((t) => t.kind === 'tool' && t.name === 'run' && t.output.startsWith('language: '));
  return runs.length > 0 && runs.every((t) => t.kind === 'tool' && !t.ok);
}

/** The checker's verdict on an answer when no program of the call has worked (given once a call). */
export const NO_WORKING_RUN_REASONS =
  'No program of yours has worked yet, so your answer has no result behind it. Fix the program (read its error) and run it again with the run tool, then answer with what it prints.';

/**
 * What a tool result says of the task: for `run`, what the program printed (after its
 * `output:` line), not the status line's milliseconds; for other tools, the whole result.
 */
function printedPart(name: string, output: string): string {
  if (name !== 'run') return output;
  const at = output.indexOf('\noutput:');
  return at < 0 ? '' : output.slice(at + '\noutput:'.length);
}

/** A page `read_url` kept as a file: its name (the result's `Saved as:` line) and how a program reads it (the line after, if any). */
export interface SavedPage {
  file: string;
  hint: string;
}

/** The pages `read_url` kept as files, each once. */
export function savedPages(turns: CallTurn[]): SavedPage[] {
  const pages: SavedPage[] = [];
  for (const t of turns) {
    const saved = t.kind === 'tool' && t.name === 'read_url' && t.ok ? /^Saved as: (\S+).*\n(In a Python program, .*)?/m.exec(t.output) : null;
    if (saved?.[1] && !pages.some((p) => p.file === saved[1])) pages.push({ file: saved[1], hint: saved[2] ?? '' });
  }
  return pages;
}

/**
 * The checker's verdict on an answer with numbers no tool printed. When a page holds the data,
 * it names the file and repeats how a program reads its lists and tables, at the end, where a
 * small model reads it: far up the thread in the read_url result, the 1.5B actor ran
 * `open('page.txt')` and answered from its head again.
 */
export function ungroundedReasons(numbers: StatedValue[], pages: SavedPage[] = []): string {
  const list = numbers.slice(0, 5).join(', ');
  const opening = `Your answer gives ${list}, which no tool printed and the task does not give. Do not work numbers out in your head:`;
  if (pages.length === 0) return `${opening} compute or count them with the run tool (put the data in the program), then answer with what it prints.`;
  const files = pages.map((p) => `"${p.file}"`).join(' and ');
  const hints = pages.map((p) => p.hint).filter((h) => h !== '');
  return [
    `${opening} compute or count them with the run tool, then answer with what it prints.`,
    `The page's text is in ${files}: open it in the program and let the program find or count what the task asks for.`,
    ...hints,
  ].join(' ');
}

/** An answer's problem plain to see in the log, and what the actor is asked for next. */
export interface PlainProblem {
  /** The checker's verdict text, sent back to the actor. */
  reasons: string;
  /** Not an answer at all (a program, a tool's name, the checker's words, talk about a failed run): never stood by. */
  notAnAnswer: boolean;
  /** The next actor step must use a tool; false when the results are there and only the wording is wrong. */
  needsTool: boolean;
  /** The answer leaves out a form the task asks for: given again word for word, it is asked for once more (`ModelStepResult.restate`). */
  restate?: true;
}

/** Whether one of the call's checks already gave reasons that `said` matches: each of plainProblem's reasons goes back once a call. */
function alreadySaid(turns: CallTurn[], said: (text: string) => boolean): boolean {
  return turns.some((t) => t.kind === 'check' && said(t.text));
}

/**
 * Why an answer goes back without asking the checker model, if it does: a program instead
 * of an answer, or numbers no tool printed. Both are plain to see in the log, and a small
 * checker model approves them as often as not.
 */
export function plainProblem(task: UpstreamMessage[], turns: CallTurn[]): PlainProblem | undefined {
  const answer = candidateAnswer(turns) ?? '';
  const notAnAnswer = (reasons: string): PlainProblem => ({ reasons, notAnAnswer: true, needsTool: true });
  // A program proposed as the answer is sent back at once, with how to run it, rather than
  // shown to a checker or a client.
  if (isShellCommand(answer)) return notAnAnswer(SHELL_COMMAND_REASONS);
  if (isCodeOnly(answer)) return notAnAnswer(CODE_ONLY_REASONS);
  if (namesToolOnly(answer)) return notAnAnswer(TOOL_NAMED_REASONS);
  if (echoesChecker(answer, turns)) return notAnAnswer(ECHO_REASONS);
  if (aboutFailedRun(answer, turns)) return notAnAnswer(FAILED_RUN_REASONS);
  if (!alreadySaid(turns, (text) => text === NO_WORKING_RUN_REASONS) && onlyFailedRuns(turns)) {
    return { reasons: NO_WORKING_RUN_REASONS, notAnAnswer: false, needsTool: true };
  }
  const echoed = alreadySaid(turns, (text) => text.startsWith(ECHOED_DATA_OPENING)) ? undefined : echoedTaskData(answer, task, turns);
  if (echoed !== undefined) return { reasons: echoedDataReasons(echoed), notAnAnswer: false, needsTool: true };
  const numbers = ungroundedValues(answer, task, turns);
  if (numbers.length > 0) return { reasons: ungroundedReasons(numbers, savedPages(turns)), notAnAnswer: false, needsTool: true };
  const refuted = stillRefuted(answer, turns);
  if (refuted.length > 0) return { reasons: refutedReasons(refuted), notAnAnswer: false, needsTool: true };
  const ranOk = turns.some((t) => t.kind === 'tool' && t.name === 'run' && t.ok);
  if (asksToRunCode(task) && !ranOk && !alreadySaid(turns, (text) => text === RUN_ASKED_REASONS)) {
    return { reasons: RUN_ASKED_REASONS, notAnAnswer: false, needsTool: true };
  }
  const language = askedLanguage(task);
  if (language !== undefined && !alreadySaid(turns, (text) => text === languageReasons(language)) && ranOnlyOtherLanguage(language, turns)) {
    return { reasons: languageReasons(language), notAnAnswer: false, needsTool: true };
  }
  // A program that computes something other than the task: said once a call, the clock's
  // case (more telling) first.
  if (!alreadySaid(turns, (text) => text.startsWith(IGNORED_DATA_OPENING) || text.startsWith(CLOCK_OPENING))) {
    const clock = clockInsteadOfTaskDate(answer, task, turns);
    if (clock !== undefined) return { reasons: clockReasons(clock, task), notAnAnswer: false, needsTool: true };
    const ignored = ignoredTaskValues(answer, task, turns);
    if (ignored.length > 0) return { reasons: ignoredDataReasons(ignored), notAnAnswer: false, needsTool: true };
  }
  if (!alreadySaid(turns, (text) => text === UNPRINTED_YES_NO_REASONS) && unprintedYesNo(task, turns)) {
    return { reasons: UNPRINTED_YES_NO_REASONS, notAnAnswer: false, needsTool: true };
  }
  // An answer in the wrong form has its result already: it is said again, no tool needed.
  const forms = alreadySaid(turns, (text) => text.startsWith(MISSING_FORM_OPENING)) ? [] : missingAskedForms(answer, task);
  return forms.length > 0 ? { reasons: missingFormReasons(forms), notAnAnswer: false, needsTool: false, restate: true } : undefined;
}

/**
 * The answer's values that the checker's own programs refuted (a check's `refuted`) and that
 * no program that worked has printed since: on fibonacci the actor answered 465 (its program
 * summed 1 to 30) again after the comparison sent it back, once a failing program had run in
 * between, and the checker model approved it in words.
 */
export function stillRefuted(answer: string, turns: CallTurn[]): StatedValue[] {
  const refuted: StatedValue[] = [];
  for (const turn of turns) {
    if (turn.kind === 'check' && turn.refuted) refuted.push(...turn.refuted);
    else if (turn.kind === 'tool' && turn.ok && turn.name === 'run') {
      const printed = valuesIn(printedPart(turn.name, turn.output));
      for (let i = refuted.length - 1; i >= 0; i--) if (matchesAny(refuted[i]!, printed)) refuted.splice(i, 1);
    }
  }
  return [...new Set(valuesIn(answer))].filter((v) => matchesAny(v, refuted));
}

/** The checker's verdict on an answer that gives again values its own programs refuted. */
export function refutedReasons(values: StatedValue[]): string {
  return `Your answer gives ${values.slice(0, 5).join(', ')} again, which the checker's own programs refuted, and no program has printed it since. Read the task again, run a program that does exactly what it asks, then answer with what it prints.`;
}

/**
 * Whether the user asks in so many words for code to be run ("check it by running code",
 * "use Python"; not "write a program", which may ask for the program itself): then an
 * answer given before any program ran goes back once a call. On the README's task from
 * `npm run up` the actor answered with a call the loop could not read, holding no number,
 * and the checker approved it.
 */
export function asksToRunCode(task: UpstreamMessage[]): boolean {
  return /\b(?:run(?:ning)?|execut(?:e|ing)|us(?:e|ing))\s+(?:(?:the|some|a|your|an?)\s+)?(?:code|program|script|python|javascript)\b/i.test(userText(task));
}

/** The checker's verdict on an answer given before any program ran, to a task that asks for one (given once a call). */
export const RUN_ASKED_REASONS =
  'The task asks for code to be run, and no program of yours has run yet. Call the run tool with a program that computes the result, then answer with what it prints.';

/**
 * The language the user asks the program in, in so many words ("Using JavaScript", "a
 * Python program", "in JS"); undefined when the task names none, or both.
 */
export function askedLanguage(task: UpstreamMessage[]): RunLanguage | undefined {
  const text = userText(task);
  const asks = (name: string) =>
    new RegExp(`\\b(?:in|using|with|a|an)\\s+(?:${name})\\b|\\b(?:${name})\\s+(?:code|program|script|function)\\b`, 'i').test(text);
  const js = asks('javascript|js|node(?:\\.js)?');
  const python = asks('python');
  return js === python ? undefined : js ? 'javascript' : 'python';
}

/** Whether programs ran, and every one that worked ran in a language other than `language`. */
function ranOnlyOtherLanguage(language: RunLanguage, turns: CallTurn[]): boolean {
  const worked = turns.filter((t) => t.kind === 'tool' && t.name === 'run' && t.ok && t.output.startsWith('language: '));
  return worked.length > 0 && !worked.some((t) => t.kind === 'tool' && t.output.startsWith(`language: ${language}`));
}

/**
 * The checker's verdict on an answer whose programs ran in another language than the task
 * asks (given once a call): the user asked for the work in it, and a program in another
 * answers a different request.
 */
export function languageReasons(language: RunLanguage): string {
  const [name, print] = language === 'javascript' ? ['JavaScript', 'console.log()'] : ['Python', 'print()'];
  return `The task asks for ${name}, and your programs ran in another language. Call the run tool with a ${name} program ("language": "${language}"; ${print} shows output), then answer with what it prints.`;
}

/** The text the user wrote in the task, addresses left out (their digits are no data). */
function userText(task: UpstreamMessage[]): string {
  return withoutSystem(task)
    .filter((m) => m.role === 'user' && typeof m.content === 'string')
    .map((m) => (m.content as string).replace(/https?:\/\/\S+/g, ' '))
    .join('\n');
}

/** Answer forms a task can ask for in so many words, and how each shows in an answer. */
const ASKED_FORMS = [
  { asked: /\byes or no\b|\byes\/no\b/i, given: /\b(yes|no)\b/i, name: 'a yes or a no' },
  { asked: /\bYYYY-MM-DD\b/, given: /\b\d{4}-\d{2}-\d{2}\b/, name: 'a date written YYYY-MM-DD' },
] as const;

/**
 * The forms the task asks its answer to take ("Answer yes or no", "in the form YYYY-MM-DD")
 * that the answer does not take. prime-check: the run printed "Prime" and the actor answered
 * "The smallest prime factor of 1000003 is 1000003 itself", approved by the checker, with no
 * yes in it.
 */
export function missingAskedForms(answer: string, task: UpstreamMessage[]): string[] {
  const text = userText(task);
  return ASKED_FORMS.filter((f) => f.asked.test(text) && !f.given.test(answer)).map((f) => f.name);
}

/**
 * Whether the task asks for a yes or a no, programs have run, and those that worked printed
 * only numbers, no word (True, No, "Prime", "not prime"): the answer's yes or no then comes
 * from the model's head, and the program computed something beside the question.
 * prime-check ("Is 1000003 a prime number? Answer yes or no …"): the actor's program printed
 * √1000003, 1000; sent back for its missing yes, the actor answered "No, 1000003 is not a
 * prime number", which the checker model approved. A task answered without any program is left to the other rules.
 * Its reasons open otherwise than the form's (`MISSING_FORM_OPENING`), which may follow.
 */
export function unprintedYesNo(task: UpstreamMessage[], turns: CallTurn[]): boolean {
  if (!ASKED_FORMS[0].asked.test(userText(task))) return false;
  const runs = turns.filter((t) => t.kind === 'tool' && t.name === 'run' && t.ok);
  // A program that prints a constant (`print(True)`, the 1.5B actor's whole reply to this
  // order) tests nothing.
  const codeOf = runPrograms(turns);
  const constant = (id: string) => /^\s*print\(\s*(?:True|False|(['"])[^'"\n]*\1)\s*\)\s*$/.test(codeOf.get(id) ?? '');
  return runs.length > 0 && !runs.some((t) => t.kind === 'tool' && !constant(t.tool_call_id) && /\p{L}{2}/u.test(printedPart(t.name, t.output)));
}

/** The checker's verdict on a yes or a no that no program printed (given once a call). */
export const UNPRINTED_YES_NO_REASONS =
  "No program has computed the yes or no the task asks for: your programs printed only numbers. Run a program that tests the question in code with the task's values (a comparison or a loop whose outcome it prints as True or False), then answer yes or no from what it prints.";

export const MISSING_FORM_OPENING = 'The task asks for';

/** The checker's verdict on an answer that leaves out a form the task asks for (given once a call). */
export function missingFormReasons(forms: string[]): string {
  return `${MISSING_FORM_OPENING} ${forms.join(' and ')}, and your answer does not give it. Answer again from what the tools printed, in that form.`;
}

/**
 * The task's own values (its numbers outside addresses, its quoted texts) when the answer's
 * computed numbers come only from programs that use none of them and open no file: such a
 * program computes something else (date-add: `print(datetime.now())` for "100 days after
 * 2025-02-10", today's date, approved). Empty when the task has no such values, when the
 * answer holds no computed number, or when one program behind it uses a value.
 */
/** The programs of the actors' `run` calls, by call id. */
function runPrograms(turns: CallTurn[]): Map<string, string> {
  const codeOf = new Map<string, string>();
  for (const t of turns) {
    if (t.kind !== 'act') continue;
    for (const call of t.tool_calls) {
      try {
        const args: unknown = JSON.parse(call.function.arguments);
        const code = args !== null && typeof args === 'object' ? (args as { code?: unknown }).code : undefined;
        if (call.function.name === 'run' && typeof code === 'string') codeOf.set(call.id, code);
      } catch {
        // arguments that are not JSON: no program to read
      }
    }
  }
  return codeOf;
}

/** The programs behind an answer: the actors' runs that worked and printed one of its computed values. */
function programsBehind(answer: string, task: UpstreamMessage[], turns: CallTurn[]): string[] {
  const computed = computedValues(answer, task, turns);
  if (computed.length === 0) return [];
  const codeOf = runPrograms(turns);
  return turns.flatMap((t) => {
    if (t.kind !== 'tool' || !t.ok || t.name !== 'run') return [];
    const code = codeOf.get(t.tool_call_id);
    return code !== undefined && computed.some((n) => matchesAny(n, valuesIn(printedPart(t.name, t.output)))) ? [code] : [];
  });
}

export function ignoredTaskValues(answer: string, task: UpstreamMessage[], turns: CallTurn[]): string[] {
  const text = userText(task);
  // Quotes paired in order, then kept when long enough to mean something ("s" is not).
  const quoted = [...text.matchAll(/"([^"\n]*)"|“([^”\n]*)”/g)].map((m) => m[1] ?? m[2] ?? '').filter((q) => q.length >= 2 && q.length <= 80);
  const numbers = [...new Set([...text.matchAll(/\d+/g)].map((m) => String(Number(m[0]))))];
  if (quoted.length === 0 && numbers.length === 0) return [];
  const behind = programsBehind(answer, task, turns);
  if (behind.length === 0) return [];
  // A bound one off is the same value: "below 1000" is `range(2, 1001)` as often as `range(2, 1000)`
  // (the README's task from `npm run up`, sent back as ignoring the 1000). Not for small
  // numbers, whose neighbours (1, 2, 3) are in most programs.
  const forms = numbers.flatMap((n) => (Number(n) >= 10 ? [n, String(Number(n) + 1), String(Number(n) - 1)] : [n]));
  const uses = (code: string) =>
    /\bopen\s*\(|\bfiles\.read\s*\(|readFile|fs\./.test(code) ||
    quoted.some((q) => code.includes(q)) ||
    forms.some((n) => new RegExp(`(?<![\\d.])0*${n}(?!\\d)`).test(code));
  if (behind.some(uses)) return [];
  return [...numbers, ...quoted.map((q) => `"${q}"`)].slice(0, 6);
}

/**
 * The numbers the last program before the answer printed, when they are the task's own, as
 * the task lists them (three or more), and the answer lists others (two or more): the
 * program wrote the data and printed it back, computing nothing. sort ("Sort these numbers from largest to
 * smallest …: 42, 7, 19, 88, 3, 56"): the actor's `sorted_numbers = [42, 7, 19, 88, 3, 56]`
 * printed the list unsorted, and it answered a sorted list from its head with a 39 in it,
 * to the step limit, sent back each time only for the 39.
 */
export function echoedTaskData(answer: string, task: UpstreamMessage[], turns: CallTurn[]): number[] | undefined {
  const answerAt = turns.findLastIndex((t) => (t.kind === 'act' && t.tool_calls.length === 0 && t.content.trim() !== '') || t.kind === 'final');
  const run = turns.slice(0, answerAt < 0 ? undefined : answerAt).findLast((t) => t.kind === 'tool' && t.name === 'run' && t.ok);
  if (run?.kind !== 'tool') return undefined;
  const printed = numbersIn(printedPart(run.name, run.output));
  if (printed.length < 3) return undefined;
  const given = numbersIn(userText(task));
  const listed = given.some((_, i) => printed.every((n, j) => given[i + j] === n));
  if (!listed) return undefined;
  // An answer of one number (a count, a sum) is judged by the other rules: this one is for
  // an answer that lists values, like the data and unlike it.
  const stated = numbersIn(answer);
  if (stated.length < 2) return undefined;
  return stated.length === printed.length && stated.every((n, i) => n === printed[i]) ? undefined : printed;
}

const ECHOED_DATA_OPENING = "Your program printed the task's own values";

/** The checker's verdict on an answer whose program printed the task's data back (given once a call). */
export function echoedDataReasons(printed: number[]): string {
  return `${ECHOED_DATA_OPENING} as the task gives them (${printed.join(', ')}): it does not compute what the task asks. Change the program so that it does, print the result, then answer with what it prints.`;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const NAMED_DATE = new RegExp(`\\b(?:(\\d{1,2})\\s+(${MONTHS.join('|')})|(${MONTHS.join('|')})\\s+(\\d{1,2})(?:st|nd|rd|th)?,?)\\s+(\\d{4})\\b`, 'i');

/** The first calendar date the user's words give (`2025-02-10`, `20 July 1969`, `July 20, 1969`), as year, month and day. */
export function taskDate(task: UpstreamMessage[]): { year: number; month: number; day: number } | undefined {
  const text = userText(task);
  const iso = new RegExp(DATE.source).exec(text);
  if (iso) return { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) };
  const named = NAMED_DATE.exec(text);
  if (!named) return undefined;
  const month = MONTHS.indexOf((named[2] ?? named[3])!.toLowerCase()) + 1;
  return { year: Number(named[5]), month, day: Number(named[1] ?? named[4]) };
}

/** A call that reads the clock: today's date or the time now, in Python or JavaScript. */
const READS_CLOCK = /\b(?:datetime|date)\.(?:now|today|utcnow)\s*\(\s*\)|\btime\.(?:time|localtime|gmtime)\s*\(\s*\)|\bDate\.now\s*\(|\bnew\s+Date\s*\(\s*\)/;

/**
 * The clock call of the programs behind an answer when each of them reads the clock and none
 * holds the year of the date the task gives: they compute from today, not from the task's
 * date. date-add ("the date 100 days after 2025-02-10"): the actor's `datetime.now() +
 * timedelta(days=100)` printed 2027-03-11, its answer; its 100 made it pass as a program
 * using the task's values, and the checker's own program did the same.
 */
export function clockInsteadOfTaskDate(answer: string, task: UpstreamMessage[], turns: CallTurn[]): string | undefined {
  const date = taskDate(task);
  if (date === undefined) return undefined;
  const behind = programsBehind(answer, task, turns);
  if (behind.length === 0) return undefined;
  const year = new RegExp(`(?<!\\d)${date.year}(?!\\d)`);
  if (!behind.every((code) => READS_CLOCK.test(code) && !year.test(code))) return undefined;
  return READS_CLOCK.exec(behind[0]!)![0].replace(/\s+/g, '');
}

const CLOCK_OPENING = "Your answer comes from a program that reads today's date";

/** The checker's verdict on an answer computed from today's date for a task about another (given once a call). */
export function clockReasons(clockCall: string, task: UpstreamMessage[]): string {
  const { year, month, day } = taskDate(task)!;
  const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return `${CLOCK_OPENING} (${clockCall}), but the task is about ${iso}, not today. Put that date in the program (in Python: date(${year}, ${month}, ${day}), after from datetime import date, timedelta), run it, then answer with what it prints.`;
}

const IGNORED_DATA_OPENING = 'Your answer comes from a program that uses none of the values the task gives';

/** The checker's verdict on an answer computed by a program that ignores the task's values (given once a call). */
export function ignoredDataReasons(values: string[]): string {
  return `${IGNORED_DATA_OPENING} (${values.join(', ')}), so it computes something else. Write a program that puts these values in and does exactly what the task asks, run it, then answer with what it prints.`;
}

/** After the checker's own program ran: the verdict, now. */
export const VERDICT_NOW_NOTE = 'Compare what your program printed with the answer in a sentence, then end with APPROVE or REVISE.';

/**
 * The checker's thread. `recompute`: the answer holds a number a program printed, and the
 * checker is offered `run`: it is asked to compute the result with a program of its own
 * first (asked only whether it wants to, the 1.5B checker never did, and it approved a
 * program that counted every zero of 100! as its trailing zeros).
 */
export function checkMessages(task: UpstreamMessage[], turns: CallTurn[], recompute = false, fixOwnRun = false, again = false): UpstreamMessage[] {
  const taskText = withoutSystem(task)
    .map((m) => `${m.role === 'assistant' ? 'Assistant' : 'Client'}: ${m.content ?? ''}`)
    .join('\n\n');
  const plan = turns.find((t) => t.kind === 'plan');
  const tools = turns.filter((t): t is Extract<CallTurn, { kind: 'tool' }> => t.kind === 'tool');
  const log = tools.length === 0 ? '(no tools were used)' : tools.map((t, i) => `${i + 1}. ${t.summary}${t.ok ? '' : ' (failed)'}`).join('\n');
  const recent = tools
    .slice(-3)
    .map((t) => `--- ${t.name} ---\n${t.output.length > TOOL_OUTPUT_FOR_CHECK ? `${t.output.slice(0, TOOL_OUTPUT_FOR_CHECK)}…` : t.output}`)
    .join('\n');
  const parts = [
    `Task:\n${taskText}`,
    plan?.kind === 'plan' ? `Plan:\n${plan.text}` : '',
    `Work log:\n${log}`,
    recent === '' ? '' : `Latest tool results:\n${recent}`,
    `Answer to check:\n${candidateAnswer(turns) ?? '(no answer)'}`,
    again
      ? `${recomputeNote(savedPages(turns))} ${RECOMPUTE_AGAIN_NOTE}`
      : recompute || fixOwnRun
        ? recomputeNote(savedPages(turns))
        : 'Compare the answer with the tool results in a sentence or two, then end with APPROVE or REVISE.',
  ].filter((p) => p !== '');
  // Asked again, it starts afresh: its earlier program is not shown, so the new one is its own.
  if (again) return [systemMessage(CHECKER_PROMPT, task), { role: 'user', content: parts.join('\n\n') }];
  return [
    systemMessage(CHECKER_PROMPT, task),
    { role: 'user', content: parts.join('\n\n') },
    ...verification(turns, fixOwnRun ? fixOwnRunNote(turns) : VERDICT_NOW_NOTE),
  ];
}

/** Added to the order to recompute when the checker is asked again (its program disagreed with the actors', or could not be read). */
export const RECOMPUTE_AGAIN_NOTE = 'Follow each condition the task states, step by step, and print only the result it asks for.';

export const RECOMPUTE_NOTE =
  "Your reply must be a call of the run tool: your own short program that computes the task's result independently, from the task itself (do not copy the actors' program). Print the result. No prose.";

/**
 * The order to recompute, with where a page's data is when the actors read one: the run tool
 * has no network, and the 1.5B checker's programs on page tasks fetched the address with
 * `requests` (no such module), failed, and left the verdict to words.
 */
export function recomputeNote(pages: SavedPage[]): string {
  if (pages.length === 0) return RECOMPUTE_NOTE;
  const files = pages.map((p) => `"${p.file}"`).join(' and ');
  return [`${RECOMPUTE_NOTE} The run tool has no network: the page's text is in ${files}.`, ...pages.map((p) => p.hint).filter((h) => h !== '')].join(' ');
}

/**
 * A result a text states: a number, or a date as a whole (`2025-05-21`). A date's parts say
 * nothing of it alone: date-add's answer 2025-05-10 was approved against the checker's
 * 2025-05-21, both holding a 5 the task does not give.
 */
export type StatedValue = number | string;

/** A calendar date, year first, with the time of day a printed datetime adds (dropped). */
const DATE = /(?<![\w.-])(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?(?![\w-])/g;

/** The values a text states: its dates whole (`YYYY-MM-DD`), then the numbers outside them. */
export function valuesIn(text: string): StatedValue[] {
  const dates = [...text.matchAll(DATE)].map((m) => `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`);
  return [...dates, ...numbersIn(text.replace(DATE, ' '))];
}

/**
 * The values of an answer that a program of the actors printed and the task does not give:
 * results of a computation, which a recomputation can confirm or refute.
 */
export function computedValues(answer: string, task: UpstreamMessage[], turns: CallTurn[]): StatedValue[] {
  const given = new Set(task.flatMap((m) => (typeof m.content === 'string' ? valuesIn(m.content) : [])));
  const printed = turns.flatMap((t) => (t.kind === 'tool' && t.ok && t.name === 'run' ? valuesIn(printedPart(t.name, t.output)) : []));
  return [...new Set(valuesIn(answer))].filter((n) => !given.has(n) && matchesAny(n, printed));
}

/** `n` equals one of `values`, or is a number and one of them rounded to `n`'s decimal places. */
function matchesAny(n: StatedValue, values: StatedValue[]): boolean {
  if (typeof n === 'string') return values.includes(n);
  const places = decimalsOf(n);
  return values.some((v) => v === n || (places > 0 && typeof v === 'number' && Number(v.toFixed(places)) === n));
}

/**
 * What a recomputation decides by itself: the checker's own program ran and printed values.
 * Every computed value of the answer among them approves. It sends the answer back only when
 * each program printed one value alone, of a result's size, and another one; with one such
 * program against the actors' (`secondOpinion`), a second program of the checker's settles it
 * first. A program that printed only numbers too long for a result printed an intermediate
 * value and refutes nothing: asked for the trailing zeros of 100!, the 1.5B checker printed
 * 100! itself; alone, such programs ask for another (`intermediate`). Anything else (a failed
 * program, no value, several) leaves the verdict to the checker model, which sees what its
 * program printed.
 */
export function recomputedVerdict(
  task: UpstreamMessage[],
  turns: CallTurn[],
):
  | {
      verdict: Verdict;
      reasons: string;
      refuted?: StatedValue[];
      /** One program against the actors': a second of the checker's should settle it; `printed` is what the first printed. */
      secondOpinion?: true;
      printed?: string;
    }
  | { intermediate: true; reasons: string; verdict?: undefined }
  | undefined {
  const answer = candidateAnswer(turns);
  if (answer === undefined) return undefined;
  const computed = computedValues(answer, task, turns);
  const runs = ownRuns(turns)
    .filter((t) => t.ok)
    .map((t) => ({ shown: printedPart(t.name, t.output).trim(), values: valuesIn(printedPart(t.name, t.output)) }));
  const printed = runs.flatMap((r) => r.values);
  if (computed.length === 0 || printed.length === 0) return undefined;
  const shownOf = (of: typeof runs) =>
    of
      .map((r) => r.shown)
      .join('\n')
      .slice(0, 300);
  const missing = computed.filter((n) => !matchesAny(n, printed));
  if (missing.length === 0) return { verdict: 'approve', reasons: `The checker's own program printed ${shownOf(runs)}, as the answer says.` };
  const intermediate = (values: StatedValue[]) => values.length > 0 && values.every((v) => typeof v === 'number' && String(v).length > RESULT_DIGITS);
  const deciding = runs.filter((r) => !intermediate(r.values));
  if (deciding.length === 0) {
    return {
      intermediate: true,
      reasons: `The checker's own program printed an intermediate value, not the result the task asks for: ${shownOf(runs).slice(0, 80)}…`,
    };
  }
  const alone = deciding.every((r) => r.values.length === 1 && String(r.values[0]).length <= RESULT_DIGITS);
  if (!alone) return undefined;
  const shown = shownOf(deciding);
  const reasons = `The checker computed the result with ${deciding.length === 1 ? 'a program' : 'programs'} of its own, which printed:\n${shown}\nYour answer says ${missing.slice(0, 5).join(', ')}. One of the programs is wrong: read the task again, run a program that does exactly what it asks, then answer with what it prints.`;
  // One program against another: which is wrong is not known yet (multiples: the actor's
  // program was right, 234168, and the checker's summed 1 to 1000, 500500). A second program
  // of the checker's, written another way, settles it before the answer goes back.
  return deciding.length === 1
    ? { verdict: 'revise', reasons, secondOpinion: true, refuted: missing, printed: shown }
    : { verdict: 'revise', reasons, refuted: missing };
}

/**
 * The checker's verdict when one program of its own disagreed with the actors' and no second
 * one confirmed it (each failed, or no step was left for one): one program against another,
 * and the actors' was written to do the task while the checker's is a quick recomputation.
 * It approves. On the README's task from `npm run up` the actor's program printed the right
 * 76127 in two steps; the checker's counted 1 as a prime (76128), both its second programs
 * imported the absent sympy, and the REVISE that stood sent the actor off to the step limit.
 */
export function unconfirmedDispute(printed: string | undefined): string {
  return `The checker's own program ${printed ? `printed ${printed.slice(0, 120)}, which disagrees with the answer` : 'disagreed with the answer'}, and no second program of its own confirmed it, so the actors' program stands.`;
}

/** How many times the checker may be asked for another program on one answer (`recomputeAgain`). */
export const RECOMPUTE_AGAIN_MAX = 2;

/** How many times the checker was asked for another program on the answer it checks: its recomputations without calls. */
export function recomputeAgainAsked(turns: CallTurn[]): number {
  let asked = 0;
  for (let i = turns.length - 1; i >= 0; i--) {
    const turn = turns[i]!;
    if (turn.kind === 'verify') asked += turn.tool_calls.length === 0 ? 1 : 0;
    else if (turn.kind !== 'tool') break;
  }
  return asked;
}

/** The longest printed number a recomputation's REVISE trusts as a result rather than an intermediate value. */
const RESULT_DIGITS = 15;

/** The tool results of the checker's own programs since the answer it checks. */
function ownRuns(turns: CallTurn[]): Extract<CallTurn, { kind: 'tool' }>[] {
  const mine = new Set<string>();
  const out: Extract<CallTurn, { kind: 'tool' }>[] = [];
  for (let i = turns.length - 1; i >= 0; i--) {
    const turn = turns[i]!;
    if (turn.kind === 'verify') for (const call of turn.tool_calls) mine.add(call.id);
    else if (turn.kind !== 'tool') break;
  }
  for (const turn of turns) if (turn.kind === 'tool' && mine.has(turn.tool_call_id) && turn.name === 'run') out.push(turn);
  return out;
}

/** The checker's own program runs since the answer it checks, as its thread shows them; then a request for the verdict. */
function verification(turns: CallTurn[], closing: string): UpstreamMessage[] {
  let from = turns.length;
  while (from > 0 && (turns[from - 1]?.kind === 'verify' || turns[from - 1]?.kind === 'tool')) from -= 1;
  const out: UpstreamMessage[] = [];
  const mine = new Set<string>();
  for (const turn of turns.slice(from)) {
    // A recomputation the loop could not read (no calls) is left out: it is asked again.
    if (turn.kind === 'verify' && turn.tool_calls.length > 0) {
      out.push({ role: 'assistant', content: turn.content === '' ? null : turn.content, tool_calls: turn.tool_calls });
      for (const call of turn.tool_calls) mine.add(call.id);
    } else if (turn.kind === 'tool' && mine.has(turn.tool_call_id)) {
      out.push({ role: 'tool', tool_call_id: turn.tool_call_id, content: turn.output });
    }
  }
  if (out.length > 0) out.push({ role: 'user', content: closing });
  return out;
}

/**
 * Whether every program the checker ran on the answer it checks failed: then it may correct
 * its program once before its verdict (fibonacci: its program called a `fibonacci` it never
 * defined, and the 1.5B checker then judged from words, echoed by the actor to the step limit).
 */
export function ownRunsFailed(turns: CallTurn[]): boolean {
  const own = ownRuns(turns);
  return own.length > 0 && own.every((t) => !t.ok);
}

/** The order to the checker whose own program failed: a corrected program, no prose. */
export function fixOwnRunNote(turns: CallTurn[]): string {
  const error = lastErrorLine(turns);
  return `${error ? `Your program failed with: ${error}. ` : 'Your program failed. '}Your reply must be a call of the run tool with a corrected program that computes and prints the task's result. No prose.`;
}

export type FinalReason = 'step_limit' | 'time_limit';

/** The last step when a limit ran out: the actors' thread and a request for the best answer now. */
export function finalMessages(task: UpstreamMessage[], turns: CallTurn[], reason: FinalReason): UpstreamMessage[] {
  const why = reason === 'step_limit' ? 'The step limit for this task is reached.' : 'The time limit for this task is reached.';
  return [
    ...actMessages(task, turns),
    {
      role: 'user',
      content: `${why} Do not call tools. Give your best complete answer to the task now, with what you have; say briefly what is unfinished, if anything.`,
    },
  ];
}

/** The reasons of a REVISE that gave none. */
export const NO_REASONS = 'the checker gave no reasons';

/** What the actor is told when the checker sent the answer back without saying why. */
export const DOUBTED_NOTE =
  'The checker doubts this answer but gave no reason. Check it against the task and the tool results above (run code if a number needs checking), then give the complete answer again.';

const DISAGREES = /\b(?:does not|doesn't|do not|don't|is not|isn't)\s+(?:agree|match|answer|correct)|\b(?:incorrect|not correct)\b/i;

const REVISE_WORDS = ['REVISE', 'REJECT', 'REJECTED', 'REVISION', 'REVOKE', 'INCORRECT', 'WRONG'];

/**
 * Whether a checker's reply, asked to recompute the result with a program of its own, is an
 * attempt at that call the loop could not read and holds no verdict word: on fibonacci the
 * 1.5B checker began `{{"name": "run", "arguments": {"code": "print(sum([1, 1] + [1, 1, …`
 * and repeated `1, ` to the token cap, and that reply, read as a verdict, approved the
 * actor's 465 (a sum of 1 to 30). Such a reply judges nothing: the check is asked again.
 */
export function isUnreadRecomputation(text: string): boolean {
  if (verdictInWords(text) !== undefined) return false;
  const trimmed = text.trim();
  return /^[{[]/.test(trimmed) || /"name"\s*:\s*"/.test(trimmed) || namesToolOnly(trimmed) || isCodeOnly(trimmed);
}

/**
 * Reads a checker's reply. The prompt asks for a sentence or two, then APPROVE or REVISE at
 * the end (a small model that must open with its verdict writes a bare REVISE far too often);
 * a reply that opens with the word is read by it too. Otherwise the last verdict word in
 * capitals decides; a reply with none approves (no endless loops).
 */
export function parseVerdict(text: string): { verdict: Verdict; reasons: string } {
  // No verdict word: a reply that says the answer does not agree sends it back (the 1.5B
  // checker wrote "the answer does not agree with the tool results" and stopped there).
  return verdictInWords(text) ?? { verdict: DISAGREES.test(text) ? 'revise' : 'approve', reasons: text.trim() };
}

/** The verdict a checker's reply gives in a verdict word (opening it, or the last in capitals); undefined when it has none. */
function verdictInWords(text: string): { verdict: Verdict; reasons: string } | undefined {
  const trimmed = text.replace(/^[\s*#>_`"'-]+/, '');
  const match = /^([A-Za-z]+)[*_]*[ \t]*(?:[:.,!]|[—–-](?=\s))?\s*/.exec(trimmed);
  const word = match?.[1]?.toUpperCase() ?? '';
  const rest = match ? trimmed.slice(match[0].length).trim() : trimmed.trim();
  // A small model's checker writes a neighbour of REVISE as often as the word itself.
  if (REVISE_WORDS.includes(word)) return { verdict: 'revise', reasons: rest === '' ? NO_REASONS : rest };
  if (word === 'APPROVE' || word === 'APPROVED') return { verdict: 'approve', reasons: rest };
  const last = [...text.matchAll(/\b(APPROVED?|REVISE|REJECT(?:ED)?)\b/g)].at(-1);
  if (last === undefined) return undefined;
  // The reasons are the reply without its closing verdict word.
  const reasons = text
    .trim()
    .replace(/(?:\s*\b(?:[Vv]erdict|VERDICT)\b)?[\s*_"'`:]*\b(?:APPROVED?|REVISE|REJECT(?:ED)?)\b[\s*_.!"'`]*$/, '')
    .trim();
  // An APPROVE after words that say the answer does not agree is the words' REVISE: the 1.5B
  // checker wrote "The answer does not agree with the tool results because the code contains
  // syntax errors … The answer should be APPROVED" for "Please fix the code and try again."
  if (last[1]!.startsWith('APPROVE')) return DISAGREES.test(reasons) ? { verdict: 'revise', reasons } : { verdict: 'approve', reasons };
  return { verdict: 'revise', reasons: reasons === '' ? NO_REASONS : reasons };
}
