// A small HTML → readable text converter for `read_url`. It is not a browser: it drops
// what a reader never sees (scripts, styles, the head, inline SVG), turns block elements
// into line breaks, decodes entities and collapses whitespace, which is what a model
// needs to read an article or documentation page.

export interface HtmlText {
  /** The document's <title>, decoded and collapsed; "" when there is none. */
  title: string;
  /** Readable text: paragraphs separated by a blank line at most; links as `[text](url)`. */
  text: string;
  /** The conversion stopped early: `maxChars` of text were reached or the time budget ran out. */
  truncated: boolean;
}

export interface HtmlTextOptions {
  /** Page address: relative links are resolved against it (default: links kept as written). */
  baseUrl?: string;
  /** Stop once this many characters of text are out (default: no limit). */
  maxChars?: number;
  /** Time budget: `now()` is read every few thousand steps and the conversion stops once it passes `deadline`. */
  budget?: { now: () => number; deadline: number };
}

/** Elements whose content is raw text up to the matching end tag and never shown. */
const RAW_HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'iframe', 'noembed', 'noframes', 'xmp']);
/** Elements whose whole subtree is dropped. */
const SUBTREE_HIDDEN = new Set(['svg', 'math', 'head', 'object', 'canvas', 'select', 'datalist']);
const HEAD_CONTENT = new Set(['meta', 'link', 'base', 'title', 'style', 'script', 'noscript', 'template', 'html']);
const BLOCK = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'caption',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'html',
  'legend',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'tfoot',
  'thead',
  'tr',
  'ul',
]);
/** Blocks that read as paragraphs get a blank line around them. */
const PARAGRAPH = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'table',
  'ul',
  'ol',
  'dl',
  'section',
  'article',
  'figure',
  'header',
  'footer',
  'main',
  'nav',
  'aside',
]);
/**
 * Hidden subtrees tracked by name up to this depth; deeper ones are only counted. Closing a
 * hidden element searches this stack, so bounding it keeps every step constant-time.
 */
const MAX_HIDDEN_DEPTH = 64;
/** Longer link targets (data: URLs, padding attacks) are dropped; the link text stays. */
const MAX_HREF = 2048;
/** Longer attribute values are skipped over but not kept. */
const MAX_KEPT_ATTRIBUTE = 4096;
const BUDGET_EVERY = 1024;

interface Tag {
  closing: boolean;
  name: string;
  selfClosing: boolean;
  attrs: Map<string, string>;
}

/**
 * HTML → text in one forward pass. Why hand-written: the maintained parsers we measured
 * (node-html-markdown over node-html-parser, htmlparser2, which linkedom uses) are quadratic
 * on unclosed nesting (2 MiB of `<div><p><span><b>x` ran for minutes), because each tag
 * searches the open-element stack. Here every loop iteration moves `i` forward and does
 * bounded work besides (the hidden stack is at most MAX_HIDDEN_DEPTH deep, tags are read
 * by a scanner that never looks back), so the cost is linear in the input. Like the HTML
 * tokenizer, a tag cut off by the end of input is dropped, and `<` not followed by a
 * letter, `/` or `!` is text.
 */
export function htmlToText(html: string, options: HtmlTextOptions = {}): HtmlText {
  const maxChars = options.maxChars ?? Number.POSITIVE_INFINITY;
  const out = new TextBuilder();
  let title = '';
  // Open elements whose subtree is dropped, innermost last; `hiddenOverflow` counts those past the cap.
  const hidden: string[] = [];
  let hiddenOverflow = 0;
  const isHidden = () => hidden.length > 0;
  let preDepth = 0;
  let link: { href: string; at: number } | undefined;
  let truncated = false;
  let steps = 0;
  let i = 0;
  const n = html.length;

  const closeLink = () => {
    if (link) out.closeLink(link.at, link.href);
    link = undefined;
  };

  while (i < n) {
    if (out.length >= maxChars) {
      truncated = true;
      break;
    }
    if (options.budget && ++steps % BUDGET_EVERY === 0 && options.budget.now() > options.budget.deadline) {
      truncated = true;
      break;
    }
    const lt = html.indexOf('<', i);
    const textEnd = lt === -1 ? n : lt;
    if (textEnd > i) {
      if (!isHidden()) out.text(decodeEntities(html.slice(i, textEnd)), preDepth > 0);
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
      if (!isHidden()) out.text(body, preDepth > 0);
      i = end === -1 ? n : end + 3;
      continue;
    }
    if (html.startsWith('<!', i) || html.startsWith('<?', i)) {
      const end = html.indexOf('>', i + 2);
      i = end === -1 ? n : end + 1;
      continue;
    }
    const scanned = scanTag(html, i);
    if (scanned === 'text') {
      if (!isHidden()) out.text('<', preDepth > 0);
      i += 1;
      continue;
    }
    if (scanned === 'eof') break;
    const [tag, next] = scanned;
    i = next;
    const { closing, name, selfClosing } = tag;

    if (!closing && (RAW_HIDDEN.has(name) || name === 'title' || name === 'textarea')) {
      const end = findEndTag(html, i, name);
      const body = html.slice(i, end === -1 ? n : end);
      i = end === -1 ? n : html.indexOf('>', end) + 1;
      if (name === 'title') {
        // An SVG <title> is a tooltip, not the document's title.
        if (title === '' && hiddenOverflow === 0 && hidden.every((h) => h === 'head')) title = collapse(decodeEntities(body.slice(0, 4096)));
      } else if (name === 'textarea' && !isHidden()) {
        out.block(false);
        out.text(decodeEntities(body), true);
        out.block(false);
      }
      continue;
    }
    if (SUBTREE_HIDDEN.has(name)) {
      if (closing) {
        if (hiddenOverflow > 0) hiddenOverflow--;
        else {
          const at = hidden.lastIndexOf(name);
          if (at !== -1) hidden.length = at;
        }
      } else if (!selfClosing) {
        if (hidden.length < MAX_HIDDEN_DEPTH) hidden.push(name);
        else hiddenOverflow++;
      }
      continue;
    }
    // Pages that omit </head> still start their body, at <body> or at the first element
    // that cannot live in the head.
    if (!closing && (name === 'body' || (hidden.length === 1 && hidden[0] === 'head' && !HEAD_CONTENT.has(name)))) {
      hidden.length = 0;
      hiddenOverflow = 0;
    }
    if (isHidden()) continue;

    if (name === 'a') {
      // Links do not nest: an <a> inside another closes the outer one, as in a browser.
      closeLink();
      const href = closing ? undefined : linkTarget(tag.attrs.get('href'), options.baseUrl);
      if (href !== undefined) link = { href, at: out.openLink() };
    } else if (name === 'br') {
      out.lineBreak();
    } else if (name === 'li' && !closing) {
      out.block(false);
      out.raw(LIST_ITEM_MARK);
    } else if (name === 'td' || name === 'th') {
      if (!closing) out.cellBreak();
    } else if (name === 'pre') {
      out.block(true);
      preDepth = closing ? Math.max(0, preDepth - 1) : preDepth + 1;
    } else if (BLOCK.has(name)) {
      out.block(PARAGRAPH.has(name));
    } else if (name === 'img' && !closing) {
      const alt = tag.attrs.get('alt') ?? '';
      if (alt !== OVERSIZED && alt.trim() !== '') out.text(` ${decodeEntities(alt)} `, false);
    }
  }
  closeLink();
  const text = out.result();
  if (text.length > maxChars) truncated = true;
  return { title, text, truncated };
}

function isAsciiLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 12 || code === 13;
}

/**
 * Reads the tag starting at `start` (a '<') the way the HTML tokenizer does: name up to
 * whitespace, '/' or '>', then attributes with quoted or unquoted values. Returns the tag
 * and the index after its '>', 'text' when '<' does not start a tag, or 'eof' when the
 * input ends inside the tag (the tokenizer drops such a tag). Each character is read once.
 */
export function scanTag(html: string, start: number): [Tag, number] | 'text' | 'eof' {
  const n = html.length;
  let i = start + 1;
  let closing = false;
  if (html.charCodeAt(i) === 47 /* / */) {
    closing = true;
    i++;
  }
  if (!isAsciiLetter(html.charCodeAt(i))) return 'text';
  const nameStart = i;
  while (i < n) {
    const c = html.charCodeAt(i);
    if (isSpace(c) || c === 47 || c === 62) break;
    i++;
  }
  if (i >= n) return 'eof';
  const name = html.slice(nameStart, Math.min(i, nameStart + 64)).toLowerCase();
  const attrs = new Map<string, string>();
  let selfClosing = false;
  while (i < n) {
    const c = html.charCodeAt(i);
    if (c === 62 /* > */) return [{ closing, name, selfClosing, attrs }, i + 1];
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (c === 47) {
      selfClosing = true;
      i++;
      continue;
    }
    selfClosing = false;
    const attrStart = i;
    // An attribute name may start with '='; after that it runs to whitespace, '/', '>' or '='.
    i++;
    while (i < n) {
      const d = html.charCodeAt(i);
      if (isSpace(d) || d === 47 || d === 62 || d === 61) break;
      i++;
    }
    const attrName = html.slice(attrStart, Math.min(i, attrStart + 64)).toLowerCase();
    while (i < n && isSpace(html.charCodeAt(i))) i++;
    if (html.charCodeAt(i) !== 61 /* = */) continue;
    i++;
    while (i < n && isSpace(html.charCodeAt(i))) i++;
    if (i >= n) return 'eof';
    const q = html.charCodeAt(i);
    let value: string;
    if (q === 34 || q === 39) {
      const end = html.indexOf(q === 34 ? '"' : "'", i + 1);
      if (end === -1) return 'eof';
      value = end - i - 1 <= MAX_KEPT_ATTRIBUTE ? html.slice(i + 1, end) : OVERSIZED;
      i = end + 1;
    } else {
      const valueStart = i;
      while (i < n) {
        const d = html.charCodeAt(i);
        if (isSpace(d) || d === 62) break;
        i++;
      }
      value = i - valueStart <= MAX_KEPT_ATTRIBUTE ? html.slice(valueStart, i) : OVERSIZED;
    }
    if (!attrs.has(attrName) && attrs.size < 32) attrs.set(attrName, value);
  }
  return 'eof';
}

/** Marks an attribute value too long to keep (never a real value: it holds a NUL). */
const OVERSIZED = '\u0000oversized';

/** Index of `</name` followed by whitespace, '/' or '>' at or after `from`, case-insensitive; -1 if none. */
function findEndTag(html: string, from: number, name: string): number {
  const lower = name;
  let i = from;
  for (;;) {
    const at = html.indexOf('</', i);
    if (at === -1) return -1;
    const candidate = html.slice(at + 2, at + 2 + lower.length).toLowerCase();
    const after = html.charCodeAt(at + 2 + lower.length);
    if (candidate === lower && (isSpace(after) || after === 47 || after === 62)) {
      // The end tag must close with '>' somewhere; without one the element runs to the end.
      return html.indexOf('>', at) === -1 ? -1 : at;
    }
    i = at + 2;
  }
}

/** A link worth keeping: decoded, resolved against the page, http(s) or mailto, not too long. */
function linkTarget(raw: string | undefined, baseUrl: string | undefined): string | undefined {
  if (raw === undefined || raw === OVERSIZED) return undefined;
  const value = decodeEntities(raw).trim();
  if (value === '' || value.startsWith('#') || value.length > MAX_HREF) return undefined;
  let href = value;
  try {
    href = baseUrl ? new URL(value, baseUrl).href : new URL(value).href;
  } catch {
    if (baseUrl || /^[a-z][a-z0-9+.-]*:/i.test(value)) return undefined;
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) && !/^(https?|mailto):/i.test(href)) return undefined;
  if (href.length > MAX_HREF) return undefined;
  // Spaces and parentheses would end the Markdown target early.
  return href.replace(/[\s()<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

class TextBuilder {
  private parts: string[] = [];
  /** Trailing newlines already emitted (0, 1 or 2), or -1 at the very start. */
  private newlines = -1;
  private pendingSpace = false;
  /** Just after a link's '[': its text starts without a space. */
  private linkStart = false;
  /** Characters emitted so far (an upper bound on the result's length). */
  length = 0;

  private push(value: string): void {
    this.parts.push(value);
    this.length += value.length;
  }

  text(value: string, preformatted: boolean): void {
    if (preformatted) {
      if (value === '') return;
      if (this.pendingSpace && this.newlines === 0 && !this.linkStart) this.push(' ');
      this.pendingSpace = false;
      this.linkStart = false;
      this.push(value.replace(/\r\n?/g, '\n'));
      const trailing = trailingNewlines(value);
      this.newlines = trailing === value.length && this.newlines >= 0 ? Math.min(2, this.newlines + trailing) : Math.min(2, trailing);
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
    if ((startsWithSpace || this.pendingSpace) && this.newlines === 0 && !this.linkStart) this.push(' ');
    this.linkStart = false;
    this.push(body);
    this.newlines = 0;
    this.pendingSpace = collapsed.endsWith(' ');
  }

  /** Starts a link: returns where its '[' goes once the link turns out to have text. */
  openLink(): number {
    if (this.pendingSpace && this.newlines === 0) this.push(' ');
    this.pendingSpace = false;
    this.linkStart = true;
    this.parts.push('');
    return this.parts.length - 1;
  }

  closeLink(at: number, href: string): void {
    this.linkStart = false;
    const hasText = this.parts.length > at + 1;
    if (hasText) {
      this.parts[at] = '[';
      this.push(`](${href})`);
    } else {
      // A link without text (an icon) still shows where it goes.
      this.push(`<${href}>`);
    }
    this.newlines = 0;
    this.length += 1;
  }

  raw(value: string): void {
    this.push(value);
    this.newlines = 0;
    this.pendingSpace = false;
    this.linkStart = false;
  }

  lineBreak(): void {
    this.push('\n');
    this.newlines = this.newlines < 0 ? 1 : Math.min(2, this.newlines + 1);
    this.pendingSpace = false;
  }

  block(paragraph: boolean): void {
    this.pendingSpace = false;
    if (this.newlines < 0) return;
    const want = paragraph ? 2 : 1;
    while (this.newlines < want) {
      this.push('\n');
      this.newlines++;
    }
  }

  cellBreak(): void {
    if (this.newlines === 0) {
      this.push(CELL_SEPARATOR);
      this.pendingSpace = false;
    }
  }

  result(): string {
    // Line by line with index scans rather than anchored regexes: `[ \t]+$` and `\n*$`
    // backtrack quadratically over long runs that are not at the end.
    const lines = this.parts.join('').split('\n').map(trimEndSpaces);
    const kept: string[] = [];
    let blank = 0;
    for (const line of lines) {
      if (line === '') {
        blank++;
        continue;
      }
      if (kept.length > 0) kept.push(blank > 0 ? '\n\n' : '\n');
      kept.push(line);
      blank = 0;
    }
    return kept.join('');
  }
}

function trailingNewlines(value: string): number {
  let count = 0;
  for (let i = value.length - 1; i >= 0 && (value[i] === '\n' || value[i] === '\r'); i--) if (value[i] === '\n') count++;
  return count;
}

function trimEndSpaces(line: string): string {
  let end = line.length;
  while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t')) end--;
  return end === line.length ? line : line.slice(0, end);
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  shy: '',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  sbquo: '‚',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  laquo: '«',
  raquo: '»',
  lsaquo: '‹',
  rsaquo: '›',
  bull: '•',
  middot: '·',
  deg: '°',
  plusmn: '±',
  times: '×',
  divide: '÷',
  frac12: '½',
  frac14: '¼',
  frac34: '¾',
  sup2: '²',
  sup3: '³',
  micro: 'µ',
  para: '¶',
  sect: '§',
  cent: '¢',
  pound: '£',
  euro: '€',
  yen: '¥',
  larr: '←',
  rarr: '→',
  uarr: '↑',
  darr: '↓',
  harr: '↔',
  le: '≤',
  ge: '≥',
  ne: '≠',
  asymp: '≈',
  infin: '∞',
  minus: '−',
  prime: '′',
  Prime: '″',
  dagger: '†',
  Dagger: '‡',
  permil: '‰',
  iexcl: '¡',
  iquest: '¿',
  ensp: '\u2002',
  emsp: '\u2003',
  thinsp: '\u2009',
  zwnj: '\u200c',
  zwj: '\u200d',
  lrm: '\u200e',
  rlm: '\u200f',
  auml: 'ä',
  ouml: 'ö',
  uuml: 'ü',
  Auml: 'Ä',
  Ouml: 'Ö',
  Uuml: 'Ü',
  szlig: 'ß',
  eacute: 'é',
  egrave: 'è',
  ecirc: 'ê',
  aacute: 'á',
  agrave: 'à',
  acirc: 'â',
  iacute: 'í',
  oacute: 'ó',
  uacute: 'ú',
  ntilde: 'ñ',
  ccedil: 'ç',
  Eacute: 'É',
  aring: 'å',
  Aring: 'Å',
  aelig: 'æ',
  oslash: 'ø',
  Oslash: 'Ø',
  hearts: '♥',
  check: '✓',
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

/** What `htmlToText` writes before a list item and between a table row's cells. */
export const LIST_ITEM_MARK = '- ';
export const CELL_SEPARATOR = ' | ';

/**
 * How a program reads the list items and table rows of a page kept as `path`, said only for
 * what the page has; empty when it has neither. A 1.5B model told that "a list's items start
 * with '- ' and a table's cells are joined by ' | '" still counted every line of the file
 * (page-count: 11 lines for 7 cities) or summed a table's cells as list items (page-sum: 0):
 * a line of code it can copy works where a description did not. The line is a whole
 * statement, naming what it makes: given only the expression, the actor used a `table_rows`
 * it never defined (page-sum).
 */
export function pageReadingHint(path: string, text: string): string {
  const lines = text.split('\n');
  const file = JSON.stringify(path);
  const ways: string[] = [];
  if (lines.some((l) => l.startsWith(LIST_ITEM_MARK))) {
    ways.push(`list_items = [l[2:].strip() for l in open(${file}) if l.startswith("- ")] gives its list items`);
  }
  const rows = lines.filter((l) => l.includes(CELL_SEPARATOR));
  if (rows.length > 0) {
    const header = headerRow(rows);
    ways.push(
      header === undefined
        ? `table_rows = [l.strip().split(" | ") for l in open(${file}) if " | " in l] gives its table rows (the first may be a header)`
        : `table_rows = [l.strip().split(" | ") for l in open(${file}) if " | " in l][1:] gives its table rows below the header ${JSON.stringify(header.trim())}`,
    );
  }
  return ways.length === 0 ? '' : `In a Python program, ${ways.join('; ')}.`;
}

/**
 * The table's header line, when it has one plainly: the first row holds no digit and every
 * other row does (`Month | mm` over `January | 81`). Told only that "the first may be a
 * header", the 1.5B actor summed every row and failed on `float('mm')` to the step limit
 * (page-sum); a line that leaves the header out is one it can copy.
 */
function headerRow(rows: string[]): string | undefined {
  const [first, ...rest] = rows;
  if (first === undefined || rest.length === 0 || /\d/.test(first)) return undefined;
  return rest.every((r) => /\d/.test(r)) ? first : undefined;
}
