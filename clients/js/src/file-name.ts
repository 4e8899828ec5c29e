// The file name a download is saved under. It comes from the service's
// `Content-Disposition`, and callers (the CLI's `export --out DIR`, an SDK user's
// own code) join it to a folder: a name with a path in it would write elsewhere.

/** Longest name kept; a longer one is not the service's (its names are short) and falls back. */
const MAX_NAME_CHARS = 200;

/**
 * `served` when it is a plain file name to keep as it is; otherwise `fallback`. Refused:
 * anything with `/` or `\` (a path, `../x` included), a leading dot (`.`, `..`, hidden
 * files like `.bashrc`), control characters, `:` (a Windows drive or stream), an empty
 * or overlong name. Refused names are replaced whole rather than trimmed to their last
 * part: a server that sends a path is not one to take any part of a name from.
 */
export function safeFileName(served: string | null | undefined, fallback: string): string {
  if (served === null || served === undefined) return fallback;
  const name = served.trim();
  if (name === '' || name.length > MAX_NAME_CHARS) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[/\\:\u0000-\u001f\u007f]/.test(name) || name.startsWith('.')) return fallback;
  return name;
}

/** The `filename="…"` of a `Content-Disposition` header, made safe (`safeFileName`). */
export const servedFileName = (disposition: string | null, fallback: string): string =>
  safeFileName(/filename="([^"]*)"/.exec(disposition ?? '')?.[1], fallback);
