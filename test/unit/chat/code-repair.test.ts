import { describe, expect, it } from 'vitest';
import {
  mendSyntaxError,
  programCommand,
  withOneLineCompoundsSplit,
  withRunOnStatementsSeparated,
  withStringLineBreaksEscaped,
  withMissingFolder,
  withMissingImport,
  withMissingPart,
} from '../../../core/chat/code-repair';

describe('withStringLineBreaksEscaped', () => {
  it("writes a raw line break inside a one-line Python string as \\n (csv-average: JSON's \\n read as a line break)", () => {
    const code = "with open('scores.csv', 'w') as f:\n    f.write('alice,90\nbob,72\ncarol,85')\nprint(open('scores.csv').read().split('\n'))";
    expect(withStringLineBreaksEscaped(code, 'python')).toBe(
      "with open('scores.csv', 'w') as f:\n    f.write('alice,90\\nbob,72\\ncarol,85')\nprint(open('scores.csv').read().split('\\n'))",
    );
  });

  it('does the same in JavaScript, double quotes too, and keeps escapes as written', () => {
    expect(withStringLineBreaksEscaped('console.log("a\nb\\"c".split("\n"))', 'javascript')).toBe('console.log("a\\nb\\"c".split("\\n"))');
  });

  it('leaves the strings where a line break is allowed: triple quotes, template literals, comments', () => {
    expect(withStringLineBreaksEscaped('s = """a\nb"""\n# it\'s\nprint(s)', 'python')).toBeUndefined();
    expect(withStringLineBreaksEscaped("const s = `a\nb`; // it's\n/* don't */ console.log(s)", 'javascript')).toBeUndefined();
  });

  it('mends nothing in a program without such a break, nor a raw string, nor a quote never closed', () => {
    expect(withStringLineBreaksEscaped("print('a\\nb')", 'python')).toBeUndefined();
    expect(withStringLineBreaksEscaped("p = r'a\nb'", 'python')).toBeUndefined();
    expect(withStringLineBreaksEscaped("print('a)\nx = 1", 'python')).toBeUndefined();
  });

  it('reads a prefix of letters as a prefix only before the quote, not the end of a name', () => {
    // `for'…'` is no raw string; f-strings and byte strings are mended like any other.
    expect(withStringLineBreaksEscaped("print(f'{1}\n')", 'python')).toBe("print(f'{1}\\n')");
    expect(withStringLineBreaksEscaped("print(bar'x\n')", 'python')).toBe("print(bar'x\\n')");
  });
});

describe('withOneLineCompoundsSplit', () => {
  it("puts a loop written after ';' and an if after the loop's colon on lines of their own (the README's task from npm run up)", () => {
    const code = 's = 0; for p in range(2, 1000): if all(p % d for d in range(2, int(p**0.5) + 1)): s += p\nprint(s)';
    expect(withOneLineCompoundsSplit(code)).toBe('s = 0\nfor p in range(2, 1000):\n    if all(p % d for d in range(2, int(p**0.5) + 1)): s += p\nprint(s)');
  });

  it("keeps the line's indentation and nests each header one step further, as Python reads the line", () => {
    expect(withOneLineCompoundsSplit('def f(n): for i in range(2, n): if n % i == 0: return False\n    return True')).toBe(
      'def f(n):\n    for i in range(2, n):\n        if n % i == 0: return False\n    return True',
    );
    expect(withOneLineCompoundsSplit('if True:\n    x = 1; while x < 4: x += 1\nprint(x)')).toBe('if True:\n    x = 1\n    while x < 4: x += 1\nprint(x)');
  });

  it('runs a print at the end of such a line once, after the block, as a one-liner means it (read as Python would, it printed 168 running sums)', () => {
    const code =
      'import math; primes = []; for num in range(2, 1001): if all(num % d != 0 for d in range(2, int(math.sqrt(num)) + 1)): primes.append(num); print(sum(primes));';
    expect(withOneLineCompoundsSplit(code)).toBe(
      'import math; primes = []\nfor num in range(2, 1001):\n    if all(num % d != 0 for d in range(2, int(math.sqrt(num)) + 1)): primes.append(num)\nprint(sum(primes));',
    );
    // A print inside a valid one-line block stays where Python puts it.
    expect(withOneLineCompoundsSplit('for i in range(3): x = i; print(x)')).toBeUndefined();
  });

  it('leaves valid lines, strings, brackets and dict colons alone', () => {
    for (const code of [
      "x = {'a': 1}; print(x['a'])",
      "s = 'a; for b: if c'; print(s)",
      'import math; print(math.pi)',
      "for i in range(3): print(i); print('x')",
      'while True: n = 1; break',
      'print(xs[1:2]); y = (lambda v: v)(3)',
      'if (n := 3) > 2: print(n)',
      '# s = 0; for i in r: if i: s += i',
    ]) {
      expect(withOneLineCompoundsSplit(code), code).toBeUndefined();
    }
  });

  it('leaves a line inside brackets or a string that spans lines, a continued line, and a clause after ";"', () => {
    expect(withOneLineCompoundsSplit('nums = [1,\n 2]; for n in nums: print(n)')).toBeUndefined();
    expect(withOneLineCompoundsSplit('s = """\nx; for i in r: if i: pass\n"""')).toBeUndefined();
    expect(withOneLineCompoundsSplit('x = 1 + \\\n 2; for i in r: print(i)')).toBeUndefined();
    expect(withOneLineCompoundsSplit('if x: y = 1; else: y = 2')).toBeUndefined();
  });
});

describe('withRunOnStatementsSeparated', () => {
  it("puts ';' between statements written one after another with only spaces between them (page-sum in the agents benchmark)", () => {
    const code =
      "with open('page.txt') as f: table_rows = [l.strip().split(' | ') for l in f if ' | ' in l] rainfall_values = [int(row[1]) for row in table_rows[1:]] total_rainfall = sum(rainfall_values) print(total_rainfall)";
    expect(withRunOnStatementsSeparated(code)).toBe(
      "with open('page.txt') as f: table_rows = [l.strip().split(' | ') for l in f if ' | ' in l]; rainfall_values = [int(row[1]) for row in table_rows[1:]]; total_rainfall = sum(rainfall_values); print(total_rainfall)",
    );
    expect(withRunOnStatementsSeparated('x = 5 y = x * 2 print(y)')).toBe('x = 5; y = x * 2; print(y)');
    expect(withRunOnStatementsSeparated("s = 'a b' n += 1")).toBe("s = 'a b'; n += 1");
  });

  it('leaves valid Python alone: comparisons, keyword arguments, conditional expressions, comprehensions, strings and comments', () => {
    for (const code of [
      'x = a if b else c',
      'print(x == y)',
      'f(a, b = 2)',
      'ok = x == y',
      'y = [i for i in range(3) if i == 1]',
      "s = 'total = sum(v) print(s)'",
      'x = 1  # y = 2 print(y)',
      'return x',
      'import math',
      'x: int = 5',
      'while n > 0: n -= 1',
      'print(sum(x for x in range(3)))',
      'async for x in y: pass',
    ]) {
      expect(withRunOnStatementsSeparated(code), code).toBeUndefined();
    }
  });
});

describe('mendSyntaxError', () => {
  it('names what it mended, one mend a program, string line breaks first', () => {
    expect(mendSyntaxError("print('a\nb')", 'python')).toEqual({ code: "print('a\\nb')", note: expect.stringContaining('line break inside a quoted string') });
    expect(mendSyntaxError('s = 0; for i in range(4): s += i\nprint(s)', 'python')).toEqual({
      code: 's = 0\nfor i in range(4): s += i\nprint(s)',
      note: expect.stringContaining('each on its own indented line'),
    });
    expect(mendSyntaxError('let s = 0; for (const i of [1]) s += i', 'javascript')).toBeUndefined();
    expect(mendSyntaxError('print(1', 'python')).toBeUndefined();
  });

  it('separates run-on statements, then splits a header from what follows it, and names both', () => {
    expect(mendSyntaxError('s = 0 for i in range(4): s += i print(s)', 'python')).toEqual({
      code: 's = 0\nfor i in range(4): s += i\nprint(s)',
      note: expect.stringMatching(/";" between them.*each on its own indented line/),
    });
    const code = "with open('page.txt') as f: rows = [l for l in f] total = len(rows) print(total)";
    expect(mendSyntaxError(code, 'python')).toEqual({
      code: "with open('page.txt') as f: rows = [l for l in f]; total = len(rows); print(total)",
      note: expect.stringContaining('";" between them'),
    });
  });
});

describe('programCommand', () => {
  it("reads a shell command that runs a program file (the README's task from npm run up: `python primes_below_1000.py`, five times)", () => {
    expect(programCommand('python primes_below_1000.py')).toEqual({ path: 'primes_below_1000.py', language: 'python' });
    expect(programCommand('$ python3 ./out/a.py\n')).toEqual({ path: 'out/a.py', language: 'python' });
    expect(programCommand('node main.js')).toEqual({ path: 'main.js', language: 'javascript' });
  });

  it('reads the program a `python -c` or `node -e` command carries, unquoted as a shell would', () => {
    expect(programCommand('python3 -c "print(sum(p for p in range(2, 1000) if all(p % d for d in range(2, p))))"')).toEqual({
      source: 'print(sum(p for p in range(2, 1000) if all(p % d for d in range(2, p))))',
      language: 'python',
    });
    expect(programCommand('python -c "s = \\"a\\\\b\\"\nprint(s, \\$5)"')).toEqual({ source: 's = "a\\b"\nprint(s, $5)', language: 'python' });
    expect(programCommand(`$ node -e 'console.log("$HOME", \`x\`)'`)).toEqual({ source: 'console.log("$HOME", `x`)', language: 'javascript' });
    expect(programCommand('node --eval "console.log(1)"')).toEqual({ source: 'console.log(1)', language: 'javascript' });
  });

  it('leaves programs, commands with arguments and mismatched runners alone', () => {
    for (const code of [
      'print(1)',
      'python a.py --fast',
      'node a.py',
      'python a.txt',
      'import a.py',
      // What a shell would expand, an empty program, a second command, an unclosed quote.
      'python -c "print($HOME)"',
      'node -e "console.log(`${1}`)"',
      'python -c ""',
      'python -c "print(1)" && ls',
      'python -c "print(1)',
    ]) {
      expect(programCommand(code), code).toBeUndefined();
    }
  });
});

describe('withMissingImport', () => {
  it("adds the import Python's hint names, or the one import that defines a known name", () => {
    const zeros = "print(str(math.factorial(100)).count('0'))";
    const error =
      "Traceback (most recent call last):\n  File \"run.py\", line 1, in <module>\nNameError: name 'math' is not defined. Did you forget to import 'math'?";
    expect(withMissingImport(zeros, error)).toEqual({ code: `import math\n${zeros}`, statement: 'import math' });
    const dateAdd = 'from datetime import datetime\nprint(datetime(2025, 2, 10) + timedelta(days=100))';
    expect(withMissingImport(dateAdd, "NameError: name 'timedelta' is not defined")).toEqual({
      code: `from datetime import timedelta\n${dateAdd}`,
      statement: 'from datetime import timedelta',
    });
  });

  it('leaves alone a name it cannot place, a name both module and class, another error, and a program with __future__ imports', () => {
    expect(withMissingImport('print(total)', "NameError: name 'total' is not defined")).toBeUndefined();
    expect(withMissingImport('print(datetime.now())', "NameError: name 'datetime' is not defined")).toBeUndefined();
    expect(withMissingImport('print(1/0)', 'ZeroDivisionError: division by zero')).toBeUndefined();
    expect(
      withMissingImport('from __future__ import annotations\nprint(math.pi)', "NameError: name 'math' is not defined. Did you forget to import 'math'?"),
    ).toBeUndefined();
  });
});

describe('withMissingFolder', () => {
  const error = (path: string) => `Traceback (most recent call last):\nFileNotFoundError: [Errno 44] No such file or directory: '${path}'`;

  it('makes the folder a write needs first (squares-file: data/numbers.txt)', () => {
    const code = "with open('data/numbers.txt', 'w') as file:\n    file.write('1\\n2')";
    expect(withMissingFolder(code, error('data/numbers.txt'))).toEqual({
      code: `import os; os.makedirs("data", exist_ok=True)\n${code}`,
      statement: 'import os; os.makedirs("data", exist_ok=True)',
    });
    expect(withMissingFolder('open("a/b/c.txt", mode="a").write("x")', error('a/b/c.txt'))?.statement).toBe('import os; os.makedirs("a/b", exist_ok=True)');
  });

  it('leaves alone a read, a file in the folder itself, a path that climbs out or starts at the root', () => {
    expect(withMissingFolder("print(open('data/numbers.txt').read())", error('data/numbers.txt'))).toBeUndefined();
    expect(withMissingFolder("open('numbers.txt', 'w')", error('numbers.txt'))).toBeUndefined();
    expect(withMissingFolder("open('../x/y.txt', 'w')", error('../x/y.txt'))).toBeUndefined();
    expect(withMissingFolder("open('/etc/x/y.txt', 'w')", error('/etc/x/y.txt'))).toBeUndefined();
  });
});

describe('withMissingPart', () => {
  it('adds the missing import or the missing folder, whichever the error names, and nothing for any other failure', () => {
    const nameError = "NameError: name 'math' is not defined. Did you forget to import 'math'?";
    expect(withMissingPart('print(math.pi)', nameError)?.statement).toBe('import math');
    const folderError = "FileNotFoundError: [Errno 44] No such file or directory: 'out/a.txt'";
    expect(withMissingPart("open('out/a.txt', 'w').write('1')", folderError)?.statement).toBe('import os; os.makedirs("out", exist_ok=True)');
    expect(withMissingPart('print(1/0)', 'ZeroDivisionError: division by zero')).toBeUndefined();
  });
});
