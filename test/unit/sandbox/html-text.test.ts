import { describe, expect, it } from 'vitest';
import { decodeEntities, htmlToText } from '../../../core/chat/html-text';

describe('htmlToText', () => {
  it('keeps the title and the body text, dropping head, scripts, styles, noscript and svg', () => {
    const html = `<!doctype html><html><head><meta charset="utf-8"><title>Hello &amp; welcome</title>
      <style>p { color: red }</style><script>if (a < b) document.write("<p>injected</p>")</script></head>
      <body><noscript>Enable JavaScript</noscript><svg viewBox="0 0 1 1"><title>icon</title><text>svg text</text></svg>
      <h1>Main   heading</h1><p>First <b>bold</b> paragraph with <a href="/x">a link</a>.</p><!-- a comment --></body></html>`;
    expect(htmlToText(html)).toEqual({
      title: 'Hello & welcome',
      text: 'Main heading\n\nFirst bold paragraph with a link.',
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
    expect(htmlToText('<html><head><title>T</title><p>implicit body')).toEqual({ title: 'T', text: 'implicit body' });
  });

  it('treats markup inside script and style as hidden raw text', () => {
    expect(htmlToText('<p>a</p><script>var s = "<p>hidden</p>";</SCRIPT ><p>b</p>').text).toBe('a\n\nb');
    expect(htmlToText('<p>a</p><STYLE>p:after{content:"</p>"}</STYLE><p>b</p>').text).toBe('a\n\nb');
  });

  it('keeps image alt text and attribute values with ">" inside them do not break tags', () => {
    expect(htmlToText('<p>see <img src="x.png" alt="a chart"> and <a title="a>b" href="#">this</a></p>').text).toBe(
      'see a chart and this',
    );
  });

  it('treats a lone "<" as text', () => {
    expect(htmlToText('<p>1 < 2 and 3 &lt; 4</p>').text).toBe('1 < 2 and 3 < 4');
  });

  it('returns plain text unchanged apart from whitespace', () => {
    expect(htmlToText('just   text\n\n\n\nmore')).toEqual({ title: '', text: 'just text more' });
  });

  it('returns empty title and text for an empty document', () => {
    expect(htmlToText('')).toEqual({ title: '', text: '' });
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
