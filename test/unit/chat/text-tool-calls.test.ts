import { describe, expect, it } from 'vitest';
import { isCodeOnly, programAsRunCall, redirectedCall, toolCallsInText, unwrapNestedCall, withOpenBracketsClosed } from '../../../core/chat/text-tool-calls';

const TOOLS = ['write_file', 'read_file', 'list_files', 'run', 'read_url'];
const RUN = { name: 'run', arguments: '{"code":"console.log(1+1)"}' };

describe('toolCallsInText', () => {
  it.each([
    ['a fenced json block (Qwen2.5-Coder)', '```json\n{"name": "run", "arguments": {"code": "console.log(1+1)"}}\n```'],
    ['an unlabelled fence', '```\n{"name": "run", "arguments": {"code": "console.log(1+1)"}}\n```'],
    ['a tool_call tag (Hermes, Qwen)', '<tool_call>\n{"name": "run", "arguments": {"code": "console.log(1+1)"}}\n</tool_call>'],
    // The tag Qwen's chat template lists the tools in (the README's task from `npm run up`).
    ['a tools tag', '<tools>\n  {"name": "run", "arguments": {"code": "console.log(1+1)"}}\n</tools>'],
    ['a tag never closed', '<tool_call>\n{"name": "run", "arguments": {"code": "console.log(1+1)"}}'],
    ['a bare object', '{"name": "run", "arguments": {"code": "console.log(1+1)"}}'],
    ['arguments as JSON text', '{"name": "run", "arguments": "{\\"code\\": \\"console.log(1+1)\\"}"}'],
    ['`parameters` for arguments', '```json\n{"name": "run", "parameters": {"code": "console.log(1+1)"}}\n```'],
    ['the OpenAI function wrapper', '{"type": "function", "function": {"name": "run", "arguments": {"code": "console.log(1+1)"}}}'],
    // Qwen2.5-Coder-1.5B, asked to reply with a call of the run tool only.
    ['doubled braces', '{{"name": "run", "arguments": {"code": "console.log(1+1)"}}}'],
    ['a doubled opening brace only (leap-years in the agents benchmark)', '{{"name": "run", "arguments": {"code": "console.log(1+1)"}}'],
    // The checker on the README's task from `npm run up`: its unread call approved 168.
    ['a call one closing brace short', '```json\n{\n  "name": "run",\n  "arguments": {\n    "code": "console.log(1+1)"\n}\n```'],
  ])('reads %s', (_, text) => {
    expect(toolCallsInText(text, TOOLS)).toEqual({ calls: [RUN], rest: '' });
  });

  it('reads a reply that is one call written as a function call (Qwen2.5-Coder-1.5B, told to call the run tool)', () => {
    const reversed = { name: 'run', arguments: JSON.stringify({ code: "print('Holdline agents'[::-1])", language: 'python' }) };
    expect(toolCallsInText('run("python", "print(\'Holdline agents\'[::-1])")', TOOLS)).toEqual({ calls: [reversed], rest: '' });
    expect(toolCallsInText('run(code="print(\'Holdline agents\'[::-1])", language="python")', TOOLS).calls).toEqual([reversed]);
    expect(toolCallsInText('run("console.log(1+1)")', TOOLS).calls).toEqual([RUN]);
    expect(toolCallsInText('run({"code": "console.log(1+1)"})', TOOLS).calls).toEqual([RUN]);
    // An object literal as JavaScript writes it, its program in backquotes (the README's task from `npm run up`, eleven times).
    const literal = 'run({code: `def f(n):\n    return {"n": n}\n\nprint(f(2))`, language: "python"})';
    expect(toolCallsInText(literal, TOOLS).calls).toEqual([
      { name: 'run', arguments: JSON.stringify({ code: 'def f(n):\n    return {"n": n}\n\nprint(f(2))', language: 'python' }) },
    ]);
    expect(toolCallsInText("run({ code: 'console.log(1+1)' })", TOOLS).calls).toEqual([RUN]);
    expect(toolCallsInText('read_url("https://example.org/a")', TOOLS).calls).toEqual([{ name: 'read_url', arguments: '{"url":"https://example.org/a"}' }]);
    // Python's single quotes, with its escape and a double quote inside.
    expect(toolCallsInText(String.raw`run(code='print(\'it\'s "1"\')', language='python')`, TOOLS).calls).toEqual([
      { name: 'run', arguments: JSON.stringify({ code: `print('it's "1"')`, language: 'python' }) },
    ]);
    // A reply that ends inside the call's string (the README's task from `npm run up`): read as closed there.
    const cut = "run(code='primes = list(filter(lambda x: all(x % i != 0 for i in range(2, int(x**0.5) + 1)), range(2, 1001)))";
    expect(toolCallsInText(cut, TOOLS)).toEqual({
      calls: [{ name: 'run', arguments: JSON.stringify({ code: cut.slice("run(code='".length) }) }],
      rest: '',
    });
    // The same call as the whole content of a fence (the README's task from `npm run up`, eight times in a row).
    const fenced = '```\nrun("print(sum(range(3)))", "python")\n```';
    expect(toolCallsInText(fenced, TOOLS)).toEqual({
      calls: [{ name: 'run', arguments: JSON.stringify({ code: 'print(sum(range(3)))', language: 'python' }) }],
      rest: '',
    });
    // Not a call: prose around it, an unknown tool, an argument that is not a string, two codes.
    for (const text of ['I would run("print(1)") here.', 'exec("print(1)")', 'run(print(1))', 'run("a", "b")']) {
      expect(toolCallsInText(text, TOOLS).calls).toEqual([]);
    }
  });

  it('reads code quoted the way a small model writes it: a template literal, triple quotes, raw line breaks', () => {
    const code = 'const n = 2;\n  console.log(`n=${n}`.length);\n';
    // Qwen2.5-Coder-1.5B's own first call on the primes task quoted its program with backticks.
    const backticks = '```json\n{\n  "name": "run",\n  "arguments": {\n    "code": `const n = 2;\n  console.log(\'n\'.length);\n`\n  }\n}\n```';
    expect(toolCallsInText(backticks, TOOLS).calls).toEqual([
      { name: 'run', arguments: JSON.stringify({ code: "const n = 2;\n  console.log('n'.length);\n" }) },
    ]);
    const triple = '{"name": "run", "arguments": {"code": """print("a")\nprint(2)"""}}';
    expect(toolCallsInText(triple, TOOLS).calls).toEqual([{ name: 'run', arguments: JSON.stringify({ code: 'print("a")\nprint(2)' }) }]);
    const raw = `{"name": "run", "arguments": {"code": "${code.replace(/"/g, '\\"')}"}}`;
    expect(toolCallsInText(raw, TOOLS).calls).toEqual([{ name: 'run', arguments: JSON.stringify({ code }) }]);
  });

  it("reads a call that opens a reply which goes on (the checker on the README's task: a surplus brace, then the output it imagined)", () => {
    const code = 'print(sum(i for i in range(2, 1000) if all(i % j != 0 for j in range(2, i))))';
    const checker = `{{"name": "run", "arguments": {"code": "${code}", "language": "python"}}}}\n\`\`\`\n499499\n\`\`\``;
    expect(toolCallsInText(checker, TOOLS)).toEqual({
      calls: [{ name: 'run', arguments: JSON.stringify({ code, language: 'python' }) }],
      rest: '```\n499499\n```',
    });
    expect(toolCallsInText('{"name": "run", "arguments": {"code": "console.log(1+1)"}} The sum is 2.', TOOLS)).toEqual({ calls: [RUN], rest: 'The sum is 2.' });
    // Not a call: an object naming no tool, braces that never balance, a call not at the start.
    for (const text of [
      '{"name": "sum", "arguments": {}} is 2',
      '{"name": "run", "arguments": {"code": "x"} and more',
      'So: {"name": "run", "arguments": {"code": "x"}} ran.',
    ]) {
      expect(toolCallsInText(text, TOOLS).calls, text).toEqual([]);
    }
  });

  it('keeps what the model said around the call', () => {
    const text = 'Let me compute it.\n```json\n{"name": "run", "arguments": {"code": "console.log(1+1)"}}\n```\nThen I will answer.';
    expect(toolCallsInText(text, TOOLS)).toEqual({ calls: [RUN], rest: 'Let me compute it.\n\nThen I will answer.' });
  });

  it('reads several calls in order, in blocks or as one array', () => {
    const write = '{"name": "write_file", "arguments": {"path": "a.txt", "content": "hi"}}';
    const list = '{"name": "list_files", "arguments": {}}';
    const expected = [
      { name: 'write_file', arguments: '{"content":"hi","path":"a.txt"}' },
      { name: 'list_files', arguments: '{}' },
    ];
    expect(toolCallsInText(`\`\`\`json\n${write}\n\`\`\`\n\`\`\`json\n${list}\n\`\`\``, TOOLS).calls).toEqual(expected);
    expect(toolCallsInText(`[${write}, ${list}]`, TOOLS).calls).toEqual(expected);
  });

  it.each([
    ['plain prose', 'The sum of the primes below 1000 is 76127.'],
    ['a JSON answer that names no tool', '```json\n{"sum": 76127}\n```'],
    ['a tool that is not offered', '```json\n{"name": "shell", "arguments": {"cmd": "ls"}}\n```'],
    ['code shown in another language', '```python\n{"name": "run", "arguments": {"code": "x"}}\n```'],
    ['arguments that are not an object', '{"name": "run", "arguments": [1, 2]}'],
    ['arguments text that is not JSON', '{"name": "run", "arguments": "console.log(1)"}'],
    ['broken JSON (a comma left out)', '```json\n{"name": "run" "arguments": {"code": "console.log(1)"}}\n```'],
    ['a call whose string is left open', '```json\n{"name": "run", "arguments": {"code": "console.log(1)\n```'],
    ['an array with one stranger', '[{"name": "run", "arguments": {"code": "1"}}, {"name": "rm", "arguments": {}}]'],
  ])('leaves %s as text', (_, text) => {
    expect(toolCallsInText(text, TOOLS)).toEqual({ calls: [], rest: text.trim() });
  });

  it('only reads a bare object when it is the whole reply', () => {
    const text = 'I would call {"name": "run", "arguments": {"code": "1"}} but the answer is 2.';
    expect(toolCallsInText(text, TOOLS).calls).toEqual([]);
  });
});

describe('a call written as the tool name and its arguments', () => {
  const COUNT = { name: 'run', arguments: JSON.stringify({ code: "print('Mississippi sassafras'.count('s'))", language: 'python' }) };
  it.each([
    ['bare, on one line (page-count in the agents benchmark)', `run {"code": "print('Mississippi sassafras'.count('s'))", "language": "python"}`],
    ['inside a python fence, on two lines (count-s)', '```python\nrun\n{"code": "print(\'Mississippi sassafras\'.count(\'s\'))", "language": "python"}\n```'],
    ['with a colon', `run: {"code": "print('Mississippi sassafras'.count('s'))", "language": "python"}`],
    // count-s in the agents benchmark, four times to the step limit.
    ['with its braces doubled', `run {{"code": "print('Mississippi sassafras'.count('s'))", "language": "python"}}`],
  ])('reads it %s', (_, text) => {
    expect(toolCallsInText(text, TOOLS)).toEqual({ calls: [COUNT], rest: '' });
  });

  it('leaves a name that is no tool, prose before it and a python program as text', () => {
    for (const text of ['exec {"code": "print(1)"}', 'I would run {"code": "print(1)"}', '```python\nrun = {"code": 1}\nprint(run)\n```']) {
      expect(toolCallsInText(text, TOOLS).calls).toEqual([]);
    }
  });
});

describe('a call written as a command with keyword arguments', () => {
  const run = (args: Record<string, string>) => ({ calls: [{ name: 'run', arguments: JSON.stringify(args) }], rest: '' });
  it("reads a triple-quoted program, dropping a stray fourth quote (the README's task from `npm run up`)", () => {
    const text = "run code=''''import math\n\nprimes = [n for n in range(2, 1000) if all(n % d for d in range(2, math.isqrt(n) + 1))]\nprint(sum(primes))'''";
    expect(toolCallsInText(text, TOOLS)).toEqual(
      run({ code: 'import math\n\nprimes = [n for n in range(2, 1000) if all(n % d for d in range(2, math.isqrt(n) + 1))]\nprint(sum(primes))' }),
    );
  });

  it.each([
    [
      'double quotes with escapes, and a language',
      'run language=python code="print(\'a\\tb\')\\nprint(2)"',
      { code: "print('a\tb')\nprint(2)", language: 'python' },
    ],
    ['single quotes, Python escapes', "run code='print(\\'it\\')'", { code: "print('it')" }],
    ['back quotes, as written', 'run code=`console.log("a\\n")` language=javascript', { code: 'console.log("a\\n")', language: 'javascript' }],
    ['a string that never closes, cut at the end', "run code='print(sum(range(10)))", { code: 'print(sum(range(10)))' }],
    ['inside a fence', "```python\nrun code='''print(1)'''\n```", { code: 'print(1)' }],
  ])('reads %s', (_, text, args) => {
    expect(toolCallsInText(text, TOOLS)).toEqual(run(args));
  });

  it('reads read_url with a bare address', () => {
    expect(toolCallsInText('read_url url=https://example.com/a?b=1', TOOLS)).toEqual({
      calls: [{ name: 'read_url', arguments: JSON.stringify({ url: 'https://example.com/a?b=1' }) }],
      rest: '',
    });
  });

  it('leaves text that only looks like one: another parameter, a name twice, no code, prose before, a tool not offered', () => {
    for (const [text, tools] of [
      ["run path='a.py'", TOOLS],
      ["run code='1' code='2'", TOOLS],
      ['run language=python', TOOLS],
      ["I would run code='print(1)'", TOOLS],
      ["run code='print(1)'", ['read_url']],
      ['run time = 12 s, and the sum is 76127', TOOLS],
    ] as const) {
      expect(toolCallsInText(text, tools).calls).toEqual([]);
    }
  });
});

describe('programAsRunCall', () => {
  it('reads a reply that is only a printing program as a run call, in its language', () => {
    const python = "```python\nfrom collections import Counter\n\nprint(Counter('Mississippi sassafras')['s'])\n```";
    expect(programAsRunCall(python)).toEqual({
      name: 'run',
      arguments: JSON.stringify({ code: "from collections import Counter\n\nprint(Counter('Mississippi sassafras')['s'])", language: 'python' }),
    });
    expect(programAsRunCall('Here it is:\n```js\nconsole.log(2 ** 10)\n```')).toEqual({
      name: 'run',
      arguments: JSON.stringify({ code: 'console.log(2 ** 10)', language: 'javascript' }),
    });
  });

  it('after a failed program, runs the corrected one whatever is said around it (page-sum)', () => {
    const reply = 'The error was a missing line break. The corrected code:\n\n```python\nprint(81 + 64)\n```\n\nAfter running it, the total is 345 mm.';
    expect(programAsRunCall(reply)).toBeUndefined();
    expect(programAsRunCall(reply, true)).toEqual({ name: 'run', arguments: JSON.stringify({ code: 'print(81 + 64)', language: 'python' }) });
  });

  it("runs a program presented in words that state no value of their own (the README's task from `npm run up`)", () => {
    const reply =
      'To sum the primes below 1000, you can use the following Python code:\n\n```python\nimport math\nprint(sum(i for i in range(2, 1000) if all(i % j for j in range(2, int(math.sqrt(i)) + 1))))\n```\n\nWhen you run this code, it will compute and print the sum of all primes below 1000.';
    const taskHolds = (words: string) => [...words.matchAll(/\d+/g)].every((m) => m[0] === '1000');
    expect(programAsRunCall(reply)).toBeUndefined();
    expect(JSON.parse(programAsRunCall(reply, false, taskHolds)!.arguments)).toMatchObject({ language: 'python' });
    // Words stating a result of their own keep the reply an answer, whatever the test says of them.
    const answer = 'The sum of the primes below 1000 is 76127:\n```python\nprint(76127)\n```';
    expect(programAsRunCall(answer, false, taskHolds)).toBeUndefined();
    // The words are tested without the program: its own numbers do not count against them.
    let seen = '';
    programAsRunCall('Run this:\n```python\nprint(2 ** 100 % 97)\n```', false, (words) => ((seen = words), false));
    expect(seen).not.toContain('97');
  });

  it('leaves as text a program that prints nothing, an answer with a number, two blocks and other languages', () => {
    for (const text of [
      '```python\ndef reverse(s):\n    return s[::-1]\n```',
      'The sum is 76127:\n```python\nprint(76127)\n```',
      '```python\nprint(1)\n```\n```python\nprint(2)\n```',
      '```bash\necho $((1+1)); print(1)\n```',
      'No code here, print(1).',
    ]) {
      expect(programAsRunCall(text)).toBeUndefined();
    }
  });

  it("runs the program a one-line shell command carries (the README's task: `run \"python -c 'print(76127)'\"` to the step limit)", () => {
    const asRun = (code: string, language: string) => ({ name: 'run', arguments: JSON.stringify({ code, language }) });
    expect(programAsRunCall(`run "python -c 'print(76127)'"`)).toEqual(asRun('print(76127)', 'python'));
    expect(programAsRunCall('```bash\npython3 -c "print(sum(p for p in range(2, 10)))"\n```')).toEqual(asRun('print(sum(p for p in range(2, 10)))', 'python'));
    expect(programAsRunCall("node -e 'console.log(6 * 7)'")).toEqual(asRun('console.log(6 * 7)', 'javascript'));
    // A command naming a file carries no program; one a shell would expand has no one reading.
    for (const text of ['run python3 sum_primes.py', 'python3 -c "print($N)"', 'I ran python -c "print(1)" and it printed 1.']) {
      expect(programAsRunCall(text), text).toBeUndefined();
    }
  });
});

describe('isCodeOnly', () => {
  it.each([
    ['```python\nprint(sum(range(10)))\n```', true],
    ['Here it is:\n```js\nconsole.log(1)\n```', true],
    ['The sum is 76127.\n```python\nprint(76127)\n```', false],
    ['The sum of the primes below 1000 is 76127, computed by this program:\n```python\nprint(1)\n```', false],
    ['The sum is 76127.', false],
  ])('%j → %s', (answer, codeOnly) => {
    expect(isCodeOnly(answer)).toBe(codeOnly);
  });
});

describe('withOpenBracketsClosed', () => {
  it('closes what is still open at the end, innermost first, and nothing else', () => {
    expect(withOpenBracketsClosed('{"a": {"b": [1, "}"')).toBe('{"a": {"b": [1, "}"]}}');
    expect(withOpenBracketsClosed('{"a": 1}')).toBeUndefined();
    // A string left open, or a bracket that closes another kind: not a call cut short.
    expect(withOpenBracketsClosed('{"a": "b')).toBeUndefined();
    expect(withOpenBracketsClosed('{"a": [1}')).toBeUndefined();
    expect(withOpenBracketsClosed('{"a": "\\"}"')).toBe('{"a": "\\"}"}');
  });
});

describe('unwrapNestedCall', () => {
  it("takes the inner call's arguments when a run call's code is a run call written as JSON (the README's task from npm run up)", () => {
    const inner = { code: 'print(sum(p for p in range(2, 1000) if all(p % d for d in range(2, p))))', language: 'python' };
    const nested = JSON.stringify({ code: JSON.stringify({ name: 'run', arguments: inner }), language: 'python' });
    expect(JSON.parse(unwrapNestedCall('run', nested))).toEqual(inner);
    // Fenced inside the code, too.
    const fenced = JSON.stringify({ code: '```json\n' + JSON.stringify({ name: 'run', arguments: inner }) + '\n```' });
    expect(JSON.parse(unwrapNestedCall('run', fenced))).toEqual(inner);
  });

  it('leaves a program, a call of another tool inside, and arguments that are not JSON as they are', () => {
    const program = JSON.stringify({ code: 'print({"name": "run"})', language: 'python' });
    expect(unwrapNestedCall('run', program)).toBe(program);
    const other = JSON.stringify({ code: JSON.stringify({ name: 'read_url', arguments: { url: 'https://example.org/' } }) });
    expect(unwrapNestedCall('run', other)).toBe(other);
    expect(unwrapNestedCall('run', '{"code": ')).toBe('{"code": ');
  });
});

describe('redirectedCall', () => {
  it('gives a call to the tool its arguments name (count-s: run called with {"tool": "read_url", "url": …})', () => {
    expect(redirectedCall('run', '{"tool":"read_url","url":"http://example.com/data.txt"}', TOOLS)).toEqual({
      name: 'read_url',
      arguments: '{"url":"http://example.com/data.txt"}',
    });
    expect(redirectedCall('run', '{"name":"read_url","arguments":{"url":"https://example.org/"}}', TOOLS)).toEqual({
      name: 'read_url',
      arguments: '{"url":"https://example.org/"}',
    });
  });

  it('leaves a call that names itself, an unknown tool, or carries a program as it is', () => {
    for (const args of ['{"tool":"run","code":"print(1)"}', '{"tool":"shell","cmd":"ls"}', '{"tool":"read_url","code":"print(1)"}', '{"code": ']) {
      expect(redirectedCall('run', args, TOOLS)).toEqual({ name: 'run', arguments: args });
    }
  });
});
