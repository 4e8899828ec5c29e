import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SANDBOX_LIMITS,
  SANDBOX_TOOL_NAMES,
  capOutput,
  detectRunLanguage,
  normaliseCallPath,
  parseToolCall,
  sandboxToolDefinitions,
  unfenceCode,
  utf8Length,
  type RunLanguage,
} from '../../../core/chat/tools';

describe('normaliseCallPath', () => {
  const accepted: Array<[string, string]> = [
    ['notes.md', 'notes.md'],
    ['a/b/c.txt', 'a/b/c.txt'],
    ['a//b/./c', 'a/b/c'],
    ['./x.js', 'x.js'],
    ['dir/', 'dir'],
    ['a/./././b', 'a/b'],
    ['..hidden', '..hidden'],
    ['a/...', 'a/...'],
    ['x..y/z', 'x..y/z'],
    ['résumé.txt', 'résumé.txt'],
    ['e\u0301.txt', '\u00e9.txt'],
    ['with space.txt', 'with space.txt'],
    ['C.txt', 'C.txt'],
    ['x'.repeat(200), 'x'.repeat(200)],
  ];
  it.each(accepted)('accepts %j as %j', (raw, normal) => {
    expect(normaliseCallPath(raw)).toEqual({ ok: true, path: normal });
  });

  const refused: Array<[unknown, string]> = [
    ['', 'path is empty'],
    ['/etc/passwd', 'path must be relative (no leading "/")'],
    ['//server/share', 'path must be relative (no leading "/")'],
    ['../secret', 'path must not contain ".."'],
    ['a/../../b', 'path must not contain ".."'],
    ['a/..', 'path must not contain ".."'],
    ['./../x', 'path must not contain ".."'],
    ['a\\..\\b', 'path contains a backslash; use "/" between folders'],
    ['..\\x', 'path contains a backslash; use "/" between folders'],
    ['C:/Windows', 'path must be relative (no drive letter)'],
    ['c:x', 'path must be relative (no drive letter)'],
    ['~/x', 'path must be relative (no "~")'],
    ['a\u0000.txt', 'path contains NUL or control characters'],
    ['a\nb', 'path contains NUL or control characters'],
    ['a\u007f', 'path contains NUL or control characters'],
    ['.', 'path names no file'],
    ['./', 'path names no file'],
    ['//', 'path must be relative (no leading "/")'],
    ['x'.repeat(201), 'path is longer than 200 characters'],
    ['a/'.repeat(150) + 'b', 'path is longer than 200 characters'],
    [42, 'path must be a string'],
    [undefined, 'path must be a string'],
  ];
  it.each(refused)('refuses %j: %s', (raw, reason) => {
    expect(normaliseCallPath(raw)).toEqual({ ok: false, reason });
  });

  it('counts the length limit after normalisation', () => {
    expect(normaliseCallPath(`./${'x'.repeat(200)}`)).toEqual({ ok: true, path: 'x'.repeat(200) });
    expect(normaliseCallPath('abcdef', 5)).toEqual({ ok: false, reason: 'path is longer than 5 characters' });
  });
});

describe('sandboxToolDefinitions', () => {
  const defs = sandboxToolDefinitions();

  it('offers exactly the five sandbox tools as function tools', () => {
    expect(defs.map((d) => d.function.name)).toEqual(['write_file', 'read_file', 'list_files', 'run', 'read_url']);
    expect(defs.map((d) => d.function.name)).toEqual([...SANDBOX_TOOL_NAMES]);
    for (const d of defs) {
      expect(d.type).toBe('function');
      expect(d.function.description.length).toBeGreaterThan(20);
      expect(d.function.parameters.type).toBe('object');
      expect(d.function.parameters.additionalProperties).toBe(false);
    }
  });

  it("declares every parameter as a string, all required but run's language", () => {
    const shape = Object.fromEntries(
      defs.map((d) => [
        d.function.name,
        { required: d.function.parameters.required, types: Object.values(d.function.parameters.properties).map((p) => p.type) },
      ]),
    );
    expect(shape).toEqual({
      write_file: { required: ['path', 'content'], types: ['string', 'string'] },
      read_file: { required: ['path'], types: ['string'] },
      list_files: { required: [], types: [] },
      run: { required: ['code'], types: ['string', 'string'] },
      read_url: { required: ['url'], types: ['string'] },
    });
  });

  it('offers run in Python and JavaScript, the language optional and limited to the two', () => {
    const run = defs.find((d) => d.function.name === 'run')!.function;
    expect(Object.keys(run.parameters.properties)).toEqual(['code', 'language']);
    expect(run.parameters.properties['language']?.enum).toEqual(['python', 'javascript']);
    expect(run.description).toMatch(/Python/);
    expect(run.description).toMatch(/JavaScript/);
    expect(run.description).toMatch(/Python is preferred for calculations/);
    // Short enough for a small model's prompt.
    expect(run.description.length).toBeLessThan(600);
  });

  it('is plain JSON (survives a round trip unchanged)', () => {
    expect(JSON.parse(JSON.stringify(defs))).toEqual(defs);
  });

  it('states the folder limits it was built with', () => {
    const write = sandboxToolDefinitions({ ...DEFAULT_SANDBOX_LIMITS, maxFiles: 7 })[0];
    expect(write?.function.description).toContain('At most 7 files, 1 MiB per file, 8 MiB in all');
  });
});

describe('parseToolCall', () => {
  it('parses each tool with a normalised path or URL', () => {
    expect(parseToolCall('write_file', '{"path":"a//b.txt","content":"hi"}')).toEqual({
      ok: true,
      args: { name: 'write_file', path: 'a/b.txt', content: 'hi' },
    });
    expect(parseToolCall('read_file', '{"path":"./a.txt"}')).toEqual({ ok: true, args: { name: 'read_file', path: 'a.txt' } });
    expect(parseToolCall('list_files', '')).toEqual({ ok: true, args: { name: 'list_files' } });
    expect(parseToolCall('list_files', '{}')).toEqual({ ok: true, args: { name: 'list_files' } });
    expect(parseToolCall('run', '{"code":"1+1"}')).toEqual({ ok: true, args: { name: 'run', code: '1+1', language: 'javascript', languageDetected: true } });
    expect(parseToolCall('read_url', '{"url":" https://Example.com/a b "}')).toEqual({
      ok: true,
      args: { name: 'read_url', url: 'https://example.com/a%20b' },
    });
  });

  const mistakes: Array<[string, string, string]> = [
    ['shell', '{}', 'unknown tool "shell"; the tools are write_file, read_file, list_files, run, read_url'],
    ['write_file', '{"path":', 'write_file: arguments are not valid JSON'],
    ['write_file', '[1]', 'write_file: arguments must be a JSON object'],
    ['write_file', 'null', 'write_file: arguments must be a JSON object'],
    ['write_file', '{"path":"a.txt"}', 'write_file: "content" must be a string'],
    ['write_file', '{"path":"a.txt","content":5}', 'write_file: "content" must be a string'],
    ['write_file', '{"path":"../a","content":""}', 'write_file: bad path: path must not contain ".."'],
    ['read_file', '{}', 'read_file: bad path: path must be a string'],
    ['read_file', '{"path":"/etc/passwd"}', 'read_file: bad path: path must be relative (no leading "/")'],
    ['run', '{}', 'run: "code" must be a string'],
    ['run', '{"code":"   "}', 'run: "code" is empty'],
    ['run', '{"code":"```python\\n\\n```"}', 'run: "code" is empty'],
    ['run', '{"code":"print(1)","language":"ruby"}', 'run: unknown "language" "ruby"; use "python" or "javascript" (or leave it out)'],
    ['run', '{"code":"print(1)","language":3}', 'run: unknown "language" 3; use "python" or "javascript" (or leave it out)'],
    ['run', '{"code":"print(1)","language":["python"]}', 'run: unknown "language" ["python"]; use "python" or "javascript" (or leave it out)'],
    ['read_url', '{"url":"not a url"}', 'read_url: "not a url" is not an absolute URL'],
    ['read_url', '{"url":"file:///etc/passwd"}', 'read_url: only http and https URLs can be read'],
    ['read_url', '{"url":"ftp://example.com/"}', 'read_url: only http and https URLs can be read'],
  ];
  it.each(mistakes)('%s %s → %s', (name, args, message) => {
    expect(parseToolCall(name, args)).toEqual({ ok: false, message });
  });

  const languages: Array<[string, string, RunLanguage, boolean]> = [
    ['{"code":"print(1)","language":"python"}', 'print(1)', 'python', false],
    ['{"code":"print(1)","language":"Python"}', 'print(1)', 'python', false],
    ['{"code":"print(1)","language":" py "}', 'print(1)', 'python', false],
    ['{"code":"print(1)","language":"python3"}', 'print(1)', 'python', false],
    ['{"code":"console.log(1)","language":"javascript"}', 'console.log(1)', 'javascript', false],
    ['{"code":"console.log(1)","language":"JS"}', 'console.log(1)', 'javascript', false],
    // A stated language wins over what the code looks like.
    ['{"code":"print(1)","language":"javascript"}', 'print(1)', 'javascript', false],
    // Absent, null or empty: detected.
    ['{"code":"print(1)"}', 'print(1)', 'python', true],
    ['{"code":"print(1)","language":null}', 'print(1)', 'python', true],
    ['{"code":"console.log(1)","language":""}', 'console.log(1)', 'javascript', true],
    // A Markdown fence inside the string comes off; its tag names the language.
    ['{"code":"```python\\nx = 2\\nx * 3\\n```"}', 'x = 2\nx * 3', 'python', false],
    ['{"code":"```js\\nconsole.log(1)\\n```\\n"}', 'console.log(1)', 'javascript', false],
    ['{"code":"```\\nimport math\\nprint(math.pi)\\n```"}', 'import math\nprint(math.pi)', 'python', true],
    // The stated language wins over the fence's tag.
    ['{"code":"```js\\nprint(1)\\n```","language":"python"}', 'print(1)', 'python', false],
  ];
  it.each(languages)('run %s → %j in %s (detected: %s)', (args, code, language, languageDetected) => {
    expect(parseToolCall('run', args)).toEqual({ ok: true, args: { name: 'run', code, language, languageDetected } });
  });

  it('refuses code over 256 KiB', () => {
    const code = JSON.stringify({ code: 'x'.repeat(256 * 1024 + 1) });
    expect(parseToolCall('run', code)).toEqual({ ok: false, message: 'run: "code" is larger than 256 KiB' });
  });
});

describe('capOutput', () => {
  it('leaves text within the cap untouched', () => {
    expect(capOutput('hello', 5)).toEqual({ text: 'hello', truncated: false });
  });

  it('cuts to the byte cap including the note and says how much was left out', () => {
    const text = 'a'.repeat(1000);
    const capped = capOutput(text, 100);
    expect(capped.truncated).toBe(true);
    expect(utf8Length(capped.text)).toBeLessThanOrEqual(100);
    const kept = capped.text.indexOf('\n');
    expect(capped.text).toBe(`${'a'.repeat(kept)}\n…[output truncated: ${1000 - kept} more bytes]`);
  });

  it('never splits a multi-byte character', () => {
    const text = '€'.repeat(100) + '😀'.repeat(100);
    for (const cap of [60, 61, 62, 63, 64, 400, 401, 402, 403]) {
      const capped = capOutput(text, cap);
      expect(utf8Length(capped.text)).toBeLessThanOrEqual(cap);
      expect(capped.text).not.toContain('\ufffd');
      expect(new TextDecoder('utf-8', { fatal: true }).decode(new TextEncoder().encode(capped.text))).toBe(capped.text);
      const body = capped.text.slice(0, capped.text.indexOf('\n…'));
      expect(text.startsWith(body)).toBe(true);
    }
  });

  it('measures UTF-8 like TextEncoder', () => {
    for (const s of ['', 'abc', 'é', '€', '😀', 'a😀b€c', '\ud800x']) {
      expect(utf8Length(s)).toBe(new TextEncoder().encode(s).length);
    }
  });
});

describe('detectRunLanguage', () => {
  const cases: Array<[RunLanguage, string]> = [
    ['python', 'print(sum(p for p in range(1000) if all(p % d for d in range(2, int(p**0.5)+1)) and p > 1))'],
    ['python', 'import math\nprint(math.factorial(20))'],
    ['python', 'from datetime import date\ndate(2024, 3, 1) - date(2024, 2, 1)'],
    ['python', 'def f(n):\n    return n * 2\n\nf(21)'],
    ['python', 'total = 0\nfor i in range(10):\n    total += i\nprint(total)'],
    ['python', 'x = 5\nprint(x * 2)'],
    ['python', "print(f'{3:.2f}')"],
    ['python', '# the sum\nsum([1, 2, 3])'],
    ['python', 'with open("data.csv") as f:\n    rows = f.read().splitlines()\nlen(rows)'],
    ['python', 'class P:\n    pass\nP()'],
    ['python', 'try:\n    1/0\nexcept ZeroDivisionError:\n    print("no")'],
    // Statements joined by semicolons (weekday: run as JavaScript, "Cannot use import statement outside a module").
    ['python', 'import calendar; print(calendar.weekday(1969, 7, 20))'],
    ['python', "from datetime import date; d = date(1969, 7, 20); d.strftime('%A')"],
    // Blocks and comprehensions on one line (the README's task from `npm run up`, 2026-12-02: run as JavaScript, "Unexpected identifier 'open'").
    ['python', "with open('data.csv', 'r') as file: primes = [int(line.strip()) for line in file if line.strip()] print(sum(primes))"],
    ['python', 'for i in range(3): print(i)'],
    ['python', 'total = 0; for n in range(10): total += n'],
    ['python', 'xs = [n * n for n in range(5)] print(xs)'],
    ['javascript', 'for (const n in {a: 1}) { console.log(n) } }'],
    ['javascript', 'console.log(1 + 1)'],
    ['javascript', 'const xs = [1, 2, 3];\nxs.reduce((a, b) => a + b, 0)'],
    ['javascript', 'let total = 0;\nfor (let i = 0; i < 10; i++) total += i;\nconsole.log(total);'],
    ['javascript', 'function print(x) { console.log(x) }\nprint(3)'],
    ['javascript', 'const x = await Promise.resolve(2); x * 21'],
    ['javascript', 'files.write("a.txt", "hi"); files.list()'],
    ['javascript', '1 + 1'],
    // Neither: JavaScript, whose error then says what is wrong.
    ['javascript', 'let = = 3'],
    // Valid JavaScript too, but calling Python built-ins the sandbox's JavaScript lacks.
    ['python', 'sum(range(10))'],
    ['python', 'open("a.txt", "w").write("x" * 3)\nlen("abc")'],
    ['python', 'x = int("41") + 1\nx'],
    // Those names declared in JavaScript, or next to console/files, stay JavaScript.
    ['javascript', 'const range = (n) => [...Array(n).keys()];\nrange(3)'],
    ['javascript', 'console.log(len)'],
    ['javascript', 'files.write("a.txt", String(Math.max(1, 2)))'],
    ['javascript', 'Math.max(1, 2) + parseInt("3")'],
  ];
  it.each(cases)('%s ← %j', (language, code) => {
    expect(detectRunLanguage(code)).toBe(language);
  });
});

describe('unfenceCode', () => {
  it('leaves unfenced code alone, even with a fence inside', () => {
    expect(unfenceCode('print(1)')).toEqual({ code: 'print(1)' });
    expect(unfenceCode('s = "```x```"\nprint(s)')).toEqual({ code: 's = "```x```"\nprint(s)' });
  });

  it('takes a fence off and keeps a known tag, ignoring an unknown one', () => {
    expect(unfenceCode('```Python\nprint(1)\n```')).toEqual({ code: 'print(1)', language: 'python' });
    expect(unfenceCode('  ```ruby\nputs 1\n```  ')).toEqual({ code: 'puts 1' });
  });
});
