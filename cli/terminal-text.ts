// Text from the service (scan titles and details, model answers and reasoning, recut
// rationales, error details) reaches a terminal only without the characters a terminal
// acts on: C0 controls but tab and newline (ESC starts OSC 52 clipboard writes and
// CSI screen clears; CR overwrites a line), DEL, C1 controls (8-bit CSI/OSC in some
// terminals) and the bidi controls that reorder what is shown (U+202A–202E,
// U+2066–2069, U+200E/F, U+061C). Removing the characters one by one is safe on a
// stream cut anywhere: what is left of a sequence is plain text. Pure; no I/O.

const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** What JSON.stringify leaves raw but a terminal could act on (it escapes C0 itself). */
const UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `text` without terminal controls; tab and newline kept. */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, '');
}

/** Every string inside `value` (plain objects and arrays, at any depth) made terminal-safe; other values as they are. */
export function terminalSafeDeep<T>(value: T): T {
  if (typeof value === 'string') return terminalSafe(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => terminalSafeDeep(item)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [terminalSafe(key), terminalSafeDeep(item)])) as T;
  }
  return value;
}

/**
 * Pretty JSON whose every terminal control is a `\uXXXX` escape: it parses back to
 * exactly the same value (nothing is dropped from `--json` output), and shows inertly.
 */
export function terminalSafeJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(UNSAFE_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
