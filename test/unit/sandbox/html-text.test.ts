import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CELL_SEPARATOR, decodeEntities, htmlToText, LIST_ITEM_MARK, pageReadingHint } from '../../../core/chat/html-text';

describe('htmlToText', () => {
  it('keeps the title and the body text, dropping head, scripts, styles, noscript and svg', () => {
    const html = `<!doctype html><html><head><meta charset="utf-8"><title>Hello &amp; welcome</title>
      <style>p { color: red }</style><script>if (a < b) document.write("<p>injected</p>")</script></head>
      <body><noscript>Enable JavaScript</noscript><svg viewBox="0 0 1 1"><title>icon</title><text>svg text</text></svg>
      <h1>Main   heading</h1><p>First <b>bold</b> paragraph with <a href="/x">a link</a>.</p><!-- a comment --></body></html>`;
    expect(htmlToText(html)).toEqual({
      title: 'Hello & welcome',
      text: 'Main heading\n\nFirst bold paragraph with [a link](/x).',
      truncated: false,
    });
  });

  it('turns blocks, line breaks, list items and table cells into lines', () => {
    const html =
      '<div>one</div><div>two<br>three</div><ul><li>apple</li><li>pear</li></ul>' +
      '<table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table><p>end</p>';
    expect(htmlToText(html).text).toBe('one\ntwo\nthree\n\n- apple\n- pear\n\nA | B\n1 | 2\n\nend');
  });

  it('keeps the whitespace of <pre> and collapses it elsewhere', () => {
    const html = '<p>  spaced \n\t out  </p><pre>  indented\n    more</pre><p>after</p>';
    expect(htmlToText(html).text).toBe('spaced out\n\n  indented\n    more\n\nafter');
  });

  it('starts the body when a page omits </head> and <body>', () => {
    expect(htmlToText('<html><head><title>T</title><p>implicit body')).toEqual({ title: 'T', text: 'implicit body', truncated: false });
  });

  it('treats markup inside script and style as hidden raw text', () => {
    expect(htmlToText('<p>a</p><script>var s = "<p>hidden</p>";</SCRIPT ><p>b</p>').text).toBe('a\n\nb');
    expect(htmlToText('<p>a</p><STYLE>p:after{content:"</p>"}</STYLE><p>b</p>').text).toBe('a\n\nb');
  });

  it('keeps image alt text and attribute values with ">" inside them do not break tags', () => {
    expect(htmlToText('<p>see <img src="x.png" alt="a chart"> and <a title="a>b" href="#">this</a></p>').text).toBe('see a chart and this');
  });

  it('treats a lone "<" as text', () => {
    expect(htmlToText('<p>1 < 2 and 3 &lt; 4</p>').text).toBe('1 < 2 and 3 < 4');
  });

  it('returns plain text unchanged apart from whitespace', () => {
    expect(htmlToText('just   text\n\n\n\nmore')).toEqual({ title: '', text: 'just text more', truncated: false });
  });

  it('returns empty title and text for an empty document', () => {
    expect(htmlToText('')).toEqual({ title: '', text: '', truncated: false });
  });
});

describe('htmlToText links', () => {
  const base = 'https://example.org/docs/page.html';
  const table: Array<[string, string, string]> = [
    [
      'relative, resolved against the page',
      '<p>read <a href="next.html">the next page</a> now</p>',
      'read [the next page](https://example.org/docs/next.html) now',
    ],
    ['absolute, entities decoded', '<a href="https://a.test/?x=1&amp;y=2">q</a>', '[q](https://a.test/?x=1&y=2)'],
    ['unquoted value', '<a href=/root>root</a>', '[root](https://example.org/root)'],
    ['a link without text shows its target', '<p>icon <a href="/i"><img src="i.png"></a></p>', 'icon <https://example.org/i>'],
    ['fragment-only and javascript: links keep only their text', '<a href="#top">top</a> <a href="javascript:alert(1)">x</a>', 'top x'],
    ['a nested <a> closes the outer one', '<a href="/1">one <a href="/2">two</a>', '[one](https://example.org/1) [two](https://example.org/2)'],
    ['an unclosed link ends at the end of input', 'go <a href="/e">there', 'go [there](https://example.org/e)'],
    ['parentheses and spaces in a target are escaped', '<a href="/a (b)">x</a>', '[x](https://example.org/a%20%28b%29)'],
    ['an oversized target is dropped', `<a href="/${'x'.repeat(5000)}">long</a>`, 'long'],
  ];
  it.each(table)('%s', (_name, html, text) => {
    expect(htmlToText(html, { baseUrl: base }).text).toBe(text);
  });

  it('keeps a relative target as written when no page address is given', () => {
    expect(htmlToText('<a href="/x">x</a>').text).toBe('[x](/x)');
  });
});

describe('htmlToText on hostile input', () => {
  const MiB2 = 2 * 1024 * 1024;
  it('reads "<a<a<a…" as one tag cut off by the end of input, so the text before it stays', () => {
    expect(htmlToText(`<p>before</p>${'<a'.repeat(MiB2 / 2)}`)).toEqual({ title: '', text: 'before', truncated: false });
  });

  it('keeps a lone "<" run as text', () => {
    const out = htmlToText(`x ${'< '.repeat(MiB2 / 2)}y`);
    expect(out.text.startsWith('x < < <')).toBe(true);
    expect(out.text.endsWith('< y')).toBe(true);
  });

  it('reads 2 MiB of unclosed nested tags', () => {
    const out = htmlToText('<div><p><span><b>x'.repeat(MiB2 / 18));
    expect(out.text.split('\n\n').length).toBe(Math.floor(MiB2 / 18));
    expect(out.text.startsWith('x\n\nx\n\nx')).toBe(true);
  });

  it('reads 60,000-deep nesting, hidden or not', () => {
    expect(htmlToText(`${'<div>'.repeat(60_000)}deep${'</div>'.repeat(60_000)}<p>after</p>`).text).toBe('deep\n\nafter');
    expect(htmlToText(`${'<svg>'.repeat(60_000)}hidden${'</svg>'.repeat(60_000)}<p>shown</p>`).text).toBe('shown');
    expect(htmlToText(`${'<span>'.repeat(100_000)}x${'</svg>'.repeat(100_000)}`).text).toBe('x');
  });

  it('collapses long whitespace runs, in and out of <pre>', () => {
    expect(htmlToText(`<p>a${' \t\n'.repeat(MiB2 / 3)}b</p>`).text).toBe('a b');
    expect(htmlToText(`<pre>a${' '.repeat(MiB2)}\nb${'\n'.repeat(MiB2)}c</pre>`).text).toBe('a\nb\n\nc');
  });

  it('skips huge attribute values and unterminated quotes', () => {
    expect(htmlToText(`<p title="${'x'.repeat(MiB2)}">text</p>`).text).toBe('text');
    expect(htmlToText(`<p>kept</p><a href="${'x'.repeat(MiB2)}`).text).toBe('kept');
    expect(htmlToText(`<img alt="${'y'.repeat(MiB2)}"><p>after</p>`).text).toBe('after');
  });

  it('stops at maxChars and says so', () => {
    const out = htmlToText('<p>word</p>'.repeat(100_000), { maxChars: 1000 });
    expect(out.truncated).toBe(true);
    expect(out.text.length).toBeLessThanOrEqual(1100);
    expect(out.text.startsWith('word\n\nword')).toBe(true);
  });

  it('stops when the time budget has run out and says so', () => {
    let clock = 0;
    const out = htmlToText('<b>x</b>'.repeat(100_000), { budget: { now: () => (clock += 1), deadline: 50 } });
    expect(out.truncated).toBe(true);
    expect(out.text.length).toBeGreaterThan(0);
    expect(out.text.length).toBeLessThan(100_000);
  });
});

describe('decodeEntities', () => {
  const table: Array<[string, string]> = [
    ['&amp;&lt;&gt;&quot;&apos;', '&<>"\''],
    ['a&nbsp;b', 'a\u00a0b'],
    ['&#169; &#xA9; &#XA9;', '© © ©'],
    ['&#128512;', '😀'],
    ['&mdash;&hellip;&rsquo;&euro;', '—…’€'],
    ['&amp &copy', '& ©'],
    ['&hellip', '&hellip'],
    ['&unknown; &', '&unknown; &'],
    ['&#0; &#xD800; &#x110000;', '\ufffd \ufffd \ufffd'],
    ['&amp;lt;', '&lt;'],
  ];
  it.each(table)('%j → %j', (input, output) => {
    expect(decodeEntities(input)).toBe(output);
  });
});

describe('pageReadingHint', () => {
  it('says how a Python program reads the list items of a page that has a list, and only that', () => {
    const { text } = htmlToText('<h1>Cities</h1><ul><li>Lisbon</li><li>Porto</li></ul><p>More next year.</p>');
    const hint = pageReadingHint('page.txt', text);
    expect(hint).toBe('In a Python program, list_items = [l[2:].strip() for l in open("page.txt") if l.startswith("- ")] gives its list items.');
  });

  it('says how to read table rows, and both ways when the page has a list and a table', () => {
    const { text } = htmlToText('<table><tr><th>Month</th><th>mm</th></tr><tr><td>May</td><td>38</td></tr></table><ul><li>a</li></ul>');
    const hint = pageReadingHint('page-2.txt', text);
    expect(hint).toContain('list_items = [l[2:].strip() for l in open("page-2.txt") if l.startswith("- ")] gives its list items');
    expect(hint).toContain(
      'table_rows = [l.strip().split(" | ") for l in open("page-2.txt") if " | " in l][1:] gives its table rows below the header "Month | mm"',
    );
  });

  it('leaves the header out of the rows only when the first row is plainly one', () => {
    const noHeader = htmlToText('<table><tr><td>May</td><td>38</td></tr><tr><td>June</td><td>22</td></tr></table>').text;
    expect(pageReadingHint('page.txt', noHeader)).toBe(
      'In a Python program, table_rows = [l.strip().split(" | ") for l in open("page.txt") if " | " in l] gives its table rows (the first may be a header).',
    );
    // Two rows without a digit: which one heads the table is not plain.
    const twoWordy = htmlToText('<table><tr><th>Name</th><th>Town</th></tr><tr><td>Ana</td><td>Porto</td></tr></table>').text;
    expect(pageReadingHint('page.txt', twoWordy)).toContain('(the first may be a header)');
  });

  it('names rows below the header that the hinted statement, run by Python, sums as the page shows', () => {
    const { text } = htmlToText('<table><tr><th>Month</th><th>mm</th></tr><tr><td>May</td><td>38</td></tr><tr><td>June</td><td>22</td></tr></table>');
    const statement = /^In a Python program, (.+) gives its table rows/.exec(pageReadingHint('page.txt', text))?.[1];
    expect(statement).toBeDefined();
    const dir = mkdtempSync(join(tmpdir(), 'page-hint-'));
    try {
      writeFileSync(join(dir, 'page.txt'), text);
      const printed = execFileSync('python3', ['-c', `${statement}\nprint(sum(float(row[1]) for row in table_rows))`], { cwd: dir, encoding: 'utf8' });
      expect(printed.trim()).toBe('60.0');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs as written: the rows and items it names are what the page shows', () => {
    const { text } = htmlToText('<table><tr><th>Month</th><th>mm</th></tr><tr><td>May</td><td>38</td></tr></table><ul><li>Lisbon</li><li>Porto</li></ul>');
    const lines = text.split('\n');
    expect(lines.filter((l) => l.startsWith(LIST_ITEM_MARK)).map((l) => l.slice(2).trim())).toEqual(['Lisbon', 'Porto']);
    expect(lines.filter((l) => l.includes(CELL_SEPARATOR)).map((l) => l.trim().split(CELL_SEPARATOR))).toEqual([
      ['Month', 'mm'],
      ['May', '38'],
    ]);
  });

  it('says nothing for a page of paragraphs', () => {
    expect(pageReadingHint('page.txt', htmlToText('<p>Released on 2026-03-14.</p>').text)).toBe('');
  });
});
