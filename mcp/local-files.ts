// Which local files `scan_file` may upload. Over stdio the MCP server runs on the
// user's own machine, as the user, and reads any path they name. Over HTTP the
// caller is someone else: the tool reads only inside one folder the operator
// shares (or is not offered at all), so a caller can never make the server upload
// its own files, nor learn which paths exist outside that folder.

import { constants } from 'node:fs';
import { access, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, sep } from 'node:path';

export type LocalFiles =
  /** stdio: any path the user names. */
  | { kind: 'any' }
  /** HTTP: only regular files whose real path (symlinks resolved) is inside `root`, itself a real path. */
  | { kind: 'under'; root: string };

/** A path `scan_file` may not read; one message for every reason, so refusals do not tell which paths exist. */
export class LocalFileRefused extends Error {
  readonly code = 'local_file_refused';
  constructor(path: string) {
    super(`no readable video file "${path}" in the folder this server shares`);
    this.name = 'LocalFileRefused';
  }
}

/** The shared folder as a `LocalFiles` policy: its real path, which must be a directory (checked once, at start). */
export async function sharedFolder(dir: string): Promise<LocalFiles> {
  const root = await realpath(dir);
  if (!(await stat(root)).isDirectory()) throw new Error(`${dir} is not a directory`);
  return { kind: 'under', root };
}

/**
 * The path to upload for `requested`: as given under `any` (the client reports a
 * missing file itself); under `under`, the real path of a readable regular file
 * inside the root, relative paths taken from the root. Missing, outside (by `..`,
 * an absolute path or a symlink), not a regular file, unreadable: all throw the
 * same `LocalFileRefused`.
 */
export async function resolveLocalFile(files: LocalFiles, requested: string): Promise<string> {
  if (files.kind === 'any') return requested;
  const refuse = () => new LocalFileRefused(requested);
  if (requested.includes('\0')) throw refuse();
  const candidate = isAbsolute(requested) ? requested : join(files.root, requested);
  let real: string;
  try {
    real = await realpath(candidate);
    if (!real.startsWith(files.root.endsWith(sep) ? files.root : files.root + sep)) throw refuse();
    if (!(await stat(real)).isFile()) throw refuse();
    await access(real, constants.R_OK);
  } catch {
    throw refuse();
  }
  // The real path is what is opened: a symlink swapped in after this check would
  // need write access to the shared folder, which only the operator has.
  return real;
}
