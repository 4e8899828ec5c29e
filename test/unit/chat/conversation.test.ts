import { describe, expect, it } from 'vitest';
import {
  claimsNoValueBeyond,
  unconfirmedDispute,
  ACTOR_PROMPT,
  ANSWER_NOW_NOTE,
  actMessages,
  candidateAnswer,
  computedValues,
  recomputedVerdict,
  recomputeAgainAsked,
  valuesIn,
  RECOMPUTE_AGAIN_NOTE,
  RECOMPUTE_NOTE,
  ownRunsFailed,
  recomputeNote,
  EMPTY_REPLY_NOTE,
  checkMessages,
  CODE_ONLY_REASONS,
  SHELL_COMMAND_REASONS,
  isShellCommand,
  isUnreadRecomputation,
  CHECKER_PROMPT,
  finalMessages,
  parseVerdict,
  plainProblem,
  FAILED_RUN_REASONS,
  FIX_RUN_NOW_NOTE,
  lastErrorLine,
  CHANGE_RUN_NOW_NOTE,
  REPEATED_SENT_BACK_CALL_OUTPUT,
  NO_SUCH_FILE_NOTE,
  missingFileNote,
  NO_MODULE_NOTE,
  aboutFailedRun,
  ignoredTaskValues,
  onlyFailedRuns,
  NO_WORKING_RUN_REASONS,
  askedLanguage,
  languageReasons,
  unprintedYesNo,
  UNPRINTED_YES_NO_REASONS,
  echoedTaskData,
  echoedDataReasons,
  clockInsteadOfTaskDate,
  clockReasons,
  taskDate,
  ignoredDataReasons,
  missingAskedForms,
  missingFormReasons,
  REPEATED_FAILED_CALL_OUTPUT,
  planNamesTool,
  savedPages,
  TOOL_NAMED_REASONS,
  READ_URL_NOW_NOTE,
  RUN_NOW_NOTE,
  toolNowNote,
  ungroundedReasons,
  stillRefuted,
  refutedReasons,
  ungroundedValues,
  namesToolOnly,
  asksToRunCode,
  RUN_ASKED_REASONS,
  echoesChecker,
  ECHO_REASONS,
  numbersIn,
  PLANNER_PROMPT,
  planMessages,
  VERDICT_NOW_NOTE,
} from '../../../core/chat/conversation';
import type { CallTurn, UpstreamMessage } from '../../../core/chat/shapes';

const task: UpstreamMessage[] = [
  { role: 'system', content: 'answer in French' },
  { role: 'user', content: 'add 2 and 3' },
];
const call = (id: string, name: string, args: object) => ({ id, type: 'function' as const, function: { name, arguments: JSON.stringify(args) } });

/** A Python program the actor ran and what it printed: its act turn and its tool result. */
const pythonRun = (id: string, code: string, printed: string): CallTurn[] => [
  { kind: 'act', content: '', tool_calls: [{ id, type: 'function', function: { name: 'run', arguments: JSON.stringify({ code, language: 'python' }) } }] },
  { kind: 'tool', tool_call_id: id, name: 'run', ok: true, output: `language: python\nstatus: ok (9 ms)\noutput:\n${printed}`, summary: 'run' },
];
/** An answer the actor gave in words. */
const answerTurn = (text: string): CallTurn => ({ kind: 'act', content: text, tool_calls: [] });

const turns: CallTurn[] = [
  { kind: 'plan', text: '1. compute' },
  { kind: 'act', content: '', tool_calls: [call('a', 'run', { code: '2+3' })] },
  { kind: 'tool', tool_call_id: 'a', name: 'run', ok: true, output: 'result: 5', summary: 'run: ok in 3 ms' },
  { kind: 'act', content: 'cinq', tool_calls: [] },
  { kind: 'check', verdict: 'revise', text: 'write the digit too' },
];

describe('agent views', () => {
  it('gives the planner its prompt with the client instructions, then the task', () => {
    expect(planMessages(task)).toEqual([
      { role: 'system', content: `${PLANNER_PROMPT}\n\nInstructions from the client:\nanswer in French` },
      { role: 'user', content: 'add 2 and 3' },
    ]);
  });

  it("gives the actors the plan, their tool loop and the checker's reasons", () => {
    expect(actMessages(task, turns)).toEqual([
      { role: 'system', content: `${ACTOR_PROMPT}\n\nInstructions from the client:\nanswer in French` },
      { role: 'user', content: 'add 2 and 3' },
      { role: 'user', content: 'Plan from the planner:\n1. compute\n\nCarry it out.' },
      { role: 'assistant', content: null, tool_calls: [call('a', 'run', { code: '2+3' })] },
      { role: 'tool', tool_call_id: 'a', content: 'result: 5' },
      { role: 'assistant', content: 'cinq' },
      { role: 'user', content: 'The checker sent the answer back:\nwrite the digit too\n\nFix what is wrong, then give the complete answer again.' },
    ]);
  });

  it('answers a tool call cut short so the thread stays valid for the upstream', () => {
    const cut: CallTurn[] = [
      { kind: 'act', content: 'let me run', tool_calls: [call('a', 'run', {}), call('b', 'list_files', {})] },
      { kind: 'tool', tool_call_id: 'a', name: 'run', ok: true, output: 'ok', summary: 's' },
    ];
    expect(actMessages([{ role: 'user', content: 'x' }], cut).slice(2)).toEqual([
      { role: 'assistant', content: 'let me run', tool_calls: [call('a', 'run', {}), call('b', 'list_files', {})] },
      { role: 'tool', tool_call_id: 'a', content: 'ok' },
      { role: 'tool', tool_call_id: 'b', content: 'error: list_files did not run (the step was cut short)' },
    ]);
  });

  it('asks for the answer now, and nothing else, after a repeated call', () => {
    const messages = actMessages([{ role: 'user', content: 'x' }], [], 2, true);
    expect(messages.at(-1)).toEqual({ role: 'user', content: ANSWER_NOW_NOTE });
    expect(messages).toHaveLength(3);
  });

  it('shows the checker its own program and what it printed, then asks for the verdict; the actors never see them', () => {
    const verifying: CallTurn[] = [
      ...turns.slice(0, 4),
      { kind: 'verify', content: '', tool_calls: [call('v', 'run', { code: 'print(5)' })] },
      { kind: 'tool', tool_call_id: 'v', name: 'run', ok: true, output: '5', summary: 'run: ok' },
    ];
    expect(checkMessages(task, verifying).slice(2)).toEqual([
      { role: 'assistant', content: null, tool_calls: [call('v', 'run', { code: 'print(5)' })] },
      { role: 'tool', tool_call_id: 'v', content: '5' },
      { role: 'user', content: VERDICT_NOW_NOTE },
    ]);
    expect(checkMessages(task, turns.slice(0, 4))).toHaveLength(2);
    expect(actMessages(task, verifying)).toEqual(actMessages(task, turns.slice(0, 4)));
  });

  it('warns the actors when three steps or fewer are left', () => {
    expect(actMessages([{ role: 'user', content: 'x' }], [], 2).at(-1)).toEqual({
      role: 'user',
      content: 'Only 2 model steps left for this task: finish soon.',
    });
    expect(actMessages([{ role: 'user', content: 'x' }], [], 4)).toHaveLength(2);
  });

  it('shows the checker the task, the plan, the work log and the answer', () => {
    const [system, user] = checkMessages(task, turns.slice(0, 4));
    expect(system).toEqual({ role: 'system', content: `${CHECKER_PROMPT}\n\nInstructions from the client:\nanswer in French` });
    expect(user).toEqual({
      role: 'user',
      content: [
        'Task:\nClient: add 2 and 3',
        'Plan:\n1. compute',
        'Work log:\n1. run: ok in 3 ms',
        'Latest tool results:\n--- run ---\nresult: 5',
        'Answer to check:\ncinq',
        'Compare the answer with the tool results in a sentence or two, then end with APPROVE or REVISE.',
      ].join('\n\n'),
    });
  });

  it('asks for the best answer without tools when a limit runs out', () => {
    const messages = finalMessages([{ role: 'user', content: 'x' }], [], 'time_limit');
    expect(messages.at(-1)).toEqual({
      role: 'user',
      content:
        'The time limit for this task is reached. Do not call tools. Give your best complete answer to the task now, with what you have; say briefly what is unfinished, if anything.',
    });
  });

  it('takes the latest reply without tool calls as the candidate answer', () => {
    expect(candidateAnswer(turns)).toBe('cinq');
    expect(candidateAnswer(turns.slice(0, 3))).toBeUndefined();
  });
});

describe('parseVerdict', () => {
  it.each([
    ['APPROVE', 'approve', ''],
    ['**APPROVE** — the sum is right.', 'approve', 'the sum is right.'],
    ['Approved: fine', 'approve', 'fine'],
    ['REVISE: the total is 6, not 5', 'revise', 'the total is 6, not 5'],
    ['revise\n- missing units', 'revise', '- missing units'],
    ['REVISE', 'revise', 'the checker gave no reasons'],
    ['I think you should REVISE this part.', 'revise', 'I think you should REVISE this part.'],
    // Reasons first, verdict last, as the checker's prompt asks: the last verdict word decides.
    ['The page lists 7 cities; the answer says 8. REVISE', 'revise', 'The page lists 7 cities; the answer says 8.'],
    ['The page says 17.35 EUR and so does the answer.\n\n**APPROVE**', 'approve', 'The page says 17.35 EUR and so does the answer.'],
    [
      'No need to REVISE: the program printed 76127, as the answer says. APPROVE.',
      'approve',
      'No need to REVISE: the program printed 76127, as the answer says.',
    ],
    ['The answer is wrong.\nVerdict: REVISE', 'revise', 'The answer is wrong.'],
    ['Looks good to me.', 'approve', 'Looks good to me.'],
    // Qwen2.5-Coder-1.5B's checker, on an answer that was a tool call it never ran.
    ['REVOKE', 'revise', 'the checker gave no reasons'],
    ['Incorrect: the sum is 76127', 'revise', 'the sum is 76127'],
    // No verdict word: disagreement in words sends it back (Qwen2.5-Coder-1.5B on prime-check).
    [
      'The tool results show 1000, which is not the answer provided. Therefore, the answer does not agree with the tool results.',
      'revise',
      'The tool results show 1000, which is not the answer provided. Therefore, the answer does not agree with the tool results.',
    ],
    ['The printed 76127 matches the answer, which is correct.', 'approve', 'The printed 76127 matches the answer, which is correct.'],
    // An APPROVE after words that say the answer does not agree (the README's task from `npm run up`).
    [
      'The answer does not agree with the tool results because the code contains syntax errors. The answer should be APPROVED',
      'revise',
      'The answer does not agree with the tool results because the code contains syntax errors. The answer should be',
    ],
  ])('%j → %s', (text, verdict, reasons) => {
    expect(parseVerdict(text)).toEqual({ verdict, reasons });
  });
});

describe('empty replies', () => {
  const task = [{ role: 'user' as const, content: 'task' }];
  const turns = [
    { kind: 'plan' as const, text: 'plan' },
    { kind: 'act' as const, content: 'a first answer', tool_calls: [] },
    { kind: 'check' as const, verdict: 'revise' as const, text: 'wrong' },
    { kind: 'act' as const, content: '  ', tool_calls: [] },
  ];

  it("become a note asking for the answer in the actors' thread, not an empty assistant turn", () => {
    expect(actMessages(task, turns).slice(2)).toEqual([
      { role: 'user', content: 'Plan from the planner:\nplan\n\nCarry it out.' },
      { role: 'assistant', content: 'a first answer' },
      { role: 'user', content: 'The checker sent the answer back:\nwrong\n\nFix what is wrong, then give the complete answer again.' },
      { role: 'user', content: EMPTY_REPLY_NOTE },
    ]);
  });

  it('are never the candidate answer', () => {
    expect(candidateAnswer(turns)).toBe('a first answer');
    expect(candidateAnswer([{ kind: 'act', content: '', tool_calls: [] }])).toBeUndefined();
  });
});

describe('numbers no tool printed', () => {
  const task = [{ role: 'user' as const, content: 'Read the page and give the total rainfall of the 6 months, in mm.' }];
  const page = { kind: 'tool' as const, tool_call_id: 'a', name: 'read_url', ok: true, output: 'January | 81\nFebruary | 64\nMarch | 57', summary: 'read_url' };
  const answer = (content: string) => ({ kind: 'act' as const, content, tool_calls: [] });

  it('reads numbers as values: thousands commas and leading zeros do not make another number', () => {
    expect(numbersIn('76,127 and 76127; 2025-05-21; 17.35.')).toEqual([76127, 76127, 2025, 5, 21, 17.35]);
  });

  it.each([
    ['The total is 202 mm.', [202]],
    ['January had 81 mm, the most of the 6 months.', []],
    ['The 3 months add up to 202.', [3, 202]],
    ['No number here.', []],
  ])('%j → %j', (text, expected) => {
    expect(ungroundedValues(text, task, [page])).toEqual(expected);
  });

  it("counts only what a program printed and what a tool that worked returned: not a run's milliseconds, not a failed run's line numbers", () => {
    const ran = { ...page, name: 'run', output: 'language: python\nstatus: ok (1198 ms)\noutput:\n30' };
    expect(ungroundedValues('It is 30, in 1198 ms.', task, [ran])).toEqual([1198]);
    // Qwen2.5-Coder-1.5B on count-s: its program failed at line 1, and it answered 1.
    const failed = {
      ...page,
      name: 'run',
      ok: false,
      output: 'language: python\nstatus: error (runtime_error) after 1304 ms\nerror: File "run.py", line 1\noutput: (none)',
    };
    expect(ungroundedValues('The letter occurs 1 time.', task, [failed])).toEqual([1]);
    expect(ungroundedValues('January had 81 mm.', task, [{ ...page, ok: false }])).toEqual([81]);
  });

  it('counts a number rounded from a printed one as printed, not one rounded wrong', () => {
    const run = { ...page, name: 'run', output: 'language: python\nstatus: ok (1 ms)\noutput:\n3.3333333333333335' };
    expect(ungroundedValues('It is 3.33, or 3.3333333333333335.', task, [run])).toEqual([]);
    expect(ungroundedValues('It is 3.34.', task, [run])).toEqual([3.34]);
  });

  it('wants a date in the answer printed whole, while a number may come from a date printed (date-add)', () => {
    const dateTask = [{ role: 'user' as const, content: 'Which date is 100 days after 2025-02-10? Answer in the form YYYY-MM-DD.' }];
    const printed = (text: string) => ({ ...page, name: 'run', output: `language: python\nstatus: ok (1 ms)\noutput:\n${text}` });
    // The actor's date from its head, then a program that printed only its 5.
    expect(ungroundedValues('The date 100 days after 2025-02-10 is 2025-05-10.', dateTask, [printed('5')])).toEqual(['2025-05-10']);
    expect(ungroundedReasons(['2025-05-10'])).toContain('Your answer gives 2025-05-10,');
    expect(ungroundedValues('It is 2025-05-21.', dateTask, [printed('2025-05-21 00:00:00')])).toEqual([]);
    expect(ungroundedValues('It is May 21, 2025.', dateTask, [printed('2025-05-21')])).toEqual([]);
  });

  it("names the file a page was kept as when a page's numbers were worked out by hand", () => {
    const hint = 'In a Python program, its table rows are [l.strip().split(" | ") for l in open("page.txt") if " | " in l] (the first may be a header).';
    const kept = { ...page, output: `URL: http://127.0.0.1/rain\nSaved as: page.txt (a run program can open("page.txt"))\n${hint}\n\n${page.output}` };
    expect(savedPages([kept, { ...kept, ok: false }, kept])).toEqual([{ file: 'page.txt', hint }]);
    const reasons = plainProblem(task, [kept, answer('The total is 212 mm.')])?.reasons;
    expect(reasons).toMatch(/compute or count them with the run tool, then answer with what it prints\. The page's text is in "page\.txt": open it/);
    // How to read it comes last, where a small model reads it.
    expect(reasons?.endsWith(hint)).toBe(true);
    const plainPage = { ...page, output: `URL: http://127.0.0.1/r\nSaved as: page.txt (a run program can open("page.txt"))\nTitle: R\n\nNo list.` };
    expect(savedPages([plainPage])).toEqual([{ file: 'page.txt', hint: '' }]);
    // No page kept: the data goes into the program.
    expect(plainProblem(task, [page, answer('The total is 212 mm.')])?.reasons).toMatch(/\(put the data in the program\)/);
  });

  it('sends back a program, then an answer with a number from nowhere, and lets a grounded answer through to the checker', () => {
    expect(plainProblem(task, [page, answer('```python\nprint(81 + 64 + 57)\n```')])?.reasons).toBe(CODE_ONLY_REASONS);
    expect(plainProblem(task, [page, answer('The total is 212 mm.')])?.reasons).toMatch(/^Your answer gives 212, which no tool printed/);
    const sum = { ...page, tool_call_id: 'b', name: 'run', output: 'language: python\nstatus: ok (38 ms)\noutput:\n202' };
    expect(plainProblem(task, [page, sum, answer('The total is 202 mm.')])?.reasons).toBeUndefined();
  });

  it("sends back a shell command as one, with how a program is passed to run (the README's task: `run python3 sum_primes.py` in a fence, five times)", () => {
    for (const reply of ['```python\nrun python3 sum_primes.py\n```', '```\npython3 sum_primes.py\n```', '$ node main.js --fast', 'python a.py']) {
      expect(isShellCommand(reply), reply).toBe(true);
      expect(plainProblem(task, [page, answer(reply)]), reply).toMatchObject({ reasons: SHELL_COMMAND_REASONS, notAnAnswer: true });
    }
    expect(SHELL_COMMAND_REASONS).toContain('{"name": "run", "arguments": {"code": "print(2 + 3)", "language": "python"}}');
    for (const reply of ['```python\nprint(sum(range(5)))\n```', 'I ran python3 a.py and got 5.', 'python is fun.py']) {
      expect(isShellCommand(reply), reply).toBe(false);
    }
  });
});

describe('planNamesTool', () => {
  it.each([
    ['1. Use run to sum the primes with a Python program.', true],
    ['1. Read the page with read_url. 2. Answer.', true],
    ['Write the code, then print the result.', true],
    ['1. Check the calendar for 20 July 1969. 2. Identify the day of the week.', true],
    ['1. Count the vowels in the text.', true],
    ['1. Write a four-line poem about rain. 2. Answer.', false],
    ['1. Explain why the sky is blue in two sentences.', false],
    // The scripted upstream's plans in the integration tests.
    ['1. answer directly', false],
  ])('%j → %s', (plan, names) => {
    expect(planNamesTool(plan)).toBe(names);
  });
});

describe('asking the actor for a tool call now', () => {
  const pageTask = [{ role: 'user' as const, content: 'Read https://example.org/prices and give the price of tea.' }];
  const sumTask = [{ role: 'user' as const, content: 'Sum the primes below 1000.' }];
  const read = { kind: 'tool' as const, tool_call_id: 'a', name: 'read_url', ok: true, output: 'Tea | 3.10', summary: 'read_url' };

  it('names read_url while the page the task gives is unread, then run', () => {
    expect(toolNowNote(pageTask, [])).toBe(READ_URL_NOW_NOTE);
    expect(toolNowNote(pageTask, [{ ...read, ok: false }])).toBe(READ_URL_NOW_NOTE);
    expect(toolNowNote(pageTask, [read])).toBe(RUN_NOW_NOTE);
    expect(toolNowNote(sumTask, [])).toBe(RUN_NOW_NOTE);
  });

  it('asks for a corrected program while the latest run failed', () => {
    const failed = { ...read, tool_call_id: 'b', name: 'run', ok: false, output: 'language: python\nstatus: error (runtime_error) after 9 ms' };
    const worked = { ...failed, tool_call_id: 'c', ok: true };
    expect(toolNowNote(sumTask, [failed])).toBe(FIX_RUN_NOW_NOTE);
    expect(toolNowNote(pageTask, [read, failed])).toBe(FIX_RUN_NOW_NOTE);
    expect(toolNowNote(sumTask, [failed, worked])).toBe(RUN_NOW_NOTE);
  });

  it("names the failed program's error in the order (count-s: the actor sent the failing program again five times)", () => {
    const failed = {
      ...read,
      tool_call_id: 'b',
      name: 'run',
      ok: false,
      output:
        'language: python\nstatus: error (runtime_error) after 9 ms\nerror: Traceback (most recent call last):\n  File "run.py", line 1, in <module>\nTypeError: object of type \'int\' has no len()\noutput: (none)',
    };
    const repeat = { ...failed, tool_call_id: 'c', output: REPEATED_FAILED_CALL_OUTPUT };
    expect(lastErrorLine([failed, repeat])).toBe("TypeError: object of type 'int' has no len()");
    expect(toolNowNote(sumTask, [failed, repeat])).toBe(`Your program failed with: TypeError: object of type 'int' has no len()\n${FIX_RUN_NOW_NOTE}`);
  });

  it('asks for a changed program after a repeat of one whose answer went back', () => {
    const ran = { ...read, tool_call_id: 'b', name: 'run', ok: true, output: 'language: python\nstatus: ok (9 ms)\noutput:\n2026-11-27' };
    const repeat = { ...ran, tool_call_id: 'c', ok: false, output: REPEATED_SENT_BACK_CALL_OUTPUT };
    expect(toolNowNote(sumTask, [ran, repeat])).toBe(CHANGE_RUN_NOW_NOTE);
  });

  it('leaves calls repeated word for word, not run again, out of the thread, and a failed one sent again with its first run', () => {
    const call = (id: string) => ({ id, type: 'function' as const, function: { name: 'run', arguments: '{"code":"print(len(3))"}' } });
    const turns: CallTurn[] = [
      { kind: 'act', content: '', tool_calls: [call('a')] },
      {
        kind: 'tool',
        tool_call_id: 'a',
        name: 'run',
        ok: false,
        output: 'language: python\nstatus: error\nerror: TypeError: x\noutput: (none)',
        summary: 'run',
      },
      { kind: 'act', content: '', tool_calls: [call('b')] },
      { kind: 'tool', tool_call_id: 'b', name: 'run', ok: false, output: REPEATED_FAILED_CALL_OUTPUT, summary: 'run: repeated call, not run again' },
    ];
    // The failed program sent again goes with its first run: the order names its error.
    const thread = actMessages(sumTask, turns, 10, false, true);
    expect(thread.filter((m) => m.role === 'assistant' || m.role === 'tool')).toEqual([]);
    expect(thread.at(-1)?.content).toBe(`Your program failed with: TypeError: x\n${FIX_RUN_NOW_NOTE}`);
    // A failed program not sent again stays, with its result.
    const once = actMessages(sumTask, turns.slice(0, 2), 10, false, true);
    expect(once.filter((m) => m.role === 'tool').map((m) => m.tool_call_id)).toEqual(['a']);
  });

  it("shows a reply in words the actor gave again once (the README's task: the same unread call eleven times in a row)", () => {
    const again = 'run({code: `print(1)`})';
    const turns: CallTurn[] = [
      { kind: 'act', content: again, tool_calls: [] },
      { kind: 'check', verdict: 'revise', text: TOOL_NAMED_REASONS },
      { kind: 'act', content: again, tool_calls: [] },
      { kind: 'act', content: `${again}\n`, tool_calls: [] },
    ];
    const thread = actMessages(sumTask, turns, 10, false, true);
    expect(thread.filter((m) => m.role === 'assistant').map((m) => m.content)).toEqual([again]);
    // The thread stays as it was after the first copy, so llama-server's prompt cache still reads it from the start.
    expect(thread).toEqual(actMessages(sumTask, turns.slice(0, 2), 10, false, true));
  });

  it("ends the actor's thread with the note", () => {
    expect(actMessages(sumTask, [{ kind: 'plan', text: '1. run a program' }], 10, false, true).at(-1)).toEqual({ role: 'user', content: RUN_NOW_NOTE });
    expect(actMessages(sumTask, [{ kind: 'plan', text: '1. run a program' }], 10).at(-1)?.content).not.toBe(RUN_NOW_NOTE);
  });
});

describe('an answer about a failed program', () => {
  const task = [{ role: 'user' as const, content: 'Sort 42, 7, 19 in descending order.' }];
  const failed = {
    kind: 'tool' as const,
    tool_call_id: 'a',
    name: 'run',
    ok: false,
    output: 'language: python\nstatus: error (runtime_error) after 1031 ms\nerror: TypeError: sequence item 0: expected str instance, int found',
    summary: 'run python: runtime_error',
  };
  const worked = { ...failed, tool_call_id: 'b', ok: true, output: 'language: python\nstatus: ok (90 ms)\noutput:\n42,19,7' };
  const repeat = {
    ...failed,
    tool_call_id: 'c',
    output: 'error: this exact call was already made and nothing has changed since; its result is above. Use it, or answer now.',
  };
  const answer = (content: string) => ({ kind: 'act' as const, content, tool_calls: [] });
  // Qwen2.5-Coder-1.5B on the sort task of the agents benchmark.
  const explained = 'The error indicates that sorted() expects strings. Here is the corrected code:\n\n```python\nprint(1)\n```';

  it('goes back when the latest run failed and the answer talks about the error or shows code', () => {
    expect(plainProblem(task, [failed, answer(explained)])?.reasons).toBe(FAILED_RUN_REASONS);
    expect(plainProblem(task, [failed, repeat, answer('The error is a TypeError.')])?.reasons).toBe(FAILED_RUN_REASONS);
  });

  it('goes on when a run worked since, or the answer is in other words once asked for a working program', () => {
    expect(plainProblem(task, [failed, worked, answer('Sorted: 42, 19, 7. The error before was a TypeError.')])?.reasons).toBeUndefined();
    // In other words, with no program that worked in the call: asked once for one that works
    // (count-s, 2026-12-01), then left to the checker.
    expect(plainProblem(task, [failed, answer('Nothing worked, as expected.')])?.reasons).toBe(NO_WORKING_RUN_REASONS);
    const askedOnce = [failed, answer('Nothing worked, as expected.'), { kind: 'check' as const, verdict: 'revise' as const, text: NO_WORKING_RUN_REASONS }];
    expect(plainProblem(task, [...askedOnce, answer('Nothing worked, as expected.')])?.reasons).toBeUndefined();
  });
});

describe('a recomputation by the checker', () => {
  const task = [{ role: 'user' as const, content: 'How many trailing zeros does 100 factorial have?' }];
  const run = (id: string, printed: string, ok = true) => ({
    kind: 'tool' as const,
    tool_call_id: id,
    name: 'run',
    ok,
    output: `language: python\nstatus: ok (12 ms)\noutput:\n${printed}`,
    summary: 'run python',
  });
  const act = { kind: 'act' as const, content: '', tool_calls: [call('a', 'run', { code: "print(str(math.factorial(100)).count('0'))" })] };
  const answer = { kind: 'act' as const, content: 'There are 30 trailing zeros in 100 factorial.', tool_calls: [] };
  const verify = { kind: 'verify' as const, content: '', tool_calls: [call('v', 'run', { code: 'print(24)' })] };
  // Qwen2.5-Coder-1.5B on the zeros task: its program counted every zero of 100!.
  const actors = [act, run('a', '30'), answer];

  it("finds the answer's numbers a program printed, not those the task gives or none printed", () => {
    expect(computedValues('There are 30 trailing zeros in 100 factorial.', task, actors)).toEqual([30]);
    expect(computedValues('There are 30.', task, [act, run('a', '30', false), answer])).toEqual([]);
    expect(computedValues('No number.', task, actors)).toEqual([]);
  });

  it('asks the checker for a program of its own only when told to, and shows it what its program printed', () => {
    expect(checkMessages(task, actors, true)[1]?.content).toMatch(new RegExp(`${RECOMPUTE_NOTE.replace(/[.()]/g, '\\$&')}$`));
    expect(checkMessages(task, actors)[1]?.content).not.toContain(RECOMPUTE_NOTE);
    const thread = checkMessages(task, [...actors, verify, run('v', '24')]);
    expect(thread.slice(2).map((m) => m.role)).toEqual(['assistant', 'tool', 'user']);
  });

  it('asks the checker whose own program failed for a corrected one, naming the error, and its verdict after that', () => {
    const failed = {
      kind: 'tool' as const,
      tool_call_id: 'v',
      name: 'run',
      ok: false,
      output: "language: python\nstatus: error (runtime_error) after 9 ms\nerror: NameError: name 'fibonacci' is not defined\noutput: (none)",
      summary: 'run',
    };
    const turns = [...actors, verify, failed];
    expect(ownRunsFailed(turns)).toBe(true);
    expect(ownRunsFailed([...actors, verify, run('v', '24')])).toBe(false);
    expect(ownRunsFailed(actors)).toBe(false);
    const fix = checkMessages(task, turns, false, true);
    expect(fix.at(-1)).toEqual({
      role: 'user',
      content:
        "Your program failed with: NameError: name 'fibonacci' is not defined. Your reply must be a call of the run tool with a corrected program that computes and prints the task's result. No prose.",
    });
    // The thread still opens with the order to recompute, as when the checker first answered it.
    expect(fix[1]?.content).toContain(RECOMPUTE_NOTE);
    expect(checkMessages(task, turns).at(-1)).toEqual({ role: 'user', content: VERDICT_NOW_NOTE });
  });

  it("tells the checker where a page's data is when the actors read one: the run tool has no network", () => {
    const hint = 'In a Python program, its list items are [l[2:].strip() for l in open("page.txt") if l.startswith("- ")].';
    const read: CallTurn[] = [
      {
        kind: 'act',
        content: '',
        tool_calls: [{ id: 'u', type: 'function', function: { name: 'read_url', arguments: '{"url":"http://127.0.0.1:8/c.html"}' } }],
      },
      {
        kind: 'tool',
        tool_call_id: 'u',
        name: 'read_url',
        ok: true,
        output: `URL: http://127.0.0.1:8/c.html\nSaved as: page.txt (a run program can open("page.txt"))\n${hint}\n\n- Lisbon`,
        summary: 'read_url',
      },
    ];
    const note = checkMessages(task, [...read, ...actors], true)[1]?.content;
    expect(note).toContain(`${RECOMPUTE_NOTE} The run tool has no network: the page's text is in "page.txt". ${hint}`);
    expect(recomputeNote([])).toBe(RECOMPUTE_NOTE);
  });

  it("approves when the checker's program printed every computed number, sends back with its output when not", () => {
    expect(recomputedVerdict(task, [...actors, verify, run('v', '30')])?.verdict).toBe('approve');
    const wrong = recomputedVerdict(task, [...actors, verify, run('v', '24')]);
    expect(wrong?.verdict).toBe('revise');
    expect(wrong?.reasons).toMatch(/^The checker computed the result with a program of its own, which printed:\n24\nYour answer says 30\./);
  });

  it("asks for a second program of the checker's when its one program disagrees (multiples: the checker's 500500 sent back the actor's right 234168), then counts both", () => {
    expect(recomputedVerdict(task, [...actors, verify, run('v', '24')])).toMatchObject({ verdict: 'revise', secondOpinion: true });
    const disputed: CallTurn = { kind: 'verify', content: 'disputed', tool_calls: [] };
    const second = (printed: string) => [
      ...actors,
      verify,
      run('v', '24'),
      disputed,
      { ...verify, tool_calls: [{ ...verify.tool_calls[0]!, id: 'w' }] },
      run('w', printed),
    ];
    // The second agrees with the actors: two against one, approved.
    expect(recomputedVerdict(task, second('30'))?.verdict).toBe('approve');
    // It agrees with the first: sent back, with no third opinion.
    const both = recomputedVerdict(task, second('24'));
    expect(both).toEqual({
      verdict: 'revise',
      reasons: expect.stringMatching(/^The checker computed the result with programs of its own, which printed:\n24\n24\n/) as unknown,
      refuted: [30],
    });
  });

  it('asks again afresh: the order to recompute, another way, without its earlier program in view', () => {
    const again = checkMessages(task, [...actors, verify, run('v', '24')], true, false, true);
    expect(again).toHaveLength(2);
    expect(again[1]?.content).toContain(`${RECOMPUTE_NOTE} ${RECOMPUTE_AGAIN_NOTE}`);
    expect(JSON.stringify(again)).not.toContain('print(24)');
  });

  it('does not send back for a long number or several: an intermediate value refutes nothing', () => {
    // Qwen2.5-Coder-1.5B's checker on the zeros task printed 100! itself.
    const factorial =
      '93326215443944152681699238856266700490715968264381621468592963895217599993229915608941463976156518286253697920827223758251185210916864000000000000000000000000';
    expect(recomputedVerdict(task, [...actors, verify, run('v', factorial)])).toMatchObject({ intermediate: true });
    expect(recomputedVerdict(task, [...actors, verify, run('v', factorial)])?.verdict).toBeUndefined();
    expect(recomputedVerdict(task, [...actors, verify, run('v', '24\n25')])).toBeUndefined();
    // Asked again, its next program printed a result: that one decides, the intermediate value is left aside.
    const again = { kind: 'verify' as const, content: 'an intermediate value', tool_calls: [] };
    const verify2 = { kind: 'verify' as const, content: '', tool_calls: [call('w', 'run', { code: 'print(24)' })] };
    const next = [...actors, verify, run('v', factorial), again, verify2, run('w', '24')];
    expect(recomputedVerdict(task, next)).toMatchObject({ verdict: 'revise', secondOpinion: true });
    expect(recomputedVerdict(task, next)?.reasons).not.toContain(factorial.slice(0, 20));
    expect(recomputedVerdict(task, [...actors, verify, run('v', factorial), again, verify2, run('w', '30')])?.verdict).toBe('approve');
  });

  it('sends back an answer that gives again a value the comparison refuted, until a program prints it again (fibonacci)', () => {
    const fibTask = [{ role: 'user' as const, content: 'What is the 30th Fibonacci number, counting F(1) = 1 and F(2) = 1?' }];
    const sumRun = run('a', '465');
    const said = { kind: 'act' as const, content: 'The 30th Fibonacci number is 465.', tool_calls: [] };
    const verifyRuns = [verify, run('v', '832040')];
    const refuting = recomputedVerdict(fibTask, [act, sumRun, said, ...verifyRuns]);
    expect(refuting).toMatchObject({ verdict: 'revise', refuted: [465] });
    const check = { kind: 'check' as const, verdict: 'revise' as const, text: refuting!.reasons, refuted: [465] };
    const failed = run('b', '', false);
    const again = [act, sumRun, said, ...verifyRuns, check, failed, said];
    expect(stillRefuted(said.content, again)).toEqual([465]);
    expect(plainProblem(fibTask, again)).toEqual({ reasons: refutedReasons([465]), notAnAnswer: false, needsTool: true });
    // A program that worked printed it again since: the checker looks at it afresh.
    expect(stillRefuted(said.content, [act, sumRun, said, ...verifyRuns, check, run('c', '465'), said])).toEqual([]);
    expect(stillRefuted('It is 832040.', again)).toEqual([]);
  });

  it('counts the times the checker was asked for another program on the answer it checks', () => {
    const again = { kind: 'verify' as const, content: 'disagrees', tool_calls: [] };
    expect(recomputeAgainAsked(actors)).toBe(0);
    expect(recomputeAgainAsked([...actors, verify, run('v', '24'), again])).toBe(1);
    expect(recomputeAgainAsked([...actors, verify, run('v', '24'), again, verify, run('v', '24'), again])).toBe(2);
    // An earlier answer's re-asks do not count for the next answer.
    expect(recomputeAgainAsked([...actors, verify, run('v', '24'), again, answer])).toBe(0);
  });

  it('compares a date whole, not its parts', () => {
    // Qwen2.5-Coder-1.5B on date-add: the actor printed 2025-05-10, the checker's datetime
    // program 2025-05-21; the 5 both hold, which the task does not give, approved the answer.
    const dateTask = [{ role: 'user' as const, content: 'What date is 100 days after 2025-02-10? Answer as YYYY-MM-DD.' }];
    const dateAnswer = { kind: 'act' as const, content: 'The date 100 days after 2025-02-10 is 2025-05-10.', tool_calls: [] };
    const dateActors = [act, run('a', '2025-05-10'), dateAnswer];
    expect(computedValues(dateAnswer.content, dateTask, dateActors)).toEqual(['2025-05-10']);
    expect(recomputedVerdict(dateTask, [...dateActors, verify, run('v', '2025-05-21')])).toMatchObject({ verdict: 'revise', secondOpinion: true });
    expect(recomputedVerdict(dateTask, [...dateActors, verify, run('v', '2025-05-21 00:00:00')])?.reasons).toContain('Your answer says 2025-05-10.');
    expect(recomputedVerdict(dateTask, [...dateActors, verify, run('v', '2025-5-10')])?.verdict).toBe('approve');
    expect(valuesIn('from 2025-02-10 to 2025/5/21 00:00:00, 3 days')).toEqual(['2025-02-10', '2025-05-21', 3]);
  });

  it('decides nothing without a recomputation that printed a number, or without a computed number', () => {
    expect(recomputedVerdict(task, actors)).toBeUndefined();
    expect(recomputedVerdict(task, [...actors, verify, run('v', '24', false)])).toBeUndefined();
    expect(recomputedVerdict(task, [...actors, verify, run('v', 'True')])).toBeUndefined();
    const words = { ...answer, content: 'There are thirty.' };
    expect(recomputedVerdict(task, [act, run('a', '30'), words, verify, run('v', '24')])).toBeUndefined();
  });
});

describe("a program that ignores the task's values", () => {
  const task = [{ role: 'user' as const, content: 'Which date is 100 days after 2025-02-10? Answer in the form YYYY-MM-DD.' }];
  const answer = answerTurn;

  it('goes back when every program behind the answer uses none of them (date-add printed today)', () => {
    const turns = [...pythonRun('a', "from datetime import datetime; print(datetime.now().strftime('%Y-%m-%d'))", '2026-11-27'), answer('It is 2026-11-27.')];
    expect(ignoredTaskValues('It is 2026-11-27.', task, turns)).toEqual(['100', '2025', '2', '10']);
    // The program reads the clock: that reason, the more telling, goes back instead.
    expect(plainProblem(task, turns)?.reasons).toBe(clockReasons('datetime.now()', task));
    const sum = [{ role: 'user' as const, content: 'Sum 20 and 22.' }];
    const other = [...pythonRun('a', 'print(6 * 7)', '42'), answer('42')];
    expect(plainProblem(sum, other)?.reasons).toBe(ignoredDataReasons(['20', '22']));
    // Given once a call (either reason): the same answer again is left to the checker.
    expect(plainProblem(sum, [...other, { kind: 'check', verdict: 'revise', text: ignoredDataReasons(['20', '22']) }, answer('42')])?.reasons).toBeUndefined();
    expect(
      plainProblem(task, [...turns, { kind: 'check', verdict: 'revise', text: ignoredDataReasons(['100']) }, answer('It is 2026-11-27.')])?.reasons,
    ).toBeUndefined();
  });

  it('holds when a program uses one of them, reads a file, or the task gives none', () => {
    const right = [
      ...pythonRun('a', 'from datetime import date, timedelta\nprint(date(2025, 2, 10) + timedelta(days=100))', '2025-05-21'),
      answer('2025-05-21'),
    ];
    expect(ignoredTaskValues('2025-05-21', task, right)).toEqual([]);
    const page = [...pythonRun('a', "print(sum(int(l.split('|')[1]) for l in open('page.txt') if '|' in l))", '311'), answer('311 mm')];
    expect(ignoredTaskValues('311 mm', [{ role: 'user', content: 'Read http://127.0.0.1:8/r.html and sum the 6 months.' }], page)).toEqual([]);
    // The sandbox's JavaScript reads the call's files with files.read.
    const js = [...pythonRun('a', 'const n = files.read("data/numbers.txt").split("\\n").map(Number); console.log(n[0] + n[1])', '42'), answer('42')];
    expect(ignoredTaskValues('42', [{ role: 'user', content: 'Sum 20 and 22.' }], js)).toEqual([]);
    const quoted = [...pythonRun('a', "print('Mississippi sassafras'.count('s'))", '8'), answer('8')];
    expect(ignoredTaskValues('8', [{ role: 'user', content: 'How many times does "s" occur in "Mississippi sassafras"?' }], quoted)).toEqual([]);
    // A bound one off ("below 1000" as `range(2, 1001)`, the README's task) is the value.
    const bound = [...pythonRun('a', 'print(sum(n for n in range(2, 1001) if all(n % d for d in range(2, n))))', '76127'), answer('76127')];
    expect(ignoredTaskValues('76127', [{ role: 'user', content: 'Sum the primes below 1000; check it by running code.' }], bound)).toEqual([]);
    const off = [...pythonRun('a', 'print(sum(range(2, 1002)))', '501500'), answer('501500')];
    expect(ignoredTaskValues('501500', [{ role: 'user', content: 'Sum the primes below 1000.' }], off)).toEqual(['1000']);
    const none = [...pythonRun('a', 'print(42)', '42'), answer('42')];
    expect(ignoredTaskValues('42', [{ role: 'user', content: 'What is the answer to everything?' }], none)).toEqual([]);
  });
});

describe("a program that printed the task's data back (sort)", () => {
  const task = [{ role: 'user' as const, content: 'Sort these numbers from largest to smallest and list them separated by commas: 42, 7, 19, 88, 3, 56.' }];
  const answer = answerTurn;
  // The 1.5B actor's program of 2026-12-01, and its answer from its head.
  const echo = pythonRun('a', "sorted_numbers = [42, 7, 19, 88, 3, 56]\nprint(','.join(map(str, sorted_numbers)))", '42,7,19,88,3,56');
  const said = 'The sorted numbers from largest to smallest are 88, 56, 42, 39, 19, 7.';

  it('goes back naming what it printed, before the number no tool printed, once a call', () => {
    const turns = [...echo, answer(said)];
    expect(echoedTaskData(said, task, turns)).toEqual([42, 7, 19, 88, 3, 56]);
    const reasons = echoedDataReasons([42, 7, 19, 88, 3, 56]);
    expect(reasons).toBe(
      "Your program printed the task's own values as the task gives them (42, 7, 19, 88, 3, 56): it does not compute what the task asks. Change the program so that it does, print the result, then answer with what it prints.",
    );
    expect(plainProblem(task, turns)?.reasons).toBe(reasons);
    // Once a call: the same answer again goes back for its 39 as before.
    const again = [...turns, { kind: 'check' as const, verdict: 'revise' as const, text: reasons }, ...echo, answer(said)];
    expect(plainProblem(task, again)?.reasons).toBe(ungroundedReasons([39]));
  });

  it('holds when the program computed something, printed a part of the data, or the answer is what it printed', () => {
    const sorted = pythonRun('b', 'print(sorted([42, 7, 19, 88, 3, 56], reverse=True))', '[88, 56, 42, 19, 7, 3]');
    expect(echoedTaskData('88, 56, 42, 19, 7, 3', task, [...sorted, answer('88, 56, 42, 19, 7, 3')])).toBeUndefined();
    const two = pythonRun('c', 'print(42, 7)', '42 7');
    expect(echoedTaskData('42 and 7', task, [...two, answer('It is 42 and 7, then 1.')])).toBeUndefined();
    expect(echoedTaskData('42, 7, 19, 88, 3, 56', task, [...echo, answer('They are 42, 7, 19, 88, 3, 56.')])).toBeUndefined();
    // An answer of one number is for the other rules (a count of the data, here).
    expect(echoedTaskData('6', task, [...echo, answer('There are 6 numbers.')])).toBeUndefined();
    // The task's numbers in another order are a computation (here a wrong one), not an echo.
    const shuffled = pythonRun('d', 'print(7, 42, 19, 88, 3, 56)', '7 42 19 88 3 56');
    expect(echoedTaskData(said, task, [...shuffled, answer(said)])).toBeUndefined();
  });
});

describe('a program that reads the clock for a task about another date (date-add)', () => {
  const task = [{ role: 'user' as const, content: 'Which date is 100 days after 2025-02-10? Answer in the form YYYY-MM-DD.' }];
  const answer = answerTurn;
  // The 1.5B actor's program of 2026-12-01: its 100 is one of the task's values.
  const now = 'from datetime import datetime, timedelta\nprint(datetime.date(datetime.now() + timedelta(days=100)))';

  it('goes back, naming the clock call and the date to put in, once a call', () => {
    const turns = [...pythonRun('a', now, '2027-03-11'), answer('The date 100 days after 2025-02-10 is 2027-03-11.')];
    expect(ignoredTaskValues('The date 100 days after 2025-02-10 is 2027-03-11.', task, turns)).toEqual([]);
    expect(clockInsteadOfTaskDate('The date 100 days after 2025-02-10 is 2027-03-11.', task, turns)).toBe('datetime.now()');
    const reasons = clockReasons('datetime.now()', task);
    expect(reasons).toBe(
      "Your answer comes from a program that reads today's date (datetime.now()), but the task is about 2025-02-10, not today. Put that date in the program (in Python: date(2025, 2, 10), after from datetime import date, timedelta), run it, then answer with what it prints.",
    );
    expect(plainProblem(task, turns)).toEqual({ reasons, notAnAnswer: false, needsTool: true });
    const again = [
      ...turns,
      { kind: 'check' as const, verdict: 'revise' as const, text: reasons },
      answer('The date 100 days after 2025-02-10 is 2027-03-11.'),
    ];
    expect(plainProblem(task, again)).toBeUndefined();
  });

  it("reads the task's date in words too, and holds for a program with the task's year or no clock", () => {
    const weekday = [{ role: 'user' as const, content: 'On which day of the week was 20 July 1969?' }];
    expect(taskDate(weekday)).toEqual({ year: 1969, month: 7, day: 20 });
    expect(taskDate([{ role: 'user', content: 'What happened on March 3rd, 2020?' }])).toEqual({ year: 2020, month: 3, day: 3 });
    const clock = [...pythonRun('a', "import datetime\nprint(datetime.date.today().strftime('%A'))", 'Tuesday'), answer('It was a Tuesday, 1 day.')];
    // No computed number or date in "Tuesday": nothing to tie the answer to a program.
    expect(clockInsteadOfTaskDate('It was a Tuesday, 1 day.', weekday, clock)).toBeUndefined();
    const right = [
      ...pythonRun('a', 'from datetime import date, timedelta\nprint(date(2025, 2, 10) + timedelta(days=100))', '2025-05-21'),
      answer('2025-05-21'),
    ];
    expect(clockInsteadOfTaskDate('2025-05-21', task, right)).toBeUndefined();
    const both = [
      ...pythonRun('a', 'from datetime import datetime\nstart = datetime(2025, 2, 10)\nprint(datetime.now() > start, 2025 + 2)', '2027'),
      answer('2027'),
    ];
    expect(clockInsteadOfTaskDate('2027', task, both)).toBeUndefined();
    const js = [
      ...pythonRun('a', 'const d = new Date(); d.setDate(d.getDate() + 100); console.log(d.toISOString().slice(0, 10))', '2027-03-11'),
      answer('2027-03-11'),
    ];
    expect(clockInsteadOfTaskDate('2027-03-11', task, js)).toBe('newDate()');
    expect(clockInsteadOfTaskDate('2027-03-11', [{ role: 'user', content: 'Which date is 100 days from now?' }], js)).toBeUndefined();
  });
});

describe('a program that opened a file the task never gave (vowels)', () => {
  const task = [{ role: 'user' as const, content: 'How many vowels are in "The quick brown fox"?' }];
  const failed: CallTurn = {
    kind: 'tool',
    tool_call_id: 'a',
    name: 'run',
    ok: false,
    output:
      "language: python\nstatus: error (runtime_error) after 9 ms\nerror: Traceback (most recent call last):\nFileNotFoundError: [Errno 44] No such file or directory: 'task.txt'\noutput: (none)",
    summary: 'run',
  };

  it('reads an answer that asks the client to create the file as one about the failed run', () => {
    const answer = "The file 'task.txt' does not exist in the current directory. Please create the file and try again.";
    expect(aboutFailedRun(answer, [failed])).toBe(true);
    expect(aboutFailedRun('There are 5 vowels.', [failed])).toBe(false);
    // Asking the client to mend it is about the failure too (the README's task from `npm run up`).
    expect(aboutFailedRun('Please fix the code and try again.', [failed])).toBe(true);
  });

  it("reads an answer that names what the error quotes as one about the failed run (csv-average: 'os' not imported)", () => {
    const nameError = {
      ...failed,
      output: "language: python\nstatus: error\nerror: NameError: name 'os' is not defined. Did you forget to import 'os'?\noutput: (none)",
    };
    expect(aboutFailedRun("The 'os' module is not imported in the script. Please import it at the beginning.", [nameError])).toBe(true);
    expect(aboutFailedRun('Import os first.', [nameError])).toBe(true);
    // Inside a longer word it is no name: "most", "cost".
    expect(aboutFailedRun('The cost is most likely 5.', [nameError])).toBe(false);
  });

  it('says only the standard library is there when a module is missing (weekday imported requests)', () => {
    const noModule = { ...failed, output: "language: python\nstatus: error\nerror: ModuleNotFoundError: No module named 'requests'\noutput: (none)" };
    expect(toolNowNote(task, [noModule])).toBe(
      `Your program failed with: ModuleNotFoundError: No module named 'requests' ${NO_MODULE_NOTE}\n${FIX_RUN_NOW_NOTE}`,
    );
  });

  it('tells the actor to put the data in the program', () => {
    expect(toolNowNote(task, [failed])).toBe(
      `Your program failed with: FileNotFoundError: [Errno 44] No such file or directory: 'task.txt' ${NO_SUCH_FILE_NOTE}\n${FIX_RUN_NOW_NOTE}`,
    );
  });
});

describe('a form the task asks for', () => {
  const yesNo = [{ role: 'user' as const, content: 'Is 1000003 a prime number? Answer yes or no, and give its smallest prime factor if it is not prime.' }];
  const dated = [{ role: 'user' as const, content: 'Which date is 100 days after 2025-02-10? Answer in the form YYYY-MM-DD.' }];
  const runPrinted = (printed: string): CallTurn[] => [
    { kind: 'act', content: '', tool_calls: [{ id: 'a', type: 'function', function: { name: 'run', arguments: '{"code":"print(1000003)"}' } }] },
    { kind: 'tool', tool_call_id: 'a', name: 'run', ok: true, output: `language: python\nstatus: ok (9 ms)\noutput:\n${printed}`, summary: 'run' },
  ];
  const answer = answerTurn;

  it('is missing when the answer leaves it out (prime-check: no yes, only the factor)', () => {
    expect(missingAskedForms('The smallest prime factor of 1000003 is 1000003 itself.', yesNo)).toEqual(['a yes or a no']);
    expect(missingAskedForms('It is May 21, 2025.', dated)).toEqual(['a date written YYYY-MM-DD']);
    const turns = [...runPrinted('Prime'), answer('The smallest prime factor of 1000003 is 1000003 itself.')];
    expect(plainProblem(yesNo, turns)?.reasons).toBe(missingFormReasons(['a yes or a no']));
    expect(missingFormReasons(['a yes or a no'])).toMatch(/^The task asks for a yes or a no, and your answer does not give it\./);
  });

  it('is there when the answer takes it, whatever its case; a task that asks for no form wants none', () => {
    expect(missingAskedForms('Yes, 1000003 is prime.', yesNo)).toEqual([]);
    expect(missingAskedForms('no: 7 divides it', yesNo)).toEqual([]);
    expect(missingAskedForms('2025-05-21', dated)).toEqual([]);
    expect(missingAskedForms('It is prime.', [{ role: 'user', content: 'Is 97 prime?' }])).toEqual([]);
    // "no" inside another word is no answer.
    expect(missingAskedForms('It is not known.', yesNo)).toEqual(['a yes or a no']);
  });

  it('goes back once a call: the same answer again is left to the checker', () => {
    const turns = [
      ...runPrinted('Prime'),
      answer('The smallest prime factor is 1000003.'),
      { kind: 'check' as const, verdict: 'revise' as const, text: missingFormReasons(['a yes or a no']) },
      answer('The smallest prime factor is 1000003.'),
    ];
    expect(plainProblem(yesNo, turns)?.reasons).toBeUndefined();
  });
});

describe('a yes or a no that no program printed (prime-check)', () => {
  const yesNo = [{ role: 'user' as const, content: 'Is 1000003 a prime number? Answer yes or no, and give its smallest prime factor if it is not prime.' }];
  const runPrinted = (id: string, printed: string): CallTurn[] => [
    {
      kind: 'act',
      content: '',
      tool_calls: [{ id, type: 'function', function: { name: 'run', arguments: '{"code":"import math\\nprint(math.isqrt(1000003))"}' } }],
    },
    { kind: 'tool', tool_call_id: id, name: 'run', ok: true, output: `language: python\nstatus: ok (9 ms)\noutput:\n${printed}`, summary: 'run' },
  ];
  const answer = answerTurn;

  it('goes back asking for a program that prints True or False, once a call, before the form', () => {
    // The 1.5B actor's program of 2026-12-01 printed √1000003.
    const turns = [...runPrinted('a', '1000'), answer('No, 1000003 is not a prime number.')];
    expect(unprintedYesNo(yesNo, turns)).toBe(true);
    expect(plainProblem(yesNo, turns)).toEqual({ reasons: UNPRINTED_YES_NO_REASONS, notAnAnswer: false, needsTool: true });
    const noYes = [...runPrinted('a', '1000'), answer('The smallest prime factor of 1000003 is 1000003 itself.')];
    expect(plainProblem(yesNo, noYes)?.reasons).toBe(UNPRINTED_YES_NO_REASONS);
    const again = [
      ...turns,
      { kind: 'check' as const, verdict: 'revise' as const, text: UNPRINTED_YES_NO_REASONS },
      answer('No, 1000003 is not a prime number.'),
    ];
    expect(plainProblem(yesNo, again)).toBeUndefined();
    // Then the form is still asked for: the two reasons are told apart.
    const noYesAgain = [...noYes, { kind: 'check' as const, verdict: 'revise' as const, text: UNPRINTED_YES_NO_REASONS }, noYes[2]!];
    expect(plainProblem(yesNo, noYesAgain)?.reasons).toBe(missingFormReasons(['a yes or a no']));
  });

  it('holds when a program printed a word, when none ran, or when the task asks no yes or no', () => {
    expect(unprintedYesNo(yesNo, [...runPrinted('a', 'True'), answer('Yes.')])).toBe(false);
    // A program that prints a constant tests nothing (the actor's reply to the order, 2026-12-01).
    const constant: CallTurn[] = [
      { kind: 'act', content: '', tool_calls: [{ id: 'k', type: 'function', function: { name: 'run', arguments: '{"code":"print(True)"}' } }] },
      { kind: 'tool', tool_call_id: 'k', name: 'run', ok: true, output: 'language: python\nstatus: ok (9 ms)\noutput:\nTrue', summary: 'run' },
    ];
    expect(unprintedYesNo(yesNo, [...runPrinted('a', '1000'), ...constant, answer('Yes.')])).toBe(true);
    expect(unprintedYesNo(yesNo, [...runPrinted('a', '1000'), ...runPrinted('b', 'Prime'), answer('Yes, it is prime.')])).toBe(false);
    expect(unprintedYesNo(yesNo, [answer('Yes.')])).toBe(false);
    expect(unprintedYesNo([{ role: 'user', content: 'What is the square root of 1000003, rounded down?' }], [...runPrinted('a', '1000'), answer('1000')])).toBe(
      false,
    );
  });
});

describe('a task that asks for a language (JavaScript)', () => {
  const SQUARES_PY = 'print(sum(i * i for i in range(1, 101)))';
  const SQUARES_JS = 'let s = 0; for (let i = 1; i <= 100; i++) s += i * i; console.log(s);';
  const ask = (content: string) => [{ role: 'user' as const, content }];
  const ran = (id: string, language: 'python' | 'javascript', printed: string): CallTurn[] => [
    {
      kind: 'act',
      content: '',
      tool_calls: [
        { id, type: 'function', function: { name: 'run', arguments: JSON.stringify({ code: language === 'python' ? SQUARES_PY : SQUARES_JS, language }) } },
      ],
    },
    { kind: 'tool', tool_call_id: id, name: 'run', ok: true, output: `language: ${language}\nstatus: ok (9 ms)\noutput:\n${printed}`, summary: 'run' },
  ];
  const answer = answerTurn;

  it('reads the language asked in so many words, and none when the task names none or both', () => {
    expect(askedLanguage(ask('Using JavaScript, compute the sum of the squares of 1 to 100.'))).toBe('javascript');
    expect(askedLanguage(ask('Run a JavaScript program to count them.'))).toBe('javascript');
    expect(askedLanguage(ask('Do it in JS please.'))).toBe('javascript');
    expect(askedLanguage(ask('Write a Python script that sums them.'))).toBe('python');
    expect(askedLanguage(ask('Sum the primes below 1000; check it by running code.'))).toBeUndefined();
    expect(askedLanguage(ask('Compare a Python program with a JavaScript program.'))).toBeUndefined();
    expect(askedLanguage(ask('What is JavaScript?'))).toBeUndefined();
  });

  it('sends back, once a call, an answer whose programs all ran in the other language', () => {
    const task = ask('Using JavaScript, compute the sum of the squares of the integers from 1 to 100.');
    const python = [...ran('a', 'python', '338350'), answer('The sum is 338350.')];
    expect(plainProblem(task, python)).toEqual({ reasons: languageReasons('javascript'), notAnAnswer: false, needsTool: true });
    expect(languageReasons('javascript')).toBe(
      'The task asks for JavaScript, and your programs ran in another language. Call the run tool with a JavaScript program ("language": "javascript"; console.log() shows output), then answer with what it prints.',
    );
    const again = [...python, { kind: 'check' as const, verdict: 'revise' as const, text: languageReasons('javascript') }, answer('The sum is 338350.')];
    expect(plainProblem(task, again)).toBeUndefined();
    expect(plainProblem(task, [...ran('a', 'python', '1'), ...ran('b', 'javascript', '338350'), answer('The sum is 338350.')])).toBeUndefined();
  });
});

describe('a failed run whose result has notes under its error (csv-average, 2026-12-01)', () => {
  const failed = (error: string, note: string): CallTurn[] => [
    { kind: 'act', content: '', tool_calls: [{ id: 'f', type: 'function', function: { name: 'run', arguments: '{"code":"open(\'data.csv\')"}' } }] },
    {
      kind: 'tool',
      tool_call_id: 'f',
      name: 'run',
      ok: false,
      output: `language: python\nstatus: error (runtime_error) after 9 ms\nerror: Traceback (most recent call last):\n${error}\nnote: ${note}\noutput: (none)`,
      summary: 'run',
    },
  ];
  const missing = failed(
    "FileNotFoundError: [Errno 44] No such file or directory: 'data.csv'",
    missingFileNote("No such file or directory: 'data.csv'", 'python', [])!,
  );

  it('names the error line, not the note under it', () => {
    expect(lastErrorLine(missing)).toBe("FileNotFoundError: [Errno 44] No such file or directory: 'data.csv'");
    expect(lastErrorLine(failed("ModuleNotFoundError: No module named 'sympy'", NO_MODULE_NOTE))).toBe("ModuleNotFoundError: No module named 'sympy'");
    expect(toolNowNote([{ role: 'user', content: 'Average the scores.' }], missing)).toContain(NO_SUCH_FILE_NOTE);
  });

  it("reads an answer that repeats the note's words as one about the failed run", () => {
    const said = 'The file "data.csv" is not in the call\'s folder. You need to write it first, in the same program before reading it.';
    expect(aboutFailedRun(said, [...missing, { kind: 'act', content: said, tool_calls: [] }])).toBe(true);
    expect(aboutFailedRun('The scores file is missing.', missing)).toBe(true);
  });
});

describe('an answer when no program has worked (count-s, 2026-12-01)', () => {
  const task = [{ role: 'user' as const, content: 'How many times does the lowercase letter "s" occur in the text "Mississippi sassafras"?' }];
  const ran = (id: string, ok: boolean, output: string): CallTurn[] => [
    {
      kind: 'act',
      content: '',
      tool_calls: [{ id, type: 'function', function: { name: 'run', arguments: '{"code":"print(open(\'data.txt\').read().count(\'s\'))"}' } }],
    },
    { kind: 'tool', tool_call_id: id, name: 'run', ok, output, summary: 'run' },
  ];
  const failed = ran(
    'a',
    false,
    "language: python\nstatus: error (runtime_error) after 9 ms\nerror: FileNotFoundError: [Errno 44] No such file or directory: 'data.txt'\noutput: (none)",
  );
  const said: CallTurn = { kind: 'act', content: 'The lowercase letter "s" does not occur in the text "Mississippi sassafras".', tool_calls: [] };

  it('goes back once a call, asking for the program fixed', () => {
    expect(onlyFailedRuns([...failed, said])).toBe(true);
    expect(plainProblem(task, [...failed, said])).toEqual({ reasons: NO_WORKING_RUN_REASONS, notAnAnswer: false, needsTool: true });
    const again = [...failed, said, { kind: 'check' as const, verdict: 'revise' as const, text: NO_WORKING_RUN_REASONS }, said];
    expect(plainProblem(task, again)).toBeUndefined();
  });

  it('holds once a program worked, and when none ran', () => {
    const worked = ran('b', true, 'language: python\nstatus: ok (9 ms)\noutput:\n8');
    expect(onlyFailedRuns([...failed, ...worked, said])).toBe(false);
    expect(onlyFailedRuns([said])).toBe(false);
    // A repeated call, not run again, is no run.
    const repeat = ran('c', false, REPEATED_FAILED_CALL_OUTPUT);
    expect(onlyFailedRuns([...repeat, said])).toBe(false);
  });
});

describe('unconfirmedDispute', () => {
  it("names what the checker's lone program printed, and that the actors' program stands", () => {
    const [task, turns] = [
      [{ role: 'user' as const, content: 'Sum the primes below 1000; check it by running code.' }],
      [
        { kind: 'act', content: '', tool_calls: [{ id: 'a', type: 'function', function: { name: 'run', arguments: '{"code":"print(76127)"}' } }] },
        { kind: 'tool', tool_call_id: 'a', name: 'run', ok: true, output: 'language: python\nstatus: ok (5 ms)\noutput:\n76127' },
        { kind: 'act', content: 'The sum is 76127.', tool_calls: [] },
        { kind: 'verify', content: '', tool_calls: [{ id: 'v', type: 'function', function: { name: 'run', arguments: '{"code":"print(76128)"}' } }] },
        { kind: 'tool', tool_call_id: 'v', name: 'run', ok: true, output: 'language: python\nstatus: ok (5 ms)\noutput:\n76128' },
      ] as CallTurn[],
    ];
    const disputed = recomputedVerdict(task, turns);
    expect(disputed).toMatchObject({ verdict: 'revise', secondOpinion: true, printed: '76128' });
    expect(unconfirmedDispute(disputed?.verdict === 'revise' ? disputed.printed : undefined)).toBe(
      "The checker's own program printed 76128, which disagrees with the answer, and no second program of its own confirmed it, so the actors' program stands.",
    );
    expect(unconfirmedDispute(undefined)).toContain('disagreed with the answer, and no second program');
  });
});

describe('claimsNoValueBeyond', () => {
  it('passes words whose numbers the task holds, and no others', () => {
    const claimsNothing = claimsNoValueBeyond([
      { role: 'system', content: 'Answer in 3 lines.' },
      { role: 'user', content: 'Sum the primes below 1,000; check it by running code.' },
    ]);
    expect(claimsNothing('You can use the following code to sum the primes below 1000:')).toBe(true);
    expect(claimsNothing('Here is the program.')).toBe(true);
    expect(claimsNothing('The sum is 76127.')).toBe(false);
    expect(claimsNothing('It prints 76,127, the sum below 1000.')).toBe(false);
  });
});

describe('numbersIn', () => {
  it('reads numbers as values, thousands grouped or not', () => {
    expect(numbersIn('76,127 and 76127; 05 and 5; 3.25 mm on 2025-05-21')).toEqual([76127, 76127, 5, 5, 3.25, 2025, 5, 21]);
  });

  it('takes no number from digits that end a name (a program printed encoding=UTF-8 and grounded an 8)', () => {
    expect(numbersIn("<_io.TextIOWrapper name='page.txt' mode='r' encoding='UTF-8'>")).toEqual([]);
    expect(numbersIn('utf8, x86_64, SHA-256 and 7 cities')).toEqual([7]);
  });
});

describe('a reply that names a tool instead of calling it', () => {
  const task = [{ role: 'user' as const, content: 'Read the page http://127.0.0.1:8/r.html and give the total.' }];
  const answer = answerTurn;

  it.each([
    ['run', true],
    ['run read_file "page.txt"', true],
    ['read_url("page")', true],
    ['write_file: scores.csv', true],
    // A call in code's syntax the reader could not take, however long (the README's task, from `npm run up`).
    [`run(code='primes = list(filter(lambda x: all(x % i != 0 for i in range(2, int(x**0.5) + 1)), range(2, 1001)))`, true],
    ['run(\n  code = "print(1)"', true],
    ['run\n```', true],
    ['```\nrun\n```', true],
    // A call's JSON in a tag of no known kind, after the tool's name (the README's task, from `npm run up`).
    ['run\n<tools>\n  {"name": "read_url", "arguments": {"url": "http://example.org/primes.txt"}}\n</tools>', true],
    ['{"name": "rm", "arguments": {}}', false],
    ['The run printed 311, so the total is 311 mm.', false],
    [`run the program below, which sums the primes below one thousand, and it prints 76127 as the total for you`, false],
    ['running it gives 311', false],
    ['runner', false],
  ])('%j → %s', (reply, named) => {
    expect(namesToolOnly(reply)).toBe(named);
  });

  it('goes back as no answer, asking for the call', () => {
    expect(plainProblem(task, [answer('run read_file "page.txt"')])?.reasons).toBe(TOOL_NAMED_REASONS);
  });
});

describe("an answer that repeats the checker's words", () => {
  const task = [{ role: 'user' as const, content: 'What is the 30th Fibonacci number, counting F(1) = 1 and F(2) = 1?' }];
  const verdict =
    'The tool results show that the 30th Fibonacci number is 465, which is not the answer provided. Therefore, the answer does not agree with the tool results.';
  const turns: CallTurn[] = [
    { kind: 'act', content: 'It is 465.', tool_calls: [] },
    { kind: 'check', verdict: 'revise', text: verdict },
  ];
  const answer = answerTurn;

  it('is no answer: it goes back asking for the task itself (fibonacci, to the step limit)', () => {
    const echo = `${verdict}\n\nThe correct answer is 465.`;
    expect(echoesChecker(echo, turns)).toBe(true);
    expect(plainProblem(task, [...turns, answer(echo)])?.reasons).toBe(ECHO_REASONS);
  });

  it('is an answer when it only shares a few words, or when there was no verdict', () => {
    expect(echoesChecker('The tool results show that it is 832040.', turns)).toBe(false);
    expect(echoesChecker(verdict, turns.slice(0, 1))).toBe(false);
  });
});

describe('a task that asks for code to be run', () => {
  const readme = [{ role: 'user' as const, content: 'Sum the primes below 1000; check it by running code.' }];
  const answer = answerTurn;

  it.each([
    ['Sum the primes below 1000; check it by running code.', true],
    ['Using Python, count the vowels in "banana".', true],
    ['Execute a program that prints the 30th Fibonacci number.', true],
    ['Write a Python function that reverses a string.', false],
    ['What is the capital of France?', false],
  ])('%j → %s', (content, asks) => {
    expect(asksToRunCode([{ role: 'user', content }])).toBe(asks);
  });

  it('sends an answer given before any program ran back once a call, asking for the run tool', () => {
    const first = plainProblem(readme, [answer('The primes below 1000 add up to a large number.')]);
    expect(first).toEqual({ reasons: RUN_ASKED_REASONS, notAnAnswer: false, needsTool: true });
    const turns: CallTurn[] = [
      answer('They add up to a large number.'),
      { kind: 'check', verdict: 'revise', text: RUN_ASKED_REASONS },
      answer('Still a large number.'),
    ];
    expect(plainProblem(readme, turns)).toBeUndefined();
  });

  it('lets an answer through once a program ran', () => {
    const turns: CallTurn[] = [
      {
        kind: 'act',
        content: '',
        tool_calls: [
          {
            id: 't1',
            type: 'function',
            function: { name: 'run', arguments: JSON.stringify({ code: 'print(sum(p for p in range(2, 1000) if all(p % d for d in range(2, p))))' }) },
          },
        ],
      },
      { kind: 'tool', tool_call_id: 't1', name: 'run', ok: true, output: 'language: python\nstatus: ok (3 ms)\noutput:\n76127', summary: 'run python: ok' },
      answer('The sum is 76127.'),
    ];
    expect(plainProblem(readme, turns)).toBeUndefined();
  });
});

describe('isUnreadRecomputation', () => {
  it('takes a call the loop could not read, with no verdict word, for an unread recomputation', () => {
    for (const reply of [
      '{{"name": "run", "arguments": {"code": "print(sum([1, 1] + [1, 1, 1, 1, 1, 1',
      '{"name": "run", "arguments": {"code": "a, b = 0, 1',
      'run(code="print(',
      '```python\nprint(sum(range(5)))\n```',
    ]) {
      expect(isUnreadRecomputation(reply), reply).toBe(true);
    }
    for (const reply of [
      'The program printed 832040; the answer says 465. REVISE',
      'APPROVE',
      'Revise: the answer is a sum of 1 to 30.',
      'The answer agrees with the tool results.',
      '{"name": "run"} printed 5, as the answer says. APPROVE',
    ]) {
      expect(isUnreadRecomputation(reply), reply).toBe(false);
    }
  });
});

describe('missingFileNote', () => {
  it("names the missing file, what the folder holds and how the program writes it first, in the program's language", () => {
    const python = missingFileNote("FileNotFoundError: [Errno 44] No such file or directory: 'numbers.txt'", 'python', []);
    expect(python).toBe(
      'no file numbers.txt is in this call\'s folder (it is empty): a program sees only the files written before it reads them. If the task gives the data, put it in the program; to use numbers.txt, write it first, in the same program before reading it (with open("numbers.txt", "w") as f: f.write(…)) or with write_file.',
    );
    const js = missingFileNote('Error: files.read: no file scores.csv in the folder', 'javascript', ['page.txt', 'notes.md']);
    expect(js).toContain("no file scores.csv is in this call's folder (it holds page.txt, notes.md)");
    expect(js).toContain('files.write("scores.csv", …)');
  });

  it('says nothing for any other error', () => {
    expect(missingFileNote("NameError: name 'os' is not defined", 'python', [])).toBeUndefined();
    expect(missingFileNote("KeyError: 'score'", 'python', ['scores.csv'])).toBeUndefined();
  });
});
