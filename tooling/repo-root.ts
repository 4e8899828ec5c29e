// The checkout's root, found from this file's place in it, so the tools read and
// write the same `.data/` and `.tools/` from wherever they are started.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
