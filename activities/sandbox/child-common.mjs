// What both sandbox children (isolate-child.mjs for JavaScript, python-child.mjs for
// Python) share: the path rules of the call's folder, the capped console output and the
// caps on what crosses IPC. Plain JavaScript so the children start without a TypeScript loader.

/** What crosses IPC is capped here, before it is serialised: a 100 MB return value or error text never reaches the worker. */
export const RETURN_VALUE_CAP_CHARS = 16 * 1024;
export const ERROR_CAP_CHARS = 4 * 1024;
/** Cuts `text` to `max` characters with a note of how much was dropped (never splitting a surrogate pair). */
export function capText(text, max) {
  if (typeof text !== 'string' || text.length <= max) return text;
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…[truncated: ${text.length - end} more characters]`;
}

const encoder = new TextEncoder();
export const byteLength = (text) => encoder.encode(text).length;

/** Keep in step with `normaliseCallPath` in core/chat/tools.ts (a test checks they agree). */
export function normalisePath(raw, maxPathLength) {
  if (typeof raw !== 'string') return { ok: false, reason: 'path must be a string' };
  if (raw.length === 0) return { ok: false, reason: 'path is empty' };
  if (raw.length > maxPathLength * 4) return { ok: false, reason: `path is longer than ${maxPathLength} characters` };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) return { ok: false, reason: 'path contains NUL or control characters' };
  if (raw.includes('\\')) return { ok: false, reason: 'path contains a backslash; use "/" between folders' };
  if (raw.startsWith('/')) return { ok: false, reason: 'path must be relative (no leading "/")' };
  if (/^[a-zA-Z]:/.test(raw)) return { ok: false, reason: 'path must be relative (no drive letter)' };
  if (raw.startsWith('~')) return { ok: false, reason: 'path must be relative (no "~")' };
  const segments = [];
  for (const segment of raw.normalize('NFC').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') return { ok: false, reason: 'path must not contain ".."' };
    segments.push(segment);
  }
  if (segments.length === 0) return { ok: false, reason: 'path names no file' };
  const path = segments.join('/');
  if (path.length > maxPathLength) return { ok: false, reason: `path is longer than ${maxPathLength} characters` };
  return { ok: true, path };
}

export class Output {
  constructor(capBytes) {
    this.capBytes = capBytes;
    this.bytes = 0;
    this.dropped = 0;
    this.parts = [];
  }
  push(text) {
    const line = `${text}\n`;
    const size = byteLength(line);
    if (this.dropped > 0 || this.bytes + size > this.capBytes) {
      if (this.dropped === 0) {
        // Keep what fits of the line that crosses the cap, cut on a character boundary.
        let kept = '';
        let keptBytes = 0;
        for (const ch of line) {
          const w = byteLength(ch);
          if (this.bytes + keptBytes + w > this.capBytes) break;
          kept += ch;
          keptBytes += w;
        }
        this.parts.push(kept);
        this.bytes += keptBytes;
        this.dropped += size - keptBytes;
      } else {
        this.dropped += size;
      }
      return;
    }
    this.parts.push(line);
    this.bytes += size;
  }
  text() {
    const body = this.parts.join('');
    return this.dropped > 0 ? `${body}\n…[output truncated: ${this.dropped} more bytes]\n` : body;
  }
}
