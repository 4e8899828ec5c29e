import { describe, expect, it } from 'vitest';
import { withStringLineBreaksEscaped } from '../../../core/chat/code-repair';

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
