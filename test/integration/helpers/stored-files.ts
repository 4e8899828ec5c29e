import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Every file under a directory, recursively: what a test's media directory
 * (the fs object store, `<scratchRoot>/media`) or a scratch directory holds,
 * half-written `.part` files included.
 */
export async function filesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(path)));
    else found.push(path);
  }
  return found;
}

/** The files of a test service's media store (fs backend). */
export const mediaFilesOf = (service: { scratchRoot: string }) => filesUnder(join(service.scratchRoot, 'media'));
