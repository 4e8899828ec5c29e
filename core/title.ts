// A title as it is stored (scans, publications, a recut's re-scan): one line of plain
// text. Titles are shown on terminals (the CLI), in pages and in exports, so the
// characters that steer a terminal or reorder text are not kept: line breaks and tabs
// become spaces, every other control (C0, DEL, C1) and the bidi controls (U+202A–202E,
// U+2066–2069, U+200E/F, U+061C) are removed. Stripped rather than refused: a pasted
// title with a stray newline or a right-to-left mark is still the customer's title.

/** Longest stored title, in UTF-16 units, counted after cleaning. */
export const MAX_TITLE_CHARS = 200;

const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The title to store: cleaned, trimmed, at most MAX_TITLE_CHARS, null when nothing is left. */
export function storedTitle(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const clean = raw.replace(LINE_BREAKS, ' ').replace(CONTROLS, '').trim().slice(0, MAX_TITLE_CHARS).trim();
  return clean === '' ? null : clean;
}
