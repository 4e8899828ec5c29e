// A small HTML → readable text converter for `read_url`. It is not a browser: it drops
// what a reader never sees (scripts, styles, the head, inline SVG), turns block elements
// into line breaks, decodes entities and collapses whitespace, which is what a model
// needs to read an article or documentation page.

export interface HtmlText {
  /** The document's <title>, decoded and collapsed; "" when there is none. */
  title: string;
  /** Readable text: paragraphs separated by a blank line at most. */
  text: string;
}

/** Elements whose content is raw text up to the matching end tag and never shown. */
const RAW_HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'iframe', 'noembed', 'noframes', 'xmp']);
/** Elements whose whole subtree is dropped. */
const SUBTREE_HIDDEN = new Set(['svg', 'math', 'head', 'object', 'canvas', 'select', 'datalist']);
const HEAD_CONTENT = new Set(['meta', 'link', 'base', 'title', 'style', 'script', 'noscript', 'template', 'html']);
const BLOCK = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'caption', 'dd', 'details', 'dialog', 'div', 'dl', 'dt',
  'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup',
  'hr', 'html', 'legend', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'tbody', 'tfoot',
  'thead', 'tr', 'ul',
]);
/** Blocks that read as paragraphs get a blank line around them. */
const PARAGRAPH = new Set([
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'table', 'ul', 'ol', 'dl', 'section', 'article',
  'figure', 'header', 'footer', 'main', 'nav', 'aside',
]);

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/y;

export function htmlToText(html: string): HtmlText {
  const out = new TextBuilder();
  let title = '';
  // Open elements whose subtree is dropped, innermost last.
  let hidden: string[] = [];
  let preDepth = 0;
  let i = 0;
  const n = html.length;

  while (i < n) {
    const lt = html.indexOf('<', i);
    const textEnd = lt === -1 ? n : lt;
    if (textEnd > i) {
      if (hidden.length === 0) out.text(decodeEntities(html.slice(i, textEnd)), preDepth > 0);
      i = textEnd;
      if (lt === -1) break;
    }
    // i is at '<'
    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 4);
      i = end === -1 ? n : end + 3;
      continue;
    }
    if (html.startsWith('<![CDATA[', i)) {
      const end = html.indexOf(']]>', i + 9);
      const body = html.slice(i + 9, end === -1 ? n : end);
      if (hidden.length === 0) out.text(body, preDepth > 0);
      i = end === -1 ? n : end + 3;
      continue;
    }
    if (html.startsWith('<!', i) || html.startsWith('<?', i)) {
      const end = html.indexOf('>', i + 2);
      i = end === -1 ? n : end + 1;
      continue;
    }
    TAG.lastIndex = i;
    const m = TAG.exec(html);
    if (!m) {
      // A lone '<' is text.
      if (hidden.length === 0) out.text('<', preDepth > 0);
      i += 1;
      continue;
    }
    i = TAG.lastIndex;
    const closing = m[1] === '/';
    const name = (m[2] ?? '').toLowerCase();
    const selfClosing = (m[3] ?? '').trimEnd().endsWith('/');

    if (!closing && (RAW_HIDDEN.has(name) || name === 'title' || name === 'textarea')) {
      const endTag = new RegExp(`</${name}\\s*>`, 'ig');
      endTag.lastIndex = i;
      const end = endTag.exec(html);
      const body = html.slice(i, end ? end.index : n);
      i = end ? endTag.lastIndex : n;
      if (name === 'title') {
        // An SVG <title> is a tooltip, not the document's title.
        if (title === '' && hidden.every((h) => h === 'head')) title = collapse(decodeEntities(body));
      } else if (name === 'textarea' && hidden.length === 0) {
        out.block(false);
        out.text(decodeEntities(body), true);
        out.block(false);
      }
      continue;
    }
    if (SUBTREE_HIDDEN.has(name)) {
      if (closing) {
        const at = hidden.lastIndexOf(name);
        if (at !== -1) hidden = hidden.slice(0, at);
      } else if (!selfClosing) hidden.push(name);
      continue;
    }
    // Pages that omit </head> still start their body, at <body> or at the first element
    // that cannot live in the head.
    if (!closing && (name === 'body' || (hidden.length === 1 && hidden[0] === 'head' && !HEAD_CONTENT.has(name)))) {
      hidden = [];
    }
    if (hidden.length > 0) continue;

    if (name === 'br') {
      out.lineBreak();
    } else if (name === 'li' && !closing) {
      out.block(false);
      out.raw('- ');
    } else if (name === 'td' || name === 'th') {
      if (!closing) out.cellBreak();
    } else if (name === 'pre') {
      out.block(true);
      preDepth = closing ? Math.max(0, preDepth - 1) : preDepth + 1;
    } else if (BLOCK.has(name)) {
      out.block(PARAGRAPH.has(name));
    } else if (name === 'img' && !closing) {
      const alt = /\balt\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(m[3] ?? '');
      const altText = alt ? (alt[1] ?? alt[2] ?? alt[3] ?? '') : '';
      if (altText.trim() !== '') out.text(` ${decodeEntities(altText)} `, false);
    }
  }
  return { title, text: out.result() };
}

class TextBuilder {
  private parts: string[] = [];
  /** Trailing newlines already emitted (0, 1 or 2), or -1 at the very start. */
  private newlines = -1;
  private pendingSpace = false;

  text(value: string, preformatted: boolean): void {
    if (preformatted) {
      if (value === '') return;
      if (this.pendingSpace && this.newlines === 0) this.parts.push(' ');
      this.pendingSpace = false;
      this.parts.push(value.replace(/\r\n?/g, '\n'));
      const trailing = /\n*$/.exec(value)?.[0].length ?? 0;
      this.newlines = trailing === value.length && this.newlines >= 0 ? this.newlines + trailing : Math.min(2, trailing);
      return;
    }
    const collapsed = value.replace(/\s+/g, ' ');
    if (collapsed === '') return;
    const startsWithSpace = collapsed.startsWith(' ');
    const body = collapsed.trim();
    if (body === '') {
      this.pendingSpace = true;
      return;
    }
    if ((startsWithSpace || this.pendingSpace) && this.newlines === 0) this.parts.push(' ');
    this.parts.push(body);
    this.newlines = 0;
    this.pendingSpace = collapsed.endsWith(' ');
  }

  raw(value: string): void {
    this.parts.push(value);
    this.newlines = 0;
    this.pendingSpace = false;
  }

  lineBreak(): void {
    this.parts.push('\n');
    this.newlines = this.newlines < 0 ? 1 : Math.min(2, this.newlines + 1);
    this.pendingSpace = false;
  }

  block(paragraph: boolean): void {
    this.pendingSpace = false;
    if (this.newlines < 0) return;
    const want = paragraph ? 2 : 1;
    while (this.newlines < want) {
      this.parts.push('\n');
      this.newlines++;
    }
  }

  cellBreak(): void {
    if (this.newlines === 0) {
      this.parts.push(' | ');
      this.pendingSpace = false;
    }
  }

  result(): string {
    return this.parts
      .join('')
      .split('\n')
      .map((line) => line.replace(/[ \t]+$/, ''))
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .replace(/^\n+|\n+$/g, '');
  }
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', shy: '', copy: '©', reg: '®', trade: '™',
  hellip: '…', mdash: '—', ndash: '–', lsquo: '‘', rsquo: '’', sbquo: '‚', ldquo: '“', rdquo: '”', bdquo: '„',
  laquo: '«', raquo: '»', lsaquo: '‹', rsaquo: '›', bull: '•', middot: '·', deg: '°', plusmn: '±', times: '×',
  divide: '÷', frac12: '½', frac14: '¼', frac34: '¾', sup2: '²', sup3: '³', micro: 'µ', para: '¶', sect: '§',
  cent: '¢', pound: '£', euro: '€', yen: '¥', larr: '←', rarr: '→', uarr: '↑', darr: '↓', harr: '↔', le: '≤',
  ge: '≥', ne: '≠', asymp: '≈', infin: '∞', minus: '−', prime: '′', Prime: '″', dagger: '†', Dagger: '‡',
  permil: '‰', iexcl: '¡', iquest: '¿', ensp: '\u2002', emsp: '\u2003', thinsp: '\u2009', zwnj: '\u200c',
  zwj: '\u200d', lrm: '\u200e', rlm: '\u200f', auml: 'ä', ouml: 'ö', uuml: 'ü', Auml: 'Ä', Ouml: 'Ö', Uuml: 'Ü',
  szlig: 'ß', eacute: 'é', egrave: 'è', ecirc: 'ê', aacute: 'á', agrave: 'à', acirc: 'â', iacute: 'í',
  oacute: 'ó', uacute: 'ú', ntilde: 'ñ', ccedil: 'ç', Eacute: 'É', aring: 'å', Aring: 'Å', aelig: 'æ',
  oslash: 'ø', Oslash: 'Ø', hearts: '♥', check: '✓',
};
/** Legacy entities browsers accept without the semicolon. */
const LEGACY = new Set(['amp', 'lt', 'gt', 'quot', 'nbsp', 'copy', 'reg']);

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#[xX][0-9a-fA-F]{1,8}|#[0-9]{1,9}|[a-zA-Z][a-zA-Z0-9]{1,31})(;?)/g, (match, body: string, semi: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
      return String.fromCodePoint(code);
    }
    const value = NAMED[body];
    if (value === undefined) return match;
    if (semi === '' && !LEGACY.has(body)) return match;
    return value;
  });
}
