import { describe, expect, it } from 'vitest';
import { escapeHtml, html, jsonForScript, raw } from '../../../web/html';
import { clock } from '../../../web/format';

describe('html templates', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x">Tom & 'Jerry'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;');
  });

  it('escapes interpolated strings, keeps nested html and raw markup, drops null, undefined and false', () => {
    const inner = html`<b>${'<i>'}</b>`;
    expect(html`<p title="${'"q"'}">${inner}${raw('<br>')}${null}${undefined}${false}${0}</p>`.value).toBe(
      '<p title="&quot;q&quot;"><b>&lt;i&gt;</b><br>0</p>',
    );
  });

  it('joins arrays, escaping each item', () => {
    expect(html`<ul>${['<1>', html`<li>2</li>`]}</ul>`.value).toBe('<ul>&lt;1&gt;<li>2</li></ul>');
  });

  it('JSON for a script element cannot close the element or open a comment', () => {
    const out = jsonForScript({ quote: '</script><!-- & \u2028' }).value;
    expect(out).toBe('{"quote":"\\u003c/script\\u003e\\u003c!-- \\u0026 \\u2028"}');
    expect(JSON.parse(out)).toEqual({ quote: '</script><!-- & \u2028' });
  });
});

describe('clock', () => {
  it.each([
    [0, '0:00'],
    [9, '0:09'],
    [10.25, '0:10.3'],
    [61, '1:01'],
    [599.5, '9:59.5'],
    [59.96, '1:00'],
    [3600, '60:00'],
  ])('%d s is %s', (seconds, text) => {
    expect(clock(seconds)).toBe(text);
  });
});
